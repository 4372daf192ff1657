"""A match: one game being played, its record, and the reports each reader receives.

The :class:`Match` is the only place where orders are sealed, opened and
recorded. The record (:meth:`Match.to_json`) is the source of truth: game
and version, options, seats, every sealed order as written and in canonical
text (with when it was sealed), every chance outcome, every event, every
message, and how far each reader has been told. :func:`replay` rebuilds a
match from it and fails loudly if anything differs.

Steps are numbered from 1; the open step's number is its *token*
(:attr:`Match.step`). An order may carry the token of the step it was
written for: an order for a step that is over, or not yet open, is refused
(``order/stale_step``) and changes nothing, so a late email never lands in
the next round. Sealing the same text twice in a step is a no-op.

A *reader* is a seat on a channel (``ana`` on ``terminal``, ``web``,
``email``...). Each reader has its own cursor; :meth:`Match.report` computes
a report from it without changing anything, and :meth:`Match.deliver` moves
the cursor, an explicit act, so a web page and an email never steal each
other's "since last time".
"""

from __future__ import annotations

import difflib
import hashlib
import json
import random
import re
import secrets
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Generic

from sealed.core.chance import Chance, ChanceEntry, ScriptedChance, SeededChance
from sealed.core.errors import (
    ChanceError,
    NoOrderDueError,
    OptionError,
    OrderError,
    OrderSyntaxError,
    PressError,
    RecordError,
    ReplayDivergence,
    SealedError,
    SetupError,
    StaleStepError,
    UnknownSeatError,
)
from sealed.core.events import Event, Told, told
from sealed.core.game import (
    GM,
    Bot,
    Game,
    JsonDict,
    O,
    Options,
    Prompt,
    Result,
    S,
    Seat,
    V,
    resolve_options,
)
from sealed.core.suggest import did_you_mean

RECORD_FORMAT = "sealed-record"
RECORD_VERSION = 2  # 2: messages, reader cursors, sealing times; 1 still loads
DEFAULT_CHANNEL = "terminal"
MAX_MESSAGE = 20_000  # characters of one message


