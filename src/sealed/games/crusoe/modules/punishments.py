"""Alternate Punishments (Optional Rules): "additional penalties that can be inflicted on the
losers of battles by the winners. They are optional because they add complexity."

Option ``punishments``: ``none`` (default: the basic verdicts kill, spare, fine), or the
rules added to the winners' choice, joined by ``+`` or ``,`` (``crippling``, ``exile``,
``exile+crippling``, ``slavery``, ``slavery+crippling``). Built:

- **Crippling**: "The winners may select one of the effects off the Disabilities table of the
  Disability Discrimination tack-on and inflict it on one or more of the losers. Disabilities
  6, 7, and 8 may not be selected, as they are not simple physical disabilities." The verdict
  ``cripple ROW`` (every loser of the battle) or ``cripple ROW SEAT ...`` (the losers named);
  the loser gets the public role ``disability-ROW``, replacing any row he had (ruling 117), and
  from then on the Disability module's hooks (``modules/roles.py``) apply it.

- **Exile** (scenario hobbesian, a tribal economy, the Traditional Economy or a money economy):
  the verdict
  ``exile`` sends every living loser to exile (public role ``exile``). Exiles and the
  others never trade, fight, join, inherit or overburden across; an invoker opens the government
  phase for his own side only, each side's first invoker paying (rulings 118-121). The exiles
  begin in the Hobbesian State of Nature (no trade); when an exile invoked and no exile started
  a fight, the living exiles vote (``establish tribal-capitalism``, ``tribal-communism`` or
  ``tribal-socialism``, ``return`` when they outnumber the others, or ``pass``; unanimous
  carries). Tribal Capitalism opens the Market to them (role ``exiles-barter``), Tribal
  Communism shares their goods out there (role ``exiles-share``), Tribal Socialism pools them
  for their own division (role ``exiles-pool``), until a new player is exiled; a return ends the
  exile and the returned (role ``returned`` for the rest of the phase) may start fights free
  (rulings 122, 123). Their Communism or Socialism in a Communism or Socialism game is a second
  central pile, shared after the main encampment's (role ``exiles-turn`` meanwhile: ruling 172).
  In the Traditional Economy an exile holds no rank: he is neither taxed nor provided for, taxes
  and provides for nobody, walks any path (his track waits for his return), barters without
  the ranks' limits and swaps no track (ruling 173). A woman's halved roll goes into exile;
  No Suffrage, Men's Work and Doll's House bind nobody there (``gender.py``; ruling 174). The
  guilds do not bind an exile, whose marker stays drawn (Guild Oligarchy, ruling 175). The
  Paternalistic Economy's (or the Matriarchal Golden Age's) assignment of the paths is the main
  encampment's alone (rulings 176, 282). The Church neither asks an
  exile's tithe, nor gives him charity, nor bans him (ruling 177). Third World Country's Basic
  Resource and NPLs are the main encampment's; an exiled Agent sends the MNCs away (178). An
  exiled Dictator is deposed, and no exile is elected or drawn to succeed him (179). In
  National Capitalism (Athenian Democracy or Dictatorship) an exile is no part of the money
  economy: no sale, tax, reward, list, retail neighbour, policy or ballot, no money (210);
  the exiles' own economy meets at the retail subphase, bartering with any exile (211).
  Likewise no welfare or say in the minimum wage (Welfare Capitalism, 212), no part in the
  pot or the $100 (Centralized Communism, 213), no legal sale, deal or signal pay (State
  Capitalism, 214), no part in the pot or its division (Governmental Socialism, 215). In
  Class Warfare Capitalism an exile is in no class and no CEO, the call for government is the
  main encampment's, he rolls his own dice and has one vote on his side's ballots (264-267); in
  Market Socialism no wage, purchase or say in the plan, and the black market is retail (268,
  269).
  Under a Representative Democracy, a Bureaucracy or a hybrid (in each money economy with a
  government: 278-281, 284) the government is the main encampment's: only it campaigns and
  elects the President, an exiled President is deposed (278); the chart reads its players only
  and its first player and unanimous vote are its own (279, 280); each hybrid branch as its
  form (281); a President, chart or hybrid assigns the paths of the main encampment only (282).
  With Landlords (``landlords.py``) the land is the main encampment's: an exile walks any path
  free, claims, takes and gives no path; his own paths stay his but are open to all, rent
  free, until he returns; rent owed across is void; the government's rents are the main
  encampment's (rulings 272-276); an exile enslaved in exile keeps his paths until he returns
  (``slavery._take_land``, ruling 305).

- **Slavery**: ``modules/slavery.py`` (rulings 124-135 and after). With Exile in one game
  (``slavery+exile``): one verdict a battle; a slave parted from his master by the Exile is
  free (``slavery.sweep``); a slave casts no ballot in the exiles' vote but shares their
  economy and returns with them (:func:`settle_vote`) (rulings 258-260).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.game import Options
from sealed.core.suggest import did_you_mean
from sealed.games.crusoe.modules import disability, slavery

if TYPE_CHECKING:  # state.py reads this module's options: no import at run time
    from sealed.core.events import Event
    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import CrusoeState

PUNISHMENTS = ("crippling", "slavery", "exile")
BUILT_PUNISHMENTS = ("crippling", "slavery", "exile")
EXCLUDED_ROWS = (6, 7, 8)  # "not simple physical disabilities"
CRIPPLING_ROWS = tuple(row for row in disability.TABLE if row not in EXCLUDED_ROWS)


def read_options(options: Options) -> tuple[str, ...]:
    """The ``punishments`` option as a tuple in the seed's order (() for none).

    :raises OptionError: an unknown punishment, one named twice, or one not built yet.
    """
    text = str(options.get("punishments", "none")).strip().lower()
    if text in ("", "none"):
        return ()
    named = [word for word in text.replace(",", "+").split("+") if word.strip()]
    named = [word.strip() for word in named]
    for word in named:
        if word not in PUNISHMENTS:
            hint = did_you_mean(word, PUNISHMENTS) or f" (one of {', '.join(PUNISHMENTS)})"
            raise OptionError(f"punishments: {word[:24]!r} is not an alternate punishment{hint}")
        if named.count(word) > 1:
            raise OptionError(f"punishments: {word} is named twice")
        if word not in BUILT_PUNISHMENTS:
            raise OptionError(
                f"punishments {word}: not built yet (Alternate Punishments; built: "
                f"{', '.join(BUILT_PUNISHMENTS)}); see docs/games/crusoe.md"
            )
    if "slavery" in named:
        from sealed.games.crusoe.modules.slavery import check_combination

        check_combination(options, named)
    if "exile" in named:
        _exile_combination(options)
    return tuple(p for p in PUNISHMENTS if p in named)


EXILE_SCENARIOS = (
    "hobbesian",
    "tribal-capitalism",
    "tribal-communism",
    "tribal-socialism",
    "traditional",  # ruling 173
    "national-capitalism",  # ruling 210: the exiles leave its money economy
    "welfare-capitalism",  # ruling 212: and its welfare and minimum wage
    "centralized-communism",  # ruling 213: and its pot and $100
    "state-capitalism",  # ruling 214: and its legal sellers, deals and printed money
    "governmental-socialism",  # ruling 215: and its pot and its division
    "class-warfare-capitalism",  # rulings 264-267: and its classes, CEOs, call and dice
    "market-socialism",  # rulings 268, 269: and its plan, wages, vault and purchases
)
ECONOMY_MODULES = {  # option -> its value when not in play: rules of an economy (Exile)
    "guild_oligarchy": False,
    "paternalistic": False,
    "third_world": False,
    "church": "none",
    "landlords": "none",
    "corporations": False,
}


EXILE_MODULES = (
    "guild_oligarchy",
    "paternalistic",
    "church",
    "third_world",
    "landlords",
    "corporations",
)
# 175-178; Landlords 272-276 (the land is the main encampment's economy); Corporations 324-329
# (so are the corporations: an exile keeps his shares, which neither vote nor pay while away)


def _exile_combination(options: Options) -> None:
    """Exile is built for the Hobbesian State of Nature, the tribal economies and the
    Traditional Economy, whose rules an exile simply leaves (rulings 118, 173), with Gender's
    variants (ruling 174), Guild Oligarchy (175), the Paternalistic Economy or Matriarchal
    Golden Age under the Athenian Democracy (176), The Church (177) and Third World Country
    (178), with a Dictator choosing the paths (179), the money economies of rulings 210-215,
    264-270 and Landlords (272-276), under every government: a President, a Bureaucracy or a
    hybrid (278-281, 284) or any government choosing the paths (282), and Corporations
    (324-329). Crusoe's Economy (no violence) is refused by name."""
    scenario = str(options.get("scenario", "crusoes-economy"))
    if scenario not in EXILE_SCENARIOS:  # Crusoe's Economy: the seed rules it out
        raise OptionError(
            f"punishments exile with scenario {scenario}: violence is not permitted, so nobody "
            f"loses a fight to be exiled (Exile; built with {', '.join(EXILE_SCENARIOS)})"
        )
    for option, off in ECONOMY_MODULES.items():
        if option in EXILE_MODULES:
            continue
        if option in options and options[option] != off:
            raise OptionError(f"punishments exile with {option}: not built yet (Exile)")
    # Every government is built with it: the main encampment's alone, whether the scenario's
    # (rulings 210, 278-281, 284) or a tack-on's assigning the paths (176, 179, 282), so no
    # government is refused (a tack-on's President in Centralized Communism was, by an old list)


