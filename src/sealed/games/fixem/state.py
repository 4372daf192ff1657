"""Fix'em values: dice, predictions, the rule variant in force, players and the game state.

A state is mutable: the rules apply a step to it in place (the fast path,
``advance``), and ``resolve`` applies it to a :meth:`FixemState.clone`, so
one rules implementation serves both. Dice of one colour are
interchangeable except for the point they show, so the Field and the Field
Queue are kept as sorted tuples of :class:`Die` (colour in seat order, then
point) and a hand as a sorted tuple of points: a hand only ever holds its
owner's colour (the starting hand is his own dice, and card 1 "Move one
Field Dice of the player's own color to his Hand"). Tuples and dice are
immutable, so a clone shares them; only the players are copied.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sealed.core import setup
from sealed.core.errors import OptionError, SealedError, SetupError
from sealed.core.game import Options, OptionSpec
from sealed.core.suggest import did_you_mean
from sealed.games.fixem.orders import Predict, format_order, parse_order

POINTS = (1, 2, 3, 4, 5, 6)
DICE_PER_COLOUR = 36
VERSION = 2
"""The rules' version: 2 allows predictions of 0 and card 3 on a die the target lacks."""


class Stage(enum.Enum):
    """Which sealed decision the table is waiting for."""

    PREDICT = "predict"
    CARDS = "cards"
    OVER = "over"


@dataclass(frozen=True, slots=True, order=True)
class Die:
    """A gaming die: its owner's colour (a seat) and the point it shows."""

    seat: str
    point: int

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "point": self.point}


_FACES: dict[str, tuple[Die, ...]] = {}


def faces(seat: str) -> tuple[Die, ...]:
    """``seat``'s dice showing 0 (unused) to 6: dice are values, so one of each is shared."""
    found = _FACES.get(seat)
    if found is None:
        found = _FACES[seat] = tuple(Die(seat, point) for point in (0, *POINTS))
    return found


def die(seat: str, point: int) -> Die:
    """The one :class:`Die` of ``seat``'s colour showing ``point``."""
    return faces(seat)[point]


@dataclass(frozen=True, slots=True)
class Prediction:
    """``count`` field dice will show ``point``."""

    count: int
    point: int

    def to_json(self) -> dict[str, int]:
        return {"count": self.count, "point": self.point}

    def __str__(self) -> str:
        return f"{self.count} x {self.point}"


OPTIONS = (
    OptionSpec(
        "card_order",
        "3-2-1",
        "the sequence in which played cards take effect: 3-2-1 (iteration 6 and the final "
        "rules: card 3 can stop a card 2) or 2-3-1 (iterations 1-4)",
        choices=("3-2-1", "2-3-1"),
    ),
    OptionSpec(
        "queue_joins",
        "after_roll",
        "when the Field Queue joins the Field: after_roll, unrolled (final rules; Tianyi's "
        "misunderstanding in iteration 6 that stayed) or before_roll, rolled with its colour "
        "(iterations 1-6 as written)",
        choices=("after_roll", "before_roll"),
    ),
    OptionSpec(
        "start_hand",
        "4_rolled",
        "the starting hand: 4_rolled (final rules), 6_rolled (iteration 6), 1_to_6, six dice "
        "showing 1 to 6 (iterations 3-4), or none, no hand dice (iterations 1-2: 'All the "
        "Gaming Dices are put in the Field')",
        choices=("4_rolled", "6_rolled", "1_to_6", "none"),
    ),
    OptionSpec(
        "start_field",
        6,
        "field dice per player at the start: 6 (iteration 6 and the final rules), 4 "
        "(iterations 3-4) or 36, every die (iterations 1-2, with start_hand=none); at most "
        "36 minus the starting hand, the rest wait",
        minimum=1,
        maximum=DICE_PER_COLOUR,
    ),
    OptionSpec(
        "refill",
        "own_colour",
        "who refills the Field after scoring: own_colour, each colour its own (iterations 3, 6 "
        "and the final rules), scorer, the scorer's colour (iteration 4), or none, no refill "
        "(iteration 2, which had no Waiting Dice: play it with start_hand=none and "
        "start_field=36, so that no die waits)",
        choices=("own_colour", "scorer", "none"),
    ),
    OptionSpec(
        "closest_award",
        False,
        "the single closest prediction earns one Score Die from its Waiting Dice (iteration 4)",
    ),
    OptionSpec(
        "ending",
        "rounds",
        "rounds: play `rounds` rounds plus a die's worth of doubled Additional Rounds, or end "
        "early when fewer field dice than players remain (iteration 7 and the final rules); "
        "field: only the running-out end (iterations 2-6)",
        choices=("rounds", "field"),
    ),
    OptionSpec(
        "rounds",
        6,
        "rounds before the Additional Rounds (final rules: 6; iteration 7: '6~10 rounds')",
        minimum=1,
        maximum=30,
    ),
    OptionSpec(
        "additional_die",
        4,
        "sides of the die rolled after the last regular round for doubled Additional Rounds "
        "(final rules: a four-sided die; 0: none)",
        minimum=0,
        maximum=20,
    ),
    OptionSpec(
        "max_rounds",
        60,
        "with ending=field, stop after this many rounds (an engine safeguard, not in the seed: "
        "iteration 7 saw that game 'can last very long')",
        minimum=1,
        maximum=1000,
    ),
    OptionSpec(
        "hidden_hands",
        False,
        "hands are hidden from the other players, who see only their size "
        "(iteration 7's thought experiment)",
    ),
    OptionSpec(
        "hidden_predictions",
        False,
        "predictions stay hidden until the Score Stage (iteration 7's thought experiment)",
    ),
)


