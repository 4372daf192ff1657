"""War Slayer V values: cards, rows, sides and the game state.

A state is a frozen value. The cards a player is holding during a placement
step are the top three of their HQ: drawing and placing is one act (RULES:
"both players draw three cards from their HQ and look at them ... place these
three cards facedown"), so the HQ alone says what is in hand.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from sealed.core import setup as read
from sealed.core.game import Options

SUITS = ("C", "D", "H", "S")
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. ``rank`` 2-10, 11 J, 12 Q, 13 K, 14 A; ``suit`` C, D, H or S.

    The derived attributes are computed once: cards are compared in the
    simulation's inner loop.
    """

    rank: int
    suit: str
    code: str = field(init=False, compare=False, repr=False)
    """``"AS"``, ``"10H"``, ``"7C"``."""
    is_vip: bool = field(init=False, compare=False, repr=False)
    """The Ace of Spades (SCORING TABLE: "Ace of Spades | VIP | 10pts")."""
    is_double_agent: bool = field(init=False, compare=False, repr=False)
    """Royal cards, K Q J (SCORING TABLE: "Defectors (Double Agents)")."""
    strength: int = field(init=False, compare=False, repr=False)
    """Operation strength: numbers by value, an Agent (Ace) "counts as a 10+"."""
    points: int = field(init=False, compare=False, repr=False)
    """Points by the SCORING TABLE."""

    def __post_init__(self) -> None:
        vip = self.rank == 14 and self.suit == "S"
        setattr_ = object.__setattr__
        setattr_(self, "code", RANK_NAMES.get(self.rank, str(self.rank)) + self.suit)
        setattr_(self, "is_vip", vip)
        setattr_(self, "is_double_agent", 11 <= self.rank <= 13)
        setattr_(self, "strength", self.rank)
        setattr_(self, "points", 10 if vip else 5 if self.rank >= 11 else 1)

    def to_json(self) -> str:
        return self.code

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``"AS"``, ``"10h"``, ``"th"``; raise ``ValueError`` if it is not a card."""
        card = BY_CODE.get(normalise_code(text))
        if card is None:
            raise ValueError(f"{text!r} is not a card")
        return card


def normalise_code(text: str) -> str:
    """Upper case, with ``T`` spelled ``10``."""
    code = text.strip().upper()
    if code[:1] == "T":
        code = "10" + code[1:]
    return code


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(2, 15))
BY_CODE: dict[str, Card] = {card.code: card for card in DECK}
DECK_POINTS = sum(card.points for card in DECK)


class Row(enum.Enum):
    """The two sites of play."""

    DOSSIER = "dossier"
    THEATER = "theater"

    @property
    def other(self) -> Row:
        return Row.THEATER if self is Row.DOSSIER else Row.DOSSIER


class Phase(enum.Enum):
    """Where a mission stands."""

    PLACE_FIRST = "place-first"
    PLACE_SECOND = "place-second"
    DECIDE = "decide"
    OVER = "over"


# Python 3.11 reads an enum member written ``Phase.DECIDE`` through the enum
# metaclass's __getattr__ hook, a tenth of a microsecond each time; the rules and
# views compare phases and rows several times a step, so they use these names for
# the same members.
PLACE_FIRST: Final = Phase.PLACE_FIRST
PLACE_SECOND: Final = Phase.PLACE_SECOND
DECIDE: Final = Phase.DECIDE
OVER: Final = Phase.OVER
DOSSIER: Final = Row.DOSSIER
THEATER: Final = Row.THEATER


@dataclass(frozen=True, slots=True)
class Settings:
    """The rule options a game runs with; :meth:`from_options` is the one place options are read."""

    mission_limit: int = 200
    """End and score after this many missions; 0: no limit (Ruling "mission limit")."""
    dealer: int = 0
    """The seat index that deals (option ``dealer`` counts from 1)."""

    @classmethod
    def from_options(cls, options: Options) -> Settings:
        return cls(mission_limit=int(options["mission_limit"]), dealer=int(options["dealer"]) - 1)


class Side:
    """One player's cards: HQ (top first), the two rows, and cards taken this mission.

    Mutable: the rules change a state in place (``resolve`` works on a clone).
    ``dossier`` holds ``None`` where an Information Card was taken; both rows
    are empty until placed. ``points`` is the score of every card this side
    holds, kept up to date by the rules whenever a card changes sides, so the
    running score costs nothing to read.
    """

    __slots__ = ("claimed", "dossier", "hq", "points", "theater")

    def __init__(
        self,
        hq: list[Card],
        dossier: list[Card | None] | None = None,
        theater: list[Card] | None = None,
        claimed: list[Card] | None = None,
    ) -> None:
        self.hq = hq
        self.dossier: list[Card | None] = dossier or []
        self.theater: list[Card] = theater or []
        self.claimed: list[Card] = claimed or []
        self.points = sum([card.points for card in self.cards()])

    def copy(self) -> Side:
        side = Side.__new__(Side)
        side.hq, side.dossier = self.hq[:], self.dossier[:]
        side.theater, side.claimed = self.theater[:], self.claimed[:]
        side.points = self.points
        return side

    def row(self, row: Row) -> list[Card | None] | list[Card]:
        return self.dossier if row is DOSSIER else self.theater

    def cards(self) -> list[Card]:
        """Every card this side holds."""
        board = [c for c in self.dossier if c is not None] + self.theater
        return self.hq + board + self.claimed


@dataclass(slots=True, eq=False)
class WarSlayerState:
    """The whole game, changed in place by the rules. Seat ``i`` owns ``sides[i]``.

    ``operation`` counts the operations done this mission: theater positions
    below it are face up (exposed). ``defeated`` is the seat whose left the
    next operations start from (display only: orders name operation order).
    """

    seats: tuple[str, str]
    sides: tuple[Side, Side]
    dealer: int
    defeated: int
    mission: int = 1
    phase: Phase = PLACE_FIRST
    operation: int = 0
    decider: int | None = None
    vip_out: bool = False
    end: str | None = None
    settings: Settings = Settings(mission_limit=0)

    def clone(self) -> WarSlayerState:
        """An independent copy: new sides, the same immutable cards and settings."""
        return WarSlayerState(
            self.seats,
            (self.sides[0].copy(), self.sides[1].copy()),
            self.dealer,
            self.defeated,
            self.mission,
            self.phase,
            self.operation,
            self.decider,
            self.vip_out,
            self.end,
            self.settings,
        )

    def placing(self) -> bool:
        return self.phase is PLACE_FIRST or self.phase is PLACE_SECOND

    def hand(self, index: int) -> list[Card]:
        """The three cards ``index`` is placing now, or ``[]`` outside placement."""
        if self.phase is PLACE_FIRST or self.phase is PLACE_SECOND:
            return self.sides[index].hq[:3]
        return []


# -- JSON (the game master's view and the `setup` keys) ----------------------

REST = "..."
STATE_KEYS = (
    "mission",
    "phase",
    "operation",
    "dealer",
    "defeated",
    "decider",
    "vip_out",
    "end",
    "players",
)
SIDE_KEYS = ("hq", "dossier", "theater", "claimed")
ENDS = ("vip", "short", "limit")
PHASES = tuple(phase.value for phase in Phase)


def state_to_json(state: WarSlayerState) -> dict[str, Any]:
    """The full state; every key is documented in docs/games/war-slayer.md."""
    return {
        "mission": state.mission,
        "phase": state.phase.value,
        "operation": state.operation,
        "dealer": state.seats[state.dealer],
        "defeated": state.seats[state.defeated],
        "decider": None if state.decider is None else state.seats[state.decider],
        "vip_out": state.vip_out,
        "end": state.end,
        "players": {
            seat: {
                "hq": [c.code for c in side.hq],
                "dossier": [None if c is None else c.code for c in side.dossier],
                "theater": [c.code for c in side.theater],
                "claimed": [c.code for c in side.claimed],
            }
            for seat, side in zip(state.seats, state.sides, strict=True)
        },
    }


def state_from_json(
    data: Mapping[str, Any], seats: Sequence[str], settings: Settings
) -> WarSlayerState:
    """Rebuild a state strictly, and only one the rules can play on from.

    An ``hq`` list may end with ``"..."``: the cards named nowhere else follow,
    in deck order, shared alternately among the HQs that end so.

    :raises SetupError: with the path of the offending value: an unknown key
        (with a suggestion), a value of the wrong type, an unknown card, a card
        twice or missing, rows or counts the rules cannot continue from.
    """
    pair = (seats[0], seats[1])
    top = read.mapping(data, (), STATE_KEYS, required=STATE_KEYS)
    players = read.mapping(top["players"], ("players",), pair, required=pair)
    entries = [
        read.mapping(players[seat], ("players", seat), SIDE_KEYS, required=("hq",)) for seat in pair
    ]
    rows = [_card_rows(seat, entry) for seat, entry in zip(pair, entries, strict=True)]
    _fill_rest(rows, [entry["hq"] for entry in entries])
    _check_deck(pair, rows)
    state = WarSlayerState(
        seats=pair,
        sides=(_side(rows[0]), _side(rows[1])),
        dealer=_seat(pair, top["dealer"], "dealer"),
        defeated=_seat(pair, top["defeated"], "defeated"),
        mission=read.integer(top["mission"], ("mission",), low=1),
        phase=Phase(read.text(top["phase"], ("phase",), PHASES)),
        operation=read.integer(top["operation"], ("operation",), low=0, high=3),
        decider=None if top["decider"] is None else _seat(pair, top["decider"], "decider"),
        vip_out=read.boolean(top["vip_out"], ("vip_out",)),
        end=None if top["end"] is None else read.text(top["end"], ("end",), ENDS),
        settings=settings,
    )
    check_playable(state)
    return state


CardRows = dict[str, list[Card | None]]


def _card_rows(seat: str, entry: Mapping[str, Any]) -> CardRows:
    """The four card lists of one player, each card read; ``None`` only in the dossier."""
    rows: CardRows = {}
    for key in SIDE_KEYS:
        path = ("players", seat, key)
        items = read.sequence(entry.get(key, []), path)
        cards: list[Card | None] = []
        for n, item in enumerate(items):
            if key == "hq" and item == REST and n == len(items) - 1:
                continue  # filled in by _fill_rest
            if item is None and key == "dossier":
                cards.append(None)
                continue
            cards.append(_card(item, (*path, str(n))))
        rows[key] = cards
    return rows


def _card(value: object, path: read.Path) -> Card:
    code = read.text(value, path)
    card = BY_CODE.get(normalise_code(code))
    if card is None:
        if code == REST:
            raise read.fail(path, '"..." may only end an hq list (the cards named nowhere else)')
        raise read.fail(path, f"{code!r} is not a card (write rank then suit: AS, 10H, QD)")
    return card


def _fill_rest(rows: list[CardRows], raw_hqs: list[Sequence[Any]]) -> None:
    """Deal the cards named nowhere else to the HQs whose list ends with ``"..."``."""
    open_ends = [i for i, items in enumerate(raw_hqs) if items and items[-1] == REST]
    if not open_ends:
        return
    named = {card for side in rows for cards in side.values() for card in cards}
    rest = [card for card in DECK if card not in named]
    for n, card in enumerate(rest):
        rows[open_ends[n % len(open_ends)]]["hq"].append(card)


def _check_deck(seats: tuple[str, str], rows: list[CardRows]) -> None:
    """All 52 cards, each exactly once (the rules conserve cards; a setup must too)."""
    seen: dict[Card, str] = {}
    for seat, side in zip(seats, rows, strict=True):
        for key in SIDE_KEYS:
            for card in side[key]:
                if card is None:
                    continue
                place = f"players.{seat}.{key}"
                if card in seen:
                    raise read.fail(
                        ("players", seat, key),
                        f"{card.code} appears twice (also in {seen[card]}); "
                        "every card is in exactly one place",
                    )
                seen[card] = place
    missing = [c.code for c in DECK if c not in seen]
    if missing:
        raise read.fail(
            ("players",),
            f"the deck must hold all 52 cards; missing {' '.join(missing)} "
            '(end an hq list with "..." to deal the rest)',
        )


def _side(rows: CardRows) -> Side:
    # Only the dossier may hold None (checked in _card_rows).
    hq = [c for c in rows["hq"] if c is not None]
    theater = [c for c in rows["theater"] if c is not None]
    claimed = [c for c in rows["claimed"] if c is not None]
    return Side(hq, rows["dossier"], theater, claimed)


def _seat(seats: tuple[str, str], value: object, key: str) -> int:
    return seats.index(read.text(value, (key,), seats))


# The rows each phase has placed: none before the first placement, one before the
# second, both while operations run, none once the game is over.
ROWS_PLACED = {PLACE_FIRST: 0, PLACE_SECOND: 1, DECIDE: 2, OVER: 0}
# The HQ cards a phase still has to draw: three for each placement to come.
CARDS_TO_DRAW = {PLACE_FIRST: 6, PLACE_SECOND: 3, DECIDE: 0, OVER: 0}


def check_playable(state: WarSlayerState) -> None:
    """Raise :class:`SetupError` unless the rules can play on from ``state``.

    The rules assume what their own steps guarantee: rows of three placed in
    the phase's order, HQs deep enough for the placements still to come, a
    decider (only) while a question is open, operations counted within the
    mission, and information cards taken only at positions already flipped.
    """
    phase = state.phase
    if phase is DECIDE:
        if state.decider is None or not 1 <= state.operation <= 2:
            raise read.fail(("decider",), "phase 'decide' needs a decider and operation 1 or 2")
    else:
        if state.decider is not None:
            raise read.fail(("decider",), f"only phase 'decide' has a decider, not {phase.value!r}")
        if state.operation != 0:
            raise read.fail(
                ("operation",),
                f"operations run only while both rows are placed: phase {phase.value!r} "
                "needs operation 0",
            )
    if (phase is OVER) != (state.end is not None):
        raise read.fail(("end",), "'end' names why the game ended: set in phase 'over' only")
    for seat, side in zip(state.seats, state.sides, strict=True):
        _check_side(state, seat, side)


def _check_side(state: WarSlayerState, seat: str, side: Side) -> None:
    phase = state.phase
    path = ("players", seat)
    placed = [row for row in (side.dossier, side.theater) if row]
    if len(placed) != ROWS_PLACED[phase]:
        raise read.fail(
            path,
            f"in phase {phase.value!r} {ROWS_PLACED[phase]} row(s) must be placed, "
            f"not {len(placed)}",
        )
    for key, row in (("dossier", side.dossier), ("theater", side.theater)):
        if row and len(row) != 3:
            raise read.fail((*path, key), f"a row holds three cards, not {len(row)}")
    for pos, card in enumerate(side.dossier):
        if card is None and pos >= state.operation:
            raise read.fail(
                (*path, "dossier"),
                f"position {pos + 1} is taken (null) but only operations 1-{state.operation} "
                "have been played; an information card is taken when its operation is lost"
                if state.operation
                else f"position {pos + 1} is taken (null) before any operation",
            )
    if side.claimed and phase is not DECIDE:
        raise read.fail(
            (*path, "claimed"),
            "information cards taken in a mission join the HQ when it ends: "
            f"only phase 'decide' has claimed cards, not {phase.value!r}",
        )
    need = CARDS_TO_DRAW[phase]
    if len(side.hq) < need:
        raise read.fail(
            (*path, "hq"),
            f"holds {len(side.hq)} cards; phase {phase.value!r} still draws {need} "
            "(three for each placement to come)",
        )