def losers_under_verdict(state: CrusoeState) -> list[str]:
    """The living losers of the battle whose verdict is open."""
    battle = state.battles[state.battle]
    return [s for s in battle.defenders if state.players[s].alive]


def cripple_problem(state: CrusoeState, order: Order) -> str | None:
    """Why a ``cripple`` verdict may not be cast now, naming the rule; None if it may."""
    if "crippling" not in state.settings.punishments:
        return "Crippling is an optional rule not in play (option punishments=crippling)"
    if order.number not in CRIPPLING_ROWS:
        rows = " ".join(map(str, CRIPPLING_ROWS))
        return (
            f"cripple {order.number}: the winners select a row of the Disabilities table "
            f"({rows}); 6, 7 and 8 are not simple physical disabilities (Crippling)"
        )
    losers = losers_under_verdict(state)
    strangers = [s for s in order.name.split() if s not in losers]
    if strangers:
        return (
            f"cripple {order.number} {' '.join(strangers)}: only a loser of this battle may be "
            f"crippled ({', '.join(losers)})"
        )
    return None


def cripple(state: CrusoeState, order: Order, losers: list[str]) -> list[str]:
    """Inflict the row chosen on the losers named, or on every loser; return who was crippled.

    A player holds one row of the table: the new row replaces any he had (ruling 117)."""
    named = order.name.split()
    crippled = [s for s in losers if not named or s in named]
    for seat in crippled:
        player = state.players[seat]
        kept = tuple(r for r in player.roles if not r.startswith("disability-"))
        player.roles = (*kept, f"disability-{order.number}")
    return crippled


