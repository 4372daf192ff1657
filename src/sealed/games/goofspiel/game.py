"""The Goofspiel :class:`~sealed.core.game.Game`: options, prompts, and the protocol glue.

This file only wires the protocol to the other rooms of the folder: state
and JSON (``state.py``), notation (``orders.py``), rules (``rules.py``),
views (``views.py``) and bots (``bots.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import InPlaceGame, JsonDict, Options, OptionSpec, Prompt, Result
from sealed.games.goofspiel import rules, sampler
from sealed.games.goofspiel.bots import CounterBot, MatchingBot, RandomBot
from sealed.games.goofspiel.encoding import GoofspielEncoding
from sealed.games.goofspiel.orders import WORDS, Bid, format_order, parse_order
from sealed.games.goofspiel.state import (
    MAX_CARDS,
    POINTS_ORDERS,
    GoofspielState,
    Settings,
    state_from_json,
    state_to_json,
)
from sealed.games.goofspiel.views import GoofspielView, build_view, render
from sealed.lab.search import with_search

OPTIONS = (
    OptionSpec(
        "num_cards",
        13,
        "cards in each hand and in the prize deck, 1..N (OpenSpiel's num_cards)",
        minimum=1,
        maximum=MAX_CARDS,
    ),
    OptionSpec(
        "points_order",
        "random",
        "the order the prizes are revealed in: random (shuffled), descending (N first) or "
        "ascending (1 first), as OpenSpiel's points_order",
        choices=POINTS_ORDERS,
    ),
)


class GoofspielGame(InPlaceGame[GoofspielState, Bid, GoofspielView]):
    """Goofspiel: bid a card of your hand, in secret, for the prize card on show."""

    name = "goofspiel"
    title = "Goofspiel"
    version = 1
    order_words = WORDS  # lenient email reading spots a misspelt "bid"
    min_players = 2
    max_players = 4
    options = OPTIONS
    manual = "goofspiel.md"
    summary = "the classic sealed-bid card game: bid 1..N for the prize cards; a tie wins nothing"
    bots: ClassVar[Mapping[str, type[Any]]] = with_search(
        {"random": RandomBot, "matching": MatchingBot, "counter": CounterBot},
        "goofspiel",
        rollout="counter",
    )

    # -- setting up -------------------------------------------------------
    def initial_state(
        self, seats: Sequence[str], options: Options, chance: Chance
    ) -> GoofspielState:
        return rules.new_state(seats, Settings.from_options(options), chance)

    def to_json(self, state: GoofspielState) -> JsonDict:
        return state_to_json(state)

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[str], options: Options
    ) -> GoofspielState:
        return state_from_json(data, seats, Settings.from_options(options))

    # -- deciding ---------------------------------------------------------
    def prompts(self, state: GoofspielState) -> Mapping[str, Prompt]:
        if state.over:
            return {}
        phase = f"turn {state.turn + 1}, prize {state.prize}"
        return {
            seat: Prompt(
                phase=phase,
                help="bid CARD: one card of your hand (bid 7)",
                choices=tuple(f"bid {card}" for card in state.hands[i]),
            )
            for i, seat in enumerate(state.seats)
        }

    def prompted(self, state: GoofspielState) -> tuple[str, ...]:
        return state.seats if state.turn < len(state.prizes) else ()

    def parse(self, state: GoofspielState, seat: str, text: str) -> Bid:
        order = parse_order(text)
        rules.check_bid(state, seat, order)
        return order

    def validate(self, state: GoofspielState, seat: str, order: Bid) -> None:
        rules.check_bid(state, seat, order)

    def format(self, order: Bid) -> str:
        return format_order(order)

    def default_order(self, state: GoofspielState, seat: str) -> Bid:
        """The deadline passes: the seat bids its lowest card."""
        return rules.legal_bids(state, seat)[0]

    def legal_orders(self, state: GoofspielState, seat: str) -> list[Bid]:
        return state.hands[state.seats.index(seat)][:]  # rules.legal_bids, one call shorter

    def count_legal_orders(self, state: GoofspielState, seat: str) -> int:
        return len(state.hands[state.seats.index(seat)])

    def encoding(self, seats: Sequence[str], options: Options) -> GoofspielEncoding:
        """One action per card (research adapters: ``sealed.adapters``)."""
        return GoofspielEncoding(seats, Settings.from_options(options).num_cards)

    # -- resolving --------------------------------------------------------
    def apply(
        self,
        state: GoofspielState,
        orders: Mapping[str, Bid],
        chance: Chance,
        events: list[Event] | None,
    ) -> None:
        # InPlaceGame derives resolve (clone + apply with events) and advance (apply, no events).
        rules.play(state, orders, events)

    def advance(
        self, state: GoofspielState, orders: Mapping[str, Bid], chance: Chance
    ) -> GoofspielState:
        rules.play(state, orders, None)  # InPlaceGame's advance without its call to apply
        return state

    def clone(self, state: GoofspielState) -> GoofspielState:
        return state.copy()

    def result(self, state: GoofspielState) -> Result | None:
        if not state.over:
            return None
        return Result.highest(self.scores(state), rules.end_reason(state))

    def scores(self, state: GoofspielState) -> Mapping[str, float]:
        return {seat: float(points) for seat, points in zip(state.seats, state.points, strict=True)}

    # -- seeing -----------------------------------------------------------
    def view(self, state: GoofspielState, seat: str) -> GoofspielView:
        return build_view(state, seat)

    def render(self, view: GoofspielView) -> str:
        return render(view)

    def sample_state(
        self, view: GoofspielView, options: Options, rng: random.Random
    ) -> GoofspielState:
        return sampler.sample_state(view, options, rng)


__all__ = ["OPTIONS", "GoofspielGame"]
