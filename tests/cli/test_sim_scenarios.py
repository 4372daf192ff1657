"""`sealed sim GAME --scenario ...`: a game's scenarios side by side, and its own measures.

Crusoe's Planet is the game with scenarios and measures (issue 10's designer's
table); the numbers are checked against each other and against the games the
lab plays, not only printed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.cli.helpers import sealed

from sealed.core.game import resolve_options
from sealed.core.registry import get_game
from sealed.games.crusoe.stats import ADVANCED_ECONOMIES, ECONOMIES, main
from sealed.lab.sim import run_games, summarise_tally
from sealed.lab.stats import wilson

BOTS = "greedy,cooperative,selfish,greedy"


def sim_json(*args: str) -> dict[str, Any]:
    result = sealed("sim", "crusoe", "--json", *args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_all_runs_the_seven_economies_with_their_options() -> None:
    data = sim_json("--scenario", "all", "-n", "2", "--bots", "greedy", "--seed", "t")
    scenarios = data["scenarios"]
    assert list(scenarios) == [*ECONOMIES, *ADVANCED_ECONOMIES] and len(ECONOMIES) == 7
    assert scenarios["utopian"]["options"]["scenario"] == "tribal-communism"
    assert scenarios["utopian"]["options"]["utopian"] is True
    assert scenarios["hobbesian"]["options"]["utopian"] is False
    assert all(s["games"] == 2 and s["tally"]["games"] == 2 for s in scenarios.values())


def test_the_measures_agree_with_each_other_and_with_the_games_played() -> None:
    n, players = 12, 4
    data = sim_json("--scenario", "crusoes-economy,hobbesian", "-n", str(n), "--bots", BOTS)
    game = get_game("crusoe")
    for name, run in data["scenarios"].items():
        tally = run["tally"]
        shares = tally["estimates"]
        rescued = sum(tally["counts"]["rescued in cycle"].values())
        assert shares["rescued"]["value"] == pytest.approx(rescued / n)
        assert shares["rescued"]["method"] == "Wilson"
        assert (shares["rescued"]["low"], shares["rescued"]["high"]) == pytest.approx(
            wilson(rescued, n)
        )
        nobody = run["outcomes"]["nobody"]  # the generic summary's count, read from results
        assert shares["everyone lost"]["value"] == pytest.approx(nobody / n)
        deaths = sum(tally["counts"]["deaths by cycle and cause"].values())
        assert deaths == round(n * players * (1 - shares["survived to the end"]["value"]))
        assert shares["survived to the end"]["method"] == "bootstrap"
        low, high = shares["survived to the end"]["low"], shares["survived to the end"]["high"]
        assert low <= shares["survived to the end"]["value"] <= high
        vp = tally["values"]["final VP"]
        assert vp["count"] == n * players and vp["min"] <= vp["quartiles"][1] <= vp["max"]
        # The same games played straight through the lab give the same figures.
        options = resolve_options(game.options, ECONOMIES[name])
        games = run_games(game, n, BOTS.split(","), "0", options)
        direct = [g.tally for g in games if g.tally is not None]
        survived = sum(t.shares["survived to the end"] for t in direct) / n
        assert shares["survived to the end"]["value"] == pytest.approx(survived)
        all_vp = [v for t in direct for v in t.values["final VP"]]
        assert vp["mean"] == pytest.approx(sum(all_vp) / len(all_vp))
        assert summarise_tally(games, "0") is not None


def test_a_run_is_reproducible_with_its_seed_and_any_number_of_jobs() -> None:
    args = ("--scenario", "traditional,utopian", "-n", "6", "--bots", BOTS, "--seed", "r")
    first = sim_json(*args)
    assert sim_json(*args) == first
    assert sim_json(*args, "--jobs", "2") == first
    assert sim_json("--scenario", "traditional,utopian", "-n", "6", "--bots", BOTS) != first


def test_the_text_prints_each_scenario_and_one_table_row_per_scenario() -> None:
    result = sealed("sim", "crusoe", "--scenario", "tribal-communism,hobbesian", "-n", "3")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    header = next(line for line in lines if line.startswith("| scenario | games |"))
    assert "survived to the end" in header and "mean final VP" in header
    rows = [line for line in lines if line.startswith("| tribal-communism | 3 |")]
    assert len(rows) == 1 and rows[0].count("[") == header.count("|") - 3
    assert any(line.startswith("| hobbesian | 3 |") for line in lines)
    assert any(line.startswith("deaths by cycle and cause (") for line in lines)
    assert "3 games per scenario (seeds 0/0 to 0/2" in result.output


def test_without_scenario_the_game_measures_follow_the_generic_summary() -> None:
    result = sealed("sim", "crusoe", "-n", "3", "--option", "scenario=hobbesian")
    assert result.exit_code == 0, result.output
    assert "won by nobody" in result.output and "survived to the end:" in result.output


def test_an_option_the_scenarios_do_not_set_applies_to_every_scenario() -> None:
    data = sim_json("--scenario", "all", "-n", "1", "--option", "single_winner=true")
    assert all(s["options"]["single_winner"] is True for s in data["scenarios"].values())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("crusoe", "--scenario", "tribal-comunism"),
            "no scenario 'tribal-comunism' — did you mean 'tribal-communism'",
        ),
        (
            ("crusoe", "--scenario", "introductry"),
            "no scenario 'introductry' — did you mean 'introductory'",
        ),
        (("crusoe", "--scenario", ","), "--scenario needs a name"),
        (("war-slayer", "--scenario", "all"), "war-slayer has no scenario option"),
        (
            ("crusoe", "--scenario", "utopian", "--option", "scenario=hobbesian"),
            "scenario utopian sets scenario itself",
        ),
    ],
)
def test_bad_scenarios_are_one_clear_line(args: tuple[str, ...], message: str) -> None:
    result = sealed("sim", *args, "-n", "1")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and message in errors[0], result.output


def test_the_old_stats_module_runs_the_same_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["-n", "2", "--scenario", "hobbesian", "--json"])
    assert done.value.code == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == sim_json("--scenario", "hobbesian", "-n", "2")
