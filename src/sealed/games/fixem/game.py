"""The Fix'em :class:`~sealed.core.game.Game`: options, prompts, and the protocol glue."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import Game, JsonDict, Options, OptionSpec, Prompt, Result
from sealed.games.fixem import rules
from sealed.games.fixem.bots import CounterBot, RandomBot
from sealed.games.fixem.orders import (
    Card1,
    Card2,
    Card3,
    FixemOrder,
    Pass,
    format_order,
    parse_order,
)
from sealed.games.fixem.state import (
    DICE_PER_COLOUR,
    FixemState,
    Rules,
    Stage,
    state_from_json,
    state_to_json,
)
from sealed.games.fixem.views import FixemView, build_view, render

OPTIONS = (
    OptionSpec(
        "card_order",
        "3-2-1",
        "the sequence in which played cards take effect: 3-2-1 (iteration 6 and the final "
        "rules: card 3 can stop a card 2) or 2-3-1 (iterations 1-4)",
        choices=("3-2-1", "2-3-1"),
    ),
    OptionSpec(
        "queue_joins",
        "after_roll",
        "when the Field Queue joins the Field: after_roll, unrolled (final rules; Tianyi's "
        "misunderstanding in iteration 6 that stayed) or before_roll, rolled with its colour "
        "(iterations 1-6 as written)",
        choices=("after_roll", "before_roll"),
    ),
    OptionSpec(
        "start_hand",
        "4_rolled",
        "the starting hand: 4_rolled (final rules), 6_rolled (iteration 6) or 1_to_6, six dice "
        "showing 1 to 6 (iterations 3-4)",
        choices=("4_rolled", "6_rolled", "1_to_6"),
    ),
    OptionSpec(
        "start_field",
        6,
        "field dice per player at the start: 6 (iteration 6 and the final rules) or 4 "
        "(iterations 3-4)",
        minimum=1,
        maximum=30,
    ),
    OptionSpec(
        "refill",
        "own_colour",
        "who refills the Field after scoring: own_colour, each colour its own (iterations 3, 6 "
        "and the final rules), scorer, the scorer's colour (iteration 4), or none, no refill "
        "(iteration 2, which had no Waiting Dice)",
        choices=("own_colour", "scorer", "none"),
    ),
    OptionSpec(
        "closest_award",
        False,
        "the single closest prediction earns one Score Die from its Waiting Dice (iteration 4)",
    ),
    OptionSpec(
        "ending",
        "rounds",
        "rounds: play `rounds` rounds plus a die's worth of doubled Additional Rounds, or end "
        "early when fewer field dice than players remain (iteration 7 and the final rules); "
        "field: only the running-out end (iterations 2-6)",
        choices=("rounds", "field"),
    ),
    OptionSpec(
        "rounds",
        6,
        "rounds before the Additional Rounds (final rules: 6; iteration 7: '6~10 rounds')",
        minimum=1,
        maximum=30,
    ),
    OptionSpec(
        "additional_die",
        4,
        "sides of the die rolled after the last regular round for doubled Additional Rounds "
        "(final rules: a four-sided die; 0: none)",
        minimum=0,
        maximum=20,
    ),
    OptionSpec(
        "max_rounds",
        60,
        "with ending=field, stop after this many rounds (an engine safeguard, not in the seed: "
        "iteration 7 saw that game 'can last very long')",
        minimum=1,
        maximum=1000,
    ),
    OptionSpec(
        "hidden_hands",
        False,
        "hands are hidden from the other players, who see only their size "
        "(iteration 7's thought experiment)",
    ),
    OptionSpec(
        "hidden_predictions",
        False,
        "predictions stay hidden until the Score Stage (iteration 7's thought experiment)",
    ),
)


class FixemGame(Game[FixemState, FixemOrder, FixemView]):
    """Fix'em: secret predictions and simultaneous cards over 36 dice per player."""

    name = "fixem"
    title = "Fix'em"
    version = 1
    min_players = 2
    max_players = 4
    default_players = 3  # the final rules are for three players
    options = OPTIONS
    manual = "fixem.md"
    summary = (
        "three-player dice prediction: predict in secret, roll, play cards, score exact counts"
    )
    bots: ClassVar[Mapping[str, type[Any]]] = {"random": RandomBot, "counter": CounterBot}

    def initial_state(self, seats: Sequence[str], options: Options, chance: Chance) -> FixemState:
        return rules.new_state(seats, Rules.from_options(options), chance)

    def to_json(self, state: FixemState) -> JsonDict:
        return state_to_json(state)

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[str], options: Options
    ) -> FixemState:
        return state_from_json(data, seats, Rules.from_options(options))

    def prompts(self, state: FixemState) -> Mapping[str, Prompt]:
        if state.stage is Stage.OVER:
            return {}
        if state.stage is Stage.PREDICT:
            prompt = Prompt(
                phase=f"round {state.round}, Prediction Stage",
                help="predict COUNT x POINT: how many field dice will show POINT (predict 4 x 3)",
            )
        else:
            prompt = Prompt(
                phase=f"round {state.round}, Card Stage",
                help="card1 POINT | card2 P P ... | card3 SEAT POINT | pass",
            )
        return dict.fromkeys(state.seats, prompt)

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

    def resolve(
        self, state: FixemState, orders: Mapping[str, FixemOrder], chance: Chance
    ) -> tuple[FixemState, list[Event]]:
        return rules.resolve(state, orders, chance)

    def result(self, state: FixemState) -> Result | None:
        if state.stage is not Stage.OVER:
            return None
        scores = self.scores(state)
        best = max(scores.values())
        winners = tuple(seat for seat in state.seats if scores[seat] == best)
        return Result(winners, scores, rules.end_reason(state))

    def scores(self, state: FixemState) -> Mapping[str, float]:
        return {seat: float(state.player(seat).score) for seat in state.seats}

    def view(self, state: FixemState, seat: str) -> FixemView:
        return build_view(state, seat)

    def render(self, view: FixemView) -> str:
        return render(view)

    def action_label(self, order: FixemOrder) -> str:
        if isinstance(order, Card1 | Card2 | Card3):
            return format_order(order).split(" ", 1)[0]
        return "predict" if not isinstance(order, Pass) else "pass"


__all__ = ["DICE_PER_COLOUR", "OPTIONS", "FixemGame"]
