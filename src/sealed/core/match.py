"""A match: one game being played, its record, and the reports each seat receives.

The :class:`Match` is the only place where orders are sealed, opened and
recorded. The record (:meth:`Match.to_json`) is the source of truth: game,
options, seats, every sealed order as written and in canonical text, every
chance outcome and every event. :func:`replay` rebuilds a match from it and
fails loudly if anything differs.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Generic

from sealed.core.chance import Chance, ChanceEntry, ScriptedChance, SeededChance
from sealed.core.errors import (
    ChanceError,
    NoOrderDueError,
    OrderError,
    OrderSyntaxError,
    RecordError,
    ReplayDivergence,
    SetupError,
    UnknownSeatError,
)
from sealed.core.events import Event, visible
from sealed.core.game import Bot, Game, JsonDict, O, Options, Prompt, Result, S, Seat, V
from sealed.core.suggest import did_you_mean

RECORD_FORMAT = "sealed-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class SealedOrder:
    """An order as its seat wrote it and as the engine reads it."""

    text: str
    canonical: str
    default: bool = False

    def to_json(self) -> JsonDict:
        data: JsonDict = {"text": self.text, "canonical": self.canonical}
        if self.default:
            data["default"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SealedOrder:
        return cls(str(data["text"]), str(data["canonical"]), bool(data.get("default", False)))


@dataclass
class Step:
    """One opening of sealed orders: the orders, the chance it used, what happened."""

    orders: dict[Seat, SealedOrder]
    chance: list[ChanceEntry]
    events: list[Event]

    def to_json(self) -> JsonDict:
        return {
            "orders": {seat: o.to_json() for seat, o in self.orders.items()},
            "chance": [c.to_json() for c in self.chance],
            "events": [e.to_json() for e in self.events],
        }


@dataclass
class Report:
    """What one seat is told: its view, and the events it may see since its last report."""

    seat: Seat
    view: Any
    events: list[Event]
    prompt: Prompt | None
    result: Result | None
    deadline: str | None = None


@dataclass
class Match(Generic[S, O, V]):
    """One game in play. Create with :meth:`Match.new` or :func:`replay`."""

    game: Game[S, O, V]
    seats: tuple[Seat, ...]
    options: Options
    seed: int | str | None
    setup: JsonDict | None
    state: S
    chance: Chance
    start_chance: list[ChanceEntry]
    steps: list[Step] = field(default_factory=list)
    pending: dict[Seat, SealedOrder] = field(default_factory=dict)
    pending_orders: dict[Seat, O] = field(default_factory=dict)
    reported: dict[Seat, int] = field(default_factory=dict)
    deadline: str | None = None  # when the open step closes, if the game times it
    clock: Callable[[], datetime] | None = None  # None: no wall-clock deadlines (tests, sims)

    # -- creating ---------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game[S, O, V],
        seats: Sequence[Seat],
        options: Options,
        seed: int | str | None = None,
        setup: Mapping[str, Any] | None = None,
        chance: Chance | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> Match[S, O, V]:
        """Start a game. Without ``chance``, outcomes come from ``seed`` (random if None).

        :raises SetupError: bad seats or a setup the game cannot start from.
        """
        seats = check_seats(game, seats)
        if chance is None:
            seed = secrets.randbelow(2**63) if seed is None else seed
            chance = SeededChance(seed)
        state = game.initial_state(seats, options, chance)
        if setup:
            state = apply_setup(game, state, setup, seats, options)
        match = cls(
            game=game,
            seats=tuple(seats),
            options=dict(options),
            seed=seed,
            setup=dict(setup) if setup else None,
            state=state,
            chance=chance,
            start_chance=chance.take_log(),
            clock=clock,
        )
        match.start_clock()
        return match

    # -- asking -----------------------------------------------------------
    def prompts(self) -> Mapping[Seat, Prompt]:
        return self.game.prompts(self.state)

    def waiting_for(self) -> list[Seat]:
        """Prompted seats that have not sealed yet, in seat order."""
        prompts = self.prompts()
        return [s for s in self.seats if s in prompts and s not in self.pending]

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def start_clock(self) -> None:
        """Set the open step's deadline from the time its prompts allow (needs a clock)."""
        minutes = [p.minutes for p in self.prompts().values() if p.minutes]
        if self.clock is None or not minutes:
            self.deadline = None
            return
        due = self.clock() + timedelta(minutes=max(minutes))
        self.deadline = due.isoformat(timespec="minutes")

    @property
    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step.events]

    # -- sealing ----------------------------------------------------------
    def seal(self, seat: Seat, text: str) -> list[Event]:
        """Seal ``seat``'s orders (replacing earlier ones this step).

        Returns the events if this completed the step and it was opened.

        :raises UnknownSeatError: no such seat.
        :raises NoOrderDueError: the seat has nothing to decide now.
        :raises OrderError: the text is refused; nothing changes.
        """
        self._check_due(seat)
        order = self.game.parse(self.state, seat, text)
        return self._store(seat, order, text)

    def seal_order(self, seat: Seat, order: O) -> list[Event]:
        """Seal a typed order (from a bot); see :meth:`seal`."""
        self._check_due(seat)
        self.game.validate(self.state, seat, order)
        return self._store(seat, order, None)

    def close(self) -> list[Event]:
        """The deadline passes: unsealed prompted seats get the game's default; open the step.

        :raises NoOrderDueError: nothing is due (the game is over).
        """
        prompts = self.prompts()
        if not prompts:
            raise NoOrderDueError("no orders are due: the game is over")
        for seat in self.seats:
            if seat in prompts and seat not in self.pending:
                order = self.game.default_order(self.state, seat)
                canonical = self.game.format(order)
                self.pending[seat] = SealedOrder(canonical, canonical, default=True)
                self.pending_orders[seat] = order
        return self._open()

    def _check_due(self, seat: Seat) -> None:
        if seat not in self.seats:
            raise UnknownSeatError(
                f"unknown seat {seat!r}{did_you_mean(seat, self.seats)} "
                f"(seats: {', '.join(self.seats)})"
            )
        prompts = self.prompts()
        if seat not in prompts:
            if not prompts:
                raise NoOrderDueError(f"no orders are due from {seat}: the game is over")
            waiting = ", ".join(s for s in self.seats if s in prompts)
            raise NoOrderDueError(f"no orders are due from {seat} now (waiting for {waiting})")

    def _store(self, seat: Seat, order: O, text: str | None) -> list[Event]:
        canonical = self.game.format(order)
        self.pending[seat] = SealedOrder(text if text is not None else canonical, canonical)
        self.pending_orders[seat] = order
        prompts = self.prompts()
        if any(p.wait_for_deadline for p in prompts.values()):
            return []
        if all(s in self.pending for s in prompts):
            return self._open()
        return []

    def _open(self) -> list[Event]:
        orders = dict(self.pending_orders)
        self.state, events = self.game.resolve(self.state, orders, self.chance)
        self.steps.append(Step(dict(self.pending), self.chance.take_log(), events))
        self.pending.clear()
        self.pending_orders.clear()
        self.start_clock()
        return events

    # -- reporting --------------------------------------------------------
    def report(self, seat: Seat, advance: bool = True, full: bool = False) -> Report:
        """``seat``'s view and the events it may see since its last report (all with ``full``)."""
        if seat not in self.seats:
            raise UnknownSeatError(f"unknown seat {seat!r}{did_you_mean(seat, self.seats)}")
        everything = self.events
        start = 0 if full else self.reported.get(seat, 0)
        if advance:
            self.reported[seat] = len(everything)
        return Report(
            seat=seat,
            view=self.game.view(self.state, seat),
            events=visible(everything[start:], seat),
            prompt=self.prompts().get(seat),
            result=self.result(),
            deadline=self.deadline,
        )

    # -- the record -------------------------------------------------------
    def to_json(self) -> JsonDict:
        """The game record: everything needed to replay and check this match."""
        return {
            "format": RECORD_FORMAT,
            "format_version": RECORD_VERSION,
            "game": self.game.name,
            "game_version": self.game.version,
            "options": dict(self.options),
            "seats": list(self.seats),
            "seed": self.seed,
            "setup": self.setup,
            "start": {"chance": [c.to_json() for c in self.start_chance]},
            "steps": [step.to_json() for step in self.steps],
            "pending": {seat: o.to_json() for seat, o in self.pending.items()},
            "reported": dict(self.reported),
            "deadline": self.deadline,
            "state_digest": state_digest(self.game.to_json(self.state)),
        }


