"""Landlords (Advanced Tack-on Modules, Economic Modules): who owns each path, and the Leases.

"In Homestead the first player to exit a given path owns that path, while in Modern two
players are selected at random to be Landlords and they roll off for each path before the
game begins, with the high-roller getting it. ... a player may not enter a given path unless
either it is unowned (Homestead only), he owns it, or he has a Lease with the owner."

Option (as Mad Jack emits it): ``landlords=homestead``, ``modern``, ``modern-fair-housing``,
``modern-rent-control`` (the government sets the rents, ruling 94) or ``government-ownership``
(the government owns some paths, ruling 95). The Leases are orders (ruling 87): each cycle,
after the turn order and before anyone declares a path, every living owner writes his terms
(``rent all 2 ant forbid``); a player accepts a Lease by declaring the path. In a money
economy the rent is N dollars, paid when the tenant first holds money (ruling 88); in barter
it is the first X times he produces goods on the path, which go to the Landlord. At the Market
a path is given by its own order (``deed ben ant``, ruling 90) or named in a barter offer like
a good, whole (``offer ben ant for apple 2``, ruling 182: ``deed_problem`` checks both; the
trade moves it, trade.py). Everything here is public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sealed.core import setup
from sealed.core.errors import OptionError
from sealed.core.game import JsonDict, Options
from sealed.games.crusoe.modules import gender, slavery

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.core.events import Event
    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import CrusoeState

VARIANTS = (
    "none",
    "homestead",
    "modern",
    "modern-fair-housing",
    "modern-rent-control",
    "government-ownership",
)
BUILT = VARIANTS
PATHS = ("ant", "dung_beetle", "spider", "sand_crab", "firefly", "bookworm", "grasshopper")
GOODS = ("water", "banana", "apple", "grape", "egg", "fish", "spear", "diamond")
GOVERNMENT = "government"
"""The owner of a path the government owns (Government Ownership), in ``owners``."""
MONETARY = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "state-capitalism",
    "centralized-communism",
)
"""The monetary market economies (Government Ownership is played with these only)."""
TAXED = ("national-capitalism", "welfare-capitalism", "class-warfare-capitalism")
"""The economies whose tax subphase pays the government's expenses (the rewards)."""
FORBID = -1
"""A term that forbids the path: no Lease is offered."""
EVERY = "all"
"""A term for every path the landlord owns (and every player)."""
OFF_THE_PATHS = 61
"""The position of a player sent straight to the Market: past the end of any path (at most
60 spaces), so the cycle counts him as arrived (ruling 89)."""
NOT_WITH: dict[str, str] = {}
"""Scenarios Landlords is refused with, each with the reason (not built)."""


@dataclass(slots=True, eq=False)
class Land:
    """The public ledger of the land: owners, this cycle's terms, Leases and rent owed."""

    owners: dict[str, str] = field(default_factory=dict)  # path -> the seat that owns it
    landlords: list[str] = field(default_factory=list)  # Modern: the two drawn before the game
    rents: dict[str, dict[str, int]] = field(default_factory=dict)  # path -> {all|seat: N}
    cycle: int = 0  # the cycle whose terms are written (0: none yet)
    leases: dict[str, int] = field(default_factory=dict)  # barter: a tenant's X still owed
    debts: dict[str, dict[str, int]] = field(default_factory=dict)  # tenant -> owner -> $
    lawmaking: bool = False  # Rent Control: the government is setting this cycle's rents
    motion: dict[str, int] = field(default_factory=dict)  # Rent Control: rents under vote
    owners_due: bool = False  # Government Ownership: the private owners write their Leases next
    purse: int = 0  # Government Ownership: the rents collected, until they defray the taxes

    def copy(self) -> Land:
        return Land(
            dict(self.owners),
            list(self.landlords),
            {p: dict(t) for p, t in self.rents.items()},
            self.cycle,
            dict(self.leases),
            {s: dict(d) for s, d in self.debts.items()},
            self.lawmaking,
            dict(self.motion),
            self.owners_due,
            self.purse,
        )

    def to_json(self) -> JsonDict:
        return {
            "owners": dict(self.owners),
            "landlords": list(self.landlords),
            "rents": {p: dict(t) for p, t in self.rents.items()},
            "cycle": self.cycle,
            "leases": dict(self.leases),
            "debts": {s: dict(d) for s, d in self.debts.items()},
            "lawmaking": self.lawmaking,
            "motion": dict(self.motion),
            "owners_due": self.owners_due,
            "purse": self.purse,
        }


LAND_KEYS = (
    "owners",
    "landlords",
    "rents",
    "cycle",
    "leases",
    "debts",
    "lawmaking",
    "motion",
    "owners_due",
    "purse",
)