# -- Exile ---------------------------------------------------------------------------------

EXILE, BARTER, INVOKER, RETURNED = "exile", "exiles-barter", "invoker", "returned"
SHARE = "exiles-share"  # the exiles established Tribal Communism
POOL = "exiles-pool"  # the exiles established Tribal Socialism
TURN = "exiles-turn"  # the main encampment's pile is done: the exiles' own is shared (172)
ROLES = (EXILE, BARTER, SHARE, POOL, INVOKER, RETURNED, TURN, *slavery.ROLES)
TRIBAL = ("tribal-capitalism", "tribal-communism", "tribal-socialism")
BUILT_TRIBAL = TRIBAL
ECONOMY_ROLES = {"tribal-capitalism": BARTER, "tribal-communism": SHARE, "tribal-socialism": POOL}
PILES = (  # the economies with a central pile, the main encampment's shared first
    "tribal-communism",
    "tribal-socialism",
    "governmental-socialism",  # ruling 215
)
EXILES_FIRST = ("hobbesian", "tribal-capitalism")  # no Market step before the exiles' pile


def exile_in_play(state: CrusoeState) -> bool:
    return "exile" in state.settings.punishments


def exiled(state: CrusoeState, seat: str) -> bool:
    return EXILE in state.players[seat].roles


def in_market(state: CrusoeState, seat: str) -> bool:
    """Whether ``seat`` takes part in the main encampment's money economy: not an exile.
    "The rules of the economy he has left no longer effect him": he sells nothing into the
    commodity markets, has no tax burden and no Radio Signal reward, bids in no wholesale
    list, is nobody's retail neighbour and proposes and votes on no policy (ruling 210)."""
    return not (exile_in_play(state) and exiled(state, seat))


def retail_bound(state: CrusoeState, seat: str) -> bool:
    """Whether the Retail Subphase's neighbours bind ``seat``'s barter: not an exile's, whose
    Tribal Capitalism or Communism is barter with any exile (ruling 211)."""
    return state.settings.retail and in_market(state, seat)


