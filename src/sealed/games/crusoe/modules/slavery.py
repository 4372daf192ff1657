"""Slavery (Optional Rules, Alternate Punishments): "Players who lose a fight may be enslaved,
as long as there is a player to act as the slavemaster."

Built for the Hobbesian State of Nature and the barter economies: Tribal Capitalism (a slave
trades as a player, and what is traded to him goes to his master, ruling 131), Tribal
Communism and Socialism and Governmental Socialism (a head of the split, the draft and the
division, no vote: ruling 164), the Traditional Economy (his produce taxed from his master's
goods; a slave Firefly owed no provision: ruling 165); and for the money economies (a slave
no trader nor legal seller nor buyer, his produce his master's production and wage, no tax
burden, no welfare, no $100, no money (a CEO's share his master's), no policy, plan or wage:
rulings 166, 167), under every government: a slave holds no office and is never the first
player who decides what a Bureaucracy's chart cannot (ruling 167). Crusoe's Economy (no
violence) is ruled out; with The Church a slave neither tithes nor gets charity (ruling 216;
the More Devout Church, no violence, is ruled out); under Guild Oligarchy he produces within
his own guild and a master's group is one of those who could produce a good (ruling 217);
under Third World Country he is never the Agent (ruling 218); under the Objectivist Model what
he produces goes to John Galt, and a slave Galt's acquisitions to his master (ruling 219); under
Men's Work his master chooses him a path he may take (ruling 220); the Paternalistic Economy's
government assigns him none (ruling 221); under Doll's House a slave is bound in no marriage
and a wife owns no slave (ruling 256); in the Matriarchal Golden Age the women's government
assigns the free men only (ruling 257); with Exile exiles enslave exiles, a slave parted from his
master by it is free, and a slave returns with the exiles (rulings 258-260), barters at their
barter in a money game too (300) and, at the main encampment, counts against their return
(301); with Landlords and Corporations his paths, rent, shares, dividends and fees are his
master's (rulings 248-252). A slave carries the public role ``slave-of-N`` (N: his master's
place at the table, 0 first).

- The verdict ``enslave``: every living loser becomes the slave of the first living winner in
  turn order who is not a slave (ruling 124); his goods not fined (all: the verdict is
  enslave) and Radio Signals go to the master, and so do his own slaves (ruling 125).
- Goods and Radio Signals a slave acquires go to his master at the end of the step that gave
  them (Leisure stays with the slave), except while he is being fed and eats (ruling 126).
- Paths: the master chooses his slave's path (ruling 127). On another path the slave is
  unsupervised and moves and produces as a free man; on the master's he is supervised: he
  moves where the master's roll takes him (2d6 the greater when he starves or thirsts), the
  master chooses what he takes or nothing, and they are one person for overburdening until
  a production is duplicated (rulings 133, 134); in battle he loses one from his die, his
  master may roll an extra die, and he attacks or joins only his master or fellow slaves
  (ruling 135).
- Consumption: before anyone eats, each master feeds each slave (``feed SLAVE GOODS``),
  frees him with goods (``free SLAVE GOODS``, ruling 128) or hands him to a new master without
  goods (``hand SLAVE SEAT``, ruling 132); the slave eats only what he was given.
- Slaves are Indigent in violence, never vote (ruling 129), and are freed by winning a battle
  against their master or when the master dies (ruling 130).
- Added by options (default off: the game as before): ``slavery_permission``, a supervised
  slave's attack on anyone else asks his master (ruling 168); ``slavery_any_time``, a master
  may also free or hand over a slave when asked for a path or to initiate violence (169).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from sealed.core.errors import OptionError
from sealed.core.events import Audience, Event
from sealed.core.game import Options
from sealed.games.crusoe.modules import gender

if TYPE_CHECKING:
    from collections.abc import Mapping

    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import CrusoeState, Player
    from sealed.games.crusoe.views import CrusoeView

SLAVE = "slave-of-"  # slave-of-N: the slave of the N-th seat (0 first) of the table
EXILE = "exile"  # Exile's public role (modules/punishments.py imports this module)
FED = "fed"  # fed this consumption phase (or asked and fed nothing)
HANDED = "handed"  # handed to a new master this consumption phase (ruling 132)
HANDED_ASIDE = "handed-aside"  # handed at a path or violence decision still open (ruling 233)
GROUP_NAMES = (  # the icon types a player takes (orders.GROUPS: not imported at load time)
    "fruit",
    "water",
    "egg",
    "fish",
    "spear",
    "diamond",
    "leisure",
    "speared_fish",
    "cb",
    "military",
    "top40",
)
ROLES = (  # the supervision's marks are defined with it, below
    *(f"{SLAVE}{n}" for n in range(24)),
    FED,
    HANDED,
    "handed-aside",
    "even-roll",
    "directed",
    "duplicated",
    *(f"took-{g}" for g in (*GROUP_NAMES, "nothing")),
    *(f"permit-{n}" for n in range(24)),
)  # seats as many as Doll's House's wives
MONEY_BARRED = (  # "not considered players" in a money economy: never asked (ruling 167)
    "policy",
    "plan",
    "wage",
    "trade",
)
OFFICE = ("campaign",)  # a slave stands for no office in any economy (ruling 167)
VOTES = (  # the decisions that are votes: "Slaves may never vote"
    "verdict",
    "estate",
    "vote",
    "ballot",
    "elect",
    "exile-vote",
    "amend-ballot",
    "plan-ballot",
    "wage-ballot",
    "warlord",
    "deal",
    "rent-ballot",
    "assign-ballot",
)


RULES = {  # option -> the rule it adds to Slavery (Settings.slavery_rules)
    "slavery_permission": "permission",  # a master's permission to attack (ruling 168)
    "slavery_any_time": "any-time",  # freeing and handing over at other moments (ruling 169)
}
BUILT_MODULES = (  # 216-221; Landlords 248-250; Corporations 251, 252
    "church",
    "guild_oligarchy",
    "third_world",
    "paternalistic",
    "landlords",
    "corporations",
)


def read_options(options: Options) -> tuple[str, ...]:
    """The Slavery rules added by their options (none by default: the game as before).

    :raises OptionError: such an option without Slavery in play, in one line."""
    chosen = [option for option in RULES if bool(options.get(option, False))]
    words = str(options.get("punishments", "none")).replace(",", "+").split("+")
    if chosen and "slavery" not in (w.strip().lower() for w in words):
        raise OptionError(f"{chosen[0]}: Slavery is not in play (option punishments=slavery)")
    return tuple(RULES[option] for option in chosen)


def rule_on(state: CrusoeState, rule: str) -> bool:
    return in_play(state) and rule in state.settings.slavery_rules


def check_combination(options: Options, named: list[str]) -> None:
    """Slavery is built for every scenario with violence and every government (rulings 131,
    164-167), with the Less Devout Church (216), Guild Oligarchy (217), Third World Country
    (218), the Objectivist Model (219), Gender's No Suffrage and Men's Work (220) and the
    Paternalistic Economy (221), Doll's House (256), the Matriarchal Golden Age (257) and Exile
    (258-260), Landlords (248-250) and Corporations (251, 252)."""
    scenario = str(options.get("scenario", "crusoes-economy"))
    if scenario == "crusoes-economy":  # the seed rules it out: nobody "lose[s] a fight"
        raise OptionError(
            "punishments slavery with scenario crusoes-economy: violence is not permitted, so "
            "nobody loses a fight to be enslaved (Slavery)"
        )
    if str(options.get("church", "none")) == "more-devout":  # the seed rules it out
        raise OptionError(
            "punishments slavery with church more-devout: the More Devout Church forbids "
            "violence, so nobody loses a fight to be enslaved (Slavery)"
        )
    from sealed.games.crusoe.modules.punishments import ECONOMY_MODULES

    for option, off in ECONOMY_MODULES.items():
        if option in BUILT_MODULES:
            continue
        if option in options and options[option] != off:
            raise OptionError(f"punishments slavery with {option}: not built yet (Slavery)")
    # every Gender variant is built with it: rulings 220, 256 and 257


def path_subject(state: CrusoeState, seat: str) -> str:
    """Whose rules a ``path`` order of ``seat`` is held to: under Men's Work or Landlords, when
    he chooses for his slave (the offer names him), the slave's, whose path it is and whose
    Lease and track hold it (rulings 220, 249). Otherwise the chooser's, as before (earlier
    games replay)."""
    own_rules = state.settings.mens_work_paths or state.settings.landlords != "none"
    if not in_play(state) or not own_rules or state.ask != "path":
        return seat
    if state.offer and str(state.offer[0]) in state.players:
        return str(state.offer[0])
    return seat


def in_play(state: CrusoeState) -> bool:
    return "slavery" in state.settings.punishments


def slave_player(player: Player) -> bool:
    return any(r.startswith(SLAVE) for r in player.roles)


def master_of(state: CrusoeState, seat: str) -> str | None:
    role = next((r for r in state.players[seat].roles if r.startswith(SLAVE)), None)
    return state.seats[int(role.removeprefix(SLAVE))] if role else None


def holder(state: CrusoeState, seat: str) -> str:
    """Who holds what ``seat`` produces or is owed: a slave's master (his goods "go
    immediately to their master"), anyone else himself (the Traditional tax, ruling 165)."""
    return (master_of(state, seat) if in_play(state) else None) or seat