def land_from_json(value: object, seats: Sequence[str]) -> Land:
    """:raises SetupError: with the path of the offending value."""
    where: setup.Path = ("land",)
    raw = setup.mapping(value, where, LAND_KEYS)
    owners = setup.mapping(raw.get("owners", {}), (*where, "owners"), PATHS)
    rents_raw = setup.mapping(raw.get("rents", {}), (*where, "rents"), PATHS)
    debts_raw = setup.mapping(raw.get("debts", {}), (*where, "debts"), seats)
    return Land(
        owners={
            str(p): setup.text(s, (*where, "owners", str(p)), (*seats, GOVERNMENT))
            for p, s in owners.items()
        },
        landlords=[
            setup.text(s, (*where, "landlords", str(i)), seats)
            for i, s in enumerate(setup.sequence(raw.get("landlords", []), (*where, "landlords")))
        ],
        rents={
            str(p): {
                str(k): setup.integer(n, (*where, "rents", str(p), str(k)), FORBID, 999)
                for k, n in setup.mapping(terms, (*where, "rents", str(p)), (EVERY, *seats)).items()
            }
            for p, terms in rents_raw.items()
        },
        cycle=setup.integer(raw.get("cycle", 0), (*where, "cycle"), 0, 9),
        leases={
            str(s): setup.integer(n, (*where, "leases", str(s)), 0, 999)
            for s, n in setup.mapping(raw.get("leases", {}), (*where, "leases"), seats).items()
        },
        debts={
            str(t): {
                str(o): setup.integer(n, (*where, "debts", str(t), str(o)), 0, 10**6)
                for o, n in setup.mapping(
                    d, (*where, "debts", str(t)), (*seats, GOVERNMENT)
                ).items()
            }
            for t, d in debts_raw.items()
        },
        lawmaking=setup.boolean(raw.get("lawmaking", False), (*where, "lawmaking")),
        motion={
            str(k): setup.integer(n, (*where, "motion", str(k)), 0, 999)
            for k, n in setup.mapping(
                raw.get("motion", {}),
                (*where, "motion"),
                (*PATHS, *(f"{p}@{s}" for p in PATHS for s in seats)),
            ).items()
        },
        owners_due=setup.boolean(raw.get("owners_due", False), (*where, "owners_due")),
        purse=setup.integer(raw.get("purse", 0), (*where, "purse"), 0, 10**6),
    )


# -- options ---------------------------------------------------------------------------------


def settings(options: Options) -> dict[str, Any]:
    """``landlords`` and ``landlords_paths`` for ``Settings``.

    :raises OptionError: an unknown variant, Government Ownership outside a monetary market
        economy ("monetary market economy only"), a number of government paths without it or
        beyond the seven, or a scenario Landlords is not built for.
    """
    variant = str(options.get("landlords", "none"))
    if variant not in VARIANTS:
        raise OptionError(f"landlords {variant}: one of {', '.join(BUILT)}")
    scenario = str(options.get("scenario", "crusoes-economy"))
    if variant != "none" and scenario in NOT_WITH:
        raise OptionError(f"landlords with {scenario}: not built yet ({NOT_WITH[scenario]})")
    paths = int(str(options.get("landlords_government_paths", 0)))
    if variant != "government-ownership":
        if paths:
            raise OptionError(
                "landlords_government_paths: only with landlords government-ownership"
            )
        return {"landlords": variant, "landlords_paths": 0}
    if scenario not in MONETARY:
        raise OptionError(
            f"landlords government-ownership with {scenario}: the Government Ownership variant "
            "is for a monetary market economy only"
        )
    if not 0 <= paths <= len(PATHS):
        raise OptionError(f"landlords_government_paths {paths}: 1 to {len(PATHS)} (0: all)")
    return {"landlords": variant, "landlords_paths": paths or len(PATHS)}


def on(state: CrusoeState) -> bool:
    return state.settings.landlords != "none"


def fair_housing(state: CrusoeState) -> bool:
    return state.settings.landlords == "modern-fair-housing"


def rent_control(state: CrusoeState) -> bool:
    return state.settings.landlords == "modern-rent-control"


def government_ownership(state: CrusoeState) -> bool:
    return state.settings.landlords == "government-ownership"


def government_paths(state: CrusoeState) -> list[str]:
    return [p for p in PATHS if state.land.owners.get(p) == GOVERNMENT]


def homestead(state: CrusoeState) -> bool:
    return state.settings.landlords == "homestead"


# -- before the game: Modern's Landlords and their roll-off -----------------------------------


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Modern: two players drawn at random; for each path they roll off, the high roller
    getting it (a tie is rolled again). :raises OptionError: fewer than two players."""
    if not on(state) or homestead(state):
        return
    if government_ownership(state):  # the first N paths in board order (ruling 95)
        owned = PATHS[: state.settings.landlords_paths]
        state.land.owners = dict.fromkeys(owned, GOVERNMENT)
        if len(owned) == len(PATHS):
            return
    if len(state.seats) < 2:
        raise OptionError("landlords modern: two players are selected to be Landlords (Modern)")
    seats = [s for s in state.seats if gender.may_own_land(state, s)]  # no women (198)
    if len(seats) < 2:
        raise OptionError(
            "landlords modern with gender_no_land: two men are drawn to be Landlords, and this "
            f"table has {len(seats)} (ruling 198)"
        )
    drawn = chance.shuffle("Landlords Modern: the two Landlords, first two", seats)
    pair = sorted(drawn[:2], key=state.seats.index)
    state.land.landlords = list(pair)
    rolls: dict[str, list[list[int]]] = {}
    for path in (p for p in PATHS if p not in state.land.owners):
        rolls[path] = []
        while True:
            dice = chance.dice(
                f"Landlords Modern: roll-off for the {path}, {pair[0]} then {pair[1]}", 2
            )
            rolls[path].append(dice)
            if dice[0] != dice[1]:
                state.land.owners[path] = pair[0] if dice[0] > dice[1] else pair[1]
                break
    if events is not None:
        from sealed.core.events import Event

        held = "; ".join(f"{p} {s}" for p, s in state.land.owners.items())
        events.append(
            Event(
                "land",
                f"Landlords Modern: {pair[0]} and {pair[1]} are the Landlords; {held}.",
                data={"landlords": list(pair), "owners": dict(state.land.owners), "rolls": rolls},
            )
        )


# -- entering a path ------------------------------------------------------------------------


def rent_for(land: Land, path: str, seat: str) -> int | None:
    """The rent ``seat`` would pay on ``path`` (0 for his own or an unowned path); None when
    the path is forbidden to him (no Lease offered)."""
    owner = land.owners.get(path)
    if owner is None or owner == seat:
        return 0
    terms = land.rents.get(path, {})
    rent = terms.get(seat, terms.get(EVERY, FORBID))
    return None if rent == FORBID else rent


def rent_of(state: CrusoeState, path: str, seat: str) -> int | None:
    """:func:`rent_for`, but a slave walks his master's paths as his master does, free: what
    he produces and owes is his master's anyway (Slavery, ruling 249)."""
    if state.land.owners.get(path) == slavery.holder(state, seat):
        return 0
    return rent_for(state.land, path, seat)