def apart(state: CrusoeState, seat: str, other: str) -> bool:
    """One of the two is in exile and the other is not: they may not interact."""
    return other in state.players and exiled(state, seat) != exiled(state, other)


def apart_problem(state: CrusoeState, seat: str, other: str) -> str | None:
    """Why ``seat`` may not fight, join, trade with or inherit from ``other`` (Exile)."""
    if not apart(state, seat, other):
        return None
    where = "in exile" if exiled(state, other) else "at the main encampment"
    return f"{other} is {where}: exiles and the others may not interact in any way (Exile)"


def side(state: CrusoeState, seat: str) -> list[str]:
    """The living on ``seat``'s side (the exiles, or the others), in turn order."""
    return [s for s in state.order if state.players[s].alive and not apart(state, seat, s)]


def _add(state: CrusoeState, seat: str, role: str) -> None:
    if role not in state.players[seat].roles:
        state.players[seat].roles = (*state.players[seat].roles, role)


def _drop(state: CrusoeState, seat: str, *gone: str) -> None:
    state.players[seat].roles = tuple(r for r in state.players[seat].roles if r not in gone)


def exile(state: CrusoeState, losers: list[str]) -> list[str]:
    """Send the losers to exile; a new exile brings back the Hobbesian State of Nature there.
    Returns who was newly exiled."""
    new = [s for s in losers if not exiled(state, s)]
    for seat in new:
        _add(state, seat, EXILE)
    if new:
        for seat in state.seats:
            _drop(state, seat, *ECONOMY_ROLES.values())
    return new


def kept_from_trade(state: CrusoeState) -> list[str]:
    """Those who do not trade this Market: exiles still in the Hobbesian State of Nature, and
    the others when their own economy has no trade (the Hobbesian scenario)."""
    if not exile_in_play(state):
        return []
    return [s for s in state.order if state.players[s].alive and not _barters(state, s)]


def _barters(state: CrusoeState, seat: str) -> bool:
    """Whether ``seat`` trades at this Market: an exile under Tribal Capitalism or Communism
    (which ends in barter); the others when their economy has barter (not Socialism's)."""
    if exiled(state, seat):
        return any(role in state.players[seat].roles for role in (BARTER, SHARE))
    return state.settings.trade and not state.settings.common_pool


def _has_economy(state: CrusoeState, seat: str) -> bool:
    return any(role in state.players[seat].roles for role in ECONOMY_ROLES.values())


def exiles_trade(state: CrusoeState) -> bool:
    """The exiles established a tribal economy: their Market opens (even in a Hobbesian game)."""
    return any(_has_economy(state, s) for s in state.living())


def exiles_share(state: CrusoeState) -> bool:
    """The exiles established Tribal Communism: their goods are shared out at the Market."""
    return any(SHARE in state.players[s].roles for s in state.living())


def exiles_pool(state: CrusoeState) -> bool:
    """The exiles established Tribal Socialism: their goods go into their common pool."""
    return any(POOL in state.players[s].roles for s in state.living())


def sharers(state: CrusoeState) -> list[str]:
    """Who puts every good on the table at the Market (Tribal Communism's split and draft,
    Tribal Socialism's pool, proposals and votes), in turn order: every living player; under
    Exile the main encampment of a Tribal Communism or Socialism game, or else the exiles who
    established one."""
    living = [s for s in state.order if state.players[s].alive]
    if not exile_in_play(state):
        return living
    if state.settings.scenario in PILES and not exiles_turn(state):
        return [s for s in living if not exiled(state, s)]
    return [s for s in living if exiled(state, s) and _has_economy(state, s)]


def first_pile(state: CrusoeState) -> str | None:
    """The central pile shared first at the Market: ``share`` (Tribal Communism's split and
    draft) or ``pool`` (Socialism's division), the main encampment's before the exiles'
    (ruling 172); None when nobody shares a pile."""
    if state.settings.scenario == "tribal-communism":
        return "share"
    if state.settings.common_pool:
        return "pool"
    if state.settings.scenario not in EXILES_FIRST:  # the Grasshopper's tax comes first (173)
        return None
    if exiles_share(state):
        return "share"
    return "pool" if exiles_pool(state) else None


def exiles_turn(state: CrusoeState) -> bool:
    """The exiles' own pile is being shared (after the main encampment's: ruling 172)."""
    return any(TURN in state.players[s].roles for s in state.living())


