"""A Bureaucracy's purchase limits by path in Market Socialism (ruling 290, on ruling 82):
``purchase_limits (each good and path)`` decides each good's own limit and its limit for
whoever walks each path, from game information only.

Scenarios: cases/bureaucracy_limits_by_path.yaml (the chart's plan, a path's limit left to the
first player, last cycle's walkers of a path). Here:

- a chart that names a player, or writes the limits by path for another task or in another
  form, is refused naming its line; an amendment or a first player's box naming a player too;
- a chart decided per good (as every chart before this ruling) makes the plan it always made:
  no limit by path is written;
- a path's limit equal to the good's is not written, and ``limit_for`` gives every walker the
  chart's number for his path;
- a hybrid's Bureaucracy branch for the limits decides them by path the same way;
- at the deadline the first player's box for a path's limit is no limit (ruling 75);
- random bot games with the shipped example chart play to the end and replay exactly, every
  purchase within the buyer's limit for his path, every case of the chart game information.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game
from tests.games.crusoe.test_government_bureaucracy import PLAN_CHART, check_step

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME, bureaucracy, hybrid
from sealed.games.crusoe.policy import ChartError, parse_amendment
from sealed.games.crusoe.socialist_market import current, limit_for
from sealed.games.crusoe.state import GOODS, PATHS, CrusoeState, Settings
from sealed.games.crusoe.stats import MARKET_SOCIALISM_CHART, MARKET_SOCIALISM_PATH_LIMITS_CHART

SEATS = ["ana", "ben", "cy"]
REST = "wages (each good):\n  otherwise: 10\nprices (each good):\n  otherwise: 10\n"
ESTATE = "estate (choose a player):\n  otherwise: lowest player.vp, ties by dice\n"


def limits_chart(boxes: str, header: str = "purchase_limits (each good and path):") -> str:
    return f"{REST}{header}\n{boxes}{ESTATE}"


def options(chart: str, **more: Any) -> dict[str, Any]:
    chosen = {"scenario": "market-socialism", "government": "bureaucracy"}
    return resolve_options(GAME.options, chosen | {"government_chart": chart} | more)


@pytest.mark.parametrize(
    ("chart", "message"),
    [
        (limits_chart("  if player.vp > 3: 1\n  otherwise: 2\n"), "line 6: unknown quantity"),
        (
            limits_chart("  otherwise: 2\n", "purchase_limits (each good and player):"),
            r"line 5: purchase_limits is decided as \(each good \| each good and path\)",
        ),
        (
            limits_chart("  otherwise: 2\n", "purchase_limits (each good and seat):"),
            "line 5: 'each good and seat' is not a kind of decision",
        ),
        (  # the refusal names the two-role kind the task takes, beside the one-role kinds
            limits_chart("  otherwise: 2\n", "purchase_limits (each good by path):"),
            r"line 5: 'each good by path' is not a kind of decision \(.*each player / choose a "
            r"player, each good and path\)",
        ),
        (
            "wages (each good and path):\n  otherwise: 10\n" + limits_chart("  otherwise: 1\n"),
            r"line 1: wages is decided as \(each good\), not \(each good and path\)",
        ),
        (limits_chart("  if path.ana: 1\n  otherwise: 2\n"), "line 6: unknown quantity 'path.ana'"),
    ],
    ids=[
        "a player's quantity",
        "by player",
        "by seat",
        "a kind misspelled",
        "another task",
        "a seat's name",
    ],
)
def test_a_chart_for_limits_by_path_that_names_a_player_is_refused_naming_its_line(
    chart: str, message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        Settings.from_options(options(chart))


def test_a_chart_decided_per_good_writes_no_limit_by_path() -> None:
    """Every chart written before ruling 290 decides per good: its plan is as it always was."""
    for chart in (PLAN_CHART, MARKET_SOCIALISM_CHART):
        plan = Match.new(GAME, SEATS, options(chart), seed=1).state.plan
        assert sorted(plan) == ["limit", "price", "wage"]


def test_a_paths_limit_equal_to_the_goods_is_not_written_and_each_walker_gets_his_paths() -> None:
    chart = limits_chart(
        "  if good.diamond: 0\n  if path.spider and good.egg: 0\n  if path.ant: 3\n  otherwise: 2\n"
    )
    plan = Match.new(GAME, SEATS, options(chart), seed=1).state.plan
    assert plan["limit"] == dict.fromkeys(GOODS, 2) | {"diamond": 0}
    assert plan["limit.spider"] == {"egg": 0}  # its other goods are 2, as the goods' own
    assert plan["limit.ant"] == {g: 3 for g in GOODS if g != "diamond"}
    for path in PATHS:
        for good in GOODS:
            wanted = 0 if good == "diamond" or (path, good) == ("spider", "egg") else 2
            wanted = 3 if path == "ant" and good != "diamond" else wanted
            assert limit_for(plan, path, good) == wanted, (path, good)
    assert limit_for(plan, None, "water") == 2  # walking no path (sent to the Market)


def test_an_amendment_and_a_first_players_box_may_name_a_path_but_not_a_player() -> None:
    match = Match.new(GAME, SEATS, options(limits_chart("  otherwise: undecided\n")), seed=1)
    state: CrusoeState = match.state
    assert state.ask == "box" and bureaucracy.case_text(state).startswith(
        "purchase_limits (each good and path) for water, box 1"
    )
    with pytest.raises(ChartError, match=r"unknown quantity 'player\.vp'"):
        bureaucracy.extended(state, "if player.vp > 1: 2")
    match.seal_order("ana", GAME.parse(state, "ana", "box if not path.firefly: 2"))
    assert "for water.firefly, box 2" in bureaucracy.case_text(match.state)
    match.seal_order("ana", GAME.parse(match.state, "ana", "box if path.firefly: 999"))
    state = match.state
    assert state.plan["limit"] == dict.fromkeys(GOODS, 2)
    assert state.plan["limit.firefly"] == dict.fromkeys(GOODS, 999)
    chart, vocabulary = bureaucracy.chart(state), hybrid.chart_vocabulary(bureaucracy.tasks(state))
    parse_amendment("purchase_limits replace 1: if path.last_walkers > 1: 1", chart, vocabulary)
    with pytest.raises(ChartError, match=r"unknown quantity 'player\.money'"):
        parse_amendment("purchase_limits replace 1: if player.money > 1: 1", chart, vocabulary)


def test_a_hybrids_bureaucracy_branch_sets_the_limits_by_path() -> None:
    chart = "purchase_limits (each good and path):\n  if path.firefly: 999\n  otherwise: 1\n"
    chosen = {
        "scenario": "market-socialism",
        "government": "hybrid",
        "government_purchase_limits": "bureaucracy",
        "government_chart": chart,
    }
    match = Match.new(GAME, SEATS, resolve_options(GAME.options, chosen), seed=1)
    while match.state.phase == "plan":  # the voted wages and prices: nobody proposes
        match.close()
    plan = current(match.state)
    assert plan["limit"] == dict.fromkeys(GOODS, 1)
    assert plan["limit.firefly"] == dict.fromkeys(GOODS, 999)


def test_at_the_deadline_a_paths_limit_is_no_limit() -> None:
    """Ruling 75: the plan before any decision has no limit (999); the box is this path's
    walkers' alone, this cycle only, so the goods' own limits stand."""
    chart = limits_chart("  if path.bookworm: undecided\n  otherwise: 2\n")
    match = Match.new(GAME, SEATS, options(chart), seed=1)
    assert "for water.bookworm" in bureaucracy.case_text(match.state)
    match.close()
    plan = match.state.plan
    assert plan["limit"] == dict.fromkeys(GOODS, 2)
    assert plan["limit.bookworm"] == dict.fromkeys(GOODS, 999)
    assert "if cycle == 1 and path.bookworm: 999" in match.state.chart


def check_purchases(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    """The Bureaucracy's checks, and every unit bought this cycle within the buyer's limit."""
    check_step(before, match)
    state: CrusoeState = match.state
    plan = current(state)
    for seat, goods in state.bought.items():
        for good, units in goods.items():
            limit = limit_for(plan, state.players[seat].path, good)
            assert limit is None or units <= limit, f"{seat} bought {units} {good} past {limit}"


STUCK_CHART = limits_chart(
    "  if path.spider and cycle > 1: undecided\n  if path.firefly: 999\n  otherwise: 2\n"
)
"""A chart that leaves the Spider walkers' limits to the first player from cycle 2 on."""


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.permutations(BOTS),
    chart=st.sampled_from((MARKET_SOCIALISM_PATH_LIMITS_CHART, STUCK_CHART)),
)
def test_a_chart_with_limits_by_path_plays_to_the_end_and_replays(
    seed: int, bots: list[str], chart: str
) -> None:
    """The shipped example, and a chart whose first player writes the Spider's limits (a bot
    writes a box for that path alone)."""
    match = bot_game(seed, tuple(bots), options(chart), check_purchases)
    plans = [e for e in match.events if e.kind == "branch"]
    assert plans or match.state.cycle == 1
    assert not plans or "on the firefly path" in plans[0].text  # cycle 1: no amendment yet
    extended = [e for e in match.events if e.kind == "chart" and "box" in e.data]
    assert all("path.spider" in e.data["box"] for e in extended), "a box beyond its path"
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