def provided_for(state: CrusoeState, seat: str) -> bool:
    """Whether the Grasshopper must provide for ``seat`` as the Firefly: not for a slave, who
    "can consume only what their master provides them" (ruling 165)."""
    return not (in_play(state) and master_of(state, seat) is not None)


def slaves_of(state: CrusoeState, master: str) -> list[str]:
    """The living slaves of ``master``, in turn order."""
    return [s for s in state.order if state.players[s].alive and master_of(state, s) == master]


def _set_master(state: CrusoeState, seat: str, master: str | None) -> None:
    player = state.players[seat]
    marks = (FED, HANDED, HANDED_ASIDE)  # a new bond (or none) starts with no marks
    kept = tuple(r for r in player.roles if not r.startswith(SLAVE) and r not in marks)
    player.roles = (*kept, f"{SLAVE}{state.seats.index(master)}") if master else kept


def choose_master(state: CrusoeState, winners: list[str]) -> str | None:
    """Ruling 124: the first living winner in turn order who is not a slave, nor a wife
    (Doll's House: what she gains her husband collects, so she owns no slave: ruling 256)."""
    free = [s for s in state.order if s in winners and state.players[s].alive]
    owners = (s for s in free if not slave_player(state.players[s]))
    return next((s for s in owners if gender.husband_of(state, s) is None), None)


def enslave_problem(state: CrusoeState) -> str | None:
    """Why the verdict ``enslave`` may not be cast now; None if it may."""
    if not in_play(state):
        return "Slavery is an optional rule not in play (option punishments=slavery)"
    battle = state.battles[state.battle]
    if choose_master(state, list(battle.attackers)) is None:
        if state.settings.gender_variant == "dolls-house":  # a wife is no master (256)
            return "enslave: no winner is free and unmarried to act as the slavemaster (ruling 256)"
        return "enslave: there is no free winner to act as the slavemaster (Slavery)"
    return None