def path_problem(state: CrusoeState, seat: str, path: str) -> str | None:
    """Why ``seat`` may not enter ``path`` (Landlords), or None."""
    if not on(state) or out_of_reach(state, seat, path) or rent_of(state, path, seat) is not None:
        return None
    owner = state.land.owners[path]
    # a slave never chooses his path: his master reads this, about the slave's Lease (249)
    whom = "you" if slavery.holder(state, seat) == seat else seat
    return (
        f"Landlords: the {path} is {owner}'s and {owner} gives {whom} no Lease on it (a player "
        "may not enter a path unless it is unowned, he owns it, or he has a Lease with the owner)"
    )


def open_paths(state: CrusoeState, seat: str) -> list[str]:
    """The paths his Leases open to him; in the Traditional Economy only those its ranks
    allow, his track after the first cycle (ruling 155); since version 4 only those Men's Work
    leaves him (ruling 315: version 3 asked a woman whose Leases were all on denied paths for a
    path she could not take, and the game stopped)."""
    from sealed.games.crusoe import traditional  # it imports the state, which imports this

    def scenario_rule(path: str) -> str | None:
        return traditional.path_problem(state, seat, path)

    def walkable(path: str) -> bool:
        if state.settings.version < 4:
            return scenario_rule(path) is None
        return gender.path_problem(state, seat, path, scenario_rule) is None  # as legal's

    return [p for p in PATHS if path_problem(state, seat, p) is None and walkable(p)]


def before_paths(state: CrusoeState, chance: Chance, events: list[Event] | None) -> bool:
    """Once a cycle, before the paths: a dead owner's paths pass on, and this cycle's Leases
    are written, by the living owners at once (ruling 87) or, under Rent Control, by the
    government (ruling 94). True while that decision is open."""
    land = state.land
    if not on(state):
        return False
    if land.cycle != state.cycle:
        settle_dead(state, chance, events)
        settle_exiles(state, events)  # rent owed across the divide is void (ruling 274)
        land.cycle, land.leases = state.cycle, {}
        # the government's rents stay in force until it sets others; the owners' are new
        land.rents = {p: t for p, t in land.rents.items() if _set_by_government(state, p)}
        if (rent_control(state) or government_paths(state)) and _law_due(state):
            land.lawmaking, state.turn = True, 0
        else:
            return _ask_owners(state)
    if land.lawmaking and _next_lawmaker(state, events):
        return True
    if land.owners_due:  # Government Ownership: the other paths' owners, after the government
        land.owners_due = False
        return _ask_owners(state)
    return False


def government_set(state: CrusoeState) -> list[str]:
    """The owned paths whose rents the government sets, in board order."""
    return [p for p in PATHS if p in state.land.owners and _set_by_government(state, p)]


def _set_by_government(state: CrusoeState, path: str) -> bool:
    """Rent Control sets every path's rent; Government Ownership its own paths' (ruling 95);
    not a path whose owner is in exile, which is open free (ruling 275)."""
    if owner_in_exile(state, path):
        return False
    return rent_control(state) or state.land.owners.get(path) == GOVERNMENT


def _ask_owners(state: CrusoeState) -> bool:
    land = state.land
    living = [s for s in state.living() if not in_exile(state, s)]  # ruling 272
    owners = [s for s in living if s in land.owners.values()]
    if not owners or len(living) < 2:
        return False
    state.ask, state.waiting = "rent", tuple(owners)
    return True


# -- Rent Control: the government sets the rents -------------------------------------------------


def lawmakers(state: CrusoeState) -> list[str]:
    """Who proposes the rents: the ruler alone, or the living in seat order, one seat further on
    each cycle (as the other decisions of a government: rulings 30, 56)."""
    from sealed.games.crusoe import rulers  # it imports the state, which imports this module

    ruler = rulers.ruler_for_tack_on(state, "rents")  # a hybrid's branch for them (ruling 150)
    if ruler is not None:
        return [ruler]
    # a slave proposes no rents where he proposes no policy (Slavery, ruling 250)
    living = [s for s in state.living() if slavery.may_decide(state, s, "policy")]
    living = [s for s in living if gender.may_propose(state, s)]  # gender_no_propose (291)
    living = [s for s in living if not in_exile(state, s)]  # the encampment's (ruling 275)
    start = (state.cycle - 1) % len(living) if living else 0
    return living[start:] + living[:start]


def deciding(state: CrusoeState, seat: str) -> tuple[tuple[str, ...], int]:
    """Who decides now, and the proposer's turn, when ``seat`` is asked ``rent`` or
    ``rent-ballot`` (public: the sampler of the search bots rebuilds it from a view)."""
    if state.ask == "rent-ballot":
        return rent_voters(state), state.turn
    if state.land.lawmaking:
        seats = lawmakers(state)
        return (seat,), seats.index(seat) if seat in seats else 0
    owners = tuple(s for s in rent_voters(state) if s in state.land.owners.values())
    return owners, state.turn


