"""Alternate Punishments (Optional Rules; modules/punishments.py): the option (Slavery refused
by name; Exile's own tests are test_optional_punishments_exile.py), random bot games under
Crippling that end, conserve the goods, change a player's roles only by a verdict that says so,
and replay exactly. The rules at the table are cases/optional_punishments.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, SEATS, bot_game, check_tokens

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules.punishments import CRIPPLING_ROWS
from sealed.games.crusoe.orders import format_order, parse_order
from sealed.games.crusoe.state import CrusoeState, Settings


def _settings(options: dict[str, Any]) -> Settings:
    return Settings.from_options(resolve_options(GAME.options, options))


@pytest.mark.parametrize(
    ("value", "read"),
    [("none", ()), ("crippling", ("crippling",)), (" Crippling ", ("crippling",))],
)
def test_the_option_reads_the_punishments_added(value: str, read: tuple[str, ...]) -> None:
    assert _settings({"punishments": value}).punishments == read


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("slavery", "punishments slavery with scenario crusoes-economy: violence is not"),
        ("exile", "punishments exile with scenario crusoes-economy: violence is not"),
        ("crippling+slavery", "punishments slavery with scenario crusoes-economy"),
        ("crippled", "did you mean 'crippling'"),
        ("crippling,crippling", "crippling is named twice"),
    ],
)
def test_what_is_not_built_or_not_a_punishment_is_refused_in_one_line(
    value: str, message: str
) -> None:
    with pytest.raises(OptionError, match=message) as error:
        _settings({"punishments": value})
    assert "\n" not in str(error.value)


def test_the_rows_that_may_be_inflicted_leave_out_six_seven_and_eight() -> None:
    """The seed: "Disabilities 6, 7, and 8 may not be selected"."""
    assert CRIPPLING_ROWS == (2, 3, 4, 5, 9, 10, 11, 12)


def test_the_default_is_the_basic_verdict_and_no_view_names_a_punishment() -> None:
    match = Match.new(GAME, list(SEATS), resolve_options(GAME.options, {}), seed=1)
    assert match.state.settings.punishments == ()
    assert GAME.view(match.state, "ana").punishments == ()


class Crippled:
    """The check after each step: goods conserved, and a player's disability changes only by a
    verdict that names him crippled, to a row that may be inflicted."""

    def __init__(self) -> None:
        self.verdicts = 0

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        state: CrusoeState = match.state
        check_tokens(state)
        named = {
            seat
            for event in match.steps[-1].events
            if event.kind == "verdict"
            for seat in event.data.get("crippled", [])
        }
        self.verdicts += bool(named)
        for seat, player in state.players.items():
            rows = [r for r in player.roles if r.startswith("disability-")]
            if seat in named:
                assert len(rows) == 1 and int(rows[0].split("-")[1]) in CRIPPLING_ROWS
            else:
                assert player.roles == before.players[seat].roles, f"{seat} changed unannounced"


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "tribal-socialism")),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_games_under_crippling_end_conserve_goods_and_replay(
    seed: int, scenario: str, bots: list[str]
) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": "crippling"})
    match = bot_game(seed, tuple(bots), options, Crippled())
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_random_bots_do_cripple() -> None:
    """The property test above would pass if nobody ever crippled: some games must."""
    check = Crippled()
    options = resolve_options(GAME.options, {"scenario": "hobbesian", "punishments": "crippling"})
    for seed in range(6):
        bot_game(seed, ("random",) * 4, options, check)
    assert check.verdicts > 0


def test_losers_named_in_any_order_are_the_same_ballot() -> None:
    """Ruling 116: the verdict's ballots are counted by their text; the names are kept sorted."""
    assert parse_order("cripple 9 dee ben") == parse_order("cripple 9 ben dee")
    assert format_order(parse_order("cripple 9 dee ben")) == "cripple 9 ben dee"