@dataclass(frozen=True)
class SealedOrder:
    """An order as its seat wrote it and as the engine reads it.

    ``at`` is when it was sealed (ISO time, for games with a clock); ``late``
    says it was sealed after the step's deadline had passed.
    """

    text: str
    canonical: str
    default: bool = False
    at: str | None = None
    late: bool = False

    def to_json(self) -> JsonDict:
        data: JsonDict = {"text": self.text, "canonical": self.canonical}
        if self.default:
            data["default"] = True
        if self.at is not None:
            data["at"] = self.at
        if self.late:
            data["late"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SealedOrder:
        at = data.get("at")
        return cls(
            str(data["text"]),
            str(data["canonical"]),
            bool(data.get("default", False)),
            None if at is None else str(at),
            bool(data.get("late", False)),
        )


@dataclass(frozen=True)
class Message:
    """Press: a message from one seat (or the GM) to some seats, outside the rules.

    ``to`` is ``None`` for every seat. The game master reads every message.
    ``step`` is the step that was open when it was sent.
    """

    number: int
    sender: Seat
    to: frozenset[Seat] | None
    text: str
    step: int
    at: str | None = None

    def reaches(self, reader: Seat) -> bool:
        """True if ``reader`` (a seat, or :data:`GM`) may read it."""
        return reader in (GM, self.sender) or self.to is None or reader in self.to

    def to_json(self) -> JsonDict:
        data: JsonDict = {
            "number": self.number,
            "from": self.sender,
            "to": "all" if self.to is None else sorted(self.to),
            "text": self.text,
            "step": self.step,
        }
        if self.at is not None:
            data["at"] = self.at
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        to = data["to"]
        return cls(
            number=int(data["number"]),
            sender=str(data["from"]),
            to=None if to == "all" else frozenset(str(s) for s in to),
            text=str(data["text"]),
            step=int(data["step"]),
            at=None if data.get("at") is None else str(data["at"]),
        )


@dataclass(frozen=True)
class Handover:
    """From step ``step`` on, ``seat`` is played by ``bot`` (a bot's name), or by a person (None).

    The record keeps every handover, so it says who played each seat when:
    a faction whose player drops is handed to a bot that sees only its view.
    """

    seat: Seat
    bot: str | None
    step: int

    def to_json(self) -> JsonDict:
        return {"seat": self.seat, "bot": self.bot, "step": self.step}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Handover:
        bot = data.get("bot")
        return cls(str(data["seat"]), None if bot is None else str(bot), int(data["step"]))


@dataclass(frozen=True)
class Cursor:
    """How much of the game one reader has been delivered: events and messages, by count."""

    events: int = 0
    messages: int = 0

    def to_json(self) -> JsonDict:
        return {"events": self.events, "messages": self.messages}


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
    """What one reader is told: its view, what it may know since its cursor, what is due.

    ``events`` are told as this seat is told them (:meth:`Event.told`).
    ``step`` is the open step's token (for orders written from this report);
    ``upto`` is the cursor that :meth:`Match.deliver` moves to.
    """

    seat: Seat
    view: Any
    events: list[Told]
    prompt: Prompt | None
    result: Result | None
    deadline: str | None = None
    messages: list[Message] = field(default_factory=list)
    step: int = 1
    channel: str = DEFAULT_CHANNEL
    upto: Cursor = field(default_factory=Cursor)


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
    cursors: dict[str, Cursor] = field(default_factory=dict)  # "seat@channel" -> cursor
    messages: list[Message] = field(default_factory=list)
    handovers: list[Handover] = field(default_factory=list)
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
    @property
    def step(self) -> int:
        """The open step's number (its token): steps opened so far, plus one."""
        return len(self.steps) + 1

    @property
    def readers(self) -> tuple[Seat, ...]:
        """Everyone who may be prompted or read reports: the seats, then the game master."""
        return (*self.seats, GM)

    def prompts(self) -> Mapping[Seat, Prompt]:
        return self.game.prompts(self.state)

    def waiting_for(self) -> list[Seat]:
        """Prompted seats (the GM last) that have not sealed yet."""
        prompts = self.prompts()
        return [s for s in self.readers if s in prompts and s not in self.pending]

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def start_clock(self) -> None:
        """Set the open step's deadline from the time its prompts allow (needs a clock)."""
        minutes = [p.minutes for p in self.prompts().values() if p.minutes]
        if self.clock is None or not minutes:
            self.deadline = None
            return
        due = self.clock() + timedelta(minutes=max(minutes))
        self.deadline = due.isoformat(timespec="seconds")

    @property
    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step.events]

    # -- sealing ----------------------------------------------------------
    def seal(self, seat: Seat, text: str, step: int | None = None) -> list[Event]:
        """Seal ``seat``'s orders (replacing earlier ones this step).

        ``step`` is the token of the step the orders were written for (None:
        the open one). Sealing the same text again is a no-op. Returns the
        events if this completed the step and it was opened.

        :raises UnknownSeatError: no such seat.
        :raises StaleStepError: ``step`` is not the open step; nothing changes.
        :raises NoOrderDueError: the seat has nothing to decide now.
        :raises OrderError: the text is refused; nothing changes.
        """
        seat, text = normal_text(seat), normal_text(text)
        self._check_step(seat, text, step)
        self._check_due(seat)
        held = self.pending.get(seat)
        if held is not None and held.text == text:
            return []  # the same orders again (a resent email): nothing to do
        try:
            order = self.game.parse(self.state, seat, text)
        except OrderError as error:
            raise shortened(error) from None
        return self._store(seat, order, text)

    def seal_order(self, seat: Seat, order: O, step: int | None = None) -> list[Event]:
        """Seal a typed order (from a bot); see :meth:`seal`."""
        self._check_step(seat, None, step)
        self._check_due(seat)
        try:
            self.game.validate(self.state, seat, order)
        except OrderError as error:
            raise shortened(error) from None
        return self._store(seat, order, None)

    def close(self) -> list[Event]:
        """The deadline passes: unsealed prompted seats get the game's default; open the step.

        :raises NoOrderDueError: nothing is due (the game is over).
        """
        prompts = self.prompts()
        if not prompts:
            raise NoOrderDueError("no orders are due: the game is over")
        for seat in self.readers:
            if seat in prompts and seat not in self.pending:
                order = self.game.default_order(self.state, seat)
                canonical = self.game.format(order)
                self.pending[seat] = SealedOrder(canonical, canonical, True, self._now())
                self.pending_orders[seat] = order
        return self._open()

    def _check_step(self, seat: Seat, text: str | None, step: int | None) -> None:
        if step is None or step == self.step:
            return
        if step > self.step or step < 1:
            raise StaleStepError(
                f"these orders are for step {step}, which has not opened; "
                f"the open step is {self.step}: nothing was sealed"
            )
        counted = self.steps[step - 1].orders.get(seat)
        if counted is not None and text is not None and counted.text == text:
            raise StaleStepError(
                f"these orders were already sealed and counted in step {step}; "
                f"the open step is {self.step}: nothing was sealed again"
            )
        raise StaleStepError(
            f"step {step} is over (its orders were opened); the open step is {self.step}: "
            "nothing was sealed, write new orders from the latest report"
        )

    def _check_due(self, seat: Seat) -> None:
        if seat not in self.readers:
            raise UnknownSeatError(
                f"unknown seat {seat!r}{did_you_mean(seat, self.readers)} "
                f"(seats: {', '.join(self.seats)}; the game master is {GM!r})"
            )
        prompts = self.prompts()
        if seat not in prompts:
            if not prompts:
                raise NoOrderDueError(f"no orders are due from {seat}: the game is over")
            waiting = ", ".join(s for s in self.readers if s in prompts)
            raise NoOrderDueError(f"no orders are due from {seat} now (waiting for {waiting})")

    def _now(self) -> str | None:
        return None if self.clock is None else self.clock().isoformat(timespec="seconds")

    def _is_late(self) -> bool:
        if self.clock is None or self.deadline is None:
            return False
        return self.clock() > datetime.fromisoformat(self.deadline)

    def _store(self, seat: Seat, order: O, text: str | None) -> list[Event]:
        canonical = self.game.format(order)
        written = text if text is not None else canonical
        self.pending[seat] = SealedOrder(written, canonical, False, self._now(), self._is_late())
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

    # -- who plays each seat ----------------------------------------------------
    def hand_over(self, seat: Seat, bot: str | None) -> Handover:
        """From the open step on, ``seat`` is played by ``bot`` (None: by a person again).

        :raises UnknownSeatError: no such seat.
        :raises SealedError: the game has no such bot.
        """
        seat = normal_text(seat)
        if seat not in self.seats:
            raise UnknownSeatError(f"unknown seat {seat!r}{did_you_mean(seat, self.seats)}")
        if bot is not None and bot not in self.game.bots:
            raise SealedError(
                f"{self.game.name} has no bot {bot!r}{did_you_mean(bot, self.game.bots)} "
                f"(bots: {', '.join(self.game.bots)})"
            )
        handover = Handover(seat, bot, self.step)
        self.handovers = [h for h in self.handovers if (h.seat, h.step) != (seat, self.step)]
        self.handovers.append(handover)
        return handover

    def bots(self) -> dict[Seat, str]:
        """The seats that bots play now, with their bot's name."""
        now: dict[Seat, str | None] = {}
        for handover in self.handovers:
            now[handover.seat] = handover.bot
        return {seat: bot for seat, bot in now.items() if bot is not None}

    # -- press --------------------------------------------------------------
    def send(self, sender: Seat, to: Sequence[Seat] | None, text: str) -> Message:
        """Record a message from ``sender`` (a seat or the GM) to ``to`` (None: everyone).

        Messages travel with the game and its reports but never reach the
        rules; the game master reads them all.

        :raises PressError: unknown sender or recipient, empty or oversized text,
            or press the game forbids now.
        """
        sender, text = normal_text(sender), normal_text(text)
        to = None if to is None else [normal_text(name) for name in to]
        if sender not in self.readers:
            raise PressError(f"unknown sender {sender!r}{did_you_mean(sender, self.readers)}")
        recipients = None if to is None else frozenset(to)
        for name in recipients or ():
            if name not in self.readers:
                raise PressError(
                    f"unknown recipient {name!r}{did_you_mean(name, self.readers)} "
                    f"(seats: {', '.join(self.seats)}; the game master is {GM!r})"
                )
        if recipients is not None and not recipients - {sender}:
            raise PressError("a message needs at least one recipient other than its sender")
        body = text.strip()
        if not body:
            raise PressError("an empty message was not sent")
        if len(body) > MAX_MESSAGE:
            raise PressError(f"a message may have at most {MAX_MESSAGE:,} characters")
        refusal = self.game.press_refused(self.state, sender, recipients)
        if refusal is not None:
            raise PressError(refusal)
        message = Message(len(self.messages) + 1, sender, recipients, body, self.step, self._now())
        self.messages.append(message)
        return message

    # -- reporting --------------------------------------------------------
    def report(self, seat: Seat, channel: str = DEFAULT_CHANNEL, full: bool = False) -> Report:
        """What ``seat`` on ``channel`` is told now: its view, and what is new since its cursor.

        Reading changes nothing; :meth:`deliver` moves the cursor. With
        ``full``, everything the seat may know since the start.

        :raises UnknownSeatError: no such seat.
        """
        seat = normal_text(seat)
        if seat not in self.readers:
            raise UnknownSeatError(f"unknown seat {seat!r}{did_you_mean(seat, self.readers)}")
        cursor = Cursor() if full else self.cursors.get(reader_key(seat, channel), Cursor())
        everything = self.events
        reader = None if seat == GM else seat
        view = self.game.gm_view(self.state) if seat == GM else self.game.view(self.state, seat)
        return Report(
            seat=seat,
            view=view,
            events=told(everything[cursor.events :], reader),
            prompt=self.prompts().get(seat),
            result=self.result(),
            deadline=self.deadline,
            messages=[m for m in self.messages[cursor.messages :] if m.reaches(seat)],
            step=self.step,
            channel=channel,
            upto=Cursor(len(everything), len(self.messages)),
        )

    def deliver(self, report: Report) -> None:
        """Mark ``report`` as delivered: its reader's next report starts after it."""
        key = reader_key(report.seat, report.channel)
        current = self.cursors.get(key, Cursor())
        self.cursors[key] = Cursor(
            max(current.events, report.upto.events), max(current.messages, report.upto.messages)
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
            "messages": [m.to_json() for m in self.messages],
            "handovers": [h.to_json() for h in self.handovers],
            "cursors": {key: c.to_json() for key, c in sorted(self.cursors.items())},
            "deadline": self.deadline,
            **final_state_digests(self.game.to_json(self.state)),
        }


