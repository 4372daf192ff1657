"""Rex Furum orders and their notation (the seed's own, case-insensitive).

One email holds a player's whole set of actions for the round, on one line
or several, e.g. ``bribe 4000 gamma protect stephen pinkslip arthur at beta``.

=========================================  ======  ====================================
notation                                   points  example
=========================================  ======  ====================================
``embezzle P``                             1       ``embezzle stephen``
``out P``                                  1       ``Out tyler``
``pinkslip P at C``                        1       ``Pinkslip arthur at beta``
``extort P at C``                          1       ``Extort Amy at Alpha``
``crash C``                                2       ``Crash gamma``
``backstab P``                             1       ``Backstab stephen``
``protect P`` / ``protect self``           1       ``Protect self``
``coverup for P``                          1       ``Coverup for Arthur``
``bribe X C``                              1       ``bribe 4000 beta``
``accept bribe X from P to C``             1       ``Accept bribe 4000 from arthur to beta``
``enter empty C``                          1       ``Enter empty alpha``
``quit C``                                 1       ``Quit gamma``
``invest X P``                             0       ``Invest 20000 tyler``
=========================================  ======  ====================================

The small words (``at``, ``for``, ``from``, ``to``, ``in``, ``empty``,
``company``, the ``bribe`` after ``accept``) may be left out, and written where
plain English puts them (``embezzle from P``, ``quit company C``, ``invest X to
P``); ``pink slip`` and ``cover up`` may be two words; amounts are read by
:func:`sealed.core.numbers.parse_amount` (``4000``, ``4,000``, ``$4,000``,
``4k``, ``4.5k``; ambiguous forms such as ``4.000`` or ``4,00`` are refused).
Version 2 read amounts through ``float`` (``4.000`` was $4); its rules keep
that reading so its records replay (:func:`legacy_amount`).
``pass`` (or an empty email) is no action at all. A repeated ``crash C`` is
read as one crash (it costs two points once: playtest 4, Luke).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sealed.core.errors import OrderSyntaxError, SetupError
from sealed.core.game import Seat
from sealed.core.numbers import parse_amount
from sealed.core.suggest import did_you_mean
from sealed.games.rex_furum.state import COMPANIES, Company


@dataclass(frozen=True)
class Embezzle:
    target: Seat
    cost = 1
    word = "embezzle"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"embezzle {self.target}"


@dataclass(frozen=True)
class Out:
    target: Seat
    cost = 1
    word = "out"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"out {self.target}"


@dataclass(frozen=True)
class Pinkslip:
    target: Seat
    company: Company
    cost = 1
    word = "pinkslip"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"pinkslip {self.target} at {self.company.value}"


@dataclass(frozen=True)
class Extort:
    target: Seat
    company: Company
    cost = 1
    word = "extort"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"extort {self.target} at {self.company.value}"


@dataclass(frozen=True)
class Crash:
    company: Company
    cost = 2
    word = "crash"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"crash {self.company.value}"


@dataclass(frozen=True)
class Backstab:
    target: Seat
    cost = 1
    word = "backstab"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"backstab {self.target}"


@dataclass(frozen=True)
class Protect:
    """``target is None`` is ``protect self``."""

    target: Seat | None
    cost = 1
    word = "protect"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"protect {self.target or 'self'}"


@dataclass(frozen=True)
class CoverUp:
    target: Seat
    cost = 1
    word = "coverup"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"coverup for {self.target}"


@dataclass(frozen=True)
class Bribe:
    amount: int
    company: Company
    cost = 1
    word = "bribe"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"bribe {self.amount} {self.company.value}"


@dataclass(frozen=True)
class AcceptBribe:
    amount: int
    briber: Seat
    company: Company
    cost = 1
    word = "accept"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"accept bribe {self.amount} from {self.briber} to {self.company.value}"


@dataclass(frozen=True)
class EnterEmpty:
    company: Company
    cost = 1
    word = "enter"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"enter empty {self.company.value}"


@dataclass(frozen=True)
class Quit:
    company: Company
    cost = 1
    word = "quit"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"quit {self.company.value}"


@dataclass(frozen=True)
class Invest:
    amount: int
    target: Seat
    cost = 0
    word = "invest"  # the notation's verb (action statistics)

    def to_text(self) -> str:
        return f"invest {self.amount} {self.target}"


Action = (
    Embezzle
    | Out
    | Pinkslip
    | Extort
    | Crash
    | Backstab
    | Protect
    | CoverUp
    | Bribe
    | AcceptBribe
    | EnterEmpty
    | Quit
    | Invest
)


@dataclass(frozen=True)
class RoundOrders:
    """A player's actions for one round, in the order written."""

    actions: tuple[Action, ...] = ()

    @property
    def points(self) -> int:
        return sum(a.cost for a in self.actions)

    def of(self, kind: type[Action]) -> list[Action]:
        return [a for a in self.actions if isinstance(a, kind)]

    def __repr__(self) -> str:
        return f"RoundOrders.parse({format_orders(self)!r})"