def enslave(
    state: CrusoeState, losers: list[str], winners: list[str], events: list[Event] | None = None
) -> tuple[str, list[str]]:
    """Enslave the losers to the master of ruling 124; their goods, Radio Signals and own
    slaves go to him (ruling 125). Returns the master and the enslaved."""
    master = choose_master(state, winners)
    if master is None:
        return "", []
    for seat in losers:
        for slave in slaves_of(state, seat):
            _set_master(state, slave, master)
        _set_master(state, seat, master)
        _tell_holdings(events, seat, master, _confiscate(state, seat, master))
    return master, list(losers)


HOLDINGS = ("path-", "rent-", "shares-", "dividend-", "fee-")
"""The keys of what Landlords and Corporations add to a confiscation (``_take_land``,
``_take_stock``)."""


def _tell_holdings(
    events: list[Event] | None, seat: str, master: str, moved: Mapping[str, int]
) -> None:
    """The paths, rents, shares, dividends and fees an enslaved player's master takes (or that
    become nobody's) are told, as every other transfer of them is (rulings 248, 251); his goods
    and money go with the verdict, as they always did (ruling 125)."""
    held = {k: n for k, n in moved.items() if k.startswith(HOLDINGS)}
    gone = "-unowned"  # gender_no_land: his master may own no path (ruling 248 with 198)
    lost = [k.removeprefix("path-").removesuffix(gone) for k in held if k.endswith(gone)]
    taken = ", ".join(f"{k} {n}" for k, n in held.items() if not k.endswith(gone))
    parts = [f"{master} takes {taken}"] if taken else []
    parts += [f"the {p} becomes nobody's ({master} may own no land)" for p in lost]
    if parts:
        _tell(events, "to-master", f"{seat} is enslaved; {'; '.join(parts)}.", seat, master)


def _confiscate(state: CrusoeState, seat: str, master: str) -> dict[str, int]:
    """Move every good, Radio Signal and dollar of the slave ``seat`` to ``master`` (not
    Leisure; money only in a money economy, ruling 166)."""
    slave, owner = state.players[seat], state.players[master]
    moved: dict[str, int] = {}
    if slave.money:
        owner.money += slave.money
        moved["money"], slave.money = slave.money, 0
    for good, n in slave.goods.items():
        if n:
            owner.goods[good] += n
            slave.goods[good] = 0
            moved[good] = n
    for frequency, n in slave.radio.items():
        if n:
            owner.radio[frequency] += n
            slave.radio[frequency] = 0
            moved[f"radio-{frequency}"] = n
    moved.update(_take_land(state, seat, master))
    moved.update(_take_stock(state, seat, master))
    return moved


def _take_land(state: CrusoeState, seat: str, master: str) -> dict[str, int]:
    """Landlords (ruling 248): the slave's paths are his master's, as goods are ("ownership of
    paths may be transferred ... just like they were goods"); the rent owed him is owed his
    master, and the rent he owes his master owes (ruling 249). A debt between the two is void.
    An exile's paths and rent stay his while he is in exile: the exiles' battles move no path
    (ruling 273), so they pass to his master when he returns with him (ruling 305)."""
    if state.settings.landlords == "none" or EXILE in state.players[seat].roles:
        return {}
    land, moved = state.land, {}
    may_own = gender.may_own_land(state, master)  # gender_no_land: a woman owns none (198)
    for path, owner in list(land.owners.items()):
        if owner == seat and may_own:
            land.owners[path] = master
            moved[f"path-{path}"] = 1
        elif owner == seat:  # nobody's, as a dead Homestead owner's
            del land.owners[path]
            moved[f"path-{path}-unowned"] = 1
    for tenant, owed in list(land.debts.items()):
        if seat in owed:  # owed to the slave: his master's
            n = owed.pop(seat)
            if tenant != master:
                owed[master] = owed.get(master, 0) + n
                moved[f"rent-owed-by-{tenant}"] = n
    mine = land.debts.get(master, {})
    for owner, n in land.debts.pop(seat, {}).items():  # owed by the slave: his master owes it
        if owner != master and n:
            mine[owner] = mine.get(owner, 0) + n
            moved[f"rent-owed-to-{owner}"] = n
    if mine:
        land.debts[master] = mine
    for tenant in [t for t, owed in land.debts.items() if not owed]:
        del land.debts[tenant]
    return moved


def _take_stock(state: CrusoeState, seat: str, master: str) -> dict[str, int]:
    """Corporations (ruling 251): the slave's shares ("transferred ... exactly as though they
    were goods") and the dividends owed him are his master's; the fees he owes his master owes.
    A slave in exile's stay his until he returns with his master: the exiles' battles move no
    share (ruling 327, as ruling 305 keeps his paths)."""
    if not state.settings.corporations or EXILE in state.players[seat].roles:
        return {}
    corp, moved = state.corp, {}
    for path, held in corp.shares.items():
        n = held.pop(seat, 0)
        if n:
            held[master] = held.get(master, 0) + n
            moved[f"shares-{path}"] = n
    for path, n in corp.dividends.pop(seat, {}).items():
        due = corp.dividends.setdefault(master, {})
        due[path] = due.get(path, 0) + n
        moved[f"dividend-{path}"] = n
    for path, n in corp.debts.pop(seat, {}).items():
        if n:
            owed = corp.debts.setdefault(master, {})
            owed[path] = owed.get(path, 0) + n
            moved[f"fee-owed-{path}"] = n
    return moved


