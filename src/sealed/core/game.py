"""The game protocol every game implements.

At every point the rules name the seats that must decide now and what each
may decide (:meth:`Game.prompts`). When every prompted seat has sealed an
order (or the deadline passes and :meth:`Game.default_order` applies), the
orders are opened together and :meth:`Game.resolve` computes the next state
and the events. Sequential play is the special case of one prompted seat.

A game is a stateless object. :meth:`Game.resolve` is pure: it never
changes the state it is given. Simulations and search take the fast path,
:meth:`Game.advance`, which may change the state in place and builds no
events or sentences; :meth:`Game.clone` gives search a copy to play out on.
Both paths run the same rules code (a game's ``resolve`` is typically
``clone`` + the in-place rules with narration on).

The game master is a seat too (:data:`GM`): the rules may prompt it (a
ruling, a narration, a choice the rules leave to the GM), it sees
everything, and its orders are recorded and replayed like any other.
"""

from __future__ import annotations

import copy
import enum
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from sealed.core.chance import Chance
from sealed.core.encoding import Encoding
from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.suggest import did_you_mean

Seat = str
GM: Seat = "gm"
"""The game master's seat: never a player's name; may be prompted; sees everything."""
OptionValue = int | bool | str | float
Options = Mapping[str, OptionValue]
JsonDict = dict[str, Any]

S = TypeVar("S")
O = TypeVar("O")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)
O_co = TypeVar("O_co", covariant=True)


@dataclass(frozen=True)
class Prompt:
    """What one seat must decide now.

    ``phase`` names the decision ("mission 3, first placement"); ``help``
    says what to write; ``choices`` lists the whole order texts when there
    are few. ``wait_for_deadline`` keeps the step open until the game master
    closes it even when every seat has sealed (orders stay replaceable);
    ``minutes`` is the time the rules allow, from which a match with a clock
    sets the step's deadline.
    """

    phase: str
    help: str
    choices: tuple[str, ...] = ()
    wait_for_deadline: bool = False
    minutes: int | None = None  # how long the rules give for this decision (a timed round)


class Outcome(enum.Enum):
    """How a game ended: one winner, a shared win, or nobody (everyone lost)."""

    WIN = "win"
    DRAW = "draw"
    NO_WINNER = "no-winner"


@dataclass(frozen=True)
class Result:
    """The end of a game: the winners (several on a shared win), final scores, and why."""

    winners: tuple[Seat, ...]
    scores: Mapping[Seat, float]
    reason: str

    @classmethod
    def highest(cls, scores: Mapping[Seat, float], reason: str) -> Result:
        """Every seat with the highest score wins (a shared win on a tie)."""
        best = max(scores.values())
        return cls(tuple(s for s, v in scores.items() if v == best), dict(scores), reason)

    @property
    def outcome(self) -> Outcome:
        if not self.winners:
            return Outcome.NO_WINNER
        return Outcome.WIN if len(self.winners) == 1 else Outcome.DRAW

    def to_json(self) -> JsonDict:
        return {
            "outcome": self.outcome.value,
            "winners": list(self.winners),
            "scores": dict(self.scores),
            "reason": self.reason,
        }


# An option's type as a user reads it ("is not a whole number", not "is not a int").
KIND_WORDS: dict[type, str] = {
    int: "a whole number",
    float: "a number",
    bool: "yes or no (true, false)",
    str: "text",
}


@dataclass(frozen=True)
class OptionSpec:
    """A documented rule variant: its name, default, meaning, and allowed values."""

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] = ()
    minimum: float | None = None
    maximum: float | None = None

    def convert(self, raw: object) -> OptionValue:
        """Return ``raw`` (text from a command line, or a YAML/JSON value) as this option's type.

        :raises OptionError: the value has the wrong type or is out of range.
        """
        value = self._coerce(raw)
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name}: {raw!r} is not one of {allowed}")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name}: {value} is below {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name}: {value} is above {self.maximum}")
        return value

    def _coerce(self, raw: object) -> OptionValue:
        kind = type(self.default)
        if isinstance(raw, kind) and not (kind is int and isinstance(raw, bool)):
            return raw
        text = str(raw).strip().lower()
        try:
            if kind is bool:
                if text in ("1", "true", "yes", "on"):
                    return True
                if text in ("0", "false", "no", "off"):
                    return False
                raise ValueError(text)
            if kind is int:
                return int(text)
            if kind is float:
                return float(text)
        except ValueError:
            raise OptionError(f"option {self.name}: {raw!r} is not {KIND_WORDS[kind]}") from None
        return str(raw).strip()