def second_pile(state: CrusoeState) -> str | None:
    """The exiles' own pile, due once the main encampment's pile is divided, in a Tribal
    Communism or Socialism game whose living exiles established Communism (``share``) or
    Socialism (``pool``) among themselves (ruling 172); None if there is none to share."""
    if not exile_in_play(state) or state.settings.scenario in EXILES_FIRST or exiles_turn(state):
        return None
    exiles = [s for s in state.living() if exiled(state, s)]
    if any(SHARE in state.players[s].roles for s in exiles):
        return "share"
    return "pool" if any(POOL in state.players[s].roles for s in exiles) else None


def begin_second_pile(state: CrusoeState, kind: str, events: list[Event] | None) -> None:
    """Mark the exiles' turn to share their own pile (``kind``: share or pool); the mark ends
    with the Market."""
    from sealed.core.events import Event

    exiles = [s for s in state.living() if exiled(state, s)]
    for seat in exiles:
        _add(state, seat, TURN)
    if events is not None:
        how = "share out" if kind == "share" else "pool"
        events.append(
            Event(
                "exile-pile",
                f"The exiles ({', '.join(exiles)}) {how} their own goods, apart from the main "
                "encampment's pile.",
                data={"exiles": exiles},
            )
        )


def end_market(state: CrusoeState) -> None:
    """The exiles' turn at their own pile lasts one Market."""
    if exile_in_play(state):
        for seat in state.seats:
            _drop(state, seat, TURN)


def keeps_track(state: CrusoeState, seat: str) -> bool:
    """An exile in the Traditional Economy walks any path, keeping his track (his rank) for
    his return: the path he walks in exile does not become it (ruling 173)."""
    return state.settings.scenario == "traditional" and exiled(state, seat)


def swap_problem(state: CrusoeState, seat: str) -> str | None:
    """Exiles relate to one another as in the Hobbesian State of Nature: no track swap."""
    if not exiled(state, seat):
        return None
    return (
        "exiles relate to one another as in the Hobbesian State of Nature: the Traditional "
        "Economy's track swap is not theirs (Exile)"
    )


def crowd(state: CrusoeState, seat: str, path: str, players: int) -> int:
    """Overburdening counts only ``seat``'s side: "exiles and non-exiles do not overburden
    one another's paths" (``players``: everyone on the path, when Exile is not in play)."""
    if not exile_in_play(state):
        return players
    return sum(1 for s in side(state, seat) if state.players[s].path == path)


def open_sessions(
    state: CrusoeState, invoker: str, invokers: list[str], events: list[Event] | None
) -> None:
    """Each side's first invoker opens the government phase for his side only (the first of
    all has already paid); the other side's pays as an invoker does. The speeches are each
    side's, beginning and ending with its invoker, the first invoker's side first."""
    firsts = [invoker]
    other = next((s for s in invokers if apart(state, invoker, s)), None)
    if other is not None:
        firsts.append(other)
        _pay_and_tell(state, other, events)
    state.speakers = []
    for first in firsts:
        _add(state, first, INVOKER)
        ring = side(state, first)
        start = ring.index(first)
        state.speakers += [*ring[start:], *ring[:start], first]


def _pay_and_tell(state: CrusoeState, seat: str, events: list[Event] | None) -> None:
    from sealed.core.events import Event
    from sealed.games.crusoe.violence import indigent  # violence.py imports this module

    player = state.players[seat]
    paid = player.leisure > 0 and not indigent(player)
    if paid:
        player.leisure -= 1
    if events is not None:
        how = "paying one Leisure" if paid else "free, being Indigent"
        where = "the exiles" if exiled(state, seat) else "the main encampment"
        events.append(
            Event(
                "invoke",
                f"{seat} invokes government for {where} ({how}); speeches begin and end "
                f"with {seat}.",
                data={"seat": seat, "paid": paid, "exile": exiled(state, seat)},
            )
        )


def in_session(state: CrusoeState, seat: str) -> bool:
    """Whether ``seat`` takes part in this government phase: his side's government was
    invoked, or exiles have returned (then everyone, in normal play order)."""
    if not exile_in_play(state):
        return True
    living = state.living()
    if any(RETURNED in state.players[s].roles for s in living):
        return True
    return any(INVOKER in state.players[s].roles for s in living if not apart(state, seat, s))


def free_violence(state: CrusoeState, seat: str) -> bool:
    """Returned exiles "may then initiate violence for free"."""
    return RETURNED in state.players[seat].roles


def may_return(state: CrusoeState) -> bool:
    """ "If at any point there are more players in exile than not"."""
    living = state.living()
    exiles = sum(1 for s in living if exiled(state, s))
    return exiles > len(living) - exiles


