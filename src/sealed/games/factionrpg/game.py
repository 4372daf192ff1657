"""FactionRPG wired to the engine protocol: wiring only (rules in :mod:`.resolve`)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sealed.core.chance import Chance
from sealed.core.errors import IllegalOrderError
from sealed.core.events import Event
from sealed.core.game import InPlaceGame, JsonDict, Options, OptionSpec, Prompt, Result, Seat
from sealed.games.factionrpg import consequences, resolve, rules, sampler
from sealed.games.factionrpg.bots import BOTS
from sealed.games.factionrpg.encoding import FactionEncoding
from sealed.games.factionrpg.orders import (
    ORDER_WORDS,
    Answers,
    Order,
    TurnOrders,
    format_order,
    parse_answers,
    parse_turn_orders,
)
from sealed.games.factionrpg.state import (
    SPECIALIZATIONS,
    VERSION,
    FactionState,
    Settings,
    default_assets,
    state_from_json,
    state_to_json,
)
from sealed.games.factionrpg.views import FactionView, build_view, render
from sealed.lab.search import with_search

ORDERS_HELP = (
    "One order per asset, as the seed's [fieldset=X-Asset ACTION Y-Target (WITH Factions) "
    "(TRANSFER TO Faction)] with narrations, or one line each: 'Red-Spies infiltrate Blue-Navy "
    "with Green'. Actions: damage, infiltrate (an asset, or a faction as a whole), shroud, "
    "enhance (an asset, or a new Red-NAME). 'share Blue-Spies with Green' shares a profile. "
    "'pass' is no orders."
)

ANSWERS_HELP = (
    "Answer your decisions, if your report lists any, one line each ('decision 1 deceive'); "
    "narrations, optional: 'narrate ASSET: TEXT' for an asset's increase, 'narrate ACTION "
    "TARGET: TEXT' for a failure you caused; 'pass' takes every default."
)
ANSWERS_HELP_V1 = (
    "Answer your decisions, if your report lists any, one line each ('decision 1 deceive'); "
    "'pass' takes every default."
)

OPTIONS = (
    OptionSpec(
        "turns",
        10,
        "Turns before the game ends (the seed sets none: Ruling 'the end').",
        minimum=1,
        maximum=200,
    ),
    OptionSpec(
        "space",
        0,
        "The space: the public cap on the total value of all assets; 0 gives 12 per faction "
        "(Ruling 'starting resources').",
        minimum=0,
        maximum=100_000,
    ),
    OptionSpec(
        "starting_assets",
        "standard",
        "standard: every faction F starts with F-Military 3, F-Treasury 3 and hidden F-Agents 2; "
        "setup: none, the GM's setup file gives them (Ruling 'starting resources').",
        choices=("standard", "setup"),
    ),
)


class FactionRPG(InPlaceGame[FactionState, Order, FactionView]):
    """FactionRPG v3.7: factions, hidden assets, profiles and false results, by post."""

    name = "factionrpg"
    title = "FactionRPG"
    version = VERSION
    legacy_versions: ClassVar[Mapping[int, str]] = {
        1: "with version 1's rules (manual, Versions): an Upgrade raises a value once per point "
        "of excess strength; a covert Enhance creates a public asset; a one-sided WITH is "
        "published as a collaboration and not told to its writer; WITH is read by whoever "
        "reads the action; no narrations; the Consequences Phase opens when every faction "
        "has answered"
    }
    min_players = 2
    max_players = 12
    default_players = 4
    options = OPTIONS
    manual = "factionrpg.md"
    summary = "political play-by-post: hidden assets, profiles, collaboration, false results"
    order_words = ORDER_WORDS
    order_block = ("[fieldset", "[/fieldset]")  # lenient reading keeps each fieldset whole
    bots: ClassVar[Mapping[str, type[Any]]] = with_search(BOTS, "factionrpg", rollout="steward")
    length_unit = "turns"

    def for_version(self, version: int) -> FactionRPG | None:
        """This object for its own version; :class:`FactionRPGV1` for version 1's rules."""
        if version == self.version:
            return self
        return VERSIONS[version]() if version in VERSIONS else None

    def initial_state(
        self, seats: Sequence[Seat], options: Options, chance: Chance
    ) -> FactionState:
        settings = Settings.from_options(options, self.version)
        standard = str(options.get("starting_assets", "standard")) == "standard"
        return FactionState(
            settings=settings,
            seats=tuple(seats),
            turn=1,
            phase="orders",
            space=settings.space_for(len(seats)),
            specializations={
                s: SPECIALIZATIONS[i % len(SPECIALIZATIONS)] for i, s in enumerate(seats)
            },
            assets=default_assets(seats) if standard else {},
            profiles={s: set() for s in seats},
            beliefs={s: [] for s in seats},
        )

    def to_json(self, state: FactionState) -> JsonDict:
        return state_to_json(state)

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[Seat], options: Options
    ) -> FactionState:
        return state_from_json(data, seats, Settings.from_options(options, self.version))

    def prompts(self, state: FactionState) -> Mapping[Seat, Prompt]:
        if state.phase == "orders":
            prompt = Prompt(
                f"turn {state.turn} of {state.settings.turns}, Orders Phase", ORDERS_HELP
            )
            return {seat: prompt for seat in state.seats}
        if state.phase == "consequences":
            # Every faction is asked, in the same words, whether or not it has a decision:
            # who is asked must not tell a deceived attacker that its "success" was false
            # (Ruling 'the Consequences Phase every turn'). The phase closes at its deadline
            # only, so when the results come cannot tell that a defender took time to decide
            # (Ruling 32).
            # Version 1 opened the phase when every faction had answered.
            legacy = state.settings.legacy
            prompt = Prompt(
                f"turn {state.turn}, Consequences Phase",
                ANSWERS_HELP_V1 if legacy else ANSWERS_HELP,
                wait_for_deadline=not legacy,
            )
            return {seat: prompt for seat in state.seats}
        return {}

    def parse(self, state: FactionState, seat: Seat, text: str) -> Order:
        if state.phase == "consequences":
            return rules.check_answers(state, seat, parse_answers(text))
        return rules.check_turn_orders(state, seat, parse_turn_orders(text))

    def validate(self, state: FactionState, seat: Seat, order: Order) -> None:
        if state.phase == "consequences":
            if not isinstance(order, Answers):
                raise IllegalOrderError("the Consequences Phase takes answers to decisions")
            if rules.check_answers(state, seat, [*order.answers, *order.narrations]) != order:
                raise IllegalOrderError("answers must be written as the game spells them")
            return
        if not isinstance(order, TurnOrders):
            raise IllegalOrderError("the Orders Phase takes orders for your assets")
        rules.validate_turn_orders(state, seat, order)

    def format(self, order: Order) -> str:
        return format_order(order)

    def default_order(self, state: FactionState, seat: Seat) -> Order:
        """No orders (every asset idle); in the Consequences Phase, every decision's default."""
        return Answers() if state.phase == "consequences" else TurnOrders()

    def apply(
        self,
        state: FactionState,
        orders: Mapping[Seat, Order],
        chance: Chance,
        events: list[Event] | None,
    ) -> None:
        # The Orders Phase opens: the first Results, then a Consequences Phase for every
        # faction, every turn, decisions or not (Ruling 'the Consequences Phase every turn').
        if state.phase == "orders":
            turn = {s: o for s, o in orders.items() if isinstance(o, TurnOrders)}
            resolve.first_results(state, turn, events)
            state.phase = "consequences"
            return
        answers = {s: o for s, o in orders.items() if isinstance(o, Answers)}
        consequences.second_results(state, answers, chance, events)

    def clone(self, state: FactionState) -> FactionState:
        return state.copy()

    def result(self, state: FactionState) -> Result | None:
        if not state.over:
            return None
        return Result.highest(
            self.scores(state),
            f"the most total asset value after {state.settings.turns} turns (Ruling 'the end')",
        )

    def scores(self, state: FactionState) -> Mapping[Seat, float]:
        totals = dict.fromkeys(state.seats, 0.0)
        for asset in state.assets.values():
            totals[asset.owner] += asset.value
        return totals

    def view(self, state: FactionState, seat: Seat) -> FactionView:
        return build_view(state, seat)

    def render(self, view: FactionView) -> str:
        return render(view)

    def seat_of(self, view: FactionView) -> Seat:
        return view.faction

    def sample_state(self, view: FactionView, options: Options, rng: random.Random) -> FactionState:
        """A state the faction could be in, for search bots (:mod:`.sampler`: what is drawn)."""
        return sampler.sample_state(view, options, rng)

    def encoding(self, seats: Sequence[Seat], options: Options) -> FactionEncoding:
        """Orders written asset by asset (research adapters: ``sealed.adapters``)."""
        settings = Settings.from_options(options)
        return FactionEncoding(seats, settings.turns, settings.space_for(len(seats)))

    def action_labels(self, order: Order) -> tuple[str, ...]:
        if isinstance(order, Answers):
            return tuple(a.word for a in order.answers) or ("pass",)
        return tuple(a.action or "transfer" for a in order.actions) or ("pass",)

    def action_label(self, order: Order) -> str:
        return " ".join(sorted(set(self.action_labels(order))))

    def length(self, state: FactionState, steps: int) -> int:
        return min(state.turn - 1, state.settings.turns)


class FactionRPGV1(FactionRPG):
    """FactionRPG with version 1's rules, to replay and continue a version 1 game exactly.

    The rules branch on ``state.settings.version`` (:attr:`Settings.legacy`), which
    this class sets when it starts or reads a state; its records keep saying version 1.
    """

    version = 1
    legacy_versions: ClassVar[Mapping[int, str]] = {}

    def sample_state(self, view: FactionView, options: Options, rng: random.Random) -> FactionState:
        """A drawn world of this game, under version 1's rules (search bots play it out)."""
        state = super().sample_state(view, options, rng)
        state.settings = dataclasses.replace(state.settings, version=self.version)
        return state


VERSIONS: dict[int, type[FactionRPG]] = {VERSION: FactionRPG, 1: FactionRPGV1}


__all__ = ["OPTIONS", "VERSIONS", "FactionRPG", "FactionRPGV1"]
