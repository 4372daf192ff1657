"""Chance: every random outcome is an input.

Rules never import :mod:`random`. They ask a :class:`Chance` for an outcome
(an integer, a roll of dice, a shuffle) and the Chance decides where it comes
from:

- :class:`SeededChance` draws it from a seed (normal play and simulation);
- :class:`ScriptedChance` takes it from a queue (tests, bug reports, replay);
- :class:`TableChance` asks a person at a real table what the dice showed.

Whatever the source, every outcome is validated against the request and
appended to :attr:`Chance.log`, so a game record replays exactly without
trusting a seed.
"""

from __future__ import annotations

import _random
import hashlib
import random
import threading
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sealed.core.errors import ChanceError

ChanceValue = Any  # a JSON value: int, list[int] or list[str]


@dataclass(frozen=True)
class ChanceRequest:
    """What the rules ask of chance.

    ``kind`` is ``"integer"`` (``low``..``high`` inclusive), ``"dice"``
    (``count`` dice of ``sides`` sides, in the order rolled) or ``"shuffle"``
    (an ordering of ``items``, first item on top).
    """

    kind: str
    label: str
    low: int = 0
    high: int = 0
    count: int = 0
    sides: int = 6
    items: tuple[str, ...] = ()
    spell: Callable[[str], str] | None = field(default=None, compare=False)
    """How a person may spell an item at the table (``th`` for ``10H``); upper case if None."""

    def describe(self) -> str:
        """One line for a person: what to roll or shuffle."""
        if self.kind == "integer":
            return f"{self.label}: a whole number from {self.low} to {self.high}"
        if self.kind == "dice":
            return f"{self.label}: roll {self.count} d{self.sides}"
        return f"{self.label}: shuffle {len(self.items)} items"

    def check(self, value: ChanceValue) -> ChanceValue:
        """Return ``value`` normalised, or raise :class:`ChanceError` if it does not fit."""
        if self.kind == "integer":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ChanceError(f"{self.label}: expected a whole number, got {_short(value)}")
            if not self.low <= value <= self.high:
                raise ChanceError(f"{self.label}: {value} is outside {self.low}..{self.high}")
            return value
        if self.kind == "dice":
            return self._check_dice(value)
        return self._check_shuffle(value)

    def _check_dice(self, value: ChanceValue) -> list[int]:
        if not isinstance(value, list) or len(value) != self.count:
            raise ChanceError(f"{self.label}: {self._dice_wanted()}: {_entered(value)}")
        for die in value:
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= self.sides:
                raise ChanceError(f"{self.label}: {_short(die)} is not a face of a d{self.sides}")
        return list(value)

    def _dice_wanted(self) -> str:
        """What to type, in a person's words: they type dice, not a Python list."""
        if self.count == 1:
            return "enter 1 die"
        return f"enter {self.count} dice, one for each"

    def _check_shuffle(self, value: ChanceValue) -> list[str]:
        if not isinstance(value, list):
            raise ChanceError(f"{self.label}: expected an ordering of the {len(self.items)} items")
        if all(type(v) is str for v in value) and sorted(value) == sorted(self.items):
            return list(value)  # the usual case, checked cheaply: shuffles happen every game
        given, wanted = Counter(map(str, value)), Counter(self.items)
        if given != wanted:
            raise ChanceError(f"{self.label}: {_shuffle_problem(given, wanted)}")
        return [str(v) for v in value]


@dataclass(frozen=True)
class ChanceEntry:
    """One recorded outcome."""

    label: str
    value: ChanceValue

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value}


