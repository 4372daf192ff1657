"""A government with one ruler: the Dictatorship and the Representative Democracy (Government
Types), applied in place.

"One player is randomly selected before the game begins to be the Dictator. Whenever the
government must make a decision he makes it." "The dictator need not pay leisure to invoke
government or initiate violence." "In a stable dictatorship the dictator has a number of dice
in Battle equal to the number of other players in the game ... If he comes out on the losing
side of a fight during the violence phase the winners of the fight must select a new Dictator
by election." "In an unstable dictatorship, the dictator has any number of dice which is less
than the number of other players, but at least one." "In a fanatic dictatorship ... The
dictator is assumed to win any battle he participates in, and is never wounded."

Representative Democracy: "This works exactly like Dictatorship, except that the dictator is
replaced with a president, who stands to election once per cycle": the campaign (one Leisure,
free for the sitting President) and the vote, just before the government phase.

The government's decisions (the policy, a Governmental Socialism division, a dead player's
goods) are asked of the ruler alone and take effect at once; the rest of the rules ask this
module who rules, how many dice a fighter rolls, and whether violence is free for him. The
rulings are in the manual (Dictatorship).

This module imports no other crusoe module but ``state``'s names through the state it is
given, so that ``state.Settings`` can read its options here without a cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from sealed.core.chance import Chance
from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.games.crusoe import hybrid
from sealed.games.crusoe.modules import punishments, slavery

if TYPE_CHECKING:
    from sealed.games.crusoe.orders import Order
    from sealed.games.crusoe.state import CrusoeState

Events = list[Event] | None

RULED = ("dictatorship", "representative")
"""The government forms in which one player makes every decision."""
STRENGTHS = ("stable", "unstable", "fanatic")
SCENARIOS_WITH_A_GOVERNMENT = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "market-socialism",
    "governmental-socialism",
)
"""The scenarios whose rules ask for a government type (Advanced Scenarios); the introductory
scenarios, State Capitalism ("No government type is required") and Centralized Communism
have none."""
TITLES = {"dictatorship": "Dictator", "representative": "President"}


GOVERNING_LANDLORDS = ("modern-rent-control", "government-ownership")
"""The Landlords variants whose rents a government sets ("[roll Gov't]")."""


def brought_by_a_tack_on(
    paternalistic: bool, gender: str = "none", landlords: str = "none"
) -> bool:
    """A tack-on that needs a government ("[roll Gov't]") brings one to a scenario without: the
    Paternalistic Economy (it assigns the paths; rulings 38, 103), the Matriarchal Golden Age
    (the men's paths) and Rent Control or Government Ownership (the rents); the government also
    decides a dead player's goods. In Tribal Socialism the tribe's vote still divides the pool
    (ruling 149; ``ruler_for``)."""
    return paternalistic or gender == "matriarchal-golden-age" or landlords in GOVERNING_LANDLORDS


def read_options(options: Mapping[str, object], scenario: str, government: str) -> tuple[str, int]:
    """``government_strength`` and ``government_dice`` for ``Settings``.

    :raises OptionError: a government other than the default named for a scenario without
        one, or an unknown strength.
    """
    governed = brought_by_a_tack_on(
        bool(options.get("paternalistic", False)),
        str(options.get("gender", "none")),
        str(options.get("landlords", "none")),
    )
    if government != "athenian" and scenario not in SCENARIOS_WITH_A_GOVERNMENT and not governed:
        raise OptionError(
            f"government {government}: the scenario {scenario} has no government (Government "
            "Types: 'Some advanced scenarios require that a government type be selected'); "
            f"scenarios with one: {', '.join(SCENARIOS_WITH_A_GOVERNMENT)}"
        )
    strength = str(options.get("government_strength", "stable"))
    if strength not in STRENGTHS:
        raise OptionError(
            f"government_strength {strength}: one of {', '.join(STRENGTHS)} (Dictatorship)"
        )
    dice = options.get("government_dice", 1)
    if not isinstance(dice, int) or isinstance(dice, bool) or dice < 1:
        raise OptionError(
            f"government_dice {dice}: a whole number, at least one (an unstable ruler's dice)"
        )
    return strength, dice


def ruled(state: CrusoeState) -> bool:
    """One player makes the government's decisions in this game (in a Constitutional Hybrid,
    those of its ruled branch; he has the ruler's military powers: ruling 69)."""
    settings = state.settings
    governed = settings.scenario in SCENARIOS_WITH_A_GOVERNMENT
    governed = governed or brought_by_a_tack_on(
        settings.paternalistic, settings.gender_variant, settings.landlords
    )
    return form(state) in RULED and governed


def form(state: CrusoeState) -> str:
    """The government whose ruler this game has: the government, or a hybrid's ruled branch."""
    settings = state.settings
    return hybrid.ruling_form(settings.government, settings.government_branches)


def title(state: CrusoeState, seat: str | None = None) -> str:
    """The ruler's title; with two rulers (ruling 196), that of the office(s) ``seat`` holds."""
    held = offices_of(state, seat) if seat is not None and two_rulers(state) else []
    if held:
        return " and ".join(TITLES[office] for office in held)
    return TITLES.get(form(state), "ruler")


def offices(state: CrusoeState) -> tuple[str, ...]:
    """The ruled offices of this game: none, one, or (a hybrid with two rulers, ruling 196)
    the Dictator's and the President's."""
    if not ruled(state):
        return ()
    settings = state.settings
    return hybrid.ruled_forms(settings.government, settings.government_branches)


def two_rulers(state: CrusoeState) -> bool:
    """A Constitutional Hybrid with a Dictatorship and a Representative Democracy branch."""
    return len(offices(state)) == 2


def holder(state: CrusoeState, office: str) -> str | None:
    """Who holds ``office``, living or dead: the President of a two-ruler hybrid is
    ``state.president``, every other ruler ``state.ruler``."""
    if office == "representative" and two_rulers(state):
        return state.president
    return state.ruler


def _install(state: CrusoeState, office: str, seat: str) -> None:
    if office == "representative" and two_rulers(state):
        state.president = seat
    else:
        state.ruler = seat


def ruler_of(state: CrusoeState, office: str) -> str | None:
    """The living holder of ``office``, if this game has it; under Exile, not one exiled by
    the verdict he lost, who holds nothing more until his successor is elected (ruling 278).
    A lone Dictatorship keeps its release's reading (fe99ef9): he ruled until then."""
    seat = holder(state, office) if office in offices(state) else None
    if seat is None or not state.players[seat].alive:
        return None
    banished = _exiled(state, seat) and state.settings.government != "dictatorship"
    return None if banished else seat


def offices_of(state: CrusoeState, seat: str) -> list[str]:
    """The offices ``seat`` holds, living (one player may hold both: ruling 196)."""
    return [office for office in offices(state) if ruler_of(state, office) == seat]


def _strength(state: CrusoeState, office: str) -> tuple[str, int]:
    settings = state.settings
    if office == "representative" and two_rulers(state):
        return settings.president_strength, settings.president_dice
    return settings.government_strength, settings.government_dice


def ruler_for(state: CrusoeState, task: str) -> str | None:
    """The living ruler, if he decides ``task`` (always, unless a hybrid gives it elsewhere)."""
    settings = state.settings
    office = hybrid.form_for(settings.government, settings.government_branches, task)
    if office not in RULED:
        return None
    if task == "distribution" and settings.scenario == "tribal-socialism":
        return None  # a tack-on's ruler: the tribe still divides its pool by vote (ruling 149)
    seat = ruler_of(state, office)
    across = seat is not None and state.estates and punishments.apart(state, seat, state.estates[0])
    if task == "estate" and across:  # a dead exile's goods: his side's vote, out of the main
        return None  # encampment's ruler's reach (Exile, ruling 238)
    return seat


def ruler_for_tack_on(state: CrusoeState, task: str) -> str | None:
    """The living ruler, if he decides a tack-on's ``task`` (the paths, the rents): a hybrid's
    branch for it when ``government_TASK`` names one (ruling 150), else the game's ruler (with
    two rulers, the Dictator: ruling 196)."""
    if task in dict(state.settings.government_branches):
        return ruler_for(state, task)
    return ruler(state)


def ruler(state: CrusoeState) -> str | None:
    """The living ruler, if the game has one (with two rulers, the Dictator)."""
    return ruler_of(state, form(state))


def rules_free(state: CrusoeState, seat: str) -> bool:
    """The ruler "need not pay leisure to invoke government or initiate violence"."""
    return bool(offices_of(state, seat))


def select_at_random(
    state: CrusoeState, chance: Chance, events: Events, why: str, office: str = ""
) -> None:
    """A ruler drawn among the living: one number from 1 to their count, in seat order."""
    from sealed.games.crusoe.modules.gender import voiceless  # it would import state.py

    living = [s for s in state.living() if "exile" not in state.players[s].roles]  # (179)
    # No Suffrage: a ruler's dice are no woman's (ruling 109); the women are drawn later at
    # the start, so this excludes them when a ruler dies
    living = [s for s in living if not voiceless(state, s)] or living
    if not ruled(state) or not living:
        return
    office = office or form(state)
    names = ", ".join(f"{n} {s}" for n, s in enumerate(living, 1))
    name = TITLES.get(office, "ruler")
    number = chance.integer(f"cycle {state.cycle}: the {name} at random ({names})", 1, len(living))
    seat = living[number - 1]
    _install(state, office, seat)
    if events is not None:
        events.append(
            Event(
                "ruler",
                f"{seat} is the {name} ({why}).",
                data={"ruler": seat, "how": "random", **_office_data(state, office)},
            )
        )


def _office_data(state: CrusoeState, office: str) -> dict[str, str]:
    """An event's ``office`` with two rulers only (other games' events unchanged)."""
    return {"office": TITLES[office]} if two_rulers(state) else {}


def begin(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Before the game begins, the Dictator is selected at random; with two rulers, then the
    sitting President, in a draw of his own (ruling 196)."""
    for office in offices(state):
        if holder(state, office) is None:
            why = "selected at random before the game begins"
            select_at_random(state, chance, events, why, office)


def succeed(state: CrusoeState, chance: Chance, events: Events) -> None:
    """A ruler who died of hunger or thirst is succeeded by one drawn at random (ruling 50);
    with two rulers, each office on its own (ruling 196)."""
    for office in offices(state):
        seat = holder(state, office)
        if seat is not None and not state.players[seat].alive:
            select_at_random(state, chance, events, f"{seat} died; drawn at random", office)


# -- battles ----------------------------------------------------------------------------------


def battle_dice(state: CrusoeState, seat: str) -> int:
    """One die each; a stable ruler one per other living player, an unstable one the dice set
    for him, never as many as the others nor fewer than one (ruling 51); one who holds both
    offices of a two-ruler hybrid rolls the more (ruling 196)."""
    return max((_office_dice(state, office) for office in offices_of(state, seat)), default=1)


def _office_dice(state: CrusoeState, office: str) -> int:
    others = len(state.living()) - 1
    strength, dice = _strength(state, office)
    if strength == "stable":
        return max(1, others)
    if strength == "unstable":
        return max(1, min(dice, others - 1))
    return 1


def fanatic(state: CrusoeState, seat: str) -> bool:
    """A fanatic ruler wins any battle he fights in and is never wounded (two fanatics on
    opposite sides: the dice decide, ruling 65)."""
    return any(_strength(state, office)[0] == "fanatic" for office in offices_of(state, seat))


def after_battle(state: CrusoeState, winners: list[str], losers: list[str]) -> None:
    """A ruler on the losing side: the winners of that fight must elect a new one; with two
    rulers, a successor to each office whose holder lost, the Dictator's first (ruling 197)."""
    if two_rulers(state):
        for office in offices(state):
            due = office in (o for o, _ in state.successions)
            if ruler_of(state, office) in losers and winners and not due:
                state.successions.append((office, list(winners)))
        return
    seat = ruler(state)
    if seat is not None and seat in losers and winners:
        state.electors = list(winners)


def election_due(state: CrusoeState) -> bool:
    return bool(state.electors) or bool(state.successions)


def electing_title(state: CrusoeState) -> str:
    """The title of the office an election fills now."""
    return TITLES.get("representative" if state.candidates else _electing(state), "ruler")


def _electing(state: CrusoeState) -> str:
    """The office whose holder a lost battle deposes now (``form`` with one ruler)."""
    return state.successions[0][0] if state.successions else form(state)


def candidates(state: CrusoeState) -> list[str]:
    """A President's election: those who campaigned; a *new* ruler after a lost battle: any
    living player but the one deposed (ruling 52)."""
    if state.candidates:
        return [s for s in state.candidates if state.players[s].alive]
    from sealed.games.crusoe.modules.gender import voiceless  # it would import state.py

    living = [s for s in state.living() if "exile" not in state.players[s].roles]  # (179)
    deposed = holder(state, _electing(state))
    # No Suffrage: a ruler's dice are no woman's (ruling 109)
    others = [s for s in living if s != deposed and not voiceless(state, s)]
    others = [s for s in others if slavery.in_market(state, s)]  # never a slave (ruling 167)
    if not others and _keeps_office(state, deposed):
        return []  # nobody is elected: he stays (ruling 317)
    return others or living


def _keeps_office(state: CrusoeState, deposed: str | None) -> bool:
    """Ruling 317 (version 4): when every living player who may hold a ruler's dice (ruling
    109) but the deposed ruler is gone, nobody new may be elected, so the deposed keeps the
    office, as when no winner is left to elect. Version 3 drew among every living player, the
    deposed and the voiceless included."""
    from sealed.games.crusoe.modules.gender import voiceless  # it would import state.py

    if state.settings.version < 4 or deposed is None or not state.players[deposed].alive:
        return False
    if "exile" in state.players[deposed].roles:  # an exiled ruler holds no office (179, 278)
        return False
    return not voiceless(state, deposed) and slavery.in_market(state, deposed)


def _stays(state: CrusoeState, voters: tuple[str, ...], events: Events) -> None:
    """The event of ruling 317: winners to elect, but nobody they may elect."""
    deposed = holder(state, _electing(state))
    if voters and deposed is not None and _keeps_office(state, deposed) and events is not None:
        office = _electing(state)
        text = (
            f"{deposed} stays {TITLES.get(office, 'ruler')}: nobody else living may hold a "
            "ruler's dice, so the winners elect no new one (ruling 317)."
        )
        events.append(Event("ruler", text, data={"ruler": deposed, "how": "stays"}))


def election_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    while state.successions:  # two rulers: each deposed office in turn (ruling 197)
        voters = tuple(s for s in state.successions[0][1] if state.players[s].alive)
        if voters and candidates(state):
            state.ask, state.waiting = "elect", voters
            return
        _stays(state, voters, events)
        state.successions.pop(0)  # no winner left to elect: he stays, as with one ruler
    voters = tuple(s for s in state.electors if state.players[s].alive)
    if voters and candidates(state):
        state.ask, state.waiting = "elect", voters
        return
    _stays(state, voters, events)
    state.electors, state.phase = [], "consume"


def _after_election(state: CrusoeState) -> None:
    """A President's election leads into the government phase; a deposed ruler's, out of it."""
    state.phase = "government" if state.candidates else "consume"
    state.electors, state.candidates = [], []


def on_elect(
    state: CrusoeState, orders: Mapping[str, Order], chance: Chance, events: Events
) -> None:
    """The most votes elect; a tie is settled by a roll among the tied (ruling 52). Every
    living player votes for a President; the winners of a battle for a deposed ruler's
    successor."""
    from sealed.games.crusoe import classwar  # it imports state.py, which imports this

    tally: dict[str, int] = {}
    for seat in candidates(state):  # Class Warfare Capitalism: a vote per Diamond held
        tally[seat] = sum(classwar.votes(state, v) for v, o in orders.items() if o.name == seat)
    best = max(tally.values(), default=0)
    tied = [s for s, n in tally.items() if n == best]
    how = "elected"
    office = "representative" if state.candidates else _electing(state)
    if len(tied) > 1:
        names = ", ".join(f"{n} {s}" for n, s in enumerate(tied, 1))
        # with two rulers the office filled, not the Dictator's title (one ruler: as before)
        filled = TITLES[office] if two_rulers(state) else title(state)
        pick = chance.integer(f"cycle {state.cycle}: the tie for {filled} ({names})", 1, len(tied))
        tied, how = [tied[pick - 1]], "elected, the tie settled by a roll"
    deposed = holder(state, office)
    _install(state, office, tied[0])
    if state.candidates:
        _announce(state, events, f"elected, {_votes(tally)}", how, tally)
        _after_election(state)
        return
    if events is not None:
        votes = ", ".join(f"{s} {n}" for s, n in tally.items() if n)
        data = {"ruler": tied[0], "deposed": deposed, "votes": tally, "how": how}
        events.append(
            Event(
                "ruler",
                f"{deposed} is deposed; the winners elect {tied[0]} {TITLES.get(office, 'ruler')} "
                f"({votes or 'no votes'}).",
                data=data | _office_data(state, office),
            )
        )
    if state.successions:
        state.successions.pop(0)
        if state.successions:  # the other office's election next (ruling 197)
            return
    _after_election(state)


# -- a Representative Democracy's election, each cycle before the government phase ----------


def election_held(state: CrusoeState) -> bool:
    """The President is elected once per cycle, "just before the government phase"."""
    return "representative" not in _forms(state) or state.elected == state.cycle


def _forms(state: CrusoeState) -> tuple[str, ...]:
    settings = state.settings
    return hybrid.ruled_forms(settings.government, settings.government_branches)


def begin_campaign(state: CrusoeState) -> None:
    """Each living player in turn order may campaign (ruling 55)."""
    state.elected, state.candidates, state.turn = state.cycle, [], 0
    state.phase = "campaign"


def campaign_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The living campaign in turn order, then vote; under Exile only the main encampment's:
    the President is its government, so an exile neither campaigns nor votes (ruling 278)."""
    living = [s for s in state.order if state.players[s].alive and not _exiled(state, s)]
    if state.turn < len(living):
        state.ask, state.waiting = "campaign", (living[state.turn],)
        return
    state.turn = 0
    running = candidates(state) if state.candidates else []
    if len(running) > 1:
        state.phase, state.ask, state.waiting = "election", "elect", tuple(living)
        return
    sitting = holder(state, "representative")
    if running:
        _install(state, "representative", running[0])
        _announce(state, events, "elected unopposed", "unopposed", {running[0]: 0})
    elif sitting is None or not state.players[sitting].alive or _exiled(state, sitting):
        why = "nobody campaigned; drawn at random"
        select_at_random(state, chance, events, why, "representative")
    elif events is not None:
        events.append(
            Event(
                "ruler",
                f"Nobody campaigns: {sitting} stays President.",
                data={"ruler": sitting, "how": "nobody campaigned"},
            )
        )
    state.candidates, state.phase = [], "government"


def _exiled(state: CrusoeState, seat: str) -> bool:
    """In exile: no part of the main encampment's offices (rulings 179, 278)."""
    return punishments.exile_in_play(state) and punishments.exiled(state, seat)


def may_campaign(state: CrusoeState, seat: str) -> bool:
    """One Leisure, paid in turn order; the sitting President campaigns free."""
    return state.players[seat].leisure >= 1 or ruler_of(state, "representative") == seat


def on_campaign(
    state: CrusoeState, seat: str, order: Order, chance: Chance, events: Events
) -> None:
    state.turn += 1
    if order.word == "pass":
        return
    free = ruler_of(state, "representative") == seat
    if not free:
        state.players[seat].leisure -= 1
    state.candidates.append(seat)
    if events is not None:
        how = "free, being the President" if free else "paying one Leisure"
        events.append(
            Event(
                "campaign",
                f"{seat} campaigns for President ({how}) and makes a speech.",
                data={"seat": seat, "paid": not free},
            )
        )


def _votes(tally: Mapping[str, int]) -> str:
    return ", ".join(f"{s} {n}" for s, n in tally.items()) or "no votes"


def _announce(
    state: CrusoeState, events: Events, text: str, how: str, tally: Mapping[str, int]
) -> None:
    if events is not None:
        events.append(
            Event(
                "ruler",
                f"{holder(state, 'representative')} is President ({text}).",
                data={"ruler": holder(state, "representative"), "how": how, "votes": dict(tally)},
            )
        )


# -- the government's decisions -----------------------------------------------------------------


def decree_division(state: CrusoeState, seat: str, events: Events) -> None:
    """Governmental Socialism: the ruler's division of the pool is the government's decision."""
    division = {heir: dict(goods) for heir, goods in state.proposal.items()}
    for heir, goods in division.items():
        for good, n in goods.items():
            state.players[heir].goods[good] += n
    if events is not None:
        shares = "; ".join(
            f"{heir} " + (", ".join(f"{n} {g}" for g, n in goods.items() if n) or "nothing")
            for heir, goods in division.items()
        )
        events.append(
            Event(
                "vote",
                f"The {title(state, seat)} {seat} divides the pool: {shares}.",
                data={"yes": [seat], "carried": True, "ruler": seat, "division": division},
            )
        )
    state.pile, state.proposal = {}, {}
    state.phase = "trade"