@dataclass(frozen=True, slots=True)
class Settings:
    """The rule variant in force: the ONE place the options are read (defaults = section 10)."""

    card_order: tuple[int, ...] = (3, 2, 1)
    queue_joins: str = "after_roll"
    start_hand: str = "4_rolled"
    start_field: int = 6
    refill: str = "own_colour"
    closest_award: bool = False
    ending: str = "rounds"
    rounds: int = 6
    additional_die: int = 4
    max_rounds: int = 60
    hidden_hands: bool = False
    hidden_predictions: bool = False
    version: int = VERSION
    """The rules' version (1: predictions of at least 1, card 3 only on a visible die)."""

    @classmethod
    def from_options(cls, options: Options, version: int = VERSION) -> Settings:
        """Read the options of :data:`OPTIONS` (missing ones default).

        :raises OptionError: a starting hand and field of more than 36 dice.
        """
        base = cls()
        order = str(options.get("card_order", "3-2-1"))
        settings = cls(
            card_order=tuple(int(c) for c in order.split("-")),
            queue_joins=str(options.get("queue_joins", base.queue_joins)),
            start_hand=str(options.get("start_hand", base.start_hand)),
            start_field=int(options.get("start_field", base.start_field)),
            refill=str(options.get("refill", base.refill)),
            closest_award=bool(options.get("closest_award", base.closest_award)),
            ending=str(options.get("ending", base.ending)),
            rounds=int(options.get("rounds", base.rounds)),
            additional_die=int(options.get("additional_die", base.additional_die)),
            max_rounds=int(options.get("max_rounds", base.max_rounds)),
            hidden_hands=bool(options.get("hidden_hands", base.hidden_hands)),
            hidden_predictions=bool(options.get("hidden_predictions", base.hidden_predictions)),
            version=version,
        )
        if settings.hand_size + settings.start_field > DICE_PER_COLOUR:
            raise OptionError(
                f"option start_field: {settings.start_field} field dice and a hand of "
                f"{settings.hand_size} are more than the {DICE_PER_COLOUR} dice of a colour "
                f"(at most {DICE_PER_COLOUR - settings.hand_size} with start_hand "
                f"{settings.start_hand})"
            )
        return settings

    @property
    def hand_size(self) -> int:
        return {"4_rolled": 4, "none": 0}.get(self.start_hand, 6)

    @property
    def least_prediction(self) -> int:
        """The smallest count a prediction may name: 0 from version 2 (ruling 13), else 1."""
        return 0 if self.version >= 2 else 1