MAX_ERROR = 400  # characters of a refusal: a 2 MB email must not come back as a 2 MB error


def normal_text(text: str) -> str:
    """Unicode NFC: a decomposed "Zoë", as some mail programs send it, is the same "Zoë"."""
    return unicodedata.normalize("NFC", text)


def shortened(error: OrderError) -> OrderError:
    """``error`` with its message cut to :data:`MAX_ERROR` characters (same class and code)."""
    message = str(error)
    if len(message) <= MAX_ERROR:
        return error
    cut = type(error).__new__(type(error))
    Exception.__init__(cut, message[: MAX_ERROR - 30] + f" ... ({len(message):,} characters)")
    return cut


def reader_key(seat: Seat, channel: str) -> str:
    """``ana@web``: the name of a reader's cursor."""
    if not channel or not all(c.isalnum() or c in "-_" for c in channel):
        raise SealedError(f"channel {channel!r} must be a word of letters, digits, - or _")
    return f"{seat}@{channel}"


@dataclass(frozen=True)
class SkippedLine:
    """A line of a lenient batch that is not an order, and why."""

    number: int
    text: str
    error: str


NO_ORDERS = "no orders found in this text: nothing was sealed (a pass must be written out)"
BULLET = re.compile(r"^\s*(?:[-*•·–—]|\d{1,3}[.)])\s+")
QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "\u00a0": " "})
WROTE = re.compile(r"^\s*(?:On .{0,200} wrote:|-----\s*Original Message\s*-----)\s*$", re.I)
FRAGMENT = re.compile(r"(?<=[.!?;])\s+|,\s+")