def sweep(state: CrusoeState, events: list[Event] | None) -> None:
    """After each step: slaves of dead masters go free (ruling 130); whatever a slave acquired
    goes to his master (ruling 126), but not while he is being fed or eats."""
    if not in_play(state):
        return
    for seat in state.seats:  # the dead too: they are in no turn order
        master = master_of(state, seat)
        if master and not state.players[seat].alive:
            _set_master(state, seat, None)  # a dead slave is nobody's
        elif master and not state.players[master].alive:
            _set_master(state, seat, None)
            _tell(events, "freed", f"{seat} is free: his master {master} is dead.", seat, master)
    _to_husbands(state, events)
    _free_apart(state, events)
    if state.ask not in (*ASIDE_ASKS, "permit"):  # the decision he was handed at is over (233)
        for player in state.players.values():
            player.roles = tuple(r for r in player.roles if r != HANDED_ASIDE)
    if state.ask in ("feed", "eat"):
        return
    collect(state, events)
    if state.phase != "consume":  # the marks of this consumption's feeding
        for player in state.players.values():
            player.roles = tuple(r for r in player.roles if r not in (FED, HANDED))
    if state.phase != "government":  # a permission lasts the government phase (ruling 168)
        for player in state.players.values():
            player.roles = tuple(r for r in player.roles if not r.startswith(PERMIT))


def _free_apart(state: CrusoeState, events: list[Event] | None) -> None:
    """Exile: a slave and his master on two sides of an Exile (either was exiled) are bound no
    more: "Exiles may not interact with non-exiles in any way", so nobody is there "to act as
    the slavemaster" (ruling 259)."""
    for seat in state.seats:
        master = master_of(state, seat)
        if master and (EXILE in state.players[seat].roles) != (
            EXILE in state.players[master].roles
        ):
            _set_master(state, seat, None)
            text = f"{seat} is free: he and his master {master} are on two sides of the Exile."
            _tell(events, "freed", text, seat, master)


def _to_husbands(state: CrusoeState, events: list[Event] | None) -> None:
    """Doll's House: a woman who owned slaves and is now a bound wife (married, or her husband
    back from slavery or exile) hands them to her husband, who collects what she gains
    (ruling 256)."""
    for seat in state.seats:
        master = master_of(state, seat)
        husband = gender.husband_of(state, master) if master else None
        if master and husband and state.players[seat].alive:
            _set_master(state, seat, husband)
            text = f"{seat} passes to {husband}: a wife's slaves are her husband's."
            _tell(events, "handed", text, seat, husband)


def collect(state: CrusoeState, events: list[Event] | None) -> None:
    """Whatever the slaves hold goes to their masters now (ruling 126); also called within a
    step before money is spent, as when a slave CEO's share is paid (ruling 166)."""
    if not in_play(state):
        return
    for seat in state.order or state.seats:  # no order yet: a money economy's policy (166)
        master = master_of(state, seat)
        if master is None:
            continue
        moved = _confiscate(state, seat, master)
        if moved:
            text = ", ".join(f"{k} {n}" for k, n in moved.items())
            _tell(
                events, "to-master", f"{seat}'s acquisitions go to {master}: {text}.", seat, master
            )


def leave_to_masters(state: CrusoeState, dead: list[str], events: list[Event] | None) -> None:
    """A slave who died at the meal leaves what he was fed and did not eat to his living master
    (ruling 126), not to an estate: version 3's ruling 240 (a version 2 game keeps its
    release's estate)."""
    if not in_play(state) or state.settings.version < 3:
        return
    for seat in dead:
        master = master_of(state, seat)
        if master is None or not state.players[master].alive:
            continue
        moved = _confiscate(state, seat, master)
        if moved:
            text = ", ".join(f"{k} {n}" for k, n in moved.items())
            _tell(events, "to-master", f"{seat} died a slave; {master} takes {text}.", seat, master)


def _tell(events: list[Event] | None, kind: str, text: str, seat: str, master: str) -> None:
    if events is not None:
        events.append(Event(f"slavery-{kind}", text, data={"seat": seat, "master": master}))


def after_battle(
    state: CrusoeState, winners: list[str], losers: list[str], events: list[Event] | None
) -> None:
    """ "If a slave ... wins a battle against his master then he is no longer a slave"."""
    if not in_play(state):
        return
    for seat in winners:
        master = master_of(state, seat)
        if master is not None and master in losers:
            _set_master(state, seat, None)
            _tell(events, "freed", f"{seat} wins against his master {master}: free.", seat, master)


# -- paths -------------------------------------------------------------------------------


def path_chooser(state: CrusoeState, seat: str) -> tuple[str, tuple[str, ...]]:
    """Who chooses ``seat``'s path, and the offer naming the slave: "The master chooses what
    path a given slave of his goes down"."""
    if not in_play(state):
        return seat, ()
    state.offer = ()  # no earlier decision's choices may be read as a slave's name
    master = master_of(state, seat)
    if master and state.settings.version >= 3 and not state.players[master].alive:
        return seat, ()  # his master died this step: he is free (ruling 130), so he chooses (241)
    return (master, (seat,)) if master else (seat, ())


def path_target(state: CrusoeState, seat: str) -> str:
    """Whose path the ``path`` order of ``seat`` sets (his slave's, when the offer names one)."""
    if in_play(state) and state.offer and str(state.offer[0]) in state.players:
        target = str(state.offer[0])
        state.offer = ()
        return target
    return seat


# -- consumption ----------------------------------------------------------------------------


def feed_phase(state: CrusoeState, events: list[Event] | None) -> bool:
    """Before anyone eats, the masters feed their slaves: True while some must still decide."""
    if not in_play(state):
        return False
    if not any(FED in p.roles for p in state.players.values()):
        sweep(state, events)  # the slaves' last acquisitions, before the first is fed
    master = next((s for s in state.order if _unfed(state, s)), None)
    if master is None:
        return False
    # one master and one slave at a time (turn order): the offer names the slave to feed
    state.ask, state.waiting, state.offer = "feed", (master,), (_unfed(state, master)[0],)
    return True


def _unfed(state: CrusoeState, master: str) -> list[str]:
    return [s for s in slaves_of(state, master) if FED not in state.players[s].roles]


