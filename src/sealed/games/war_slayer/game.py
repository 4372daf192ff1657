"""The War Slayer V :class:`~sealed.core.game.Game`: wiring only, the rules are in rules.py."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import InPlaceGame, JsonDict, Options, OptionSpec, Prompt, Result, Seat
from sealed.games.war_slayer import rules, sampler
from sealed.games.war_slayer.bots import BOTS
from sealed.games.war_slayer.encoding import WarSlayerEncoding
from sealed.games.war_slayer.orders import (
    ACTIONS,
    ALIASES,
    Decide,
    Place,
    WarSlayerOrder,
    format_order,
    parse_order,
)
from sealed.games.war_slayer.state import (
    DECIDE,
    DOSSIER,
    OVER,
    Settings,
    WarSlayerState,
    state_from_json,
    state_to_json,
)
from sealed.games.war_slayer.views import (
    WarSlayerView,
    build_view,
    decide_prompt,
    placement_prompt,
    render_view,
)
from sealed.lab.search import with_search


class WarSlayer(InPlaceGame[WarSlayerState, WarSlayerOrder, WarSlayerView]):
    """War Slayer V, wired to the engine protocol."""

    name = "war-slayer"
    title = "War Slayer V"
    version = 1
    order_words = (*ACTIONS, *ALIASES)  # lenient email reading spots a misspelt action
    min_players = 2
    max_players = 2
    manual = "war-slayer.md"
    summary = "two-player spy card game: dossiers, operations, double agents and a VIP"
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "mission_limit",
            200,
            "End and score the game after this many missions (0: no limit). The seed has no "
            "limit; see Ruling 'mission limit'.",
            minimum=0,
        ),
        OptionSpec(
            "dealer",
            1,
            "Which seat deals (1 or 2); the other is 'defeated' for the first mission.",
            choices=(1, 2),
        ),
    )
    bots: ClassVar[Mapping[str, type[Any]]] = with_search(BOTS, "war-slayer", rollout="spymaster")

    def initial_state(
        self, seats: Sequence[Seat], options: Options, chance: Chance
    ) -> WarSlayerState:
        return rules.deal((seats[0], seats[1]), Settings.from_options(options), chance)

    def to_json(self, state: WarSlayerState) -> JsonDict:
        return state_to_json(state)

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[Seat], options: Options
    ) -> WarSlayerState:
        return state_from_json(data, seats, Settings.from_options(options))

    def prompts(self, state: WarSlayerState) -> Mapping[Seat, Prompt]:
        phase = state.phase
        if phase is DECIDE:
            assert state.decider is not None
            return {state.seats[state.decider]: decide_prompt(state.mission, state.operation)}
        if phase is OVER:
            return {}
        first, second = state.seats
        return {first: placement_prompt(state, 0), second: placement_prompt(state, 1)}

    def prompted(self, state: WarSlayerState) -> tuple[Seat, ...]:
        if state.phase is DECIDE:
            assert state.decider is not None
            return (state.seats[state.decider],)
        return () if state.phase is OVER else state.seats

    def parse(self, state: WarSlayerState, seat: Seat, text: str) -> WarSlayerOrder:
        order = parse_order(text, state.hand(state.seats.index(seat)))
        self.validate(state, seat, order)
        return order

    def validate(self, state: WarSlayerState, seat: Seat, order: WarSlayerOrder) -> None:
        rules.check_order(state, state.seats.index(seat), order)

    def format(self, order: WarSlayerOrder) -> str:
        return format_order(order)

    def default_order(self, state: WarSlayerState, seat: Seat) -> WarSlayerOrder:
        return rules.default_order(state, state.seats.index(seat))

    def apply(
        self,
        state: WarSlayerState,
        orders: Mapping[Seat, WarSlayerOrder],
        chance: Chance,
        events: list[Event] | None,
    ) -> None:
        """The one rules path of ``resolve`` (narrating) and ``advance`` (``events`` None)."""
        if state.phase is DECIDE:
            assert state.decider is not None
            order = orders[state.seats[state.decider]]
            assert isinstance(order, Decide)
            rules.decide(state, order, events)
            return
        first, second = state.seats
        a, b = orders[first], orders[second]
        assert isinstance(a, Place) and isinstance(b, Place)
        rules.place(state, (a, b), events)

    def clone(self, state: WarSlayerState) -> WarSlayerState:
        return state.clone()

    def legal_orders(self, state: WarSlayerState, seat: Seat) -> Sequence[WarSlayerOrder]:
        return rules.legal_orders(state, state.seats.index(seat))

    def count_legal_orders(self, state: WarSlayerState, seat: Seat) -> int:
        return rules.count_legal_orders(state, state.seats.index(seat))

    def encoding(self, seats: Sequence[Seat], options: Options) -> WarSlayerEncoding:
        """14 actions relative to the drawn cards (research adapters: ``sealed.adapters``)."""
        return WarSlayerEncoding(Settings.from_options(options).mission_limit)

    def result(self, state: WarSlayerState) -> Result | None:
        if state.phase is not OVER:
            return None  # the common case first: every simulated step asks
        return Result.highest(self.scores(state), rules.END_REASONS[state.end or "vip"])

    def scores(self, state: WarSlayerState) -> Mapping[Seat, float]:
        # Each side keeps its points up to date as cards change hands (Side.points).
        first, second = state.seats
        return {first: state.sides[0].points, second: state.sides[1].points}

    def view(self, state: WarSlayerState, seat: Seat) -> WarSlayerView:
        return build_view(state, seat)

    def render(self, view: WarSlayerView) -> str:
        return render_view(view)

    def sample_state(
        self, view: WarSlayerView, options: Options, rng: random.Random
    ) -> WarSlayerState:
        return sampler.sample_state(view, options, rng)

    length_unit = "missions"

    def length(self, state: WarSlayerState, steps: int) -> int:
        """The missions played (the last one counts whole: the game ends inside it)."""
        return state.mission

    def action_label(self, order: WarSlayerOrder) -> str:
        if isinstance(order, Place):
            return "dossier" if order.row is DOSSIER else "theater"
        return "withdraw" if order.withdraw else "continue"

    def action_labels(self, order: WarSlayerOrder) -> Sequence[str]:
        # Asked for every simulated order: the four answers are made once.
        if isinstance(order, Place):
            return DOSSIER_LABEL if order.row is DOSSIER else THEATER_LABEL
        return WITHDRAW_LABEL if order.withdraw else CONTINUE_LABEL


DOSSIER_LABEL, THEATER_LABEL = ("dossier",), ("theater",)
CONTINUE_LABEL, WITHDRAW_LABEL = ("continue",), ("withdraw",)


GAME = WarSlayer()
