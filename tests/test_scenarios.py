"""The conformance harness: every scenario file under tests/games/*/cases runs here.

Each YAML document is one test, named after its file and ``name``. A scenario
passes when every order is accepted or refused as it says and the run's
output contains everything under ``expect``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sealed.core.scenario import Scenario, load_scenarios, run_scenario

CASES = sorted(Path(__file__).parent.glob("games/*/cases/*.yaml"))
SCENARIOS = [scenario for path in CASES for scenario in load_scenarios(path)]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_scenario(scenario: Scenario) -> None:
    run = run_scenario(scenario)
    assert not run.failures, f"{scenario.where}: " + "; ".join(run.failures)


def test_every_scenario_expects_something() -> None:
    """A scenario that checks nothing is a defect: each must expect an output or a refusal."""
    empty = [s.name for s in SCENARIOS if not s.expect and not any(step.reject for step in s.steps)]
    assert not empty, f"scenarios without expectations: {empty}"
