"""Paternalistic Economy (Advanced Tack-on Modules, Economic Modules).

"This tack-on explores the practice of having the government determine the best job for each
person to do. A government type must be selected, and the government gets to assign the
players to specific paths for production. This is nominally socialist."

Option (as Mad Jack emits it): ``paternalistic=true``. Each cycle, after the turn order is
dealt and before anyone chooses a path, the government assigns every living player a path
(``assign ana ant ben spider ...``): a Dictator or President alone, at once; an Athenian
Democracy as it decides its policy (ruling 30): the living propose in seat order, starting
one seat further on each cycle, each proposal put to a sealed yes / no vote of the living,
more than half yes carrying it. ``pass`` makes no assignment; if none is made, each player
chooses his own path as usual (rulings 102-103). The assignment under vote is on the table
(``assignment``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.games.crusoe.state import CrusoeState

Events = list[Event] | None

PATHS = ("ant", "dung_beetle", "spider", "sand_crab", "firefly", "bookworm", "grasshopper")
GOVERNMENTS = ("athenian", "dictatorship", "representative", "hybrid", "bureaucracy")
"""The governments that may assign the paths (a hybrid's branch for them: ruling 150; the
Bureaucracy's chart: ruling 191)."""
MATRIARCHAL = "matriarchal-golden-age"  # Gender's variant: the government assigns the men
EXILE = "exile"  # Exile's public role (modules/punishments.py)
SLAVE = "slave-of-"  # Slavery's public role (modules/slavery.py): his master's to send (221)


def read_options(options: Options) -> bool:
    """``paternalistic``. :raises OptionError: a combination the seed rules out or not built."""
    if not options.get("paternalistic", False):
        return False
    scenario = str(options.get("scenario", "crusoes-economy"))
    if scenario == "traditional":
        raise OptionError(
            "paternalistic with traditional: the Traditional Economy keeps each player on his "
            "path for life, so no government assigns it (ruling 103)"
        )
    government = str(options.get("government", "athenian"))
    if government not in GOVERNMENTS:
        raise OptionError(
            f"paternalistic with government {government}: not built yet (built: "
            f"{', '.join(GOVERNMENTS)}); see docs/games/crusoe.md"
        )
    return True


def decode(terms: tuple[tuple[str, int], ...]) -> dict[str, str]:
    """An ``assign`` order's terms (seat, the path's index in ``PATHS``): each seat's path."""
    return {seat: PATHS[index] for seat, index in terms}


def in_play(state: CrusoeState) -> bool:
    """The Paternalistic Economy, or the Matriarchal Golden Age's men's paths (ruling 113)."""
    return state.settings.paternalistic or state.settings.gender_variant == MATRIARCHAL


def unassigned(state: CrusoeState) -> list[str]:
    """The living in turn order who have no path yet (nor were sent to the Market: Landlords)."""
    everyone = state.settings.paternalistic  # else only the men (the Matriarchal Golden Age)
    return [
        s
        for s in state.order
        if state.players[s].alive
        and state.players[s].path is None
        and not _sent_to_market(state, s)
        and (everyone or "woman" not in state.players[s].roles)
        and EXILE not in state.players[s].roles  # an exile chooses his own (ruling 176)
        and not _slave(state, s)  # a slave's master chooses it (Slavery, ruling 221)
    ]


def _slave(state: CrusoeState, seat: str) -> bool:
    return any(r.startswith(SLAVE) for r in state.players[seat].roles)


def encampment(state: CrusoeState) -> list[str]:
    """The living at the main encampment, in seat order: the government's assignment is
    theirs alone; exiles neither propose, vote on nor get a path by it (Exile, ruling 176)."""
    return [s for s in state.living() if EXILE not in state.players[s].roles]


def proposers(state: CrusoeState) -> list[str]:
    """The ruler alone; else the living in seat order, one seat further on each cycle."""
    from sealed.games.crusoe import rulers  # rulers reads state's names; state imports this

    ruler = rulers.ruler_for_tack_on(state, "paths")  # a hybrid's branch (ruling 150)
    if ruler is not None:
        return [ruler]
    living = [s for s in encampment(state) if not _slave(state, s)]  # not exiles nor slaves
    if not living:
        return []
    start = (state.cycle - 1) % len(living)
    return living[start:] + living[:start]


def assign_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The next proposer is asked; when all have passed or lost their vote, paths are chosen.
    Under Landlords the Leases come first, and a player with no path open goes to the Market
    (ruling 153)."""
    from sealed.games.crusoe.modules import landlords  # landlords imports the state

    if landlords.before_paths(state, chance, events):  # the assignment is held to the Leases
        return
    for seat in unassigned(state):
        landlords.no_path_for(state, seat, events)
    if _charted(state):  # a Bureaucracy's chart assigns them (ruling 191)
        _chart_assignment(state, events)
        return
    seats = proposers(state)
    if unassigned(state) and state.turn < len(seats):
        state.ask, state.waiting = "assign", (seats[state.turn],)
        state.offer = tuple(offered(state))
        return
    if events is not None and unassigned(state):
        events.append(
            Event(
                "assignment",
                "No assignment is made: each player chooses his own path.",
                data={"assigned": {}},
            )
        )
    _to_paths(state)


def _charted(state: CrusoeState) -> bool:
    from sealed.games.crusoe import bureaucracy  # it imports the state, which imports this

    return bool(unassigned(state)) and bureaucracy.decides(state, "paths")


def _chart_assignment(state: CrusoeState, events: Events) -> None:
    """The chart's number for each player to assign: 1-7 a path in board order, 0 none; a
    path he may not go down (Men's Work, the Leases) is none: he chooses his own, as when no
    assignment is made (ruling 191). Its first player is asked what it cannot decide."""
    from sealed.games.crusoe import bureaucracy

    numbers = bureaucracy.chart_paths(state)
    if numbers is None:  # the first player is asked for a box
        return
    open_ = set(offered(state))
    chosen = {seat: PATHS[n - 1] for seat, n in numbers.items() if n}
    assigned = {seat: p for seat, p in chosen.items() if f"{seat}:{p}" in open_}
    left = [seat for seat in numbers if seat not in assigned]
    how = "by the Bureaucracy's chart" + (f"; {', '.join(left)} choose their own" if left else "")
    _apply(state, assigned, how, events)


def offered(state: CrusoeState) -> list[str]:
    """``seat:path`` for every player to assign and every path he may go down (the same check
    as his own choice: Men's Work, ...)."""
    from sealed.games.crusoe import legal  # legal imports the rules' modules

    return [
        f"{seat}:{path}"
        for seat in unassigned(state)
        for path in PATHS
        if legal.path_rule(state, seat, path) is None
    ]


def assignment_problem(state: CrusoeState, assigned: Mapping[str, str]) -> str | None:
    """Why this assignment is not allowed, naming the rule; None if it is."""
    due = unassigned(state)
    missing = [s for s in due if s not in assigned]
    if missing:
        return (
            f"Paternalistic Economy: the government assigns every player a path; "
            f"name {', '.join(missing)} too"
        )
    for seat, path in assigned.items():
        if seat not in due:
            return f"{seat} is not a living player awaiting a path" + _why_not(state, seat)
        if f"{seat}:{path}" not in state.offer:
            return f"{seat} may not go down the {path} path"
    return None


def _why_not(state: CrusoeState, seat: str) -> str:
    """Names the rule when an exile is named in the assignment (Exile, ruling 176)."""
    if seat in state.players and EXILE in state.players[seat].roles:
        return ": he is in exile, and the main encampment's government assigns its own (Exile)"
    if seat in state.players and _slave(state, seat):
        return ": he is a slave, whose path his master chooses (Slavery)"
    return ""


def on_assign(
    state: CrusoeState, seat: str, assigned: Mapping[str, str] | None, events: Events
) -> None:
    """A proposal (None: pass); the ruler's is in force at once, else it goes to the vote."""
    if assigned is None:
        state.turn += 1
        if events is not None:
            events.append(Event("proposal", f"{seat} assigns no paths.", data={"seat": seat}))
        return
    if proposers(state) == [seat] and _ruled(state):
        _apply(state, dict(assigned), f"by the ruler {seat}", events)
        return
    state.assignment = dict(assigned)
    state.ask, state.waiting = "assign-ballot", tuple(encampment(state))  # Exile: 176
    if events is not None:
        events.append(
            Event(
                "proposal",
                f"{seat} proposes the paths: {_text(assigned)}.",
                data={"seat": seat, "assigned": dict(assigned)},
            )
        )


def _ruled(state: CrusoeState) -> bool:
    from sealed.games.crusoe import rulers

    return rulers.ruler_for_tack_on(state, "paths") is not None


def on_ballot(state: CrusoeState, ballots: Mapping[str, bool], events: Events) -> None:
    """More than half of the ballots cast carries it (one vote each)."""
    yes = sum(1 for vote in ballots.values() if vote)
    carried = yes * 2 > len(ballots)
    if events is not None:
        events.append(
            Event(
                "vote",
                f"The paths proposed: {yes} yes, {len(ballots) - yes} no: "
                + ("carried." if carried else "not carried."),
                data={"yes": yes, "no": len(ballots) - yes, "carried": carried},
            )
        )
    assigned, state.assignment = state.assignment, {}
    if carried:
        _apply(state, assigned, "by vote", events)
    else:
        state.turn += 1


def _apply(state: CrusoeState, assigned: dict[str, str], how: str, events: Events) -> None:
    from sealed.games.crusoe.modules import landlords

    for seat, path in assigned.items():
        state.players[seat].path = path
        state.players[seat].track = path
    if events is not None:
        events.append(
            Event(
                "assignment",
                f"The government assigns the paths ({how}): {_text(assigned)}.",
                data={"assigned": dict(assigned)},
            )
        )
    for seat, path in assigned.items():  # an assigned path takes up its Lease (ruling 153)
        landlords.on_enter(state, seat, path, events)
    _to_paths(state)


def _sent_to_market(state: CrusoeState, seat: str) -> bool:
    """Landlords: no path was open to him, so he went straight to the Market (ruling 89)."""
    from sealed.games.crusoe.modules import landlords

    return landlords.on(state) and state.players[seat].position == landlords.OFF_THE_PATHS


def _to_paths(state: CrusoeState) -> None:
    state.assignment, state.offer = {}, ()
    state.phase, state.turn = "path", 0


def _text(assigned: Mapping[str, str]) -> str:
    return ", ".join(f"{seat} {path}" for seat, path in assigned.items())


def to_json(state: CrusoeState) -> dict[str, str]:
    return dict(state.assignment)
