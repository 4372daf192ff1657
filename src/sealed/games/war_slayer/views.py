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
from functools import lru_cache
from typing import Any

from sealed.core.game import Prompt
from sealed.games.war_slayer.state import (
    DOSSIER,
    OVER,
    PLACE_FIRST,
    PLACE_SECOND,
    THEATER,
    Card,
    Row,
    Side,
    WarSlayerState,
)

HIDDEN = "??"
TAKEN = "--"
HIDDEN_ROW = (HIDDEN, HIDDEN, HIDDEN)

# Views are snapshots of strings and tuples, built for every seat at every step of a
# simulation: plain slotted dataclasses, built positionally, cost a quarter of frozen
# ones. Nothing holds on to the state, so changing a view changes nothing else.


@dataclass(slots=True)
class OwnSide:
    hq_count: int
    hand: tuple[str, ...]
    dossier: tuple[str, ...]
    theater: tuple[str, ...]
    claimed: tuple[str, ...]


@dataclass(slots=True)
class OpponentSide:
    seat: str
    hq_count: int
    dossier: tuple[str, ...]
    theater: tuple[str, ...]
    claimed: tuple[str, ...]


@dataclass(slots=True)
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
    seats = state.seats
    me = 0 if seat == seats[0] else 1
    if seats[me] != seat:
        raise ValueError(f"{seat!r} is not a seat of this game")
    phase = state.phase
    placing = phase is PLACE_FIRST or phase is PLACE_SECOND
    return WarSlayerView(
        seat,
        state.mission,
        # Enum.value is a property and an enum's hash a Python call; _value_ (the
        # documented sunder name of the same value) is a plain attribute.
        phase._value_,
        state.operation,
        seats[state.dealer],
        seats[state.defeated],
        None if state.decider is None else seats[state.decider],
        _own(state.sides[me], placing),
        _opponent(state, 1 - me, placing),
        phase is OVER,
    )


# Rows are often empty, and a placed row always holds three cards: testing for the
# empty row first and reading the three slots by position save most of a view's cost.


def _own(side: Side, placing: bool) -> OwnSide:
    hq, dossier, theater, claimed = side.hq, side.dossier, side.theater, side.claimed
    return OwnSide(
        len(hq) - 3 if placing else len(hq),
        (hq[0].code, hq[1].code, hq[2].code) if placing else (),
        _dossier(dossier) if dossier else (),
        (theater[0].code, theater[1].code, theater[2].code) if theater else (),
        tuple([c.code for c in claimed]) if claimed else (),
    )


def _dossier(row: list[Card | None]) -> tuple[str, ...]:
    """One's own dossier: a taken information card shows as taken."""
    a, b, c = row
    return (
        TAKEN if a is None else a.code,
        TAKEN if b is None else b.code,
        TAKEN if c is None else c.code,
    )


def _opponent(state: WarSlayerState, index: int, placing: bool) -> OpponentSide:
    side = state.sides[index]
    dossier, theater, claimed = side.dossier, side.theater, side.claimed
    hidden: tuple[str, ...] = ()
    if dossier:
        a, b, c = dossier
        hidden = (
            TAKEN if a is None else HIDDEN,
            TAKEN if b is None else HIDDEN,
            TAKEN if c is None else HIDDEN,
        )
    return OpponentSide(
        state.seats[index],
        len(side.hq) - 3 if placing else len(side.hq),
        hidden,
        # Theater positions below ``operation`` are face up.
        _exposed(theater, state.operation) if theater else (),
        # Only cards taken from the viewer: the viewer placed them, so knows them.
        tuple([c.code for c in claimed]) if claimed else (),
    )


def _exposed(theater: list[Card], exposed: int) -> tuple[str, ...]:
    if exposed == 0:
        return HIDDEN_ROW
    return tuple([c.code for c in theater[:exposed]]) + HIDDEN_ROW[exposed:]


# -- prompts -------------------------------------------------------------------

DECIDE_HELP = (
    "Go on with the mission ('continue') or back out ('withdraw'): backing out "
    "gives every exposed operative to the winner of that operation."
)


@lru_cache(maxsize=1024)
def decide_prompt(mission: int, operation: int) -> Prompt:
    """The question to the loser of an operation (the same for every game: cached)."""
    return Prompt(
        f"mission {mission}: you lost operation {operation}",
        DECIDE_HELP,
        choices=("continue", "withdraw"),
    )


class PlacementPrompt(Prompt):
    """A placement prompt whose sentences are written when first read.

    Simulations ask for the prompts at every step, but bots rarely read their
    texts: this prompt keeps the facts (mission, the drawn cards, the open
    row) and writes ``phase`` and ``help`` on first access, then keeps them.
    It reads exactly like the :class:`Prompt` it stands for.
    """

    def __init__(self, mission: int, hand: list[Card], second: Row | None) -> None:
        # The dataclass is frozen: set the facts the way its own __init__ would.
        object.__setattr__(self, "_facts", (mission, hand, second))

    def __getattr__(self, name: str) -> Any:
        # Called only for attributes not yet set: the two texts, written once.
        if name not in ("phase", "help"):
            raise AttributeError(name)
        mission, hand, second = self.__dict__["_facts"]
        codes = " ".join(c.code for c in hand)
        if second is None:
            step, rows, example = "first placement", "'dossier' or 'theater'", "dossier"
        else:
            step, rows, example = "second placement", second.value, second.value
        object.__setattr__(self, "phase", f"mission {mission}: {step}")
        object.__setattr__(
            self,
            "help",
            f"You drew {codes}. Write {rows} and the three cards in operation order "
            f"(position 1 first), e.g. '{example} {codes}'.",
        )
        return self.__dict__[name]


def placement_prompt(state: WarSlayerState, index: int) -> Prompt:
    side = state.sides[index]
    second = None
    if state.phase is PLACE_SECOND:
        second = THEATER if side.dossier else DOSSIER
    return PlacementPrompt(state.mission, side.hq[:3], second)


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