def salvage_orders(
    game: Game[Any, Any, Any], state: Any, seat: Seat, text: str
) -> tuple[str, list[SkippedLine]]:
    """Lenient reading of an email body: the orders in it, and the chatter set aside.

    Quoted mail (``>`` lines, everything from "On ... wrote:"), bullets and
    curly quotes are cleaned away first. If the whole rest parses it is kept
    as it is. Otherwise each line is tried alone (or with the next line, when
    a mail program broke an order in two), then in fragments split at
    sentence punctuation ("Hi GM, embezzle b. Thanks!" gives "embezzle b").
    A fragment that is not an order is chatter and is set aside (and listed),
    unless it looks like an order: an order the rules refuse, or a first word
    close to one of the game's :attr:`Game.order_words` (a misspelt action;
    the game's own suggestions are too generous for this: "Cheers" is near
    "theater"). Those refuse the whole email, so nothing
    order-like is ever dropped silently.

    :raises OrderSyntaxError: an order-like line that is not an order, or no
        order at all (an empty or chatter-only email never replaces orders; a
        pass must be written).
    """
    lines = _clean_lines(text)
    body = "\n".join(line for _, line in lines)
    if not any(c.isalnum() for c in body):  # even where the notation reads "" as "no action"
        raise OrderSyntaxError(NO_ORDERS)
    lines, blocks = _order_blocks(game, lines)
    if not blocks:  # with blocks, go on: the chatter around them is listed, never dropped
        try:
            game.parse(state, seat, body)
            return body, []
        except OrderError:
            pass
    kept: list[str] = []
    skipped: list[SkippedLine] = []
    doubtful: list[str] = []
    joined_with_next = False
    for index, (number, line) in enumerate(lines):
        if joined_with_next:  # this line was the end of an order split over two lines
            joined_with_next = False
            continue
        if index in blocks:  # a whole order form: an order, or a refusal of the email
            error = _parses(game, state, seat, line)
            if error is None:
                kept.append(line)
            else:
                doubtful.append(f"line {number} {_quote(line)}: {_cut(str(error), 160)}")
            continue
        if not any(c.isalnum() for c in line):  # '"' or '---': never an order, even "pass"
            skipped.append(SkippedLine(number, _quote(line, 80)[1:-1], "not an order"))
            continue
        if _parses(game, state, seat, line) is None:
            kept.append(line)
            continue
        joined = _split_order(game, state, seat, lines, index)
        if joined is not None:
            kept.append(joined)
            joined_with_next = True
            continue
        chatter: list[str] = []
        fragments = [f.strip().rstrip(".!?;") for f in FRAGMENT.split(line)]
        fragments = [f for f in fragments if f]
        for fragment in fragments:
            if not any(c.isalnum() for c in fragment):
                chatter.append(fragment)
                continue
            error = _parses(game, state, seat, fragment)
            if error is None:
                kept.append(fragment)
            elif _order_like(game, fragment, error):
                doubtful.append(f"line {number} {_quote(fragment)}: {_cut(str(error), 160)}")
            else:
                chatter.append(fragment)
        if chatter:
            whole = line if len(chatter) == len(fragments) else " / ".join(chatter)
            skipped.append(SkippedLine(number, _quote(whole, 80)[1:-1], "not an order"))
    if doubtful:  # three quoted lines with their errors can exceed MAX_ERROR: cut the whole
        more = " ..." if len(doubtful) > 3 else ""
        raise shortened(OrderSyntaxError("nothing was sealed: " + "; ".join(doubtful[:3]) + more))
    if not kept:
        raise OrderSyntaxError(NO_ORDERS)
    orders = "\n".join(kept)
    error = _parses(game, state, seat, orders)
    if error is not None:  # each line is an order, but not all of them together
        raise shortened(type(error)(f"nothing was sealed: {error}"))
    return orders, skipped