def _next_lawmaker(state: CrusoeState, events: list[Event] | None) -> bool:
    from sealed.games.crusoe import bureaucracy  # it imports the state, which imports this

    if bureaucracy.decides(state, "rents"):  # a Bureaucracy's chart sets them (ruling 191)
        motion = bureaucracy.chart_rents(state, government_set(state))
        if motion is None:  # its first player is asked for a box
            return True
        _enact(state, motion, "decided by the Bureaucracy's chart", events)
        return False
    seats = lawmakers(state)
    if state.turn < len(seats):
        state.ask, state.waiting = "rent", (seats[state.turn],)
        return True
    land = state.land
    land.lawmaking, state.turn = False, 0
    land.owners_due = government_ownership(state)
    minimum = 1 if rent_control(state) else 0  # before the government's first rents
    for path in (p for p in PATHS if p in land.owners and _set_by_government(state, p)):
        land.rents.setdefault(path, {EVERY: minimum})
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "rents",
                f"{_law_title(state)}: no rents carry; in force: "
                + (describe_rents(land) or "none")
                + ".",
                data={"rents": {p: dict(t) for p, t in land.rents.items()}, "carried": False},
            )
        )
    return False


def _law_title(state: CrusoeState) -> str:
    return "Rent Control" if rent_control(state) else "Government Ownership"


def law_terms(state: CrusoeState, terms: Sequence[tuple[str, int]]) -> dict[str, int]:
    """A government's proposal: the rent on every path it sets (``all`` for those not named,
    else Rent Control's minimum of 1, or 0), and under Government Ownership a player's own
    (``PATH@SEAT``) as written."""
    given = dict(terms)
    default = given.get(EVERY, 1 if rent_control(state) else 0)
    paths = [p for p in PATHS if p in state.land.owners and _set_by_government(state, p)]
    motion = {p: given.get(p, default) for p in paths}
    motion |= {k: n for k, n in terms if "@" in k and k.partition("@")[0] in paths}
    return motion


def _on_law(state: CrusoeState, seat: str, order: Order, events: list[Event] | None) -> None:
    from sealed.games.crusoe import rulers

    if order.word == "pass" or not order.terms:
        state.turn += 1
        if events is not None:
            from sealed.core.events import Event

            events.append(Event("proposal", f"{seat} proposes no rents.", data={"seat": seat}))
        return
    motion = law_terms(state, order.terms)
    if rulers.ruler_for_tack_on(state, "rents") == seat:  # "Whenever the government must ..."
        _enact(state, motion, f"the {rulers.title(state, seat)} {seat} sets them", events)
        return
    state.land.motion = motion
    state.ask, state.waiting = "rent-ballot", rent_voters(state)
    if events is not None:
        from sealed.core.events import Event

        text = ", ".join(f"{p} {n}" for p, n in motion.items()) or "none"
        events.append(
            Event("proposal", f"{seat} proposes the rents: {text}.", data={"seat": seat, **motion})
        )


def on_rent_ballot(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: list[Event] | None
) -> None:
    """The living vote on the rents proposed: more than half of the votes cast carries them
    (``government.count_ballot``)."""
    from sealed.games.crusoe.government import count_ballot

    motion, state.land.motion = state.land.motion, {}
    if count_ballot(state, orders, "rent proposal", events):
        _enact(state, motion, "carried", events)
    else:
        state.turn += 1


def _enact(
    state: CrusoeState, motion: Mapping[str, int], how: str, events: list[Event] | None
) -> None:
    land = state.land
    for key, n in motion.items():
        path, _, seat = key.partition("@")
        if seat:
            land.rents.setdefault(path, {EVERY: 0})[seat] = n
        else:
            land.rents[path] = {EVERY: n}
    land.lawmaking, state.turn = False, 0
    land.owners_due = government_ownership(state)
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "rents",
                f"{_law_title(state)}: the rents this cycle ({how}): "
                f"{describe_rents(land) or 'none'}.",
                data={"rents": {p: dict(t) for p, t in land.rents.items()}, "carried": True},
            )
        )


def on_rent(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: list[Event] | None
) -> None:
    """The owners' terms, opened together: for each path he owns, a rent for every player
    (``all``) and, except under Fair Housing, for a named player; what is not named is
    forbidden."""
    land = state.land
    if land.lawmaking:  # Rent Control, Government Ownership: the government's proposal
        for seat, order in orders.items():
            _on_law(state, seat, order, events)
        return
    for seat in state.seats:
        if seat not in orders:
            continue
        terms = dict(orders[seat].terms)
        for path in (p for p in PATHS if land.owners.get(p) == seat):
            row: dict[str, int] = {}
            default = terms.get(path, terms.get(EVERY, FORBID))
            row[EVERY] = default
            for key, n in terms.items():
                if key.startswith(f"{path}@"):
                    row[key.split("@", 1)[1]] = n
            land.rents[path] = row
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "rents",
                "Landlords: this cycle's Leases: " + (describe_rents(land) or "none") + ".",
                data={"rents": {p: dict(t) for p, t in land.rents.items()}},
            )
        )


def describe_rents(land: Land) -> str:
    parts = []
    for path, terms in land.rents.items():
        text = " ".join(
            f"{'' if k == EVERY else k + ' '}{'forbidden' if n == FORBID else n}"
            for k, n in terms.items()
        )
        parts.append(f"{path} ({land.owners.get(path)}): {text}")
    return "; ".join(parts)


