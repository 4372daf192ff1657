"""A search bot that sees only its own seat: determinized Monte Carlo over sampled worlds.

At every decision the bot is given what any bot is given, its seat's view,
the prompt and a random source. It then

1. lists its **candidate orders**: every legal order when the game can list
   them and there are at most ``max_candidates``; otherwise, up to that many
   distinct orders: the rollout bot's (asked a few times with fresh random
   draws), those the game offers (:meth:`Game.search_candidates`, built from
   the same view: Rex Furum offers every full email of a few purposeful
   actions), then the other hand-written bots';
2. spends its ``budget`` of **playouts** by sequential halving: in each of
   ceil(log2(candidates)) rounds every surviving candidate is played out on
   the same fresh worlds, and the better half (by mean) survives. A world is
   a whole state drawn by the game's sampler (:meth:`Game.sample_state`: the
   view's facts copied, its secrets drawn at random; never the true state).
   All candidates meet the same world with the same dice and the same
   replies (common random numbers: a playout's chance and the rollout bots'
   draws come from one seed per world), so they are compared on equal luck.
   In a playout the other prompted seats answer with the rollout bot (each
   reading its own view *of the sampled world*) and the game is played out
   on the fast path (:meth:`Game.advance`) with the rollout bot in every
   seat. A playout scores the bot's share of the win (1, 1/k of a shared
   win, 0), at the end or, with a ``horizon``, after that many steps by who
   leads on the game's running scores; a game may add its final score margin
   (``margin_weight``), which ranks playouts that all win, or all lose, by
   how much, and never a loss above a win. Each candidate gets at least one
   playout, so a budget below the number of candidates is exceeded;
3. plays the surviving candidate with the best mean (ties: more playouts,
   then the earlier candidate, so the rollout bot's own choice wins a tie).

Everything random comes from the ``rng`` the bot is handed, so a decision is
a function of (view, prompt, rng state): under a fixed seed a bot cannot
decide differently because of a secret it was never shown. This is
perfect-information Monte Carlo over determinizations (it may "know" in a
playout what no player could; the usual weakness of the method, bought for
its speed and simplicity).

Bots are named ``search`` (:data:`DEFAULT_BUDGET` playouts per decision) and
``search-N`` (N playouts). :func:`with_search` adds the family to a game's
bots: it is resolved by name, so ``game.bots["search-200"]`` exists for any
N, while iterating ``game.bots`` lists only the hand-written bots (code that
plays every bot of a game stays as fast and its seeded line-ups unchanged).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, ClassVar

from sealed.core.chance import SeededChance
from sealed.core.errors import SealedError
from sealed.core.game import Game, Options, Prompt, Result, Seat, resolve_options
from sealed.core.registry import get_game

DEFAULT_BUDGET = 64
"""Playouts per decision of the bot called plain ``search``."""
MAX_BUDGET = 100_000
MAX_CANDIDATES = 24
"""Most orders one decision weighs (playouts spread over more would each learn little)."""
PROPOSALS_PER_BOT = 8
"""How often each hand-written bot is asked for a candidate when orders cannot be listed."""
MAX_PLAYOUT_STEPS = 100_000
NAME = re.compile(r"search(?:-([0-9]{1,6}))?")


@dataclass(frozen=True)
class SearchSettings:
    """How hard a search bot thinks and with what."""

    budget: int
    """Playouts per decision: the strength knob."""
    rollout: str
    """The game's bot that plays every seat in playouts (and proposes candidates first)."""
    max_candidates: int = MAX_CANDIDATES
    horizon: int | None = None
    """Steps a playout runs before it is scored on running scores; None: to the end."""
    margin_weight: float = 0.0
    """How much the final score margin adds to a playout's value (see :meth:`_Search.value`)."""