@dataclass(slots=True)
class Player:
    """One seat's dice and score.

    ``scored`` counts the dice in the Score Zone (1 point each), ``additional``
    those in the Additional Score Zone (2 points each, section 10 k).
    ``prediction`` is the one opened this round (``None`` before it is
    opened, or when the seat made none).
    """

    hand: tuple[int, ...]
    waiting: int
    scored: int = 0
    additional: int = 0
    prediction: Prediction | None = None

    @property
    def score(self) -> int:
        return self.scored + 2 * self.additional

    def copy(self) -> Player:
        return Player(self.hand, self.waiting, self.scored, self.additional, self.prediction)

    @property
    def score_dice(self) -> int:
        return self.scored + self.additional


@dataclass(slots=True)
class FixemState:
    """Everything about a game of Fix'em at one moment.

    ``cards`` holds the cards opened at the last Card Stage (canonical text
    per seat), ``additional_rounds`` the four-sided die once rolled,
    ``ended`` why the game ended (``""`` while it goes on). ``cache`` keeps
    what views and prompts share while the state does not change; the rules
    empty it after every step (:meth:`changed`).
    """

    seats: tuple[str, ...]
    rules: Settings
    round: int
    stage: Stage
    players: dict[str, Player]
    field: tuple[Die, ...]
    queue: tuple[Die, ...]
    removed: int = 0
    additional_rounds: int | None = None
    cards: Mapping[str, str] | None = None
    ended: str = ""
    cache: dict[str, Any] = dataclasses.field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def player(self, seat: str) -> Player:
        return self.players[seat]

    def clone(self) -> FixemState:
        """An independent copy: the players are copied, the immutable tuples shared."""
        return FixemState(
            self.seats,
            self.rules,
            self.round,
            self.stage,
            {seat: player.copy() for seat, player in self.players.items()},
            self.field,
            self.queue,
            self.removed,
            self.additional_rounds,
            self.cards,
            self.ended,
        )

    def changed(self) -> None:
        """Forget what was cached for the state as it was (call after every change)."""
        self.cache.clear()

    @property
    def total_rounds(self) -> int | None:
        """Rounds the game will last under the ``rounds`` ending, once known."""
        if self.rules.ending != "rounds":
            return None
        if self.rules.additional_die == 0:
            return self.rules.rounds
        if self.additional_rounds is None:
            return None
        return self.rules.rounds + self.additional_rounds

    @property
    def doubled(self) -> bool:
        """True in an Additional Round: its Score Dice weigh 2."""
        return self.rules.ending == "rounds" and self.round > self.rules.rounds

    def dice_count(self) -> int:
        """Every gaming die accounted for: 36 per colour when nothing is lost."""
        held = sum(len(p.hand) + p.waiting + p.score_dice for p in self.players.values())
        return len(self.field) + len(self.queue) + held + self.removed


def sort_dice(dice: Iterable[Die], seats: Sequence[str]) -> tuple[Die, ...]:
    """Dice in canonical order: colour in seat order, then point.

    Sorted colour by colour (points are small ints, sorted in C) rather than
    with a key function called per die: the rules sort the Field every step.
    """
    points: dict[str, list[int]] = {seat: [] for seat in seats}
    for d in dice:
        points[d.seat].append(d.point)
    ordered: list[Die] = []
    for seat, shown in points.items():
        if shown:
            shown.sort()
            showing = faces(seat)
            ordered += [showing[p] for p in shown]
    return tuple(ordered)


def point_counts(dice: Iterable[Die]) -> dict[int, int]:
    """How many dice show each point 1-6 (keys in point order)."""
    counts = dict.fromkeys(POINTS, 0)
    for d in dice:
        counts[d.point] += 1
    return counts


def remove_points(hand: tuple[int, ...], points: Iterable[int]) -> tuple[int, ...]:
    """``hand`` without one die per point listed (each must be there)."""
    left = list(hand)
    for point in points:
        left.remove(point)
    return tuple(left)


# -- JSON (the game master's view, and the setup keys) -------------------------