def feed_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    """Why ``feed``/``free`` may not be given now (each order is for the first unfed slave)."""
    if not in_play(state):
        return "Slavery is an optional rule not in play (option punishments=slavery)"
    if state.ask != "feed":
        return _aside_problem(state, seat, order)
    unfed = _unfed(state, seat)
    if not unfed:
        return f"{order.word}: you have no slave to feed now (Slavery)"
    slave, _, new = order.name.partition(" ")
    if slave != unfed[0]:
        return (
            f"{order.word} {slave}: feed, free or hand {unfed[0]} now (your slaves in turn order)"
        )
    if order.word == "hand":
        return _hand_problem(state, seat, slave, new)
    return _goods_problem(state, seat, order)


def _goods_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    held = state.players[seat].goods
    for good, n in order.goods:
        if held[good] < n:
            return f"you hold {held[good]} {good}, not {n}"
    return None


def _hand_problem(state: CrusoeState, seat: str, slave: str, new: str) -> str | None:
    """Why ``slave`` may not be handed to ``new`` (ruling 132); None if he may."""
    if new not in state.players or not state.players[new].alive or new in (seat, slave):
        return f"hand {slave} {new}: the new master is another living player (Slavery)"
    if master_of(state, new) is not None:
        return f"hand {slave} {new}: {new} is a slave and may own nobody (Slavery)"
    if gender.husband_of(state, new) is not None:
        return f"hand {slave} {new}: {new} is a wife; her husband owns what she gains (ruling 256)"
    if (EXILE in state.players[seat].roles) != (EXILE in state.players[new].roles):
        return (
            f"hand {slave} {new}: exiles and the others may not interact in any way (Exile, "
            "ruling 259)"
        )
    if HANDED in state.players[slave].roles:
        return f"hand {slave}: he was handed over once this phase; feed or free him (ruling 132)"
    return None


def on_feed(
    state: CrusoeState, orders: Mapping[str, Order], chance: object, events: list[Event] | None
) -> None:
    """Each master's goods go to the slave named; ``free`` also frees him (ruling 128)."""
    state.offer = ()
    for master, order in orders.items():
        if order.word == "hand":  # ruling 132: no goods go with him
            slave = _hand(state, master, order, events)
            player = state.players[slave]
            player.roles = (*player.roles, HANDED)
            continue
        goods = _give(state, master, order)
        if order.word == "free":
            _free(state, master, order.name, goods, events)
        else:
            player = state.players[order.name]
            player.roles = (*player.roles, FED)
            _tell(events, "fed", f"{master} feeds {order.name}: {goods}.", order.name, master)


def _give(state: CrusoeState, master: str, order: Order) -> str:
    """The goods of a ``feed``/``free`` order from the master to the slave, as text."""
    for good, n in order.goods:
        state.players[master].goods[good] -= n
        state.players[order.name].goods[good] += n
    return ", ".join(f"{g} {n}" for g, n in order.goods) or "nothing"


def _free(
    state: CrusoeState, master: str, slave: str, goods: str, events: list[Event] | None
) -> None:
    _set_master(state, slave, None)
    _tell(events, "freed", f"{master} frees {slave}, giving {goods}.", slave, master)


def _hand(state: CrusoeState, master: str, order: Order, events: list[Event] | None) -> str:
    """Ruling 132: the slave named to his new master, with no goods; returns the slave."""
    slave, _, new = order.name.partition(" ")
    _set_master(state, slave, new)
    _tell(events, "handed", f"{master} hands {slave} to {new}.", slave, new)
    return slave


# -- freeing and handing over at other moments (``slavery_any_time``, ruling 169) ------------

ASIDE_ASKS = ("path", "violence")  # the decisions a master alone is asked at which he may


def aside_due(state: CrusoeState, ask: str, word: str) -> bool:
    """Whether ``free``/``hand`` may be written at ``ask`` (ruling 169)."""
    return word in ("free", "hand") and ask in ASIDE_ASKS and rule_on(state, "any-time")


def aside_help(state: CrusoeState, seat: str) -> str:
    """What a master asked for a path or to initiate violence is told he may also write
    (ruling 169), naming his living slaves; "" when nothing."""
    mine = slaves_of(state, seat) if rule_on(state, "any-time") else []
    if state.ask not in ASIDE_ASKS or not mine:
        return ""
    names = ", ".join(mine)
    return f"; or free SLAVE GOODS, hand SLAVE SEAT (your slaves: {names}; ruling 169)"


def _aside_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    """Why a ``free``/``hand`` outside the feeding may not be given: any living slave of his."""
    if not aside_due(state, state.ask or "", order.word):
        return f"{order.word}: only at the feeding (Slavery; slavery_any_time adds other moments)"
    slave, _, new = order.name.partition(" ")
    if slave not in slaves_of(state, seat):
        mine = ", ".join(slaves_of(state, seat)) or "none"
        return f"{order.word} {slave}: not a living slave of yours (yours: {mine})"
    if order.word == "hand" and HANDED_ASIDE in state.players[slave].roles:
        when = "while the paths are chosen" if state.ask == "path" else "in this round of violence"
        return f"hand {slave}: he was handed over once {when} (ruling 233)"
    if order.word == "hand":
        return _hand_problem(state, seat, slave, new)
    return _goods_problem(state, seat, order)


def aside(state: CrusoeState, seat: str, order: Order, events: list[Event] | None) -> bool:
    """A master's ``free``/``hand`` written when asked for a path or to initiate violence
    (ruling 169): done at once; True when it was one (the caller asks him again)."""
    if order.word not in ("free", "hand"):
        return False
    state.offer = ()  # a path phase's offer names whose path is chosen: asked again
    if order.word == "hand":  # once per decision: no passing him back and forth (233)
        _add_role(state, _hand(state, seat, order, events), HANDED_ASIDE)
    else:
        _free(state, seat, order.name, _give(state, seat, order), events)
    return True