def rent_problem(state: CrusoeState, seat: str, terms: Sequence[tuple[str, int]]) -> str | None:
    """A term names a path he does not own, a player who is not a living other, or (Fair
    Housing) one player's own rent."""
    if state.land.lawmaking:
        return _law_problem(state, terms)
    mine = [p for p in PATHS if state.land.owners.get(p) == seat]
    for key, _ in terms:
        path, _, who = key.partition("@")
        if path != EVERY and path not in mine:
            return f"Landlords: you do not own the {path} (you own {', '.join(mine) or 'none'})"
        if not who:
            continue
        if fair_housing(state):
            return (
                "Fair Housing: all players who use a path pay the same rent (write rent "
                f"{path} N, not {key})"
            )
        if who not in state.players or not state.players[who].alive or who == seat:
            return f"Landlords: {who} is not another living player"
        if in_exile(state, who):
            return _across(who)
    return None


def _law_problem(state: CrusoeState, terms: Sequence[tuple[str, int]]) -> str | None:
    """Rent Control: "All rents for a given path are set to the same amount", at least 1, no
    path forbidden (ruling 94). Government Ownership: its own paths only, a rent "may differ
    for different paths, or for different players", none forbidden (ruling 95)."""
    mine = [p for p in PATHS if p in state.land.owners and _set_by_government(state, p)]
    for key, n in terms:
        path, _, seat = key.partition("@")
        if path != EVERY and path not in mine:
            return f"Government Ownership: the government sets the rents of {', '.join(mine)}"
        if rent_control(state) and seat:
            return f"Rent Control: all rents for a given path are the same (rent {path} N)"
        if rent_control(state) and n < 1:
            return f"Rent Control: every path is open at the government's rent, at least 1 ({key})"
        if n < 0:
            return f"Government Ownership: the government's paths are open at a rent ({key})"
        if seat and (seat not in state.players or not state.players[seat].alive):
            return f"Government Ownership: {seat} is not a living player"
        if seat and in_exile(state, seat):
            return _across(seat)
    return None


def no_path_for(state: CrusoeState, seat: str, events: list[Event] | None) -> bool:
    """ "If there is no path down which a player can travel ... then he is immediately
    transferred to the Market to await the other players." True if so."""
    if not on(state) or open_paths(state, seat):
        return False
    player = state.players[seat]
    player.path, player.position = None, OFF_THE_PATHS
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "land",
                f"Landlords: no path is open to {seat}; he goes straight to the Market.",
                data={"seat": seat, "market": True},
            )
        )
    return True


def paid_in_money(state: CrusoeState) -> bool:
    """A Lease is N dollars in the monetary market economies and in Market Socialism, whose
    wages are money; in barter, the first X productions (ruling 154)."""
    return state.settings.monetary or state.settings.planned


def on_enter(state: CrusoeState, seat: str, path: str, events: list[Event] | None) -> None:
    """Declaring a path another owns takes up his Lease: in a money economy N dollars owed,
    in barter the first X productions."""
    if not on(state) or out_of_reach(state, seat, path):  # no Lease across (rulings 272, 273)
        return
    land = state.land
    owner = land.owners.get(path)
    rent = rent_of(state, path, seat)
    payer = slavery.holder(state, seat)  # a slave holds no money: his master owes (ruling 249)
    if owner is None or owner in (seat, payer) or rent is None:
        return
    if paid_in_money(state):
        if rent:
            owed = land.debts.setdefault(payer, {})
            owed[owner] = owed.get(owner, 0) + rent
        what = f"${rent}, paid as soon as he holds money"
        if payer != seat:
            what = f"${rent}, owed by his master {payer} (ruling 249)"
    else:
        land.leases[seat] = rent
        what = f"the first {rent} time{'' if rent == 1 else 's'} he produces goods on it"
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "lease",
                f"{seat} takes a Lease on {_whose(owner)} {path}: {what}.",
                data={"seat": seat, "owner": owner, "path": path, "rent": rent},
            )
        )


# -- on the path and at the Market --------------------------------------------------------------


def _whose(owner: str) -> str:
    return "the government's" if owner == GOVERNMENT else f"{owner}'s"


def on_produce(
    state: CrusoeState, seat: str, gained: dict[str, int], events: list[Event] | None
) -> dict[str, int]:
    """A barter Lease: the goods of this production go to the Landlord ("Leisure and Radio
    Signals are not goods"); each production with goods counts one of the X. The goods paid."""
    if not on(state) or not state.land.leases.get(seat):
        return {}
    goods = {g: n for g, n in gained.items() if g in GOODS and n}
    if not goods:
        return {}
    player = state.players[seat]
    owner = state.land.owners.get(player.path or "")
    if owner is None or owner == seat:
        return {}
    state.land.leases[seat] -= 1
    for good, n in goods.items():
        player.goods[good] -= n
        player.produced[good] = player.produced.get(good, 0) - n  # not his production
        if not player.produced[good]:
            del player.produced[good]
        state.players[owner].goods[good] += n
    if events is not None:
        from sealed.core.events import Event

        text = ", ".join(f"{n} {g}" for g, n in goods.items())
        events.append(
            Event(
                "rent",
                f"{seat}'s Lease: {text} go to {owner} ({state.land.leases[seat]} more owed).",
                data={"seat": seat, "owner": owner, "goods": goods},
            )
        )
    return goods