def format_orders(orders: RoundOrders) -> str:
    """Canonical text: actions joined by ``"; "``, or ``"pass"`` for none."""
    return "; ".join(a.to_text() for a in orders.actions) or "pass"


# -- parsing ------------------------------------------------------------------

ACTION_WORDS = (
    "embezzle",
    "out",
    "pinkslip",
    "extort",
    "crash",
    "backstab",
    "protect",
    "coverup",
    "bribe",
    "accept",
    "enter",
    "quit",
    "invest",
)
ALIASES = {
    "pink-slip": "pinkslip",
    "cover-up": "coverup",
    "extortion": "extort",
    "outing": "out",
    "embezzlement": "embezzle",
    "investment": "invest",
}
TWO_WORD_ALIASES = {("pink", "slip"): "pinkslip", ("cover", "up"): "coverup"}
PASS_WORDS = ("pass", "none", "nothing")
ORDER_WORDS: tuple[str, ...] = (
    *ACTION_WORDS,
    *ALIASES,
    *(first for first, _ in TWO_WORD_ALIASES),
    "pass",
)
"""The first words of orders (lenient email reading spots a misspelt one among them)."""
SELF_WORDS = frozenset({"me", "myself", "i", "yourself"})
"""Words a player writes for themselves: only ``protect self`` may target the writer."""

# slot kinds: "P" player, "S" player or self, "C" company, "X" amount, "?w" optional word w
GRAMMAR: dict[str, tuple[str, ...]] = {
    "embezzle": ("?from", "P"),
    "out": ("P",),
    "pinkslip": ("P", "?at", "C"),
    "extort": ("P", "?at", "C"),
    "crash": ("?company", "C"),
    "backstab": ("P",),
    "protect": ("S",),
    "coverup": ("?for", "P"),
    "bribe": ("X", "?to", "C"),
    "accept": ("?bribe", "X", "?from", "P", "?to", "C"),
    "enter": ("?empty", "?company", "C"),
    "quit": ("?company", "C"),
    "invest": ("X", "?in", "?to", "P"),
}
# the seed's examples; {p} is a player at the table (a name from the seed could be unknown)
EXAMPLES = {
    "embezzle": "embezzle {p}",
    "out": "out {p}",
    "pinkslip": "pinkslip {p} at beta",
    "extort": "extort {p} at alpha",
    "crash": "crash gamma",
    "backstab": "backstab {p}",
    "protect": "protect {p} (or protect self)",
    "coverup": "coverup for {p}",
    "bribe": "bribe 4000 beta",
    "accept": "accept bribe 4000 from {p} to beta",
    "enter": "enter empty alpha",
    "quit": "quit gamma",
    "invest": "invest 20000 {p}",
}
SLOT_NAMES = {"P": "a player", "S": "a player or 'self'", "C": "a company", "X": "an amount"}
_AMOUNT = re.compile(r"^\$?(\d[\d,]*(?:\.\d+)?)(k?)$")
_PUNCTUATION = ",;:.!?()\"'"


