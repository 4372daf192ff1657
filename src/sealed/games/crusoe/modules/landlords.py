"""Landlords (Advanced Tack-on Modules, Economic Modules): who owns each path, and the Leases.

"In Homestead the first player to exit a given path owns that path, while in Modern two
players are selected at random to be Landlords and they roll off for each path before the
game begins, with the high-roller getting it. ... a player may not enter a given path unless
either it is unowned (Homestead only), he owns it, or he has a Lease with the owner."

Option (as Mad Jack emits it): ``landlords=homestead``, ``modern`` or ``modern-fair-housing``.
Rent Control and Government Ownership (``modern-rent-control``, ``government-ownership``) are
refused by name as not built yet. The Leases are orders (ruling 87): each cycle, after the turn
order and before anyone declares a path, every living owner writes his terms (``rent all 2
ant forbid``); a player accepts a Lease by declaring the path. In a money economy the rent is
N dollars, paid when the tenant first holds money (ruling 88); in barter it is the first X
times he produces goods on the path, which go to the Landlord. Everything here is public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sealed.core import setup
from sealed.core.errors import OptionError
from sealed.core.game import JsonDict, Options

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
BUILT = ("none", "homestead", "modern", "modern-fair-housing", "modern-rent-control")
PATHS = ("ant", "dung_beetle", "spider", "sand_crab", "firefly", "bookworm", "grasshopper")
GOODS = ("water", "banana", "apple", "grape", "egg", "fish", "spear", "diamond")
FORBID = -1
"""A term that forbids the path: no Lease is offered."""
EVERY = "all"
"""A term for every path the landlord owns (and every player)."""
OFF_THE_PATHS = 61
"""The position of a player sent straight to the Market: past the end of any path (at most
60 spaces), so the cycle counts him as arrived (ruling 89)."""
NOT_WITH = {
    "traditional": "the Traditional Economy keeps each player on his track",
    "market-socialism": "Market Socialism's wages have no rent step yet",
}
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
        }


LAND_KEYS = ("owners", "landlords", "rents", "cycle", "leases", "debts", "lawmaking", "motion")


def land_from_json(value: object, seats: Sequence[str]) -> Land:
    """:raises SetupError: with the path of the offending value."""
    where: setup.Path = ("land",)
    raw = setup.mapping(value, where, LAND_KEYS)
    owners = setup.mapping(raw.get("owners", {}), (*where, "owners"), PATHS)
    rents_raw = setup.mapping(raw.get("rents", {}), (*where, "rents"), PATHS)
    debts_raw = setup.mapping(raw.get("debts", {}), (*where, "debts"), seats)
    return Land(
        owners={
            str(p): setup.text(s, (*where, "owners", str(p)), seats) for p, s in owners.items()
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
                for o, n in setup.mapping(d, (*where, "debts", str(t)), seats).items()
            }
            for t, d in debts_raw.items()
        },
        lawmaking=setup.boolean(raw.get("lawmaking", False), (*where, "lawmaking")),
        motion={
            str(p): setup.integer(n, (*where, "motion", str(p)), 1, 999)
            for p, n in setup.mapping(raw.get("motion", {}), (*where, "motion"), PATHS).items()
        },
    )


# -- options ---------------------------------------------------------------------------------


def read_options(options: Options) -> str:
    """:raises OptionError: a variant not built yet, or a scenario Landlords is not built for."""
    variant = str(options.get("landlords", "none"))
    if variant not in VARIANTS:
        raise OptionError(f"landlords {variant}: one of {', '.join(BUILT)}")
    if variant not in BUILT:
        raise OptionError(
            f"landlords {variant}: not built yet (built: {', '.join(BUILT[1:])}); "
            "see docs/games/crusoe.md"
        )
    if int(str(options.get("landlords_government_paths", 0))):
        raise OptionError("landlords_government_paths: not built yet (Government Ownership)")
    scenario = str(options.get("scenario", "crusoes-economy"))
    if variant != "none" and scenario in NOT_WITH:
        raise OptionError(f"landlords with {scenario}: not built yet ({NOT_WITH[scenario]})")
    return variant


def on(state: CrusoeState) -> bool:
    return state.settings.landlords != "none"


def fair_housing(state: CrusoeState) -> bool:
    return state.settings.landlords == "modern-fair-housing"


def rent_control(state: CrusoeState) -> bool:
    return state.settings.landlords == "modern-rent-control"


def homestead(state: CrusoeState) -> bool:
    return state.settings.landlords == "homestead"


# -- before the game: Modern's Landlords and their roll-off -----------------------------------


def begin(state: CrusoeState, chance: Chance, events: list[Event] | None) -> None:
    """Modern: two players drawn at random; for each path they roll off, the high roller
    getting it (a tie is rolled again). :raises OptionError: fewer than two players."""
    if not on(state) or homestead(state):
        return
    if len(state.seats) < 2:
        raise OptionError("landlords modern: two players are selected to be Landlords (Modern)")
    drawn = chance.shuffle("Landlords Modern: the two Landlords, first two", list(state.seats))
    pair = sorted(drawn[:2], key=state.seats.index)
    state.land.landlords = list(pair)
    rolls: dict[str, list[list[int]]] = {}
    for path in PATHS:
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


def path_problem(state: CrusoeState, seat: str, path: str) -> str | None:
    """Why ``seat`` may not enter ``path`` (Landlords), or None."""
    if not on(state) or rent_for(state.land, path, seat) is not None:
        return None
    owner = state.land.owners[path]
    return (
        f"Landlords: the {path} is {owner}'s and {owner} gives you no Lease on it (a player may "
        "not enter a path unless it is unowned, he owns it, or he has a Lease with the owner)"
    )


def open_paths(state: CrusoeState, seat: str) -> list[str]:
    return [p for p in PATHS if path_problem(state, seat, p) is None]


def before_paths(state: CrusoeState, chance: Chance, events: list[Event] | None) -> bool:
    """Once a cycle, before the paths: a dead owner's paths pass on, and this cycle's Leases
    are written, by the living owners at once (ruling 87) or, under Rent Control, by the
    government (ruling 94). True while that decision is open."""
    land = state.land
    if not on(state):
        return False
    if land.cycle != state.cycle:
        settle_dead(state, chance, events)
        land.cycle, land.leases = state.cycle, {}
        if rent_control(state):
            land.lawmaking, state.turn = True, 0
        else:
            land.rents = {}
            return _ask_owners(state)
    if land.lawmaking:
        return _next_lawmaker(state, events)
    return False


def _ask_owners(state: CrusoeState) -> bool:
    land = state.land
    living = state.living()
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

    ruler = rulers.ruler(state)
    if ruler is not None:
        return [ruler]
    living = state.living()
    start = (state.cycle - 1) % len(living) if living else 0
    return living[start:] + living[:start]


def deciding(state: CrusoeState, seat: str) -> tuple[tuple[str, ...], int]:
    """Who decides now, and the proposer's turn, when ``seat`` is asked ``rent`` or
    ``rent-ballot`` (public: the sampler of the search bots rebuilds it from a view)."""
    if state.ask == "rent-ballot":
        return tuple(state.living()), state.turn
    if rent_control(state):
        seats = lawmakers(state)
        return (seat,), seats.index(seat) if seat in seats else 0
    owners = tuple(s for s in state.living() if s in state.land.owners.values())
    return owners, state.turn


def _next_lawmaker(state: CrusoeState, events: list[Event] | None) -> bool:
    seats = lawmakers(state)
    if state.turn < len(seats):
        state.ask, state.waiting = "rent", (seats[state.turn],)
        return True
    land = state.land
    land.lawmaking, state.turn = False, 0
    if not land.rents:  # before the government's first: the minimum on every path
        land.rents = {p: {EVERY: 1} for p in PATHS if p in land.owners}
    land.rents = {p: t for p, t in land.rents.items() if p in land.owners}
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "rents",
                "Rent Control: no rents carry; in force: " + (describe_rents(land) or "none") + ".",
                data={"rents": {p: dict(t) for p, t in land.rents.items()}, "carried": False},
            )
        )
    return False


def law_terms(terms: Sequence[tuple[str, int]]) -> dict[str, int]:
    """A Rent Control proposal's rent on every path (``all`` for those not named, else 1)."""
    given = dict(terms)
    return {p: given.get(p, given.get(EVERY, 1)) for p in PATHS}