def on_exit(state: CrusoeState, seat: str, events: list[Event] | None) -> None:
    """Homestead: "the first player to exit a given path owns that path"."""
    path = state.players[seat].path
    if not homestead(state) or path is None or path in state.land.owners:
        return
    owner = slavery.holder(state, seat)  # a slave's acquisitions are his master's (ruling 248)
    if not gender.may_own_land(state, owner):  # no right to own land: left to the next (198)
        return
    if in_exile(state, seat):  # the land is the main encampment's: no claim (ruling 272)
        return
    state.land.owners[path] = owner
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "land",
                f"Landlords Homestead: {seat} is the first to exit the {path} and owns it."
                if owner == seat
                else f"Landlords Homestead: {seat} is the first to exit the {path}; his master "
                f"{owner} owns it (ruling 248).",
                data={"seat": seat, "path": path, **({} if owner == seat else {"owner": owner})},
            )
        )


def collect(state: CrusoeState, events: list[Event] | None) -> None:
    """A money Lease is paid "at the first opportunity": each tenant, in turn order, pays what he
    owes as far as his money goes; the rest stays owed (ruling 88). The government's rents go
    into its purse, which defrays the taxes (``defray``) or, in an economy without a tax
    subphase, is lost at once (ruling 95)."""
    if not on(state) or not state.land.debts:
        return
    order = {s: i for i, s in enumerate((*state.seats, GOVERNMENT))}
    for tenant in [s for s in state.order if s in state.land.debts]:
        player = state.players[tenant]
        owed = state.land.debts[tenant]
        for owner in sorted(owed, key=order.__getitem__):
            paid = min(player.money, owed[owner]) if player.alive and _alive(state, owner) else 0
            if paid:
                player.money -= paid
                owed[owner] -= paid
                if owner == GOVERNMENT:
                    state.land.purse += paid
                else:
                    state.players[owner].money += paid
            if events is not None and paid:
                from sealed.core.events import Event

                events.append(
                    Event(
                        "rent",
                        f"{tenant} pays {owner if owner != GOVERNMENT else 'the government'} "
                        f"${paid} rent (${owed[owner]} still owed).",
                        data={"seat": tenant, "owner": owner, "dollars": paid},
                    )
                )
        state.land.debts[tenant] = {o: n for o, n in owed.items() if n}
        if not state.land.debts[tenant]:
            del state.land.debts[tenant]
    if state.settings.scenario not in TAXED:
        _lose_purse(state, events)


def _alive(state: CrusoeState, owner: str) -> bool:
    return owner == GOVERNMENT or state.players[owner].alive


def defray(
    state: CrusoeState,
    money: dict[str, int],
    owed: dict[str, int],
    events: list[Event] | None,
) -> tuple[dict[str, int], dict[str, int]]:
    """Government Ownership: "the rents collected used to defray government expenses, thus
    decreasing taxes": the purse pays the rewards owed (each player's, in turn order) before
    any tax is assessed; what is left is lost with the excess taxes (ruling 95). Returns the
    players' money and what the taxes must still cover."""
    purse = state.land.purse
    if not on(state) or not purse:
        return money, owed
    paid: dict[str, int] = {}
    for seat in owed:
        share = min(owed[seat], purse)
        if share:
            purse -= share
            paid[seat] = share
            state.players[seat].money += share
    state.land.purse = purse
    money = {s: n + paid.get(s, 0) for s, n in money.items()}
    owed = {s: n - paid.get(s, 0) for s, n in owed.items()}
    if events is not None and paid:
        from sealed.core.events import Event

        text = ", ".join(f"{s} ${n}" for s, n in paid.items())
        events.append(
            Event(
                "defray",
                f"The government's rents pay the rewards first: {text}.",
                data={"paid": paid},
            )
        )
    _lose_purse(state, events)
    return money, owed


def _lose_purse(state: CrusoeState, events: list[Event] | None) -> None:
    lost, state.land.purse = state.land.purse, 0
    if events is not None and lost:
        from sealed.core.events import Event

        events.append(
            Event(
                "lost",
                f"${lost} of the government's rents is left over and lost.",
                data={"amount": lost},
            )
        )


# -- paths at the Market ------------------------------------------------------------------------


def deed_problem(state: CrusoeState, seat: str, taker: str, path: str) -> str | None:
    """Why ``seat`` may not give ``path`` to ``taker`` at the Market: "They may also be exchanged
    during the free trade (or retail) portion of the trade phase, at the option of the owner"
    (ruling 90); None if he may."""
    if not on(state):  # an offer may name a path in any barter (ruling 182)
        return f"Landlords is not in play: nobody owns the {path} (option landlords)"
    if state.land.owners.get(path) != seat:
        return f"Landlords: you do not own the {path}"
    if in_exile(state, seat):
        return (
            f"Landlords: you are in exile; the {path} is the main encampment's land and stays "
            "yours, untouched, until you return (ruling 273)"
        )
    if in_exile(state, taker):
        return _across(taker)
    if taker not in state.players or not state.players[taker].alive or taker == seat:
        return f"Landlords: {taker} is not another living player"
    owner = slavery.holder(state, taker)  # a slave's is his master's (ruling 248)
    if not gender.may_own_land(state, owner):
        whose = taker if owner == taker else f"{taker}'s master {owner}"
        return f"Landlords: {whose} is a woman, and women may not own land (gender_no_land)"
    if taker in state.home:
        return f"{taker} has gone home: trading is over for him"
    if state.settings.retail and not slavery.in_market(state, taker):
        return (
            f"Slavery: {taker} is a slave; in money-based economies slaves do not participate "
            "in trade (ruling 248)"
        )
    if state.settings.retail:
        from sealed.games.crusoe.market import neighbours  # it imports this module

        near = neighbours(state, seat)
        if taker not in near:
            return (
                "Retail Subphase: you may trade only with your neighbours in turn order "
                f"({' and '.join(near) or 'nobody'})"
            )
    return None