SMALL_WORDS = frozenset(slot[1:] for slots in GRAMMAR.values() for slot in slots if slot[0] == "?")


def check_seat_names(seats: Sequence[Seat]) -> None:
    """Refuse a seat the notation could not name: 'self' and the small words.

    :raises SetupError: e.g. a player called 'self' could never be protected
        ('protect self' protects the writer), one called 'for' never covered up for.
    """
    for seat in seats:
        if seat.lower() == "self" or seat.lower() in SMALL_WORDS:
            raise SetupError(
                f"seat name {seat!r} is a word of the Rex Furum notation "
                f"('self', {', '.join(sorted(SMALL_WORDS))}); choose another name"
            )


def parse_orders(text: str, seats: Sequence[Seat], legacy_amounts: bool = False) -> RoundOrders:
    """Read one email's actions at a table of ``seats``.

    ``legacy_amounts`` reads amounts as version 2 did (:func:`legacy_amount`).

    :raises OrderSyntaxError: an unknown action, player or company (with a
        suggestion), a missing or malformed part, or a bad amount.
    """
    words = _words(text)
    if not words or (len(words) == 1 and words[0].lower() in PASS_WORDS):
        return RoundOrders()
    reader = _Reader(words, seats, legacy_amount if legacy_amounts else read_amount)
    actions: list[Action] = []
    while not reader.done():
        action = reader.action()
        if isinstance(action, Crash) and action in actions:
            continue
        actions.append(action)
    return RoundOrders(tuple(actions))


def _words(text: str) -> list[str]:
    words = [w.strip(_PUNCTUATION) for w in text.split()]
    words = [w for w in words if w]
    merged: list[str] = []
    for word in words:
        pair = (merged[-1].lower(), word.lower()) if merged else None
        if pair in TWO_WORD_ALIASES:
            merged[-1] = TWO_WORD_ALIASES[pair]
        else:
            merged.append(word)
    return merged


def read_amount(word: str) -> int:
    """An amount of dollars as players write it (``4000``, ``4,000``, ``$4,000``, ``4k``).

    :raises OrderSyntaxError: an ambiguous, foreign-digit, fractional or huge amount.
    """
    return parse_amount(word, "amount")


LEGACY_DIGITS = 300  # float() reads at most ~308 digits; more crashed version 2


def legacy_amount(word: str) -> int:
    """Version 2's reading of an amount, kept so its records replay exactly.

    ``"4000"``, ``"4,000"``, ``"$4000"``, ``"4k"``, ``"2.5k"`` -> dollars, read
    through ``float`` (so ``4.000`` is $4 and ``4,00`` is $400). The one change:
    an amount too long for ``float`` is refused instead of crashing (no record
    can hold one).

    :raises OrderSyntaxError: anything else (negative, fractional dollars, words).
    """
    match = _AMOUNT.match(word.lower())
    if not match:
        shown = word if len(word) <= 30 else word[:27] + "..."
        raise OrderSyntaxError(f"{shown!r} is not an amount of money (write e.g. 4000 or 4k)")
    number, k = match.group(1).replace(",", ""), match.group(2)
    if len(number) > LEGACY_DIGITS:
        raise OrderSyntaxError(f"amount {word[:27]!r}... is too large")
    value = float(number) * (1000 if k else 1)
    if value != int(value):
        raise OrderSyntaxError(f"{word!r} is not a whole number of dollars")
    return int(value)