def _clean_lines(text: str) -> list[tuple[int, str]]:
    """Numbered non-empty lines, without quoted mail, bullets and curly quotes."""
    cleaned: list[tuple[int, str]] = []
    for number, raw in enumerate(text.translate(QUOTES).splitlines(), 1):
        if WROTE.match(raw) or raw.strip() == "--":
            break  # quoted earlier mail or a signature follows
        if raw.lstrip().startswith(">"):
            continue
        line = BULLET.sub("", raw).strip()
        if line:
            cleaned.append((number, line))
    return cleaned


def _order_blocks(
    game: Game[Any, Any, Any], lines: list[tuple[int, str]]
) -> tuple[list[tuple[int, str]], set[int]]:
    """``lines`` with each of the game's multi-line order forms (:attr:`Game.order_block`)
    joined into one, numbered by its first line; and the indexes of those forms."""
    if game.order_block is None:
        return lines, set()
    opening, closing = (mark.lower() for mark in game.order_block)
    joined: list[tuple[int, str]] = []
    blocks: set[int] = set()
    index = 0
    while index < len(lines):
        start = lines[index][1].lower().find(opening)
        if start < 0:
            joined.append(lines[index])
            index += 1
            continue
        end = index
        while closing not in lines[end][1].lower()[start if end == index else 0 :]:
            if end + 1 == len(lines):
                break  # never closed: the game's own refusal says so
            end += 1
        blocks.add(len(joined))
        joined.append((lines[index][0], "\n".join(line for _, line in lines[index : end + 1])))
        index = end + 1
    return joined, blocks