def voters(state: CrusoeState) -> tuple[str, ...]:
    """The exiles' vote is due when an exile invoked government and no exile is in a battle."""
    if not exile_in_play(state):
        return ()
    exiles = [s for s in state.order if state.players[s].alive and exiled(state, s)]
    invoked = any(INVOKER in state.players[s].roles for s in exiles)
    fighting = any(s in b.members for b in state.battles for s in exiles)
    return tuple(exiles) if invoked and not fighting else ()


def vote_problem(state: CrusoeState, order: Order) -> str | None:
    """Why an exiles' ballot may not be cast, naming the rule; None if it may."""
    if order.word == "return" and not may_return(state):
        return (
            "the exiles may return to the main encampment only when they outnumber the others "
            "(Exile)"
        )
    if order.word == "establish" and order.name not in BUILT_TRIBAL:
        return f"establish {order.name}: the exiles' {order.name} is not built yet (Exile)"
    return None


def settle_vote(state: CrusoeState, ballots: dict[str, Order], events: list[Event] | None) -> bool:
    """Apply a unanimous ballot of the exiles; True if they returned (a new round of
    initiating violence follows, in which they fight free)."""
    from sealed.core.events import Event
    from sealed.games.crusoe.orders import format_order

    texts = {format_order(o) for o in ballots.values()}
    carried = texts.pop() if len(texts) == 1 and "pass" not in texts else None
    exiles = list(ballots)  # and their slaves, who cast none but go with them (ruling 260)
    exiles += [s for s in state.living() if exiled(state, s) and slavery.master_of(state, s)]
    if carried == "return":
        # version 3: their economy ends with the exile too (version 2 kept SHARE or POOL: 239)
        their_own = (SHARE, POOL) if state.settings.version >= 3 else ()
        for seat in exiles:
            _drop(state, seat, EXILE, BARTER, *their_own)
            _add(state, seat, RETURNED)
    elif carried is not None:
        economy = ECONOMY_ROLES[carried.removeprefix("establish ")]
        for seat in exiles:
            _drop(state, seat, *ECONOMY_ROLES.values())
            _add(state, seat, economy)
    if events is not None:
        what = {
            None: "no unanimous vote: nothing changes",
            "return": "they return to the main encampment and may start fights free",
            "establish tribal-communism": "they establish Tribal Communism among themselves",
            "establish tribal-socialism": "they establish Tribal Socialism among themselves",
        }.get(carried, "they establish Tribal Capitalism among themselves")
        events.append(
            Event(
                "exile-vote",
                f"The exiles ({', '.join(ballots)}) vote: {what}.",
                data={
                    "carried": carried or "",
                    "ballots": {s: format_order(o) for s, o in ballots.items()},
                },
            )
        )
    return carried == "return"


def end_government(state: CrusoeState) -> None:
    """The invokers' and the returned marks last one government phase."""
    if exile_in_play(state):
        for seat in state.seats:
            _drop(state, seat, INVOKER, RETURNED)


def heirs(state: CrusoeState, dead: str, living: list[str]) -> list[str]:
    """Who votes on and shares a dead player's goods: the living of his side (Exile)."""
    if not exile_in_play(state):
        return living
    return [s for s in living if not apart(state, dead, s)]


def abandon_estates(state: CrusoeState, events: list[Event] | None) -> None:
    """A dead player with nobody left alive on his side: his goods go back to the supply, as
    nobody may reach them (ruling 121)."""
    from sealed.core.events import Event

    if not exile_in_play(state):
        return
    while state.estates and not heirs(state, state.estates[0], state.living()):
        dead = state.estates.pop(0)
        left = {g: n for g, n in state.players[dead].goods.items() if n}
        state.players[dead].goods = dict.fromkeys(state.players[dead].goods, 0)
        if events is not None:
            where = "in exile" if exiled(state, dead) else "at the main encampment"
            events.append(
                Event(
                    "estate",
                    f"{dead}'s goods are left {where}, where nobody is alive to take them.",
                    data={"dead": dead, "heir": None, "shares": {}, "left": left},
                )
            )


def apart_reason(state: CrusoeState, seat: str) -> str:
    """Why ``seat`` is not on the side of the pool (Exile)."""
    where = "in exile" if exiled(state, seat) else "at the main encampment"
    return f"{seat} is {where}: exiles and the others may not interact in any way (Exile)"