def bot_aside(view: CrusoeView, rng: random.Random) -> Order | None:
    """Now and then (one time in twenty) the random bot frees a slave with nothing or hands
    him to another free player, when asked for a path or to initiate violence (ruling 169)."""
    from sealed.games.crusoe.orders import Order

    if "any-time" not in view.slavery_rules or view.decide not in ASIDE_ASKS:
        return None
    mark = f"{SLAVE}{[p.seat for p in view.players].index(view.seat)}"
    mine = [p.seat for p in view.players if p.alive and mark in p.roles]
    if not mine or rng.random() >= 0.05:
        return None
    slave = rng.choice(mine)
    free = [
        p.seat
        for p in view.players
        if p.alive and p.seat not in (view.seat, slave) and _may_receive(view, p.roles)
    ]
    handed = any(p.seat == slave and HANDED_ASIDE in p.roles for p in view.players)
    if free and not handed and rng.random() < 0.5:  # once per decision (ruling 233)
        return Order("hand", name=f"{slave} {rng.choice(free)}")
    return Order("free", name=slave)


def bot_feed(slave: str, held: Mapping[str, int], rng: random.Random | None) -> Order:
    """A bot's feeding: the greedy keeps one water and three food for itself and gives the
    slave what is left, up to one water and three food (the foods it holds most of); the
    random one feeds a random part of that, one time in four frees the slave with it."""
    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import FOODS

    water = min(1, max(0, held.get("water", 0) - 1))
    spare = {f: held.get(f, 0) for f in FOODS}
    for _ in range(3):  # its own three, of the most plentiful
        food = max(FOODS, key=lambda f: spare[f])
        spare[food] = max(0, spare[food] - 1)
    given: dict[str, int] = {}
    for _ in range(3):
        food = max(FOODS, key=lambda f: spare[f])
        if spare[food] == 0:
            break
        spare[food] -= 1
        given[food] = given.get(food, 0) + 1
    if rng is not None:
        water = rng.randint(0, water)
        given = {f: rng.randint(0, n) for f, n in given.items()}
    goods = (("water", water), *((f, given[f]) for f in FOODS if given.get(f)))
    word = "free" if rng is not None and rng.random() < 0.25 else "feed"
    return Order(word, name=slave, goods=tuple((g, n) for g, n in goods if n))


def bot_permit(rng: random.Random | None) -> Order:
    """A bot master's answer to his slave's request (ruling 168): the greedy one lets him (what
    a slave wins is his master's, ruling 126); the random one at random."""
    from sealed.games.crusoe.orders import Order

    if rng is None:
        return Order("yes")
    return Order(rng.choice(("yes", "no")))


def bot_hand(view: CrusoeView, rng: random.Random) -> Order | None:
    """Now and then the random bot hands its slave to another free living player."""
    from sealed.games.crusoe.orders import Order

    slave = str(view.offer[0])
    mine = next(p for p in view.players if p.seat == slave)
    others = [
        p.seat
        for p in view.players
        if p.alive and p.seat not in (view.seat, slave) and _may_receive(view, p.roles)
    ]
    if HANDED in mine.roles or not others or rng.random() >= 0.15:
        return None
    return Order("hand", name=f"{slave} {rng.choice(others)}")


def master_in_view(view: CrusoeView) -> bool:
    """A bot's view of ruling 124: a winner of the battle judged is neither a slave nor a
    wife (Doll's House, ruling 256), so ``enslave`` has a master."""
    if "slavery" not in view.punishments or view.battle >= len(view.battles):
        return False
    winners = set(view.battles[view.battle]["attackers"])
    return any(
        p.alive and not any(r.startswith((SLAVE, gender.WIFE)) for r in p.roles)
        for p in view.players
        if p.seat in winners
    )


def _may_receive(view: CrusoeView, roles: tuple[str, ...]) -> bool:
    """A bot's view: whom it may hand a slave to: no slave, no wife (ruling 256), nobody on
    the other side of an Exile (ruling 258)."""
    mine = next(p.roles for p in view.players if p.seat == view.seat)
    owner = not any(r.startswith((SLAVE, gender.WIFE)) for r in roles)
    return owner and (EXILE in mine) == (EXILE in roles)


def may_decide(state: CrusoeState, seat: str, ask: str) -> bool:
    """ "Slaves may never vote as long as they remain slaves" (ruling 129); in a money economy
    "they do not participate in trade, and are not considered players" (ruling 167), but a
    slave in exile has left it and barters as in barter (ruling 300)."""
    if not in_play(state) or master_of(state, seat) is None:
        return True
    # an exile has left the money economy ("the rules of the economy he has left no longer
    # effect him"): under the exiles' barter a slave trades as in barter (rulings 131, 260, 300)
    money = state.settings.retail and EXILE not in state.players[seat].roles
    barred = (*VOTES, *OFFICE, *(MONEY_BARRED if money else ()))
    return ask not in barred


def in_market(state: CrusoeState, seat: str) -> bool:
    """Whether ``seat`` takes part in a money economy's market: not a slave (ruling 166)."""
    return not (in_play(state) and master_of(state, seat) is not None)


def slaves_produced(state: CrusoeState, seat: str, good: str) -> int:
    """The units of ``good`` ``seat``'s living slaves produced this cycle, which he holds and
    brings to the commodity market as his own this cycle's production (ruling 166), or to
    Governmental Socialism's pool of the goods produced (ruling 164)."""
    if not in_play(state):
        return 0
    return sum(state.players[s].produced.get(good, 0) for s in slaves_of(state, seat))


def bound(roles: tuple[str, ...]) -> bool:
    """A bot's view: a slave's public role (not a trader in a money economy, ruling 166)."""
    return any(r.startswith(SLAVE) for r in roles)