def _split_order(
    game: Game[Any, Any, Any], state: Any, seat: Seat, lines: list[tuple[int, str]], index: int
) -> str | None:
    """Line ``index`` and the next as one order, where a mail program broke an order in two.

    Only when the first line begins with an order word, the next line is not an
    order by itself, and the two together are.
    """
    if index + 1 >= len(lines):
        return None
    line, following = lines[index][1], lines[index + 1][1]
    first = line.split()[0].lower() if line.split() else ""
    if first not in game.order_words or _parses(game, state, seat, following) is None:
        return None
    joined = f"{line} {following}"
    return joined if _parses(game, state, seat, joined) is None else None


def _parses(game: Game[Any, Any, Any], state: Any, seat: Seat, text: str) -> OrderError | None:
    try:
        game.parse(state, seat, text)
    except OrderError as error:
        return error
    return None


def _order_like(game: Game[Any, Any, Any], fragment: str, error: OrderError) -> bool:
    if not isinstance(error, OrderSyntaxError):
        return True  # an order the rules refuse: report the rule, never drop it
    first = fragment.split()[0].lower().strip("'\":") if fragment.split() else ""
    return bool(difflib.get_close_matches(first, game.order_words, n=1, cutoff=0.8))


def _quote(text: str, limit: int = 60) -> str:
    return repr(_cut(text, limit))