def state_to_json(state: FixemState) -> dict[str, Any]:
    """The full state. ``score`` is derived (``scored + 2 * additional``): reading ignores it."""
    return {
        "round": state.round,
        "stage": state.stage.value,
        "players": {seat: _player_json(state.player(seat)) for seat in state.seats},
        "field": [d.to_json() for d in state.field],
        "queue": [d.to_json() for d in state.queue],
        "removed": state.removed,
        "additional_rounds": state.additional_rounds,
        "cards": dict(state.cards) if state.cards is not None else None,
        "ended": state.ended,
    }


def _player_json(player: Player) -> dict[str, Any]:
    return {
        "hand": list(player.hand),
        "waiting": player.waiting,
        "score": player.score,
        "scored": player.scored,
        "additional": player.additional,
        "prediction": player.prediction.to_json() if player.prediction else None,
    }


STATE_KEYS = (
    "round",
    "stage",
    "players",
    "field",
    "queue",
    "removed",
    "additional_rounds",
    "cards",
    "ended",
)
PLAYER_KEYS = ("hand", "waiting", "scored", "additional", "prediction")
ENDINGS = ("", "rounds", "field", "limit")


def state_from_json(data: Mapping[str, Any], seats: Sequence[str], rules: Settings) -> FixemState:
    """Rebuild a state from :func:`state_to_json` output, possibly edited: a strict reader.

    Every key is checked (unknown ones are refused with a suggestion, ``score``
    is derived and ignored) and every error names its path. A state that
    passes is one the rules can play on from: every die in a known place
    with a point 1-6, no colour with more than 36 dice in play, 36 per colour
    in all, stage and ending consistent, the round within the game's length.

    :raises SetupError: the data does not describe a playable state.
    """
    try:
        return _read_state(data, tuple(seats), rules)
    except SetupError as error:
        raise _prefixed(error) from None


def _prefixed(error: SetupError) -> SetupError:
    """The same error, saying whose reader refused it (the path is kept for line numbers)."""
    prefixed = SetupError(f"fixem state: {error}")
    prefixed.path = getattr(error, "path", ())
    return prefixed


def _read_state(data: object, seats: tuple[str, ...], rules: Settings) -> FixemState:
    top = setup.mapping(data, (), STATE_KEYS, required=("round", "stage", "players"))
    most = DICE_PER_COLOUR * len(seats)
    stage = Stage(setup.text(top["stage"], ("stage",), [s.value for s in Stage]))
    ended = setup.text(top.get("ended", ""), ("ended",), ENDINGS)
    if (stage is Stage.OVER) != (ended != ""):
        raise setup.fail(
            ("ended",), f"{ended!r} with stage {stage.value!r}: a game is over iff it has ended"
        )
    additional = top.get("additional_rounds")
    if additional is not None:
        additional = setup.integer(
            additional, ("additional_rounds",), 1, max(1, rules.additional_die)
        )
    state = FixemState(
        seats=seats,
        rules=rules,
        round=setup.integer(top["round"], ("round",), 1, _last_round(rules)),
        stage=stage,
        players=_read_players(top["players"], seats, rules.least_prediction),
        field=_read_dice(top.get("field", ()), ("field",), seats),
        queue=_read_dice(top.get("queue", ()), ("queue",), seats),
        removed=setup.integer(top.get("removed", 0), ("removed",), 0, most),
        additional_rounds=additional,
        cards=_read_cards(top.get("cards"), seats),
        ended=ended,
    )
    _check_dice(state)
    return state


def _last_round(rules: Settings) -> int:
    """The highest round the rules can reach under these options."""
    if rules.ending == "rounds":
        return rules.rounds + rules.additional_die
    return rules.max_rounds


def _read_players(data: object, seats: tuple[str, ...], least: int) -> dict[str, Player]:
    players = setup.mapping(data, ("players",), seats, required=seats)
    return {
        seat: _read_player(players[seat], ("players", seat), len(seats), least) for seat in seats
    }