@dataclass
class _Arm:
    """One candidate order and what its playouts gave."""

    order: Any
    index: int
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class _Search:
    """One decision's search (kept together so each step is a small method)."""

    game: Game[Any, Any, Any]
    view: Any
    seat: Seat
    prompt: Prompt
    settings: SearchSettings
    options: Options
    rng: random.Random
    rollout_bots: dict[Seat, Any] = field(default_factory=dict)

    def decide(self) -> Any:
        first = self.game.sample_state(self.view, self.options, self.rng)
        arms = [_Arm(order, index) for index, order in enumerate(self.candidates(first))]
        if len(arms) == 1:
            return arms[0].order
        worlds = iter([first])
        alive, spent = arms, 0
        rounds = max(1, math.ceil(math.log2(len(arms))))
        for done in range(rounds):
            per_arm = max(1, (self.settings.budget - spent) // ((rounds - done) * len(alive)))
            for _ in range(per_arm):
                world = next(worlds, None)
                if world is None:
                    world = self.game.sample_state(self.view, self.options, self.rng)
                # Common random numbers: every arm meets the same world, dice and replies.
                seed = self.rng.getrandbits(64)
                for arm in alive:
                    arm.visits += 1
                    arm.total += self.playout(self.game.clone(world), arm.order, seed)
                    spent += 1
            alive = sorted(alive, key=_rank)[: max(1, math.ceil(len(alive) / 2))]
        return min(alive, key=_rank).order

    # -- candidates ---------------------------------------------------------
    def candidates(self, world: Any) -> list[Any]:
        """The orders weighed: every legal one if few, else what the game's bots propose."""
        count = self.game.count_legal_orders(world, self.seat)
        if count is not None and 0 < count <= self.settings.max_candidates:
            legal = self.game.legal_orders(world, self.seat)
            if legal:
                return list(legal)
        return self.proposals()

    def proposals(self) -> list[Any]:
        """Distinct orders (by canonical text): the rollout bot's, the game's own
        :meth:`Game.search_candidates`, then the other hand-written bots'."""
        others = (self.asked(name) for name in self.game.bots if name != self.settings.rollout)
        sources = chain(
            self.asked(self.settings.rollout),
            self.game.search_candidates(self.view, self.prompt, self.rng) or (),
            chain.from_iterable(others),
        )
        found: dict[str, Any] = {}
        # Lazily: no bot is asked (no draw made) once enough orders are found.
        for order in sources:
            found.setdefault(self.game.format(order), order)
            if len(found) >= self.settings.max_candidates:
                break
        return list(found.values())

    def asked(self, name: str) -> Iterator[Any]:
        """The orders bot ``name`` writes from this view, asked a few times with fresh draws."""
        bot = self.game.bots[name]()
        for _ in range(PROPOSALS_PER_BOT):
            yield bot.choose(self.view, self.prompt, random.Random(self.rng.getrandbits(64)))

    # -- playouts -----------------------------------------------------------
    def playout(self, world: Any, order: Any, seed: int) -> float:
        """Play ``order`` in ``world`` (changed in place) and the rest out: my share of the win.

        ``seed`` fixes the playout's chance and the rollout bots' draws.
        """
        game, seat = self.game, self.seat
        chance = SeededChance(f"search/{seed}")
        rng = random.Random(seed)
        prompts = game.prompts(world)
        if seat not in prompts:
            raise SealedError(
                f"{game.name}: the sampler made a state in which {seat} is not asked to decide"
            )
        orders = {
            s: order if s == seat else self.rollout(world, s, p, rng) for s, p in prompts.items()
        }
        world = game.advance(world, orders, chance)
        steps = 1
        while (result := game.result(world)) is None:
            if self.settings.horizon is not None and steps >= self.settings.horizon:
                return self.value(Result.highest(game.scores(world), "horizon"))
            if steps >= MAX_PLAYOUT_STEPS:
                raise SealedError(f"{game.name}: a playout did not end in {steps} steps")
            orders = {s: self.rollout(world, s, p, rng) for s, p in game.prompts(world).items()}
            world = game.advance(world, orders, chance)
            steps += 1
        return self.value(result)

    def value(self, result: Result) -> float:
        """The bot's share of the win, plus ``margin_weight`` times its score margin.

        The margin (own score less the best other's, over twice the largest
        score in absolute value, so -1 to 1 whatever the game's units) breaks
        the ties a win share leaves: where every candidate wins (or loses)
        every playout, the one that wins (or loses) by more is the safer.
        """
        share = _share(result.winners, self.seat)
        weight = self.settings.margin_weight
        if not weight or len(result.scores) < 2:
            return share
        mine = result.scores[self.seat]
        best_other = max(v for s, v in result.scores.items() if s != self.seat)
        spread = 2 * max(abs(v) for v in result.scores.values())
        return share + weight * ((mine - best_other) / spread if spread else 0.0)

    def rollout(self, world: Any, seat: Seat, prompt: Prompt, rng: random.Random) -> Any:
        bot = self.rollout_bots.get(seat)
        if bot is None:
            bot = self.rollout_bots[seat] = self.game.bots[self.settings.rollout]()
        return bot.choose(self.game.view(world, seat), prompt, rng)


def _rank(arm: _Arm) -> tuple[float, int, int]:
    """Best first: the highest mean, then more playouts, then the earlier candidate."""
    return (-arm.mean, -arm.visits, arm.index)


def _share(winners: tuple[Seat, ...], seat: Seat) -> float:
    return 1 / len(winners) if seat in winners else 0.0


class SearchBot:
    """A search bot; :func:`search_bot` makes the configured classes games register."""

    game_name: ClassVar[str]
    settings: ClassVar[SearchSettings]
    options: ClassVar[Mapping[str, Any] | None] = None
    """The game's options, for the sampler (None: the game's defaults)."""

    def choose(self, view: Any, prompt: Prompt, rng: random.Random) -> Any:
        game = get_game(self.game_name)
        options = resolve_options(game.options, self.options or {})
        search = _Search(game, view, game.seat_of(view), prompt, self.settings, options, rng)
        return search.decide()


def search_bot(
    game_name: str,
    budget: int,
    rollout: str,
    options: Mapping[str, Any] | None = None,
    horizon: int | None = None,
    margin_weight: float = 0.0,
) -> type[SearchBot]:
    """A search bot class for ``game_name``: ``budget`` playouts per decision, ``rollout`` bot."""
    if not 1 <= budget <= MAX_BUDGET:
        raise SealedError(f"a search budget is 1 to {MAX_BUDGET} playouts, not {budget}")
    if not margin_weight >= 0:  # a negative weight would rank a heavy win below a near one
        raise SealedError(f"a search's margin weight is 0 or more, not {margin_weight}")
    configured = SearchSettings(
        budget=budget, rollout=rollout, horizon=horizon, margin_weight=margin_weight
    )

    class Configured(SearchBot):
        pass

    Configured.game_name = game_name
    Configured.settings = configured
    Configured.options = options
    Configured.__name__ = Configured.__qualname__ = f"SearchBot{budget}"
    return Configured


def search_budget(name: str) -> int | None:
    """The budget a bot name asks for: ``search`` -> 64, ``search-200`` -> 200, else None."""
    match = NAME.fullmatch(name)
    if match is None:
        return None
    budget = int(match.group(1)) if match.group(1) else DEFAULT_BUDGET
    return budget if 1 <= budget <= MAX_BUDGET else None


class WithSearch(Mapping[str, type[Any]]):
    """A game's hand-written bots, plus the search family looked up by name.

    ``bots["search"]`` and ``bots["search-N"]`` (1 <= N <= 100000) are
    search bots whose playouts use the game's ``rollout`` bot. Iteration and
    ``len`` give the hand-written bots only: the family is endless, and
    code that plays every bot of a game (tests, seeded line-ups) should not
    start playing slow search bots.
    """

    def __init__(
        self,
        bots: Mapping[str, type[Any]],
        game_name: str,
        rollout: str,
        horizon: int | None = None,
        margin_weight: float = 0.0,
    ) -> None:
        if rollout not in bots:
            raise ValueError(f"rollout bot {rollout!r} is not one of {', '.join(bots)}")
        self._bots = dict(bots)
        self._game_name = game_name
        self._rollout = rollout
        self._horizon = horizon
        self._margin_weight = margin_weight
        self._made: dict[int, type[SearchBot]] = {}

    def __getitem__(self, name: str) -> type[Any]:
        bot = self._bots.get(name)
        if bot is not None:
            return bot
        budget = search_budget(name)
        if budget is None:
            raise KeyError(name)
        made = self._made.get(budget)
        if made is None:
            made = search_bot(
                self._game_name,
                budget,
                self._rollout,
                horizon=self._horizon,
                margin_weight=self._margin_weight,
            )
            self._made[budget] = made
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._bots)

    def __len__(self) -> int:
        return len(self._bots)


def with_search(
    bots: Mapping[str, type[Any]],
    game_name: str,
    rollout: str,
    horizon: int | None = None,
    margin_weight: float = 0.0,
) -> WithSearch:
    """``bots`` and the search family for ``game_name`` (see :class:`WithSearch`)."""
    return WithSearch(bots, game_name, rollout, horizon, margin_weight)
