"""The table of the advanced economies under the other governments, Welfare's variants and
Market Socialism's limits by path (issue 14): ``sealed sim crusoe --scenario governments`` /
``advanced-variants`` play each governed economy under each other government the game builds,
every row differing from the Athenian row only in the government's options (a variant's only
in its option); the printed table has intervals and is the
same for a seed; ``all`` is still the fourteen economies."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from sealed.cli import cli
from sealed.core.game import resolve_options
from sealed.core.match import Match, play_bots
from sealed.games.crusoe import GAME
from sealed.games.crusoe.stats import (
    ADVANCED_ECONOMIES,
    ECONOMIES,
    GOVERNED,
    GOVERNMENT_ECONOMIES,
    GOVERNMENTAL_SOCIALISM_CHART,
    MARKET_VARIANTS,
    OTHER_GOVERNMENTS,
    WELFARE_VARIANTS,
    government_options,
)
from sealed.lab.compare import check_playable

GOVERNMENT_KEYS = {"government", "government_chart", "government_tax_burden", "government_estate"}


def sim(*args: str) -> str:
    result = CliRunner().invoke(cli, ["sim", "crusoe", *args])
    assert result.exit_code == 0, result.output
    return result.output


def resolved(options: Any) -> dict[str, Any]:
    return resolve_options(GAME.options, options)


def test_every_governed_economy_is_named_under_every_other_government_the_game_builds() -> None:
    expected = {
        f"{scenario}/{government}" for government in OTHER_GOVERNMENTS for scenario in GOVERNED
    }
    assert set(GOVERNMENT_ECONOMIES) == expected and len(expected) == 20
    for name, options in GOVERNMENT_ECONOMIES.items():
        scenario, government = name.split("/")
        athenian = resolved(ADVANCED_ECONOMIES[scenario])
        mine = resolved(options)
        assert mine["government"] == government
        assert {k for k in mine if mine[k] != athenian[k]} <= GOVERNMENT_KEYS, name
        check_playable(GAME, mine, ["greedy"] * 4, name)


def test_a_bureaucracy_in_governmental_socialism_divides_the_pool_by_the_shipped_chart() -> None:
    """The cell plays GOVERNMENTAL_SOCIALISM_CHART (ruling 189: a share per player, here an
    equal one each), and its games divide the pool by the chart, never by a vote."""
    options = government_options("governmental-socialism", "bureaucracy")
    assert options["government_chart"] == GOVERNMENTAL_SOCIALISM_CHART
    assert "distribution (each player):\n  otherwise: 1\n" in GOVERNMENTAL_SOCIALISM_CHART
    data = json.loads(
        sim(
            "--scenario",
            "governmental-socialism/bureaucracy",
            "-n",
            "2",
            "--bots",
            "greedy",
            "--json",
        )
    )
    assert data["scenarios"]["governmental-socialism/bureaucracy"]["games"] == 2
    match = bots_play(options, ("greedy", "cooperative", "selfish", "greedy"), seed=3)
    kinds = [event.kind for event in match.events]
    assert "chart" in kinds and "pool" in kinds, sorted(set(kinds))
    assert "ballot" not in kinds and "divide" not in kinds  # no vote on the division


def bots_play(options: Any, bots: tuple[str, ...], seed: int) -> Match[Any, Any, Any]:
    """One recorded game between ``bots``, played to the end."""
    seats = [f"s{i}" for i in range(len(bots))]
    match: Match[Any, Any, Any] = Match.new(GAME, seats, resolved(options), seed=seed)
    play_bots(match, {seat: GAME.bots[bot]() for seat, bot in zip(seats, bots, strict=True)})
    assert match.result() is not None
    return match


def test_welfares_variants_differ_from_welfare_capitalism_in_their_option_only() -> None:
    base = resolved(ADVANCED_ECONOMIES["welfare-capitalism"])
    changed = {}
    for name, options in WELFARE_VARIANTS.items():
        mine = resolved(options)
        changed[name] = {k for k in mine if mine[k] != base[k]}
        check_playable(GAME, mine, ["greedy"] * 4, name)
    assert changed == {
        "welfare-capitalism/other-package": {"minimum_wage_package"},
        "welfare-capitalism/government-wage": {"minimum_wage"},
    }


def test_market_socialisms_limits_by_path_differ_from_its_athenian_row_in_the_option_only() -> None:
    base = resolved(ADVANCED_ECONOMIES["market-socialism"])
    for name, options in MARKET_VARIANTS.items():
        mine = resolved(options)
        assert {k for k in mine if mine[k] != base[k]} == {"bots_path_limits"}, name
        check_playable(GAME, mine, ["greedy"] * 4, name)
    assert list(MARKET_VARIANTS) == ["market-socialism/limits-by-path"]


def test_all_is_still_the_fourteen_economies_and_the_groups_name_the_variants() -> None:
    data = json.loads(sim("--scenario", "all", "-n", "1", "--bots", "greedy", "--json"))
    assert list(data["scenarios"]) == [*ECONOMIES, *ADVANCED_ECONOMIES]
    assert list(GAME.scenario_groups()["governments"]) == list(GOVERNMENT_ECONOMIES)
    variants = GAME.scenario_groups()["advanced-variants"]
    assert list(variants) == [*GOVERNMENT_ECONOMIES, *WELFARE_VARIANTS, *MARKET_VARIANTS]


def test_a_tiny_table_has_intervals_and_is_the_same_for_a_seed() -> None:
    names = (
        "market-socialism/bureaucracy,welfare-capitalism/other-package,national-capitalism,"
        "governmental-socialism/bureaucracy,market-socialism/limits-by-path"
    )
    args = ("--scenario", names, "-n", "2", "--bots", "greedy,cooperative,selfish,greedy")
    first = sim(*args, "--seed", "tiny")
    assert first == sim(*args, "--seed", "tiny")
    rows = [line for line in first.splitlines() if line.startswith("| ") and "/" in line]
    assert len(rows) == 4
    for row in rows:  # survived, rescued, everyone lost, winners, mean final VP: each [low, high]
        assert row.count("[") == 5, row
    assert "| national-capitalism | 2 |" in first
    assert sim(*args, "--seed", "other") != first


def test_the_bureaucracy_decides_market_socialisms_plan_from_the_shipped_chart() -> None:
    data = json.loads(
        sim("--scenario", "market-socialism/bureaucracy", "-n", "2", "--bots", "greedy", "--json")
    )
    options = data["scenarios"]["market-socialism/bureaucracy"]["options"]
    assert (
        options["government"] == "bureaucracy"
        and "wages (each good)" in options["government_chart"]
    )
    assert data["scenarios"]["market-socialism/bureaucracy"]["games"] == 2