def _on_law(state: CrusoeState, seat: str, order: Order, events: list[Event] | None) -> None:
    from sealed.games.crusoe import rulers

    if order.word == "pass" or not order.terms:
        state.turn += 1
        if events is not None:
            from sealed.core.events import Event

            events.append(Event("proposal", f"{seat} proposes no rents.", data={"seat": seat}))
        return
    motion = law_terms(order.terms)
    if rulers.ruler(state) == seat:  # "Whenever the government must make a decision he makes it"
        _enact(state, motion, f"the {rulers.title(state)} {seat} sets them", events)
        return
    state.land.motion = motion
    state.ask, state.waiting = "rent-ballot", tuple(state.living())
    if events is not None:
        from sealed.core.events import Event

        text = ", ".join(f"{p} {n}" for p, n in motion.items())
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
    land.rents = {p: {EVERY: n} for p, n in motion.items() if p in land.owners}
    land.lawmaking, state.turn = False, 0
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "rents",
                f"Rent Control: the rents this cycle ({how}): {describe_rents(land) or 'none'}.",
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
    if rent_control(state):
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
    if rent_control(state):
        return _law_problem(terms)
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
    return None


def _law_problem(terms: Sequence[tuple[str, int]]) -> str | None:
    """Rent Control: "All rents for a given path are set to the same amount", at least 1, and
    no path is forbidden (ruling 94)."""
    for key, n in terms:
        if "@" in key:
            path = key.split("@")[0]
            return f"Rent Control: all rents for a given path are the same (rent {path} N)"
        if n < 1:
            return f"Rent Control: every path is open at the government's rent, at least 1 ({key})"
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


