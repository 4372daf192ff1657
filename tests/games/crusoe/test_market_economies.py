"""The lab's comparison of the advanced economies: ``sealed sim crusoe --scenario advanced``
(and ``introductory``, ``all``) runs the economies of ``stats.py`` with their options."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from sealed.cli import cli
from sealed.games.crusoe.state import ADVANCED_SCENARIOS
from sealed.games.crusoe.stats import ADVANCED_ECONOMIES, ECONOMIES


def sim(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["sim", "crusoe", "--json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_the_advanced_economies_are_the_advanced_scenarios_built() -> None:
    built = list(ADVANCED_SCENARIOS)
    assert list(ADVANCED_ECONOMIES) == built and "national-capitalism" in built
    assert ADVANCED_ECONOMIES["national-capitalism"]["government"] == "athenian"
    assert "government" not in ADVANCED_ECONOMIES.get("centralized-communism", {"": 0})


def test_advanced_runs_each_advanced_economy_with_its_options_and_tallies_it() -> None:
    data = sim("--scenario", "advanced", "-n", "2", "--bots", "greedy,cooperative", "--seed", "a")
    runs = data["scenarios"]
    assert list(runs) == list(ADVANCED_ECONOMIES)
    for name, run in runs.items():
        for option, value in ADVANCED_ECONOMIES[name].items():
            assert run["options"][option] == value
        assert run["games"] == 2 and run["tally"]["games"] == 2
        assert "rescued" in run["tally"]["estimates"]


def test_groups_mix_with_names() -> None:
    data = sim("--scenario", "hobbesian,advanced", "-n", "1", "--bots", "greedy", "--seed", "g")
    assert list(data["scenarios"]) == ["hobbesian", *ADVANCED_ECONOMIES]
    intro = sim("--scenario", "introductory", "-n", "1", "--bots", "greedy", "--seed", "g")
    assert list(intro["scenarios"]) == list(ECONOMIES)