@dataclass(frozen=True)
class SkippedLine:
    """A line of a lenient batch that is not an order, and why."""

    number: int
    text: str
    error: str


def salvage_orders(
    game: Game[Any, Any, Any], state: Any, seat: Seat, text: str
) -> tuple[str, list[SkippedLine]]:
    """Lenient reading of an email body: set aside the lines that are not orders at all.

    If the whole text parses it is kept as it is. Otherwise every line that
    is not an order of this game on its own (a greeting, a signature: an
    :class:`OrderSyntaxError`) is set aside with its error; lines that are
    orders stay, even illegal ones, so that the rule they break is reported
    rather than silently dropped.
    """
    try:
        game.parse(state, seat, text)
        return text, []
    except OrderError:
        pass
    kept: list[str] = []
    skipped: list[SkippedLine] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            game.parse(state, seat, line)
        except OrderSyntaxError as error:
            skipped.append(SkippedLine(number, line.strip(), str(error)))
            continue
        except OrderError:
            pass
        kept.append(line)
    return "\n".join(kept), skipped


def check_seats(game: Game[Any, Any, Any], seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """Seat names must be distinct, non-empty words, and as many as the game allows.

    :raises SetupError: otherwise.
    """
    names = tuple(s.strip() for s in seats)
    if not game.min_players <= len(names) <= game.max_players:
        raise SetupError(f"{game.title} is for {game.player_range} players, not {len(names)}")
    for name in names:
        if not name or not all(c.isalnum() or c in "-_" for c in name):
            raise SetupError(f"seat name {name!r} must be a word of letters, digits, - or _")
    lowered = [n.lower() for n in names]
    if len(set(lowered)) != len(names):
        raise SetupError("seat names must be different from each other")
    return names


def apply_setup(
    game: Game[S, Any, Any],
    state: S,
    setup: Mapping[str, Any],
    seats: Sequence[Seat],
    options: Options,
) -> S:
    """Overlay ``setup`` (any subset of the state's JSON keys) on ``state``."""
    merged = deep_merge(game.to_json(state), setup)
    return game.from_json(merged, seats, options)


def deep_merge(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> JsonDict:
    """Mappings merge key by key; any other value in ``overlay`` replaces."""
    merged = dict(base)
    for key, value in overlay.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def state_digest(state_json: JsonDict) -> str:
    text = json.dumps(state_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# -- replay ---------------------------------------------------------------


def replay(
    record: Mapping[str, Any], game: Game[Any, Any, Any] | None = None
) -> Match[Any, Any, Any]:
    """Rebuild a match from its record, checking every step against what was recorded.

    :raises RecordError: the record is malformed or for another game version.
    :raises ReplayDivergence: replaying gives a different order, outcome, event or state.
    """
    from sealed.core.registry import get_game

    try:
        if record.get("format") != RECORD_FORMAT:
            raise RecordError('not a sealed game record (no "format": "sealed-record")')
        game = game or get_game(str(record["game"]))
        if record["game_version"] != game.version:
            raise RecordError(
                f"record is for {game.name} version {record['game_version']}, "
                f"this engine has version {game.version}"
            )
        return _replay(game, record)
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        if isinstance(error, RecordError | ReplayDivergence):
            raise
        raise RecordError(f"malformed game record: {type(error).__name__}: {error}") from None


def _replay(game: Game[Any, Any, Any], record: Mapping[str, Any]) -> Match[Any, Any, Any]:
    seed = record.get("seed")
    script = ScriptedChance(record["start"]["chance"])
    match = Match.new(
        game,
        record["seats"],
        record["options"],
        seed=seed,
        setup=record.get("setup"),
        chance=script,
    )
    _expect_consumed(script, "the start of the game")
    for number, step in enumerate(record["steps"], 1):
        _replay_step(match, number, step)
    for seat, sealed in record.get("pending", {}).items():
        order = game.parse(match.state, seat, sealed["text"])
        match.pending[seat] = SealedOrder.from_json(sealed)
        match.pending_orders[seat] = order
    match.reported = {str(k): int(v) for k, v in record.get("reported", {}).items()}
    match.deadline = record.get("deadline")
    digest = record.get("state_digest")
    if digest is not None and digest != state_digest(game.to_json(match.state)):
        raise ReplayDivergence("replay reached a different final state than the record")
    count = len(match.start_chance) + sum(len(s.chance) for s in match.steps)
    match.chance = SeededChance(seed, start=count) if seed is not None else _no_more_chance()
    return match


def _replay_step(match: Match[Any, Any, Any], number: int, step: Mapping[str, Any]) -> None:
    game = match.game
    orders: dict[Seat, Any] = {}
    sealed: dict[Seat, SealedOrder] = {}
    expected_seats = set(game.prompts(match.state))
    if set(step["orders"]) != expected_seats:
        raise ReplayDivergence(
            f"step {number}: orders from {sorted(step['orders'])}, "
            f"but the rules prompt {sorted(expected_seats)}"
        )
    for seat, data in step["orders"].items():
        entry = SealedOrder.from_json(data)
        if entry.default:
            order = game.default_order(match.state, seat)
        else:
            order = game.parse(match.state, seat, entry.text)
        if game.format(order) != entry.canonical:
            raise ReplayDivergence(
                f"step {number}: {seat}'s order {entry.text!r} now reads "
                f"{game.format(order)!r}, the record says {entry.canonical!r}"
            )
        orders[seat], sealed[seat] = order, entry
    script = ScriptedChance(step["chance"])
    match.state, events = game.resolve(match.state, orders, script)
    _expect_consumed(script, f"step {number}")
    recorded = [Event.from_json(e) for e in step["events"]]
    if [e.to_json() for e in events] != [e.to_json() for e in recorded]:
        raise ReplayDivergence(f"step {number}: the events differ from the record")
    match.steps.append(Step(sealed, script.take_log(), events))


def _expect_consumed(script: ScriptedChance, where: str) -> None:
    if script.remaining:
        raise ReplayDivergence(
            f"{where}: the record has {script.remaining} chance outcome(s) the rules did not use"
        )


def _no_more_chance() -> Chance:
    class _Refuse(Chance):
        def _draw(self, request: Any) -> Any:
            raise ChanceError(f"this record has no seed to draw {request.describe()} from")

    return _Refuse()


# -- bots -------------------------------------------------------------------


def bot_rng(seed: int | str | None, seat: Seat) -> random.Random:
    """Each bot's own generator, derived from the match seed and its seat."""
    return random.Random(f"{seed}/bot/{seat}")


def play_bots(
    match: Match[S, O, V],
    bots: Mapping[Seat, Bot[V, O]],
    rngs: Mapping[Seat, random.Random] | None = None,
    max_steps: int = 100_000,
) -> None:
    """Let bots seal orders until a human is due or the game is over.

    A step that waits for its deadline is closed once every seat has sealed
    and all prompted seats are bots (nobody is left to change their mind).
    """
    rngs = rngs or {seat: bot_rng(match.seed, seat) for seat in bots}
    for _ in range(max_steps):
        if match.result() is not None:
            return
        due = [s for s in match.waiting_for() if s in bots]
        if not due:
            if not match.waiting_for() and all(s in bots for s in match.prompts()):
                match.close()
                continue
            return
        for seat in due:
            prompt = match.prompts()[seat]
            view = match.game.view(match.state, seat)
            match.seal_order(seat, bots[seat].choose(view, prompt, rngs[seat]))
    raise RuntimeError(f"bots did not finish within {max_steps} steps")  # pragma: no cover