# -- supervision (rulings 133-135) ---------------------------------------------------------

EVEN = "even-roll"  # on a master: his group's 2d6 came up even, no icon may be used
DIRECTED = "directed"  # on a supervised slave: his master chooses what he takes now
DUPLICATED = "duplicated"  # on a master: his group duplicated a production this cycle
TOOK = "took-"  # took-GROUP: what a member of a supervised group took at this landing
PERMIT = "permit-"  # permit-N on a supervised slave: he may attack the N-th seat (ruling 168)
NOTHING = "nothing"  # a supervised slave may take nothing (to avoid duplication)


def supervised(state: CrusoeState, seat: str) -> bool:
    """ "If the master goes down the same path the slave is said to be supervised"."""
    master = master_of(state, seat) if in_play(state) else None
    if master is None:
        return False
    slave, owner = state.players[seat], state.players[master]
    return slave.alive and owner.alive and slave.path is not None and slave.path == owner.path


def followers(state: CrusoeState, master: str) -> list[str]:
    """The supervised slaves of ``master``, in turn order."""
    return [s for s in slaves_of(state, master) if supervised(state, s)]


def group_deprived(state: CrusoeState, master: str) -> bool:
    """ "If any supervised slave is Starving or Thirsty then the group moves by rolling 2d6,
    taking the greater"."""
    return any(state.players[s].deprived for s in followers(state, master))


def after_roll(state: CrusoeState, seat: str, may_interact: bool) -> None:
    """A master's roll moves his group: a new landing (its choices cleared), and whether the
    roll lets them use icons."""
    group = followers(state, seat)
    if not group:
        return
    for member in (seat, *group):
        player = state.players[member]
        player.roles = tuple(r for r in player.roles if not r.startswith(TOOK))
    _drop_role(state, seat, EVEN)
    if not may_interact:
        _add_role(state, seat, EVEN)


def next_follower(state: CrusoeState, mover: str) -> str | None:
    """The first supervised slave of ``mover`` not yet where his master landed."""
    if not in_play(state):
        return None
    where = state.players[mover].position
    return next((s for s in followers(state, mover) if state.players[s].position != where), None)


def follower_interacts(state: CrusoeState, slave: str) -> bool:
    master = master_of(state, slave)
    return master is None or EVEN not in state.players[master].roles


def take_groups(state: CrusoeState, seat: str, groups: list[str]) -> list[str]:
    """A supervised slave may also take nothing (ruling 134)."""
    return [*groups, NOTHING] if groups and supervised(state, seat) else groups


def take_chooser(state: CrusoeState, seat: str) -> str:
    """Who chooses what ``seat`` takes: "supervised slaves produce what their master tells
    them to"."""
    master = master_of(state, seat)
    if master is None or not supervised(state, seat):
        return seat
    _add_role(state, seat, DIRECTED)
    return master


def take_target(state: CrusoeState, seat: str) -> str:
    """Whose take the order of ``seat`` is: his directed slave's, if one awaits it."""
    if not in_play(state):
        return seat
    slave = next((s for s in slaves_of(state, seat) if DIRECTED in state.players[s].roles), None)
    if slave is None:
        return seat
    _drop_role(state, slave, DIRECTED)
    return slave


def record_take(state: CrusoeState, seat: str, group: str, events: list[Event] | None) -> None:
    """A group member takes ``group``: a second of the group taking it at this landing makes
    them separate people for overburdening for the rest of the cycle (ruling 134)."""
    members = _group(state, seat)
    if not members:
        return
    master = members[0]
    mark = f"{TOOK}{group}"
    if DUPLICATED not in state.players[master].roles and any(
        mark in state.players[m].roles for m in members if m != seat
    ):
        _add_role(state, master, DUPLICATED)
        text = f"{seat} takes {group} as another of {master}'s group did: separate from now on."
        _tell(events, "duplicated", text, seat, master)
    _add_role(state, seat, mark)


def crowd(state: CrusoeState, seat: str, players: int) -> int:
    """ "A master and his supervised slaves are treated as a single person for purposes of
    overburdening" until a production is duplicated."""
    members = _group(state, seat)
    if len(members) < 2 or DUPLICATED in state.players[members[0]].roles:
        return players
    return players - (len(members) - 1)


def guild_crowd(state: CrusoeState, seat: str, icon: str, able: int) -> int:
    """Guild Oligarchy counts the ``able`` on the path who could produce ``icon``; of them a
    master's undivided supervised group is still one person (ruling 217)."""
    members = _group(state, seat)
    if not state.settings.guild_oligarchy or len(members) < 2:
        return able
    if DUPLICATED in state.players[members[0]].roles:
        return able
    from sealed.games.crusoe.modules import roles

    mates = sum(1 for m in members if icon not in roles.barred_icons(state, state.players[m]))
    return able - max(0, mates - 1)


def _group(state: CrusoeState, seat: str) -> list[str]:
    """``seat``'s supervised group (its master first), or [] when he is in none."""
    master = master_of(state, seat) if supervised(state, seat) else seat
    if master is None or not in_play(state):
        return []
    group = followers(state, master)
    return [master, *group] if group else []


def new_cycle(state: CrusoeState) -> None:
    """The duplication lasts "for the rest of the cycle" (ruling 134): from version 4 a new
    cycle makes a master's group one person again (ruling 316; version 3 kept them apart for
    the rest of the game, as its records do)."""
    if in_play(state) and state.settings.version >= 4:
        for seat in state.seats:
            _drop_role(state, seat, DUPLICATED, EVEN)


def _add_role(state: CrusoeState, seat: str, role: str) -> None:
    if role not in state.players[seat].roles:
        state.players[seat].roles = (*state.players[seat].roles, role)


