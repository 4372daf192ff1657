"""Oracle: a tiny test game that prompts the game master and words one event per audience.

Each round every seat seals ``guess N`` (1-3); then the game master seals
``award SEAT`` or ``award none`` (a choice the rules leave to the GM). The
guesses are opened as one event: the GM reads every guess, each seat reads
only its own (a per-audience wording). Two rounds; most points wins, and
nobody wins if nobody scored. Version 2; version 1 records replay with the
same rules (listed in ``legacy_versions``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sealed.core import setup
from sealed.core.chance import Chance
from sealed.core.errors import IllegalOrderError, OrderSyntaxError
from sealed.core.events import Audience, Event, Wording
from sealed.core.game import GM, Game, JsonDict, Options, Prompt, Result, Seat


@dataclass
class OracleState:
    seats: tuple[Seat, ...]
    round: int = 1
    phase: str = "guess"  # "guess", "rule" or "over"
    guesses: dict[Seat, int] = field(default_factory=dict)
    points: dict[Seat, int] = field(default_factory=dict)


class Oracle(Game[OracleState, str, JsonDict]):
    name = "oracle"
    title = "Oracle"
    version = 2
    legacy_versions: Mapping[int, str] = {1: "same rules"}
    min_players = 2
    max_players = 4
    manual = "none.md"
    order_words = ("guess", "award")

    def initial_state(self, seats: Sequence[Seat], options: Options, chance: Chance) -> OracleState:
        return OracleState(tuple(seats), points=dict.fromkeys(seats, 0))

    def to_json(self, state: OracleState) -> JsonDict:
        return {
            "round": state.round,
            "phase": state.phase,
            "guesses": dict(state.guesses),
            "points": dict(state.points),
        }

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[Seat], options: Options
    ) -> OracleState:
        data = setup.mapping(data, (), ("round", "phase", "guesses", "points"))
        phase = setup.text(data["phase"], ("phase",), ("guess", "rule", "over"))
        guesses = setup.mapping(data["guesses"], ("guesses",), seats)
        points = setup.mapping(data["points"], ("points",), seats, required=seats)
        return OracleState(
            tuple(seats),
            setup.integer(data["round"], ("round",), 1, 2),
            phase,
            {s: setup.integer(v, ("guesses", s), 1, 3) for s, v in guesses.items()},
            {s: setup.integer(v, ("points", s), 0) for s, v in points.items()},
        )

    def prompts(self, state: OracleState) -> Mapping[Seat, Prompt]:
        if state.phase == "guess":
            return {s: Prompt(f"round {state.round}", "guess 1, 2 or 3") for s in state.seats}
        if state.phase == "rule":
            return {GM: Prompt(f"round {state.round}: ruling", "award SEAT, or award none")}
        return {}

    def parse(self, state: OracleState, seat: Seat, text: str) -> str:
        words = text.lower().split()
        if len(words) != 2 or words[0] not in ("guess", "award"):
            raise OrderSyntaxError(f"{text!r} is not 'guess N' or 'award SEAT'")
        order = " ".join(words)
        self.validate(state, seat, order)
        return order

    def validate(self, state: OracleState, seat: Seat, order: str) -> None:
        verb, what = order.split()
        if seat == GM and (verb != "award" or what not in (*state.seats, "none")):
            raise IllegalOrderError("the game master awards a seat or none")
        if seat != GM and (verb != "guess" or what not in ("1", "2", "3")):
            raise IllegalOrderError("a seat guesses 1, 2 or 3")

    def format(self, order: str) -> str:
        return order

    def default_order(self, state: OracleState, seat: Seat) -> str:
        return "award none" if seat == GM else "guess 1"

    def legal_orders(self, state: OracleState, seat: Seat) -> Sequence[str] | None:
        if seat == GM:
            return [f"award {s}" for s in (*state.seats, "none")]
        return ["guess 1", "guess 2", "guess 3"]

    def resolve(
        self, state: OracleState, orders: Mapping[Seat, str], chance: Chance
    ) -> tuple[OracleState, list[Event]]:
        new = self.clone(state)
        if state.phase == "guess":
            new.guesses = {s: int(orders[s].split()[1]) for s in state.seats}
            truth = ", ".join(f"{s} guessed {g}" for s, g in new.guesses.items())
            wordings = tuple(
                Wording(frozenset({s}), f"you guessed {g}", {"guess": g})
                for s, g in new.guesses.items()
            )
            new.phase = "rule"
            return new, [Event("guesses", truth, Audience.gm(), dict(new.guesses), wordings)]
        winner = orders[GM].split()[1]
        total = sum(state.guesses[s] for s in state.seats)  # a setup without guesses breaks here
        if winner != "none":
            new.points[winner] += total
        new.guesses = {}
        new.round += 1
        new.phase = "over" if new.round > 2 else "guess"
        return new, [Event("award", f"the game master awards {winner}", data={"seat": winner})]

    def clone(self, state: OracleState) -> OracleState:
        return OracleState(
            state.seats, state.round, state.phase, dict(state.guesses), dict(state.points)
        )

    def result(self, state: OracleState) -> Result | None:
        if state.phase != "over":
            return None
        if not any(state.points.values()):
            return Result((), dict(state.points), "nobody scored")
        return Result.highest(dict(state.points), "most points")

    def scores(self, state: OracleState) -> Mapping[Seat, float]:
        return dict(state.points)

    def view(self, state: OracleState, seat: Seat) -> JsonDict:
        return {"round": state.round, "points": dict(state.points), "mine": state.guesses.get(seat)}

    def render(self, view: JsonDict) -> str:
        return f"round {view['round']}, points {view['points']}, your guess {view['mine']}"


ORACLE = Oracle()