def on_enter(state: CrusoeState, seat: str, path: str, events: list[Event] | None) -> None:
    """Declaring a path another owns takes up his Lease: in a money economy N dollars owed,
    in barter the first X productions."""
    if not on(state):
        return
    land = state.land
    owner = land.owners.get(path)
    rent = rent_for(land, path, seat)
    if owner is None or owner == seat or rent is None:
        return
    if state.settings.monetary:
        if rent:
            owed = land.debts.setdefault(seat, {})
            owed[owner] = owed.get(owner, 0) + rent
        what = f"${rent}, paid as soon as he holds money"
    else:
        land.leases[seat] = rent
        what = f"the first {rent} time{'' if rent == 1 else 's'} he produces goods on it"
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "lease",
                f"{seat} takes a Lease on {owner}'s {path}: {what}.",
                data={"seat": seat, "owner": owner, "path": path, "rent": rent},
            )
        )


# -- on the path and at the Market --------------------------------------------------------------


def on_produce(
    state: CrusoeState, seat: str, gained: dict[str, int], events: list[Event] | None
) -> None:
    """A barter Lease: the goods of this production go to the Landlord ("Leisure and Radio
    Signals are not goods"); each production with goods counts one of the X."""
    if not on(state) or not state.land.leases.get(seat):
        return
    goods = {g: n for g, n in gained.items() if g in GOODS and n}
    if not goods:
        return
    player = state.players[seat]
    owner = state.land.owners.get(player.path or "")
    if owner is None or owner == seat:
        return
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


def on_exit(state: CrusoeState, seat: str, events: list[Event] | None) -> None:
    """Homestead: "the first player to exit a given path owns that path"."""
    path = state.players[seat].path
    if not homestead(state) or path is None or path in state.land.owners:
        return
    state.land.owners[path] = seat
    if events is not None:
        from sealed.core.events import Event

        events.append(
            Event(
                "land",
                f"Landlords Homestead: {seat} is the first to exit the {path} and owns it.",
                data={"seat": seat, "path": path},
            )
        )


def collect(state: CrusoeState, events: list[Event] | None) -> None:
    """A money Lease is paid "at the first opportunity": each tenant, in turn order, pays what he
    owes as far as his money goes; the rest stays owed (ruling 88)."""
    if not on(state) or not state.land.debts:
        return
    for tenant in [s for s in state.order if s in state.land.debts]:
        player = state.players[tenant]
        owed = state.land.debts[tenant]
        for owner in sorted(owed, key=state.seats.index):
            paid = min(player.money, owed[owner])
            if not state.players[owner].alive or not player.alive:
                paid = 0
            if paid:
                player.money -= paid
                state.players[owner].money += paid
                owed[owner] -= paid
            if events is not None and paid:
                from sealed.core.events import Event

                events.append(
                    Event(
                        "rent",
                        f"{tenant} pays {owner} ${paid} rent (${owed[owner]} still owed).",
                        data={"seat": tenant, "owner": owner, "dollars": paid},
                    )
                )
        state.land.debts[tenant] = {o: n for o, n in owed.items() if n}
        if not state.land.debts[tenant]:
            del state.land.debts[tenant]


# -- violence and death -----------------------------------------------------------------------


def paths_owned(state: CrusoeState, seat: str) -> int:
    return sum(1 for s in state.land.owners.values() if s == seat) if on(state) else 0


def extra_dice(state: CrusoeState, seat: str) -> int:
    """ "A player rolls one additional die during the violence phase for each path he owns."""
    return paths_owned(state, seat)


def take_deeds(
    state: CrusoeState, losers: Sequence[str], winners: Sequence[str], events: list[Event] | None
) -> None:
    """The losers' paths go to the winners "just like they were goods" (ruling 90): with all
    their goods (fine all, kill), one path at a time to the winners in turn order, in board
    order, as ``violence._take`` deals goods."""
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
        {s for s in land.owners.values() if not state.players[s].alive}, key=state.seats.index
    )
    living = state.living()
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
    return lines


def allowed_in_view(land: Mapping[str, Any], seat: str, paths: Sequence[str]) -> list[str]:
    """The paths of ``paths`` open to ``seat`` by the ledger a view holds (for the bots)."""
    if not land:
        return list(paths)
    ledger = Land(
        owners=dict(land.get("owners", {})),
        rents={p: dict(t) for p, t in land.get("rents", {}).items()},
    )
    return [p for p in paths if rent_for(ledger, p, seat) is not None]


def rent_in_view(land: Mapping[str, Any], seat: str, path: str) -> int:
    """The rent ``seat`` would pay on ``path`` by a view's ledger (0: none, or forbidden)."""
    if not land:
        return 0
    ledger = Land(
        owners=dict(land.get("owners", {})),
        rents={p: dict(t) for p, t in land.get("rents", {}).items()},
    )
    return rent_for(ledger, path, seat) or 0
