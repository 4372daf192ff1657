"""What each seat may see, built by allow-list, and its rendering as text.

A seat sees: its own cards wherever they are (its hand, its rows, what it
took); the opponent's rows face down except operatives already flipped;
which row each player filled (Ruling "rows are seen"); the cards the opponent
took from it; both HQ sizes. It never sees the order of either HQ, the
opponent's face-down cards, or the score (the designers kept "not knowing
with any certainty whether a player was winning" on purpose).
"""

from __future__ import annotations

from dataclasses import dataclass

from sealed.games.war_slayer.state import Phase, Side, WarSlayerState

HIDDEN = "??"
TAKEN = "--"


@dataclass(frozen=True)
class OwnSide:
    hq_count: int
    hand: tuple[str, ...]
    dossier: tuple[str, ...]
    theater: tuple[str, ...]
    claimed: tuple[str, ...]


@dataclass(frozen=True)
class OpponentSide:
    seat: str
    hq_count: int
    dossier: tuple[str, ...]
    theater: tuple[str, ...]
    claimed: tuple[str, ...]


@dataclass(frozen=True)
class WarSlayerView:
    """One seat's knowledge. Slots read ``"??"`` face down, ``"--"`` taken."""

    seat: str
    mission: int
    phase: str
    operations_done: int
    dealer: str
    defeated: str
    deciding: str | None
    you: OwnSide
    opponent: OpponentSide
    over: bool


def build_view(state: WarSlayerState, seat: str) -> WarSlayerView:
    me = state.seats.index(seat)
    other = 1 - me
    return WarSlayerView(
        seat=seat,
        mission=state.mission,
        phase=state.phase.value,
        operations_done=state.operation,
        dealer=state.seats[state.dealer],
        defeated=state.seats[state.defeated],
        deciding=None if state.decider is None else state.seats[state.decider],
        you=_own(state, me),
        opponent=_opponent(state, other),
        over=state.phase is Phase.OVER,
    )


def _own(state: WarSlayerState, index: int) -> OwnSide:
    side = state.sides[index]
    hand = state.hand(index)
    return OwnSide(
        hq_count=len(side.hq) - len(hand),
        hand=tuple(c.code for c in hand),
        dossier=tuple(TAKEN if c is None else c.code for c in side.dossier),
        theater=tuple(c.code for c in side.theater),
        claimed=tuple(c.code for c in side.claimed),
    )


def _opponent(state: WarSlayerState, index: int) -> OpponentSide:
    side: Side = state.sides[index]
    exposed = state.operation
    return OpponentSide(
        seat=state.seats[index],
        hq_count=len(side.hq) - len(state.hand(index)),
        dossier=tuple(TAKEN if c is None else HIDDEN for c in side.dossier),
        theater=tuple(c.code if pos < exposed else HIDDEN for pos, c in enumerate(side.theater)),
        # Only cards taken from the viewer: the viewer placed them, so knows them.
        claimed=tuple(c.code for c in side.claimed),
    )


def render_view(view: WarSlayerView) -> str:
    """The view as a few lines of text (terminal, email)."""
    you, them = view.you, view.opponent
    if view.over:
        return (
            f"War Slayer V - you are {view.seat}, against {them.seat}. The game is over after "
            f"mission {view.mission}: your HQ holds {you.hq_count} cards, {them.seat}'s "
            f"{them.hq_count}."
        )
    lines = [
        f"War Slayer V, mission {view.mission} - you are {view.seat}, against {them.seat}.",
        f"Operations start from {view.defeated}'s left; {view.operations_done} done.",
        "",
        f"{them.seat}: HQ {them.hq_count} cards",
        f"  dossier  {_row(them.dossier)}",
        f"  theater  {_row(them.theater)}",
    ]
    if them.claimed:
        lines.append(f"  took from you: {' '.join(them.claimed)}")
    lines += [
        f"you: HQ {you.hq_count} cards",
        f"  theater  {_row(you.theater)}",
        f"  dossier  {_row(you.dossier)}",
    ]
    if you.claimed:
        lines.append(f"  you took: {' '.join(you.claimed)}")
    if you.hand:
        lines.append(f"  in hand: {' '.join(you.hand)}")
    return "\n".join(lines)


def _row(slots: tuple[str, ...]) -> str:
    return "  ".join(f"{slot:>3}" for slot in slots) if slots else "(empty)"
