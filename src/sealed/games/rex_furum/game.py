"""Rex Furum wired to the engine protocol: wiring only, the rules are in :mod:`.rules`."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import InPlaceGame, JsonDict, Options, OptionSpec, Prompt, Result, Seat
from sealed.games.rex_furum import rules, sampler
from sealed.games.rex_furum.bots import BOTS, search_candidates
from sealed.games.rex_furum.encoding import RexFurumEncoding
from sealed.games.rex_furum.orders import (
    ORDER_WORDS,
    RoundOrders,
    check_seat_names,
    format_orders,
    parse_orders,
)
from sealed.games.rex_furum.rules import Desk, check_orders
from sealed.games.rex_furum.state import (
    VERSION,
    RexState,
    Settings,
    state_from_json,
    state_to_json,
)
from sealed.games.rex_furum.views import RoundEmail, build_view, render_view
from sealed.lab.search import with_search

HELP = (
    "Send your actions for the round, up to three action points (crash costs two, invest "
    "none), e.g. '{example}'. Send again to "
    "replace them: the last set sealed before the deadline counts. 'pass' is no action."
)


def help_for(seats: Sequence[Seat], seat: Seat) -> str:
    """The prompt's help for ``seat``, its example naming this game's other players (the
    seed's 'stephen' and 'arthur' are refused as unknown players in any other game)."""
    others = [s for s in seats if s != seat] or [seat]
    protected, fired = others[0], others[1 % len(others)]
    example = f"bribe 4000 gamma protect {protected} pinkslip {fired} at beta"
    return HELP.format(example=example)


@functools.lru_cache(maxsize=4096)
def _prompt(
    seats: tuple[Seat, ...], seat: Seat, round: int, rounds: int, wait: bool, minutes: int
) -> Prompt:
    """``seat``'s prompt of a round: a frozen value, so made once and shared (simulations
    ask for every seat's at every round, and the help is a formatted sentence)."""
    return Prompt(
        f"round {round} of {rounds}",
        help_for(seats, seat),
        wait_for_deadline=wait,
        minutes=minutes,
    )


class RexFurum(InPlaceGame[RexState, RoundOrders, RoundEmail]):
    """Rex Furum, wired to the engine protocol."""

    name = "rex-furum"
    title = "Rex Furum"
    version = VERSION
    legacy_versions: ClassVar[Mapping[int, str]] = {
        2: "with version 2's rules: each player's email shows only their own money; "
        "voluntary payments are capped only when sealed; a lapsed bribe offer can still be "
        "accepted; entering a company and accepting a bribe to it in one email is refused; "
        "a backstab needs protection that held and counts a shared company twice; amounts "
        "are read as version 2 read them"
    }
    order_words = ORDER_WORDS
    min_players = 3
    max_players = 16
    manual = "rex-furum.md"
    summary = "email corporate intrigue: embezzle, bribe, crash and backstab for 10 timed rounds"
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("rounds", 10, "Number of rounds (the final ruleset: 10).", minimum=1),
        OptionSpec(
            "round_minutes",
            20,
            "Length of a round in minutes, printed in the round email (final ruleset: 20).",
            minimum=1,
        ),
        OptionSpec(
            "starting_money",
            0,
            "Money each player has before the first salary (the seed gives none; "
            "see Ruling 'starting money').",
        ),
        OptionSpec(
            "salary", 10_000, "Salary paid at the beginning of each round ($10k).", minimum=0
        ),
        OptionSpec(
            "unemployed_salary",
            False,
            "Pay the salary to unemployed players too (versions 3 to 5 of the design did).",
        ),
        OptionSpec(
            "close_early",
            False,
            "Resolve a round as soon as every player has sealed orders, instead of waiting "
            "for the game master to close it at the deadline (the designer's closing wish).",
        ),
        OptionSpec(
            "backstab_per_company",
            20_000,
            "What a backstab takes from a protector per company the two players work for "
            "(the final ruleset's $20k; the designer asked whether a bigger backstab would pay).",
            minimum=0,
            maximum=1_000_000,
        ),
    )
    # The search's value adds the final margin: a plain win share is the same for every
    # candidate once all win (or all lose) every playout (manual, "Search bot").
    bots: ClassVar[Mapping[str, type[Any]]] = with_search(
        BOTS, "rex-furum", rollout="greedy", margin_weight=0.5
    )

    def for_version(self, version: int) -> RexFurum | None:
        """This object for its own version; :class:`RexFurumV2` for version 2's rules."""
        if version == self.version:
            return self
        return VERSIONS[version]() if version in VERSIONS else None

    def initial_state(self, seats: Sequence[Seat], options: Options, chance: Chance) -> RexState:
        check_seat_names(seats)
        return rules.deal(tuple(seats), Settings.from_options(options, self.version), chance)

    def to_json(self, state: RexState) -> JsonDict:
        return state_to_json(state)

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[Seat], options: Options
    ) -> RexState:
        return state_from_json(data, seats, options, self.version)

    def prompts(self, state: RexState) -> Mapping[Seat, Prompt]:
        if state.over:
            return {}
        settings = state.settings
        key = (state.round, settings.rounds, not settings.close_early, settings.round_minutes)
        return {seat: _prompt(state.seats, seat, *key) for seat in state.seats}

    def parse(self, state: RexState, seat: Seat, text: str) -> RoundOrders:
        orders = parse_orders(text, state.seats, legacy_amounts=state.settings.version < 3)
        self.validate(state, seat, orders)
        return orders

    def validate(self, state: RexState, seat: Seat, order: RoundOrders) -> None:
        check_orders(Desk.of(state, seat), order)

    def format(self, order: RoundOrders) -> str:
        return format_orders(order)

    def default_order(self, state: RexState, seat: Seat) -> RoundOrders:
        """No actions: a player who sends nothing before the deadline does nothing."""
        return RoundOrders()

    def apply(
        self,
        state: RexState,
        orders: Mapping[Seat, RoundOrders],
        chance: Chance,
        events: list[Event] | None,
    ) -> None:
        rules.play_round(state, orders, events)

    def clone(self, state: RexState) -> RexState:
        return state.clone()

    def prompted(self, state: RexState) -> tuple[Seat, ...]:
        return () if state.over else state.seats

    def legal_orders(self, state: RexState, seat: Seat) -> Sequence[RoundOrders] | None:
        """Every legal order when the seat can use no action with an amount, else ``None``.

        Bribes, investments and accepted bribes take free whole amounts, so
        whoever has money or a job has no finite list; :func:`rules.plain_orders`
        enumerates the orders without an amount and :func:`rules.available_actions`
        names every action word usable now.
        """
        return rules.legal_orders(state, seat)

    def encoding(self, seats: Sequence[Seat], options: Options) -> RexFurumEncoding:
        """An email written action by action (research adapters: ``sealed.adapters``)."""
        return RexFurumEncoding(seats, Settings.from_options(options, self.version).rounds)

    def result(self, state: RexState) -> Result | None:
        if not state.over:
            return None
        return Result.highest(self.scores(state), f"richest after {state.settings.rounds} rounds")

    def scores(self, state: RexState) -> Mapping[Seat, float]:
        return {p.seat: p.money for p in state.players}

    def view(self, state: RexState, seat: Seat) -> RoundEmail:
        return build_view(state, seat)

    def render(self, view: RoundEmail) -> str:
        return render_view(view)

    def seat_of(self, view: RoundEmail) -> Seat:
        return view.name

    def sample_state(self, view: RoundEmail, options: Options, rng: random.Random) -> RexState:
        return sampler.sample_state(view, options, rng)

    def search_candidates(
        self, view: RoundEmail, prompt: Prompt, rng: random.Random
    ) -> list[RoundOrders]:
        return search_candidates(view, rng)

    def action_label(self, order: RoundOrders) -> str:
        return " ".join(sorted({a.word for a in order.actions})) or "pass"

    def action_labels(self, order: RoundOrders) -> tuple[str, ...]:
        """Each action of the email counts once (an email of three actions counts three)."""
        return tuple([a.word for a in order.actions]) or ("pass",)  # a list: cheaper here

    length_unit = "rounds"

    def length(self, state: RexState, steps: int) -> int:
        return min(state.round - 1, state.settings.rounds)


class RexFurumV2(RexFurum):
    """Rex Furum with version 2's rules, to replay and continue a version 2 game exactly.

    The rules branch on ``state.settings.version``, which this class sets when
    it deals or reads a state; its records keep saying version 2.
    """

    version = 2


VERSIONS: dict[int, type[RexFurum]] = {VERSION: RexFurum, 2: RexFurumV2}

GAME = RexFurum()
