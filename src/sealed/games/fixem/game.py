"""The Fix'em :class:`~sealed.core.game.Game`: wiring only (the rules are in rules.py)."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import InPlaceGame, JsonDict, Options, Prompt, Result
from sealed.games.fixem import rules, sampler
from sealed.games.fixem.bots import CounterBot, RandomBot
from sealed.games.fixem.encoding import FixemEncoding
from sealed.games.fixem.orders import (
    ORDER_WORDS,
    FixemOrder,
    Pass,
    format_order,
    parse_order,
)
from sealed.games.fixem.state import (
    OPTIONS,
    VERSION,
    FixemState,
    Settings,
    Stage,
    state_from_json,
    state_to_json,
)
from sealed.games.fixem.views import FixemView, build_view, render
from sealed.lab.search import with_search


class FixemGame(InPlaceGame[FixemState, FixemOrder, FixemView]):
    """Fix'em: secret predictions and simultaneous cards over 36 dice per player."""

    name = "fixem"
    title = "Fix'em"
    version = VERSION
    legacy_versions: ClassVar[Mapping[int, str]] = {
        1: "with version 1's rules: a prediction of 0 and a card 3 on a die the target's "
        "public hand lacks are refused; the Prediction Stage's view shows the Field's "
        "unrolled dice with placeholder faces and counts them"
    }
    order_words = ORDER_WORDS
    min_players = 2
    max_players = 4
    default_players = 3  # the final rules are for three players
    options = OPTIONS
    manual = "fixem.md"
    summary = (
        "three-player dice prediction: predict in secret, roll, play cards, score exact counts"
    )
    # Search playouts stop after two steps (the round's rest) and score who leads: a round's
    # points are settled within it, and whole-game playouts were slower and measured weaker.
    bots: ClassVar[Mapping[str, type[Any]]] = with_search(
        {"random": RandomBot, "counter": CounterBot}, "fixem", rollout="counter", horizon=2
    )

    def for_version(self, version: int) -> FixemGame | None:
        """This object for its own version; :class:`FixemGameV1` for version 1's rules."""
        if version == self.version:
            return self
        return FixemGameV1() if version == 1 else None

    def initial_state(self, seats: Sequence[str], options: Options, chance: Chance) -> FixemState:
        return rules.new_state(seats, Settings.from_options(options, self.version), chance)

    def to_json(self, state: FixemState) -> JsonDict:
        return state_to_json(state)

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[str], options: Options
    ) -> FixemState:
        return state_from_json(data, seats, Settings.from_options(options, self.version))

    def prompts(self, state: FixemState) -> Mapping[str, Prompt]:
        if state.stage is Stage.OVER:
            return {}
        # A Prompt is a value of the round and stage alone: made once (the hot path asks
        # every step).
        return dict.fromkeys(state.seats, _prompt(state.round, state.stage))

    def prompted(self, state: FixemState) -> tuple[str, ...]:
        return () if state.stage is Stage.OVER else state.seats

    def parse(self, state: FixemState, seat: str, text: str) -> FixemOrder:
        order = parse_order(text, state.seats)
        rules.check_order(state, seat, order)
        return order

    def validate(self, state: FixemState, seat: str, order: FixemOrder) -> None:
        rules.check_order(state, seat, order)

    def format(self, order: FixemOrder) -> str:
        return format_order(order)

    def default_order(self, state: FixemState, seat: str) -> FixemOrder:
        """No prediction (it can score nothing) or no card: both written ``pass``."""
        return Pass()

    def legal_orders(self, state: FixemState, seat: str) -> Sequence[FixemOrder]:
        """Finite and bounded: see :func:`rules.legal_orders` for the bounds."""
        return rules.legal_orders(state, seat)

    def count_legal_orders(self, state: FixemState, seat: str) -> int:
        return rules.count_legal_orders(state, seat)

    def encoding(self, seats: Sequence[str], options: Options) -> FixemEncoding:
        """Single actions, card 2 die by die (research adapters: ``sealed.adapters``)."""
        return FixemEncoding(seats, Settings.from_options(options, self.version))

    def apply(
        self,
        state: FixemState,
        orders: Mapping[str, FixemOrder],
        chance: Chance,
        events: list[Event] | None,
    ) -> None:
        rules.apply(state, orders, chance, events)

    def clone(self, state: FixemState) -> FixemState:
        return state.clone()

    def result(self, state: FixemState) -> Result | None:
        if state.stage is not Stage.OVER:
            return None
        return Result.highest(self.scores(state), rules.end_reason(state))

    def scores(self, state: FixemState) -> Mapping[str, float]:
        return {seat: float(player.score) for seat, player in state.players.items()}

    def view(self, state: FixemState, seat: str) -> FixemView:
        return build_view(state, seat)

    def render(self, view: FixemView) -> str:
        return render(view)

    def sample_state(self, view: FixemView, options: Options, rng: random.Random) -> FixemState:
        return sampler.sample_state(view, options, rng, self.version)

    length_unit = "rounds"

    def length(self, state: FixemState, steps: int) -> int:
        """The rounds played (the last one counts whole: the game ends inside it)."""
        return state.round

    def action_label(self, order: FixemOrder) -> str:
        return order.label


@functools.lru_cache(maxsize=256)
def _prompt(round_: int, stage: Stage) -> Prompt:
    if stage is Stage.PREDICT:
        return Prompt(
            phase=f"round {round_}, Prediction Stage",
            help="predict COUNT x POINT: how many field dice will show POINT (predict 4 x 3)",
        )
    return Prompt(
        phase=f"round {round_}, Card Stage",
        help="card1 POINT | card2 P P ... | card3 SEAT POINT | pass",
    )


class FixemGameV1(FixemGame):
    """Version 1's rules, to replay and continue games recorded under them.

    Every state it makes carries ``Settings.version == 1``, and the rules and
    views branch on that: predictions from 1, card 3 refused on a die the
    target's public hand lacks, the Prediction Stage's Field shown as stored.
    """

    version = 1
    legacy_versions: ClassVar[Mapping[int, str]] = {}

    def for_version(self, version: int) -> FixemGame | None:
        return self if version == 1 else None


GAME = FixemGame()

__all__ = ["GAME", "OPTIONS", "FixemGame", "FixemGameV1"]
