"""The War Slayer V :class:`~sealed.core.game.Game`: wiring only, the rules are in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import Game, JsonDict, Options, OptionSpec, Prompt, Result, Seat
from sealed.games.war_slayer import rules
from sealed.games.war_slayer.bots import BOTS
from sealed.games.war_slayer.orders import Decide, Place, WarSlayerOrder, format_order, parse_order
from sealed.games.war_slayer.state import (
    Phase,
    Row,
    Settings,
    WarSlayerState,
    state_from_json,
    state_to_json,
)
from sealed.games.war_slayer.views import WarSlayerView, build_view, render_view


class WarSlayer(Game[WarSlayerState, WarSlayerOrder, WarSlayerView]):
    """War Slayer V, wired to the engine protocol."""

    name = "war-slayer"
    title = "War Slayer V"
    version = 1
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
    bots: ClassVar[Mapping[str, type[Any]]] = BOTS

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
        if state.phase is Phase.OVER:
            return {}
        if state.phase is Phase.DECIDE:
            assert state.decider is not None
            prompt = Prompt(
                f"mission {state.mission}: you lost operation {state.operation}",
                "Go on with the mission ('continue') or back out ('withdraw'): backing out "
                "gives every exposed operative to the winner of that operation.",
                choices=("continue", "withdraw"),
            )
            return {state.seats[state.decider]: prompt}
        return {seat: self._placement_prompt(state, i) for i, seat in enumerate(state.seats)}

    @staticmethod
    def _placement_prompt(state: WarSlayerState, index: int) -> Prompt:
        hand = " ".join(c.code for c in state.hand(index))
        if state.phase is Phase.PLACE_FIRST:
            step, rows, example = "first placement", "'dossier' or 'theater'", "dossier"
        else:
            remaining = Row.THEATER if state.sides[index].dossier else Row.DOSSIER
            step, rows, example = "second placement", remaining.value, remaining.value
        return Prompt(
            f"mission {state.mission}: {step}",
            f"You drew {hand}. Write {rows} and the three cards in operation order "
            f"(position 1 first), e.g. '{example} {hand}'.",
        )

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

    def resolve(
        self, state: WarSlayerState, orders: Mapping[Seat, WarSlayerOrder], chance: Chance
    ) -> tuple[WarSlayerState, list[Event]]:
        if state.phase is Phase.DECIDE:
            assert state.decider is not None
            order = orders[state.seats[state.decider]]
            assert isinstance(order, Decide)
            return rules.decide(state, order)
        first, second = (orders[seat] for seat in state.seats)
        assert isinstance(first, Place) and isinstance(second, Place)
        return rules.place(state, (first, second))

    def legal_orders(self, state: WarSlayerState, seat: Seat) -> list[WarSlayerOrder]:
        return rules.legal_orders(state, state.seats.index(seat))

    def count_legal_orders(self, state: WarSlayerState, seat: Seat) -> int:
        return rules.count_legal_orders(state, state.seats.index(seat))

    def result(self, state: WarSlayerState) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        return Result.highest(self.scores(state), rules.END_REASONS[state.end or "vip"])

    def scores(self, state: WarSlayerState) -> Mapping[Seat, float]:
        return {
            seat: rules.points(side.cards())
            for seat, side in zip(state.seats, state.sides, strict=True)
        }

    def view(self, state: WarSlayerState, seat: Seat) -> WarSlayerView:
        return build_view(state, seat)

    def render(self, view: WarSlayerView) -> str:
        return render_view(view)

    def action_label(self, order: WarSlayerOrder) -> str:
        if isinstance(order, Place):
            return order.row.value
        return "withdraw" if order.withdraw else "continue"


GAME = WarSlayer()