class _Reader:
    """Walks the words of an email, one action at a time."""

    def __init__(
        self, words: list[str], seats: Sequence[Seat], amount: Callable[[str], int]
    ) -> None:
        self.words = words
        self.position = 0
        self.seats = {s.lower(): s for s in seats}
        self.amount = amount

    def example(self, verb: str) -> str:
        """The notation of ``verb``, quoted, with a player of this table."""
        first = next(iter(self.seats.values()), "stephen")
        return repr(EXAMPLES[verb].format(p=first))

    def done(self) -> bool:
        return self.position >= len(self.words)

    def _next(self) -> str | None:
        return None if self.done() else self.words[self.position]

    def action(self) -> Action:
        word = self.words[self.position]
        verb = ALIASES.get(word.lower(), word.lower())
        if verb not in GRAMMAR:
            raise OrderSyntaxError(
                f"unknown action {word!r}{did_you_mean(verb, ACTION_WORDS)} "
                f"(actions: {', '.join(ACTION_WORDS)})"
            )
        self.position += 1
        values: list[object] = []
        for slot in GRAMMAR[verb]:
            if slot.startswith("?"):
                nxt = self._next()
                if nxt is not None and nxt.lower() == slot[1:]:
                    self.position += 1
                continue
            values.append(self._slot(verb, slot))
        return _build(verb, values)

    def _slot(self, verb: str, slot: str) -> object:
        word = self._next()
        if word is None:
            raise OrderSyntaxError(
                f"{verb!r} needs {SLOT_NAMES[slot]} after it (e.g. {self.example(verb)})"
            )
        self.position += 1
        if slot == "X":
            return self.amount(word)
        if slot == "C":
            return self._company(verb, word)
        if slot == "S" and word.lower() == "self":
            return None
        return self._player(verb, word)

    def _company(self, verb: str, word: str) -> Company:
        names = [c.value for c in COMPANIES]
        if word.lower() in names:
            return Company(word.lower())
        raise OrderSyntaxError(
            f"unknown company {word!r} in {verb!r}{did_you_mean(word, names)} "
            f"(companies: {', '.join(names)}; e.g. {self.example(verb)})"
        )

    def _player(self, verb: str, word: str) -> Seat:
        seat = self.seats.get(word.lower())
        if seat is not None:
            return seat
        known = list(self.seats.values())
        if word.lower() in SELF_WORDS or word.lower() == "self":
            if verb == "protect":
                hint = "to protect yourself write 'protect self'"
            else:
                hint = f"only protect may target yourself; name another player ({', '.join(known)})"
            raise OrderSyntaxError(f"{word!r} in {verb!r} is not a player: {hint}")
        raise OrderSyntaxError(
            f"unknown player {word!r} in {verb!r}{did_you_mean(word, known)} "
            f"(players: {', '.join(known)}; e.g. {self.example(verb)})"
        )


def _build(verb: str, values: list[object]) -> Action:
    v = values
    if verb == "embezzle":
        return Embezzle(_seat(v[0]))
    if verb == "out":
        return Out(_seat(v[0]))
    if verb == "pinkslip":
        return Pinkslip(_seat(v[0]), _company(v[1]))
    if verb == "extort":
        return Extort(_seat(v[0]), _company(v[1]))
    if verb == "crash":
        return Crash(_company(v[0]))
    if verb == "backstab":
        return Backstab(_seat(v[0]))
    if verb == "protect":
        return Protect(None if v[0] is None else _seat(v[0]))
    if verb == "coverup":
        return CoverUp(_seat(v[0]))
    if verb == "bribe":
        return Bribe(_amount(v[0]), _company(v[1]))
    if verb == "accept":
        return AcceptBribe(_amount(v[0]), _seat(v[1]), _company(v[2]))
    if verb == "enter":
        return EnterEmpty(_company(v[0]))
    if verb == "quit":
        return Quit(_company(v[0]))
    return Invest(_amount(v[0]), _seat(v[1]))


def _seat(value: object) -> Seat:
    assert isinstance(value, str)
    return value


def _company(value: object) -> Company:
    assert isinstance(value, Company)
    return value


def _amount(value: object) -> int:
    assert isinstance(value, int)
    return value