def on_deeds(state: CrusoeState, orders: Mapping[str, Order], events: list[Event] | None) -> bool:
    """The paths given this round, in turn order; True if any changed hands. A Lease already
    taken this cycle stays with the owner who gave it (its rent is still owed to him)."""
    given = False
    for seat in state.order:
        order = orders.get(seat)
        if order is None or order.word != "deed":
            continue
        path, taker = order.terms[0][0], order.name
        if deed_problem(state, seat, taker, path) is not None:
            continue
        state.land.owners[path] = taker
        given = True
        if events is not None:
            from sealed.core.events import Event

            events.append(
                Event(
                    "land",
                    f"Landlords: {seat} gives the {path} to {taker}.",
                    data={"seat": seat, "taker": taker, "path": path},
                )
            )
    return given


# -- violence and death -----------------------------------------------------------------------


def paths_owned(state: CrusoeState, seat: str) -> int:
    return sum(1 for s in state.land.owners.values() if s == seat) if on(state) else 0


def extra_dice(state: CrusoeState, seat: str) -> int:
    """ "A player rolls one additional die during the violence phase for each path he owns";
    none for an exile's paths, which he cannot reach (ruling 273)."""
    return 0 if in_exile(state, seat) else paths_owned(state, seat)


def take_deeds(
    state: CrusoeState, losers: Sequence[str], winners: Sequence[str], events: list[Event] | None
) -> None:
    """The losers' paths go to the winners "just like they were goods" (ruling 90): with all
    their goods (fine all, kill), one path at a time to the winners in turn order, in board
    order, as ``violence._take`` deals goods."""
    # the men only (198); a slave's path would be his master's, so his master's right counts
    # (ruling 248): a woman's slave takes none for her, and none is lost to nobody
    winners = [s for s in winners if gender.may_own_land(state, slavery.holder(state, s))]
    winners = [s for s in winners if not in_exile(state, s)]  # no land in exile (ruling 273)
    losers = [s for s in losers if not in_exile(state, s)]
    if not on(state) or not winners:
        return
    moved: dict[str, str] = {}
    for loser in losers:
        for path in (p for p in PATHS if state.land.owners.get(p) == loser):
            winner = winners[len(moved) % len(winners)]
            state.land.owners[path] = winner
            moved[path] = winner
    if events is not None and moved:
        from sealed.core.events import Event

        text = ", ".join(f"the {p} to {s}" for p, s in moved.items())
        events.append(
            Event("land", f"Landlords: the losers' paths go {text}.", data={"paths": moved})
        )


