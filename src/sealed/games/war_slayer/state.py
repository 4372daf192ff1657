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
from typing import Any

from sealed.core.errors import SetupError
from sealed.core.game import Options
from sealed.core.suggest import did_you_mean

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


@dataclass(frozen=True, slots=True)
class Side:
    """One player's cards: HQ (top first), the two rows, and cards taken this mission.

    ``dossier`` holds ``None`` where an Information Card was taken; both rows
    are empty until placed.
    """

    hq: tuple[Card, ...]
    dossier: tuple[Card | None, ...] = ()
    theater: tuple[Card, ...] = ()
    claimed: tuple[Card, ...] = ()

    def row(self, row: Row) -> tuple[Card | None, ...]:
        return self.dossier if row is Row.DOSSIER else self.theater

    def cards(self) -> list[Card]:
        """Every card this side holds."""
        board = [c for c in self.dossier if c is not None] + list(self.theater)
        return list(self.hq) + board + list(self.claimed)


@dataclass(frozen=True, slots=True)
class WarSlayerState:
    """The whole game. Seat ``i`` owns ``sides[i]``.

    ``operation`` counts the operations done this mission: theater positions
    below it are face up (exposed). ``defeated`` is the seat whose left the
    next operations start from (display only: orders name operation order).
    """

    seats: tuple[str, str]
    sides: tuple[Side, Side]
    dealer: int
    defeated: int
    mission: int = 1
    phase: Phase = Phase.PLACE_FIRST
    operation: int = 0
    decider: int | None = None
    vip_out: bool = False
    end: str | None = None
    settings: Settings = Settings(mission_limit=0)

    def hand(self, index: int) -> tuple[Card, ...]:
        """The three cards ``index`` is placing now, or ``()`` outside placement."""
        if self.phase in (Phase.PLACE_FIRST, Phase.PLACE_SECOND):
            return self.sides[index].hq[:3]
        return ()


# -- JSON (the game master's view and the `setup` keys) ----------------------

REST = "..."


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
    """Rebuild a state, checking it is one the rules can reach.

    An ``hq`` list may end with ``"..."``: the cards named nowhere else follow,
    in deck order, shared alternately among the HQs that end so.

    :raises SetupError: unknown keys or cards, a card twice or missing, rows
        that do not fit the phase.
    """
    try:
        return _state_from_json(data, (seats[0], seats[1]), settings)
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, SetupError):
            raise
        raise SetupError(f"war-slayer state: {error}") from None


def _state_from_json(
    data: Mapping[str, Any], seats: tuple[str, str], settings: Settings
) -> WarSlayerState:
    _known_keys(data, STATE_KEYS, "state")
    players = data["players"]
    for seat in players:
        if seat not in seats:
            raise SetupError(f"state.players: unknown seat {seat!r} (seats: {', '.join(seats)})")
    raw = [players[seat] for seat in seats]
    for seat, entry in zip(seats, raw, strict=True):
        _known_keys(entry, SIDE_KEYS, f"state.players.{seat}")
    hqs = _fill_rest([list(entry["hq"]) for entry in raw], raw)
    sides = tuple(_side(hq, entry) for hq, entry in zip(hqs, raw, strict=True))
    state = WarSlayerState(
        seats=seats,
        sides=(sides[0], sides[1]),
        dealer=_seat_index(seats, data["dealer"], "dealer"),
        defeated=_seat_index(seats, data["defeated"], "defeated"),
        mission=int(data["mission"]),
        phase=Phase(data["phase"]),
        operation=int(data["operation"]),
        decider=None if data["decider"] is None else _seat_index(seats, data["decider"], "decider"),
        vip_out=bool(data["vip_out"]),
        end=data["end"],
        settings=settings,
    )
    check_state(state)
    return state


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


def _known_keys(data: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    if not isinstance(data, Mapping):
        raise SetupError(f"{where} must be a mapping")
    for key in data:
        if key not in allowed:
            raise SetupError(f"{where}: unknown key {key!r}{did_you_mean(str(key), allowed)}")


def _seat_index(seats: tuple[str, str], name: str, key: str) -> int:
    if name not in seats:
        raise SetupError(f"state.{key}: {name!r} is not a seat{did_you_mean(str(name), seats)}")
    return seats.index(name)


def _card_code(code: str, where: str) -> Card:
    card = BY_CODE.get(normalise_code(str(code)))
    if card is None:
        raise SetupError(f"{where}: {code!r} is not a card")
    return card


def _fill_rest(hqs: list[list[str]], raw: list[Mapping[str, Any]]) -> list[list[str]]:
    named = {
        normalise_code(str(code))
        for entry in raw
        for key in SIDE_KEYS
        for code in entry.get(key, [])
        if code is not None and code != REST
    }
    rest = [c.code for c in DECK if c.code not in named]
    open_ends = [i for i, hq in enumerate(hqs) if hq and hq[-1] == REST]
    for i in open_ends:
        hqs[i] = hqs[i][:-1]
    for n, code in enumerate(rest if open_ends else []):
        hqs[open_ends[n % len(open_ends)]].append(code)
    return hqs


def _side(hq: list[str], entry: Mapping[str, Any]) -> Side:
    return Side(
        hq=tuple(_card_code(c, "hq") for c in hq),
        dossier=tuple(
            None if c is None else _card_code(c, "dossier") for c in entry.get("dossier", [])
        ),
        theater=tuple(_card_code(c, "theater") for c in entry.get("theater", [])),
        claimed=tuple(_card_code(c, "claimed") for c in entry.get("claimed", [])),
    )


def check_state(state: WarSlayerState) -> None:
    """Raise :class:`SetupError` unless all 52 cards are there once and rows fit the phase."""
    cards = [card for side in state.sides for card in side.cards()]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise SetupError(f"state: {card.code} appears twice")
        seen.add(card)
    missing = [c.code for c in DECK if c not in seen]
    if missing:
        raise SetupError(f"state: the deck must hold all 52 cards; missing {' '.join(missing)}")
    for seat, side in zip(state.seats, state.sides, strict=True):
        _check_rows(state, seat, side)


def _check_rows(state: WarSlayerState, seat: str, side: Side) -> None:
    filled = sum(1 for row in (side.dossier, side.theater) if row)
    expected = {Phase.PLACE_FIRST: 0, Phase.PLACE_SECOND: 1, Phase.DECIDE: 2, Phase.OVER: 0}
    if filled != expected[state.phase]:
        raise SetupError(
            f"state.players.{seat}: in phase {state.phase.value!r} {expected[state.phase]} "
            f"row(s) must be placed, not {filled}"
        )
    for row in (side.dossier, side.theater):
        if row and len(row) != 3:
            raise SetupError(f"state.players.{seat}: a row holds three cards")
    needs_hand = state.phase in (Phase.PLACE_FIRST, Phase.PLACE_SECOND)
    if needs_hand and len(side.hq) < 3:
        raise SetupError(f"state.players.{seat}.hq: a placement needs three cards to draw")
    if state.phase is Phase.DECIDE and (state.decider is None or not 1 <= state.operation <= 2):
        raise SetupError("state: phase 'decide' needs a decider and operation 1 or 2")