def _read_player(data: object, path: setup.Path, table: int, least: int) -> Player:
    player = setup.mapping(data, path, PLAYER_KEYS, required=("hand", "waiting"), derived=["score"])
    hand = setup.sequence(player["hand"], (*path, "hand"))
    most = DICE_PER_COLOUR * table
    return Player(
        hand=tuple(sorted(_point(p, (*path, "hand", str(i))) for i, p in enumerate(hand))),
        waiting=setup.integer(player["waiting"], (*path, "waiting"), 0, DICE_PER_COLOUR),
        scored=setup.integer(player.get("scored", 0), (*path, "scored"), 0, most),
        additional=setup.integer(player.get("additional", 0), (*path, "additional"), 0, most),
        prediction=_read_prediction(player.get("prediction"), (*path, "prediction"), least, most),
    )


def _read_prediction(data: object, path: setup.Path, least: int, most: int) -> Prediction | None:
    if data is None:
        return None
    prediction = setup.mapping(data, path, ("count", "point"), required=("count", "point"))
    count = setup.integer(prediction["count"], (*path, "count"), least, most)
    return Prediction(count, _point(prediction["point"], (*path, "point")))


def _read_dice(data: object, path: setup.Path, seats: tuple[str, ...]) -> tuple[Die, ...]:
    dice = []
    for i, item in enumerate(setup.sequence(data, path)):
        where = (*path, str(i))
        entry = setup.mapping(item, where, ("seat", "point"), required=("seat", "point"))
        seat = entry["seat"]
        if not isinstance(seat, str) or seat not in seats:
            raise setup.fail(
                (*where, "seat"),
                f"a die of {seat!r}, who is not at the table{did_you_mean(str(seat), seats)}",
            )
        dice.append(die(seat, _point(entry["point"], (*where, "point"))))
    return sort_dice(dice, seats)


def _read_cards(data: object, seats: tuple[str, ...]) -> dict[str, str] | None:
    """The cards opened at the last Card Stage: canonical card texts of seats at the table."""
    if data is None:
        return None
    cards = setup.mapping(data, ("cards",), seats)
    read = {}
    for seat, value in cards.items():
        text = setup.text(value, ("cards", seat))
        try:
            order = parse_order(text, seats)
        except SetupError:
            raise
        except SealedError as error:
            raise setup.fail(("cards", seat), str(error)) from None
        if isinstance(order, Predict) or format_order(order) != text:
            raise setup.fail(("cards", seat), f"{text!r} is not a card in canonical text")
        read[seat] = text
    return read


def _point(value: object, path: setup.Path) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in POINTS:
        raise setup.fail(path, f"shows {value!r}, not a point 1-6")
    return value


def _check_dice(state: FixemState) -> None:
    """No colour has more than 36 dice in play, and all colours add up to 36 each.

    Hands, waiting dice, the Field and the Field Queue are counted per colour;
    Score Dice and removed dice mix colours, so only the total can be checked
    for them.
    """
    for seat in state.seats:
        player = state.player(seat)
        field = sum(1 for d in state.field if d.seat == seat)
        queue = sum(1 for d in state.queue if d.seat == seat)
        in_play = len(player.hand) + player.waiting + field + queue
        if in_play > DICE_PER_COLOUR:
            raise setup.fail(
                ("players", seat),
                f"{seat}'s colour has {in_play} dice in play (hand {len(player.hand)} + "
                f"waiting {player.waiting} + field {field} + queue {queue}), "
                f"more than the {DICE_PER_COLOUR} of a colour",
            )
    expected = DICE_PER_COLOUR * len(state.seats)
    if state.dice_count() != expected:
        raise setup.fail((), _count_message(state, expected))


def _count_message(state: FixemState, expected: int) -> str:
    hands = sum(len(p.hand) for p in state.players.values())
    waiting = sum(p.waiting for p in state.players.values())
    scored = sum(p.score_dice for p in state.players.values())
    return (
        f"the dice must add up to {expected} (36 per colour), not "
        f"{state.dice_count()}: field {len(state.field)} + queue {len(state.queue)} + "
        f"hands {hands} + waiting {waiting} + score dice {scored} + removed {state.removed}"
    )