def settle_dead(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """A dead owner's paths: unowned in Homestead; in Modern "the surviving player with the most
    paths (dice for ties) assumes ownership" (ruling 91: one die each, again among the tied)."""
    land = state.land
    dead = sorted(
        {s for s in land.owners.values() if s != GOVERNMENT and not state.players[s].alive},
        key=state.seats.index,
    )
    living = [s for s in state.living() if gender.may_own_land(state, s)]  # no woman (198)
    living = [s for s in living if slavery.in_market(state, s)]  # no slave (ruling 248)
    living = [s for s in living if not in_exile(state, s)]  # no exile (ruling 276)
    for seat in dead:
        paths = [p for p in PATHS if land.owners.get(p) == seat]
        heir = None if homestead(state) or not living else _heir(state, living, chance)
        for path in paths:
            if heir is None:
                del land.owners[path]
            else:
                land.owners[path] = heir
        for owed in land.debts.values():
            owed.pop(seat, None)
        if events is not None:
            from sealed.core.events import Event

            whom = f"pass to {heir}" if heir else "become unowned"
            events.append(
                Event(
                    "land",
                    f"Landlords: the dead {seat}'s paths ({', '.join(paths)}) {whom}.",
                    data={"dead": seat, "paths": paths, "heir": heir},
                )
            )
    for tenant in [t for t in land.debts if not state.players[t].alive]:
        del land.debts[tenant]


def _heir(state: CrusoeState, living: list[str], chance: Chance) -> str:
    most = max(paths_owned(state, s) for s in living)
    tied = [s for s in living if paths_owned(state, s) == most]
    while len(tied) > 1:
        dice = chance.dice(
            f"Landlords Modern: the heir, one die each for {', '.join(tied)}", len(tied)
        )
        top = max(dice)
        tied = [s for s, d in zip(tied, dice, strict=True) if d == top]
    return tied[0]


# -- what the table shows ----------------------------------------------------------------------


def view_lines(land: Mapping[str, Any]) -> list[str]:
    """The ledger as a view renders it (``land`` is :meth:`Land.to_json`; empty: no Landlords)."""
    if not land:
        return []
    owners = land.get("owners", {})
    lines = ["Paths owned: " + (", ".join(f"{p} {s}" for p, s in owners.items()) or "none")]
    if land.get("landlords"):
        lines[0] += f" (Landlords: {', '.join(land['landlords'])})"
    rents = land.get("rents", {})
    if rents:
        ledger = Land(owners=dict(owners), rents={p: dict(t) for p, t in rents.items()})
        lines.append("Leases this cycle: " + describe_rents(ledger))
    owed = land.get("debts", {})
    if owed:
        text = "; ".join(f"{t} owes {o} ${n}" for t, d in owed.items() for o, n in d.items())
        lines.append(f"Rent owed: {text}")
    leases = {s: n for s, n in land.get("leases", {}).items() if n}
    if leases:
        lines.append("Productions owed: " + ", ".join(f"{s} {n}" for s, n in leases.items()))
    away = [p for p, s in owners.items() if s in land.get(ABROAD, ())]
    if away:  # ruling 273
        lines.append("Open to all, their owners in exile: " + ", ".join(away))
    return lines


def allowed_in_view(
    land: Mapping[str, Any], seat: str, paths: Sequence[str], master: str = ""
) -> list[str]:
    """The paths of ``paths`` open to ``seat`` by the ledger a view holds (for the bots); a
    slave's ``master``'s own paths are open to him (ruling 249)."""
    if not land:
        return list(paths)
    ledger = Land(
        owners=dict(land.get("owners", {})),
        rents={p: dict(t) for p, t in land.get("rents", {}).items()},
    )
    mine = {p for p, s in ledger.owners.items() if master and s == master}
    free = _free_in_view(land, seat)  # Exile (rulings 272, 273)
    return [p for p in paths if p in mine or p in free or rent_for(ledger, p, seat) is not None]


def rent_in_view(land: Mapping[str, Any], seat: str, path: str) -> int:
    """The rent ``seat`` would pay on ``path`` by a view's ledger (0: none, or forbidden)."""
    if not land:
        return 0
    ledger = Land(
        owners=dict(land.get("owners", {})),
        rents={p: dict(t) for p, t in land.get("rents", {}).items()},
    )
    if path in _free_in_view(land, seat):  # Exile (rulings 272, 273)
        return 0
    return rent_for(ledger, path, seat) or 0


# -- Exile (rulings 272-276) ---------------------------------------------------------------------

ABROAD = "abroad"
"""The key of a view's ledger naming the seats in exile (derived from their public roles, so
the bots read the Leases as the rules do; never in the state's own ledger)."""


def in_exile(state: CrusoeState, seat: str) -> bool:
    """``seat`` is in exile: "the rules of the economy he has left no longer effect him", and
    the land and its Leases are the main encampment's economy (ruling 272)."""
    from sealed.games.crusoe.modules import punishments  # it imports slavery, which may import us

    return punishments.exile_in_play(state) and punishments.exiled(state, seat)


def owner_in_exile(state: CrusoeState, path: str) -> bool:
    """The path's owner is in exile: it stays his, but binds nobody meanwhile (ruling 273)."""
    owner = state.land.owners.get(path)
    return owner is not None and owner != GOVERNMENT and in_exile(state, owner)


def out_of_reach(state: CrusoeState, seat: str, path: str) -> bool:
    """No Lease binds ``seat`` on ``path``: he is in exile (he walks any path free: ruling
    272), or its owner is (the path is open to all, rent free: ruling 273)."""
    return in_exile(state, seat) or owner_in_exile(state, path)


def _across(seat: str) -> str:
    return (
        f"Landlords: {seat} is in exile: exiles and the others may not interact in any way, and "
        "no Lease binds an exile (ruling 272)"
    )


def rent_voters(state: CrusoeState) -> tuple[str, ...]:
    """Who votes on the government's rents: the living at the main encampment (ruling 275)."""
    return tuple(s for s in state.living() if not in_exile(state, s))


def _law_due(state: CrusoeState) -> bool:
    """The government sets rents this cycle: always without Exile (as before); with it, when a
    path it sets is not an exile's (ruling 275)."""
    from sealed.games.crusoe.modules import punishments

    return not punishments.exile_in_play(state) or bool(government_set(state))


def settle_exiles(state: CrusoeState, events: list[Event] | None) -> None:
    """Rent owed by or to an exile is void: paying it would be an interaction across, and the
    Leases no longer affect him (ruling 274). Settled before the Leases, as a dead man's debts."""
    land = state.land
    void: dict[str, dict[str, int]] = {}
    for tenant, owed in land.debts.items():
        for owner, n in owed.items():
            if in_exile(state, tenant) or (owner != GOVERNMENT and in_exile(state, owner)):
                void.setdefault(tenant, {})[owner] = n
    for tenant, owed in void.items():
        for owner in owed:
            del land.debts[tenant][owner]
        if not land.debts[tenant]:
            del land.debts[tenant]
    if events is not None and void:
        from sealed.core.events import Event

        text = "; ".join(f"{t} to {o} ${n}" for t, d in void.items() for o, n in d.items())
        events.append(
            Event(
                "land",
                f"Landlords: rent owed across the divide of exile is void: {text} (ruling 274).",
                data={"void": void},
            )
        )


def land_view(state: CrusoeState) -> JsonDict:
    """The public ledger as a view holds it: the state's, and under Exile who is in exile
    (``ABROAD``), so the bots read the Leases as the rules do."""
    ledger = state.land.to_json()
    away = [s for s in state.seats if in_exile(state, s)]
    if away:
        ledger[ABROAD] = away
    return ledger


def ledger_only(land: Mapping[str, Any]) -> dict[str, Any]:
    """A view's ledger without what the view adds (``ABROAD``): the state's own keys."""
    return {k: v for k, v in land.items() if k != ABROAD}


def _free_in_view(land: Mapping[str, Any], seat: str) -> set[str]:
    """The paths ``seat`` walks free by a view's ledger because of exile (rulings 272, 273)."""
    away = set(land.get(ABROAD, ()))
    if seat in away:
        return set(PATHS)
    return {p for p, s in land.get("owners", {}).items() if s in away}