def resolve_options(
    specs: Sequence[OptionSpec], given: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Defaults overlaid with ``given``, each checked against its spec.

    :raises OptionError: an unknown option (with a suggestion) or a bad value.
    """
    by_name = {spec.name: spec for spec in specs}
    options = {spec.name: spec.default for spec in specs}
    for name, raw in given.items():
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(by_name) or "none"
            raise OptionError(
                f"unknown option {name!r}{did_you_mean(name, by_name)} (options: {known})"
            )
        options[name] = spec.convert(raw)
    return options


@dataclass(frozen=True)
class Tally:
    """What one finished game tells its game's own statistics (:meth:`Game.tally`).

    Each kind is summarised over a run of games by the lab (``sealed sim``):

    - ``shares``: a number from 0 to 1 per game, or a yes/no as a ``bool``: its
      mean, with a Wilson interval when every game gave a bool, else a bootstrap one;
    - ``amounts``: a number per game: its mean, with a bootstrap interval;
    - ``values``: several numbers per game (one per player): pooled, their mean
      (interval by resampling whole games), quartiles and range;
    - ``counts``: labels of things that happened, any number per game (one
      label per death, ``"cycle 2, starvation"``): how often each label occurred.

    Names are what the designer reads ("survived to the end"); their order is
    the order printed.
    """

    shares: Mapping[str, float] = field(default_factory=dict)
    amounts: Mapping[str, float] = field(default_factory=dict)
    values: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    counts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


class Bot(Protocol[V_contra, O_co]):
    """A player program. It sees only its seat's view, never the state.

    A bot whose choice needs nothing but its legal orders (a random player) may
    also offer ``choose_legal(legal, rng)``: given :meth:`Game.legal_orders` for
    its seat, the order ``choose`` would give, with the same draws from ``rng``.
    ``sealed sim`` then hands it those and builds no view for it; the game's
    tests hold the two methods to the same answers (War Slayer's random bot).
    """

    def choose(self, view: V_contra, prompt: Prompt, rng: random.Random) -> O_co: ...


class Game(ABC, Generic[S, O, V]):
    """A game's rules. Subclasses set the class attributes and implement the methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int | None] = None  # the usual table; None: min_players
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    manual: ClassVar[str]  # file name under docs/games/
    summary: ClassVar[str] = ""
    order_words: ClassVar[tuple[str, ...]] = ()
    """The first words of this game's orders (lenient email reading spots misspelt ones)."""
    order_block: ClassVar[tuple[str, str] | None] = None
    """The opening and closing marks (any case) of a multi-line order form that lenient
    reading keeps whole (FactionRPG's ``[fieldset=`` ... ``[/fieldset]``); None: none."""
    board_key: ClassVar[str | None] = None
    """The state key of a printed board a table may enter as a file (``--map FILE``);
    None: the game has no board to enter."""
    legacy_versions: ClassVar[Mapping[int, str]] = {}
    """Older versions whose records this code still replays, each with how (for the manual)."""

    # -- setting up -------------------------------------------------------
    @abstractmethod
    def initial_state(self, seats: Sequence[Seat], options: Options, chance: Chance) -> S:
        """The state before the first decision (deals and rolls come from ``chance``)."""

    @abstractmethod
    def to_json(self, state: S) -> JsonDict:
        """The full state as JSON (the game master's view); documented in the manual."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any], seats: Sequence[Seat], options: Options) -> S:
        """Rebuild a state from :meth:`to_json` output (possibly edited).

        :raises SetupError: the data does not describe a legal state.
        """

    # -- deciding ---------------------------------------------------------
    @abstractmethod
    def prompts(self, state: S) -> Mapping[Seat, Prompt]:
        """The seats that must decide now; empty once the game is over."""

    @abstractmethod
    def parse(self, state: S, seat: Seat, text: str) -> O:
        """Read an order written by ``seat`` and check it against the rules.

        :raises OrderSyntaxError: the text is not an order of this game.
        :raises IllegalOrderError: the rules forbid this order now.
        """

    @abstractmethod
    def validate(self, state: S, seat: Seat, order: O) -> None:
        """Check an already-typed order (from a bot) against the rules.

        :raises IllegalOrderError: the rules forbid this order now.
        """

    @abstractmethod
    def format(self, order: O) -> str:
        """The canonical text of an order: ``parse(format(o)) == o``."""

    @abstractmethod
    def default_order(self, state: S, seat: Seat) -> O:
        """The order a seat gets when the deadline passes without one (documented)."""

    # -- resolving --------------------------------------------------------
    @abstractmethod
    def resolve(self, state: S, orders: Mapping[Seat, O], chance: Chance) -> tuple[S, list[Event]]:
        """Open the sealed orders of every prompted seat together. Pure."""

    def advance(self, state: S, orders: Mapping[Seat, O], chance: Chance) -> S:
        """The fast path of :meth:`resolve`: the next state, no events; may change ``state``.

        The caller must not use ``state`` afterwards (use :meth:`clone` first to
        keep it). Games override this to apply the rules in place without
        narration; the default is :meth:`resolve`.
        """
        return self.resolve(state, orders, chance)[0]

    def clone(self, state: S) -> S:
        """An independent copy for :meth:`advance` to change (immutable states return ``state``)."""
        return copy.deepcopy(state)

    def prompted(self, state: S) -> tuple[Seat, ...]:
        """The seats that must decide now, cheaply (no prompt texts); in seat order."""
        return tuple(self.prompts(state))

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """``None`` while the game goes on."""

    @abstractmethod
    def scores(self, state: S) -> Mapping[Seat, float]:
        """A running score per seat (money, points), for statistics."""

    # -- seeing -----------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: Seat) -> V:
        """What ``seat`` may know, built by allow-list."""

    @abstractmethod
    def render(self, view: V) -> str:
        """A view as plain text for a terminal or an email."""

    def press_refused(
        self, state: S, sender: Seat, recipients: frozenset[Seat] | None
    ) -> str | None:
        """Why the rules forbid this message now (None: allowed, the default).

        Messages never reach :meth:`resolve`; a game whose messages have rules
        effects (a shared profile) takes them as orders instead.
        """
        return None

    def gm_view(self, state: S) -> JsonDict:
        """What the game master sees: everything (the state's JSON, by default)."""
        return self.to_json(state)

    # -- enumerating ------------------------------------------------------
    def legal_orders(self, state: S, seat: Seat) -> Sequence[O] | None:
        """Every order ``seat`` may seal now, in a stable order; ``None`` if not enumerable.

        Each listed order passes :meth:`validate` and the list has no two orders
        with the same :meth:`format`. Bots, adapters and forms enumerate with it.
        """
        return None

    def count_legal_orders(self, state: S, seat: Seat) -> int | None:
        """How many orders :meth:`legal_orders` lists (games may count faster than list)."""
        orders = self.legal_orders(state, seat)
        return None if orders is None else len(orders)

    def encoding(self, seats: Sequence[Seat], options: Options) -> Encoding[O, V] | None:
        """A fixed action catalogue and observation vector for research adapters.

        ``None`` (the default): the game has none, and the PettingZoo and
        OpenSpiel adapters (:mod:`sealed.adapters`) leave it out.
        """
        return None

    # -- search -----------------------------------------------------------
    def seat_of(self, view: V) -> Seat:
        """The seat whose view ``view`` is (default: its ``seat`` attribute)."""
        seat: Seat = getattr(view, "seat")  # noqa: B009 (views are each game's own dataclasses)
        return seat

    def sample_state(self, view: V, options: Options, rng: random.Random) -> S:
        """A whole state that ``view``'s seat could be in now, for search bots.

        Built from the view alone (never from the true state): what the view
        shows is copied, what it hides is drawn from ``rng``, so that
        ``view(sample_state(v, ...), seat_of(v)) == v``. ``options`` are the
        game's options (the view may not show them all).

        :raises NotImplementedError: the game has no sampler (the default).
        """
        raise NotImplementedError(f"{self.name} has no sampler of hidden states")

    def search_candidates(self, view: V, prompt: Prompt, rng: random.Random) -> Sequence[O] | None:
        """Orders worth weighing from ``view``, for search bots whose orders cannot be listed.

        Built from the view alone, like a bot's choice (``rng`` for any draw);
        every order must be legal for the view's seat. ``None`` (the default):
        the search weighs the orders the game's hand-written bots write.
        """
        return None

    # -- statistics -------------------------------------------------------
    def tally(self, state: S) -> Tally | None:
        """What a finished game contributes to this game's own statistics in ``sealed sim``
        (deaths, rescues...); ``None`` (the default): only the generic ones (wins, length)."""
        return None

    def scenarios(self) -> Mapping[str, Options]:
        """Named rule sets ``sealed sim --scenario`` runs side by side, each as options.

        The default: one per choice of the option ``scenario``, if the game has
        one; a game may add named combinations of options.
        """
        for spec in self.options:
            if spec.name == "scenario":
                return {str(choice): {"scenario": choice} for choice in spec.choices}
        return {}

    def scenario_groups(self) -> Mapping[str, Sequence[str]]:
        """Names ``sealed sim --scenario`` reads as several of :meth:`scenarios` (``all`` is
        every one unless the game names its own ``all`` group); none by default."""
        return {}

    # -- versions ---------------------------------------------------------
    def for_version(self, version: int) -> Game[S, O, V] | None:
        """The rules that replay a record of ``version``, or ``None`` if this code cannot.

        The default replays the current version and every version listed in
        :attr:`legacy_versions` with this same object; a game whose older
        rules differ returns an object configured for them.
        """
        if version == self.version or version in self.legacy_versions:
            return self
        return None

    @property
    def player_range(self) -> str:
        """``"2"`` or ``"3-16"``."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    @property
    def usual_players(self) -> int:
        """How many seats a quick game or simulation uses when nobody says."""
        return self.default_players or self.min_players

    def action_label(self, order: O) -> str:
        """A short name of the kind of order, for action statistics."""
        return self.format(order).split(" ", 1)[0].lower()

    def action_labels(self, order: O) -> Sequence[str]:
        """The kinds of action in one order (a Rex Furum email holds several); for statistics."""
        return (self.action_label(order),)

    length_unit: ClassVar[str] = "steps"
    """What :meth:`length` counts ("rounds", "missions"): how the game's own rules count time."""

    def length(self, state: S, steps: int) -> int:
        """How long the game has lasted in :attr:`length_unit` (default: ``steps`` opened)."""
        return steps

    bots: ClassVar[Mapping[str, type[Any]]] = {}

    def manual_path(self) -> Path | None:
        """Where this game's manual is: the source tree's docs, or the installed copy."""
        here = Path(__file__).resolve()
        candidates = [
            here.parents[3] / "docs" / "games" / self.manual,
            here.parents[1] / "manuals" / self.manual,
        ]
        return next((p for p in candidates if p.is_file()), None)


class InPlaceGame(Game[S, O, V]):
    """A game whose rules change a mutable state in place (OpenSpiel's ``apply_action``).

    The game writes :meth:`apply` once, with sentences built only when
    ``events`` is a list, and :meth:`clone`; this class derives the pure
    :meth:`resolve` (clone, then apply with narration) and the fast
    :meth:`advance` (apply in place, no narration) from them, so play,
    replay and simulation run the same rules code.
    """

    @abstractmethod
    def apply(
        self, state: S, orders: Mapping[Seat, O], chance: Chance, events: list[Event] | None
    ) -> None:
        """Open the sealed orders on ``state`` in place; narrate into ``events`` if given."""

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy of ``state``."""

    def resolve(self, state: S, orders: Mapping[Seat, O], chance: Chance) -> tuple[S, list[Event]]:
        after, events = self.clone(state), list[Event]()
        self.apply(after, orders, chance, events)
        return after, events

    def advance(self, state: S, orders: Mapping[Seat, O], chance: Chance) -> S:
        self.apply(state, orders, chance, None)
        return state