class Chance(ABC):
    """The source of every random outcome; subclasses say where outcomes come from."""

    def __init__(self) -> None:
        self.log: list[ChanceEntry] = []

    @abstractmethod
    def _draw(self, request: ChanceRequest) -> ChanceValue:
        """An outcome for ``request``, not yet checked."""

    def _take(self, request: ChanceRequest) -> ChanceValue:
        value = request.check(self._draw(request))
        self.log.append(ChanceEntry(request.label, value))
        return value

    def integer(self, label: str, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high`` inclusive."""
        value: int = self._take(ChanceRequest("integer", label, low=low, high=high))
        return value

    def dice(self, label: str, count: int, sides: int = 6) -> list[int]:
        """``count`` dice of ``sides`` sides, in the order rolled."""
        value: list[int] = self._take(ChanceRequest("dice", label, count=count, sides=sides))
        return value

    def shuffle(
        self, label: str, items: Sequence[str], spell: Callable[[str], str] | None = None
    ) -> list[str]:
        """An ordering of ``items`` (first = top of the deck).

        ``spell`` reads an item as a person types it at a real table (a
        game's own notation, e.g. ``T`` for ten); it never changes an outcome.
        """
        request = ChanceRequest("shuffle", label, items=tuple(items), spell=spell)
        value: list[str] = self._take(request)
        return value

    def take_log(self) -> list[ChanceEntry]:
        """Return the outcomes recorded since the last call, and forget them."""
        taken, self.log = self.log, []
        return taken


class SeededChance(Chance):
    """Outcomes drawn from a seed.

    Each outcome ``n`` comes from its own generator seeded with
    ``(seed, n)``, so a game saved to a file and continued later draws the same
    outcomes without storing any generator state.

    :meth:`integer`, :meth:`dice` and :meth:`shuffle` draw exactly what
    :meth:`random.Random.randint` and :meth:`random.Random.shuffle` draw, but
    without their Python call layers, and skip the check: their outcomes are
    made within the request (a simulation asks for thousands a second;
    ``tests/core/test_chance.py`` pins them to the library's functions).
    """

    def __init__(self, seed: int | str, start: int = 0) -> None:
        super().__init__()
        self.seed = seed
        self.count = start

    def _generator(self) -> random.Random:
        """Outcome ``count``'s generator; counts the outcome."""
        rng = _thread_generator()
        text = f"{self.seed}/{self.count}".encode()
        # What Random.seed(str) does (version 2), without its Python-level dispatch.
        _seed_generator(rng, int.from_bytes(text + hashlib.sha512(text).digest()))
        self.count += 1
        return rng

    def _draw(self, request: ChanceRequest) -> ChanceValue:
        rng = self._generator()
        if request.kind == "integer":
            return rng.randint(request.low, request.high)
        if request.kind == "dice":
            return [rng.randint(1, request.sides) for _ in range(request.count)]
        items = list(request.items)
        rng.shuffle(items)
        return items

    # The fast paths below draw what _draw draws and log it, skipping the request and
    # its check; requests they cannot fill (an empty range) take the checked path.

    def integer(self, label: str, low: int, high: int) -> int:
        if high < low:
            return super().integer(label, low, high)
        value = low + below(self._generator().getrandbits, high - low + 1)
        self.log.append(ChanceEntry(label, value))
        return value

    def dice(self, label: str, count: int, sides: int = 6) -> list[int]:
        if sides < 1 or count < 0:
            return super().dice(label, count, sides)
        bits = self._generator().getrandbits
        value = []
        k = sides.bit_length()
        for _ in range(count):  # below(bits, sides), inline: a roll is most of an outcome's draws
            face = bits(k)
            while face >= sides:
                face = bits(k)
            value.append(face + 1)
        self.log.append(ChanceEntry(label, value))
        return value

    def shuffle(
        self, label: str, items: Sequence[str], spell: Callable[[str], str] | None = None
    ) -> list[str]:
        value = list(items)
        if not all(type(item) is str for item in value):
            return super().shuffle(label, items, spell)
        shuffle_in_place(self._generator().getrandbits, value)
        self.log.append(ChanceEntry(label, value))
        return value


_seed_generator: Callable[[random.Random, int], None] = _random.Random.seed
_generators = threading.local()


def _thread_generator() -> random.Random:
    """This thread's generator, which every SeededChance re-seeds before each outcome.

    Shared, because making one per game cost more than many a game (a new
    ``Random()`` seeds itself from the operating system); one per thread,
    because an outcome is seeded and drawn in one go that no other thread may cut.
    """
    try:
        rng: random.Random = _generators.rng
    except AttributeError:
        rng = _generators.rng = random.Random(0)
    return rng


Bits = Callable[[int], int]
"""A generator's ``getrandbits``."""

T = TypeVar("T")


def below(bits: Bits, n: int) -> int:
    """``Random._randbelow(n)`` (``n`` > 0): what ``randint``, ``randrange`` and ``choice``
    draw with, without their call layers (bots that must keep their choices use it too)."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle_in_place(bits: Bits, items: list[T]) -> None:
    """``Random.shuffle(items)``, drawing the same numbers in the same order."""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


class ScriptedChance(Chance):
    """Outcomes taken in order from a script; then from ``fallback`` if one is given.

    A script entry is either a bare value or ``{"label": ..., "value": ...}``;
    a labelled entry must match the label asked for, which is how replay
    notices that a record and the rules have drifted apart.
    """

    def __init__(self, script: Sequence[ChanceValue], fallback: Chance | None = None) -> None:
        super().__init__()
        self.script = list(script)
        self.position = 0
        self.fallback = fallback

    @property
    def remaining(self) -> int:
        return len(self.script) - self.position

    def _draw(self, request: ChanceRequest) -> ChanceValue:
        if self.position >= len(self.script):
            if self.fallback is None:
                raise ChanceError(f"no scripted outcome left for {request.describe()}")
            return self.fallback._draw(request)
        entry = self.script[self.position]
        self.position += 1
        if isinstance(entry, dict) and "value" in entry:
            label = entry.get("label")
            if label is not None and label != request.label:
                raise ChanceError(
                    f"scripted outcome {self.position} is for {label!r}, "
                    f"but the rules asked for {request.label!r}"
                )
            return entry["value"]
        return entry


Ask = Callable[[ChanceRequest], str]


class TableChance(Chance):
    """Outcomes entered by a person at a real table.

    ``ask`` shows the request and returns what the person typed; an answer
    that does not fit is explained and asked again, so a typo never corrupts
    the record.
    """

    def __init__(self, ask: Ask, tell: Callable[[str], None] = print) -> None:
        super().__init__()
        self.ask = ask
        self.tell = tell

    def _draw(self, request: ChanceRequest) -> ChanceValue:
        while True:
            answer = self.ask(request)
            try:
                return request.check(parse_table_answer(request, answer))
            except ChanceError as error:
                self.tell(str(error))


def _entered(value: ChanceValue) -> str:
    """What was typed for a roll, as dice (``you entered 1 (6)``), or as typed."""
    if isinstance(value, list):
        faces = " ".join(_short(face) for face in value[:20]) + (" ..." if len(value) > 20 else "")
        return f"you entered {len(value)} ({faces})" if value else "you entered none"
    return f"you entered {_short(value)}"


def _short(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters: what a person typed may be huge."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 5] + " ...'"


def _shuffle_problem(given: Counter[str], wanted: Counter[str]) -> str:
    """Name what is wrong with an ordering: unknown, repeated and missing items."""
    unknown = [item for item in given if item not in wanted]
    repeated = [item for item, n in given.items() if item in wanted and n > wanted[item]]
    missing = [item for item, n in wanted.items() if given[item] < n]
    parts = []
    if unknown:
        parts.append("not in the set: " + " ".join(unknown[:8]))
    if repeated:
        parts.append("given twice: " + " ".join(repeated[:8]))
    if missing:
        parts.append(f"missing ({len(missing)}): " + " ".join(missing[:8]))
    return "; ".join(parts)


MAX_TABLE_DICE = 1000  # more dice than any game rolls at once: a typo, not a roll


def parse_table_answer(request: ChanceRequest, answer: str) -> ChanceValue:
    """Read what a person typed for ``request``.

    Dice accept the faces (``"3 3 1 6"``) or how many of each face
    (``"2x3 1x1 1x6"`` or ``"2 x 3"``: two 3s, one 1, one 6; count first, as
    in "four dice showing 3" = ``4x3``). Counts are whole numbers of at most
    a thousand; anything else is left as typed, for the request's check to
    refuse with its explanation.
    """
    words = answer.replace(",", " ").split()
    if request.kind == "integer":
        return int(words[0]) if len(words) == 1 and _is_whole(words[0]) else answer
    if request.kind == "dice":
        faces = _dice_words(" ".join(words))
        return answer if faces is None else faces
    spell = request.spell or str.upper
    return [spell(w) for w in words]


def _is_whole(word: str) -> bool:
    """ASCII digits only, with an optional minus (``int`` would take "²" or "١" too)."""
    digits = word[1:] if word.startswith("-") else word
    return digits.isascii() and digits.isdigit() and len(digits) <= 18


def _dice_words(text: str) -> list[int] | None:
    """Faces from ``3 3 1`` / ``2x3 1x1`` / ``2 x 3``; None if it is not that shape."""
    words = text.lower().replace(" x ", "x").replace("x ", "x").replace(" x", "x").split()
    faces: list[int] = []
    for word in words:
        times, _, face = word.rpartition("x") if "x" in word else ("1", "", word)
        if not (_is_whole(times) and _is_whole(face)) or times.startswith("-"):
            return None
        if int(times) > MAX_TABLE_DICE - len(faces):
            return None
        faces.extend([int(face)] * int(times))
    return faces