def _cut(text: str, limit: int) -> str:
    """``text`` as it is, cut to ``limit`` characters: an error's own words, never its repr
    (a repr would show the error's quotes as \\')."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_seats(game: Game[Any, Any, Any], seats: Sequence[Seat]) -> tuple[Seat, ...]:
    """Seat names must be distinct, non-empty words, and as many as the game allows.

    :raises SetupError: otherwise.
    """
    names = tuple(normal_text(s.strip()) for s in seats)
    if not game.min_players <= len(names) <= game.max_players:
        raise SetupError(f"{game.title} is for {game.player_range} players, not {len(names)}")
    for name in names:
        if not name or not all(c.isalnum() or c in "-_" for c in name):
            raise SetupError(f"seat name {name!r} must be a word of letters, digits, - or _")
        if name.lower() == GM:
            raise SetupError(f"{GM!r} is the game master's seat, not a player's name")
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
    """Overlay ``setup`` (any subset of the state's JSON keys) on ``state``.

    The result is tried before it is accepted (:func:`check_playable`), so a
    setup that passes the game's reader but that the rules cannot play from
    is refused here, not at the first deadline.

    :raises SetupError: the game's reader refuses it, or the rules cannot play from it.
    """
    merged = deep_merge(game.to_json(state), setup)
    built = game.from_json(merged, seats, options)
    check_playable(game, built, seats)
    return built


def check_playable(game: Game[S, Any, Any], state: S, seats: Sequence[Seat]) -> None:
    """Try ``state``: every view renders and the rules can resolve the open step with
    every due seat's default order (as when the deadline passes).

    :raises SetupError: any of these fails (a bug in the setup, never in the rules).
    """
    try:  # every call here only reads the state: resolve is pure
        for seat in seats:
            game.render(game.view(state, seat))
        game.result(state)
        orders = {seat: game.default_order(state, seat) for seat in game.prompts(state)}
        if orders:
            game.resolve(state, orders, SeededChance("setup-check"))
    except SetupError:
        raise
    except SealedError as error:
        raise SetupError(f"the rules cannot play from this setup: {error}") from None
    except Exception as error:  # the setup broke a rule's assumption: refuse, not crash
        raise SetupError(
            f"the rules cannot play from this setup ({type(error).__name__}: {error}); "
            "check that every card, die and count adds up"
        ) from None


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


def final_state_digests(state_json: JsonDict) -> JsonDict:
    """The record's check of the final state: one digest of the whole, and a short one of
    each top-level key, so that a replay that differs can name where (``state_keys``)."""
    return {
        "state_digest": state_digest(state_json),
        "state_keys": {k: state_digest({k: v})[:16] for k, v in sorted(state_json.items())},
    }


def final_state_differs(record: Mapping[str, Any], state_json: JsonDict) -> str:
    """Why the replayed final state is not the recorded one, naming the first differing key
    when the record has the digests of its keys (files written before it have not)."""
    recorded = record.get("state_keys")
    if not isinstance(recorded, Mapping):
        return (
            "replay reached a different final state than the record (this file keeps one "
            "digest of the whole state, so the part that differs cannot be named)"
        )
    ours = final_state_digests(state_json)["state_keys"]
    differing = [k for k in sorted({*ours, *recorded}) if ours.get(k) != recorded.get(k)]
    more = f" and {len(differing) - 1} more" if len(differing) > 1 else ""
    first = repr(differing[0]) if differing else "no single key (the digests disagree)"
    return f"replay reached a different final state than the record: first in {first}{more}"


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
        if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
            raise RecordError('not a sealed game record (no "format": "sealed-record")')
        _field(record, "game", str)
        _field(record, "game_version", object)
        game = rules_for(game or get_game(record["game"]), record)
        check_record_shape(record)
        return _replay(game, record)
    except ReplayDivergence as error:  # the rules are the likely cause: say so, and which
        raise ReplayDivergence(
            f"{error}; the rules of {game.title if game else record.get('game')} may have "
            f"changed since this file was written (version {record.get('game_version')})"
        ) from None
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        if isinstance(error, RecordError | ReplayDivergence):
            raise
        raise RecordError(f"malformed game record: {_in_words(error)}") from None


def rules_for(game: Game[Any, Any, Any], record: Mapping[str, Any]) -> Game[Any, Any, Any]:
    """The rules that replay ``record``: this game's, or its rules of an older version.

    :raises RecordError: a record format or game version this engine cannot replay.
    """
    fmt = record.get("format_version", 1)
    if fmt not in (1, RECORD_VERSION):
        raise RecordError(
            f"this game file has record format {fmt}; this sealed reads formats 1 to "
            f"{RECORD_VERSION}: open it with a newer sealed"
        )
    version = record["game_version"]
    rules = game.for_version(version) if isinstance(version, int) else None
    if rules is None:
        known = sorted({game.version, *game.legacy_versions})
        raise RecordError(
            f"this game file is for {game.title} version {version}; this sealed has version "
            f"{game.version} and replays versions {', '.join(map(str, known))}: open it with "
            f"the sealed release that has {game.title} version {version}"
        )
    return rules


# What a record's values must be, in a user's words.
KIND_WORDS: dict[type, str] = {
    dict: "an object",
    list: "a list",
    str: "text",
    int: "a whole number",
    object: "present",
}


def _malformed(what: str) -> RecordError:
    return RecordError(f"malformed game record: {what}")


def _typed(value: object, kind: type, name: str) -> Any:
    """``value`` if it is of ``kind`` (JSON's kinds: an object is any mapping, a bool is no number).

    :raises RecordError: naming ``name`` and the kind it must be.
    """
    if kind is dict:
        fits = isinstance(value, Mapping)
    elif kind is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    else:
        fits = isinstance(value, kind)
    if not fits:
        raise _malformed(f"{name} must be {KIND_WORDS[kind]}")
    return value


def _field(container: Mapping[str, Any], key: str, kind: type, where: str = "") -> Any:
    """``container[key]``, present and of ``kind``; ``where`` names the container ("steps[0].")."""
    if key not in container:
        name = f"{where}{key}" if where else f"record key {key!r}"
        raise _malformed(f"{name} is missing")
    return _typed(container[key], kind, f"{where}{key}")


def check_record_shape(record: Mapping[str, Any]) -> None:
    """Every key a replay reads is there and of its kind, so a damaged file is refused
    naming the key, before any rule sees it (a rule would fail far away, or worse, read
    ``"seats": "ana"`` as three seats).

    :raises RecordError: the first key that is missing or of the wrong kind.
    """
    for index, seat in enumerate(_field(record, "seats", list)):
        _typed(seat, str, f"seats[{index}]")
    _field(record, "options", dict)
    _field(_field(record, "start", dict), "chance", list, "start.")
    for index, step in enumerate(_field(record, "steps", list)):
        where = f"steps[{index}]"
        _typed(step, dict, where)
        for seat, order in _field(step, "orders", dict, f"{where}.").items():
            _sealed_order_shape(order, f"{where}.orders.{seat}")
        _field(step, "chance", list, f"{where}.")
        for number, event in enumerate(_field(step, "events", list, f"{where}.")):
            _typed(event, dict, f"{where}.events[{number}]")
    for seat, order in _optional(record, "pending", dict, {}).items():
        _sealed_order_shape(order, f"pending.{seat}")
    for name in ("messages", "handovers"):
        for index, entry in enumerate(_optional(record, name, list, [])):
            _typed(entry, dict, f"{name}[{index}]")
    for key, cursor in _optional(record, "cursors", dict, {}).items():
        _typed(cursor, dict, f"cursors.{key}")
    if record.get("setup") is not None:
        _typed(record["setup"], dict, "setup")
    seed = record.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
        raise _malformed("seed must be a whole number or text")


def _optional(record: Mapping[str, Any], key: str, kind: type, empty: Any) -> Any:
    value = record.get(key)
    return empty if value is None and key not in record else _typed(value, kind, key)


def _sealed_order_shape(order: object, where: str) -> None:
    checked = _typed(order, dict, where)
    _field(checked, "text", str, f"{where}.")
    _field(checked, "canonical", str, f"{where}.")


def _in_words(error: Exception) -> str:
    """A Python error from deep inside a damaged record, without Python's class names."""
    if isinstance(error, KeyError):
        return f"the key {error} is missing somewhere in the file"
    return f"a value is of the wrong kind or out of range ({str(error)[:120]})"


def record_options(game: Game[Any, Any, Any], record: Mapping[str, Any]) -> dict[str, Any]:
    """The record's options checked against the game's option specs (a missing one takes
    its default, as a game written before that option existed played it).

    :raises RecordError: an unknown option or a value the game does not allow
        (``option dealer: 5 is not one of 1, 2``): the rules would fail on it.
    """
    try:
        return resolve_options(game.options, record["options"])
    except OptionError as error:
        raise _malformed(str(error)) from None


def _replay(game: Game[Any, Any, Any], record: Mapping[str, Any]) -> Match[Any, Any, Any]:
    seed = record.get("seed")
    script = ScriptedChance(record["start"]["chance"])
    match = Match.new(
        game,
        record["seats"],
        record_options(game, record),
        seed=seed,
        setup=record.get("setup"),
        chance=script,
    )
    _expect_consumed(script, "the start of the game")
    for number, step in enumerate(record["steps"], 1):
        _replay_step(match, number, step)
    for seat, sealed in record.get("pending", {}).items():
        order = game.parse(match.state, seat, sealed["text"])
        if game.format(order) != sealed["canonical"]:
            raise ReplayDivergence(
                f"{seat}'s sealed order {sealed['text']!r} reads {game.format(order)!r}, "
                f"the record says {sealed['canonical']!r}"
            )
        match.pending[seat] = SealedOrder.from_json(sealed)
        match.pending_orders[seat] = order
    match.messages = [Message.from_json(m) for m in record.get("messages", [])]
    match.handovers = [Handover.from_json(h) for h in record.get("handovers", [])]
    match.cursors = _cursors(record)
    match.deadline = _deadline(record.get("deadline"))
    digest = record.get("state_digest")
    state_json = game.to_json(match.state)
    if digest is not None and digest != state_digest(state_json):
        raise ReplayDivergence(final_state_differs(record, state_json))
    count = len(match.start_chance) + sum(len(s.chance) for s in match.steps)
    match.chance = SeededChance(seed, start=count) if seed is not None else _no_more_chance()
    return match


def _deadline(value: object) -> str | None:
    """A recorded deadline: None, or a time with its zone (``2026-11-21T20:20:00+00:00``)."""
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(str(value)) if isinstance(value, str) else None
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise RecordError(
            f"deadline {str(value)[:40]!r} is not a time with a zone, e.g. "
            "2026-11-21T20:20:00+00:00"
        )
    return when.isoformat(timespec="seconds")


def _cursors(record: Mapping[str, Any]) -> dict[str, Cursor]:
    """Reader cursors; a format-1 record's ``reported`` counts were terminal cursors."""
    if "cursors" in record:
        return {
            str(key): Cursor(int(c["events"]), int(c["messages"]))
            for key, c in record["cursors"].items()
        }
    return {
        reader_key(str(seat), DEFAULT_CHANNEL): Cursor(int(count))
        for seat, count in record.get("reported", {}).items()
    }


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