def _drop_role(state: CrusoeState, seat: str, *gone: str) -> None:
    state.players[seat].roles = tuple(r for r in state.players[seat].roles if r not in gone)


# -- supervised slaves in violence (ruling 135) --------------------------------------------


def die_penalty(state: CrusoeState, seat: str) -> int:
    """ "supervised slaves subtract one from their die roll (not to go below zero)"."""
    return 1 if supervised(state, seat) else 0


def extra_dice(state: CrusoeState, seat: str, side: list[str], opponents: list[str]) -> int:
    """A master fighting beside a supervised slave of his rolls an extra die "as long as there
    are no non-slaves fighting against them" (ruling 135)."""
    if not in_play(state) or not set(followers(state, seat)) & set(side):
        return 0
    return 1 if all(master_of(state, s) is not None for s in opponents) else 0


def attack_problem(state: CrusoeState, seat: str, word: str, name: str) -> str | None:
    """ "Supervised slaves may only initiate attacks against their masters and against fellow
    slaves of the same master ... They may only join attacks that include at least one such
    target" (ruling 135), "unless they have their master's permission to attack a specific
    person": with ``slavery_permission`` such an order is a request to the master (168)."""
    if not _outside(state, seat, word, name) or rule_on(state, "permission"):
        return None
    if word == "fight":
        return f"fight {name}: a supervised slave attacks only his master or fellow slaves"
    return f"join {name}: a supervised slave joins only a fight with his master or fellows"


def _outside(state: CrusoeState, seat: str, word: str, name: str) -> bool:
    """Whether ``word name`` reaches beyond a supervised slave's limits and his permissions."""
    if word not in ("fight", "join") or not supervised(state, seat):
        return False
    master = master_of(state, seat) or ""
    allowed = {master, *slaves_of(state, master), *permitted(state, seat)} - {seat}
    if word == "fight":
        return name not in allowed
    battle = next((b for b in state.battles if name in b.members), None)
    return battle is not None and not allowed & set(battle.members)


def permitted(state: CrusoeState, seat: str) -> list[str]:
    """Whom ``seat``'s master has let him attack in this government phase (ruling 168)."""
    marks = [r for r in state.players[seat].roles if r.startswith(PERMIT)]
    return [state.seats[int(r.removeprefix(PERMIT))] for r in marks]


def request(state: CrusoeState, seat: str, order: Order, events: list[Event] | None) -> bool:
    """A supervised slave's ``fight``/``join`` beyond his limits asks his master's permission
    (``slavery_permission``, ruling 168): True when the master is now asked."""
    if not rule_on(state, "permission") or not _outside(state, seat, order.word, order.name):
        return False
    master = master_of(state, seat) or ""
    state.ask, state.waiting = "permit", (master,)
    state.offer = (seat, order.word, order.name)
    text = f"{seat} asks {master}'s leave to {_asked(state, order.word, order.name)}."
    _tell_two(events, "request", text, seat, master)
    return True


def targets(state: CrusoeState, word: str, name: str) -> list[str]:
    """Whom ``word name`` attacks: the seat fought, or the other side of the battle whose
    side ``name`` is on (ruling 232: joining a side attacks its opponents, not the ally)."""
    if word == "fight":
        return [name]
    battle = next((b for b in state.battles if name in b.members), None)
    if battle is None:
        return []
    return list(battle.defenders if name in battle.attackers else battle.attackers)


def _asked(state: CrusoeState, word: str, name: str) -> str:
    if word == "fight":
        return f"attack {name}"
    return f"join the side of {name} against {' and '.join(targets(state, word, name))}"


def on_permit(
    state: CrusoeState, orders: Mapping[str, Order], chance: Any, events: list[Event] | None
) -> None:
    """The master's ``yes`` lets the slave attack the person named for the rest of this
    government phase, and his order stands; ``no`` makes it his pass (ruling 168)."""
    from sealed.games.crusoe import violence
    from sealed.games.crusoe.orders import Order

    slave, word, name = (str(x) for x in state.offer)
    state.offer = ()
    master = master_of(state, slave) or ""
    granted = any(o.word == "yes" for o in orders.values())
    if granted:  # the persons he is let attack: his opponents, never a side's ally (232)
        for target in targets(state, word, name):
            _add_role(state, slave, f"{PERMIT}{state.seats.index(target)}")
    verb = "lets" if granted else "does not let"
    text = f"{master} {verb} {slave} {_asked(state, word, name)}."
    _tell_two(events, "permit", text, slave, master)
    own = Order(word, name=name) if granted else Order("pass")  # refused: his pass
    violence.on_violence(state, slave, own, chance, events)


def _tell_two(events: list[Event] | None, kind: str, text: str, slave: str, master: str) -> None:
    """An event told to the slave and his master only (and the game master)."""
    if events is not None:
        audience = Audience.only(slave, master)
        data = {"seat": slave, "master": master}
        events.append(Event(f"slavery-{kind}", text, audience=audience, data=data))


def kept_from(view: CrusoeView, seat: str, other: str) -> bool:
    """A bot's view of ruling 135: ``seat`` is a supervised slave (on his living master's
    path) and ``other`` is neither his master nor a fellow slave of his; with
    ``slavery_permission`` nobody (such an attack asks the master: ruling 168)."""
    if "slavery" not in view.punishments or "permission" in view.slavery_rules:
        return False
    players = {p.seat: p for p in view.players}
    seats = [p.seat for p in view.players]
    role = (
        next((r for r in players[seat].roles if r.startswith(SLAVE)), "") if seat in players else ""
    )
    if not role:
        return False
    master = players[seats[int(role.removeprefix(SLAVE))]]
    me = players[seat]
    if not master.alive or me.path is None or me.path != master.path:
        return False
    fellows = {p.seat for p in view.players if role in p.roles} | {master.seat}
    return other not in fellows
