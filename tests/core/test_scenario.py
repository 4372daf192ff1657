"""The scenario format: errors name the line; expectations match as documented."""

from __future__ import annotations

from pathlib import Path

import pytest

from sealed.core.errors import ScenarioError
from sealed.core.scenario import expectation_failures, load_scenarios, run_scenario

GOOD = """\
game: war-slayer
players: [ana, ben]
setup:
  players:
    ana: {hq: [5H, 6H, 7H, 2D, 3D, 4D, "..."]}
    ben: {hq: [9C, 3C, 4C, 8S, 8D, 8H, "..."]}
orders:
  - {seat: ana, text: "theater 5H 6H 7H"}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game: war-slayer\nplayers: [ana, ben\n", "case.yaml:3: not valid YAML"),
        ("game: war-slayer\nplayers: [ana, ben]\nordres: []\n", "did you mean 'orders'"),
        ("players: [ana, ben]\n", "case.yaml:1: scenario needs 'game'"),
        (GOOD + "  - {seat: ben}\n", "case.yaml:9: an order needs 'seat' and 'text'"),
        (GOOD + "  - {seat: ben, txt: x}\n", "case.yaml:9: unknown key 'txt'"),
        ("", "no scenario in this file"),
    ],
)
def test_malformed_files_name_the_line(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        load_scenarios(write(tmp_path, text))


def test_a_refused_order_stops_the_run_with_its_line(tmp_path: Path) -> None:
    scenario = load_scenarios(write(tmp_path, GOOD + '  - {seat: ben, text: "theater 2C 3C 4C"}\n'))
    with pytest.raises(ScenarioError, match=r"case.yaml:9: order refused: .*2C is not among"):
        run_scenario(scenario[0])


def test_reject_fails_when_the_order_is_accepted(tmp_path: Path) -> None:
    text = GOOD + '  - {seat: ben, text: "theater 9C 3C 4C", reject: true}\n'
    with pytest.raises(ScenarioError, match="expected 'theater 9C 3C 4C' to be refused"):
        run_scenario(load_scenarios(write(tmp_path, text))[0])


def test_reject_with_text_checks_the_message(tmp_path: Path) -> None:
    text = GOOD + '  - {seat: ben, text: "theatr 9C 3C 4C", reject: "named twice"}\n'
    with pytest.raises(ScenarioError, match="does not mention 'named twice'"):
        run_scenario(load_scenarios(write(tmp_path, text))[0])


def test_unknown_game_is_reported_with_the_scenario_line(tmp_path: Path) -> None:
    scenario = load_scenarios(write(tmp_path, "game: war-slayr\nplayers: [a, b]\n"))[0]
    with pytest.raises(ScenarioError, match=r"case.yaml:1: unknown game 'war-slayr'"):
        run_scenario(scenario)


def test_output_has_the_documented_keys(tmp_path: Path) -> None:
    run = run_scenario(load_scenarios(write(tmp_path, GOOD + "expect: {over: false}\n"))[0])
    assert set(run.output) == {"game", "over", "result", "state", "views", "events"}
    assert run.failures == []


@pytest.mark.parametrize(
    ("expected", "actual", "failures"),
    [
        ({"a": 1}, {"a": 1, "b": 2}, 0),
        ({"a": 1}, {"a": 2}, 1),
        ({"c": 1}, {"a": 1}, 1),
        ([1, 2], [1, 2, 3], 1),
        (["...", 2, 3], [1, 2, 3], 0),
        ([1, "..."], [1, 2, 3], 0),
        (["...", 9], [1, 2, 3], 1),
        ({"a": [{"k": 1}]}, {"a": [{"k": 1, "j": 2}]}, 0),
    ],
)
def test_expectations_are_subsets(expected: object, actual: object, failures: int) -> None:
    assert len(expectation_failures(expected, actual)) == failures


def test_reject_may_assert_the_stable_code_and_the_step_token(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(
        """
game: war-slayer
players: [ana, ben]
seed: 4
orders:
  - {seat: ana, text: "withdraw", reject: {code: order/illegal}}
  - {seat: ana, text: "dosier 3H 2C KH", reject: {code: order/syntax, message: "did you mean"}}
  - {seat: ana, text: "theater 3H 2C KH", step: 2, reject: {code: order/stale_step}}
  - {seat: ana, text: "theater 3H 2C KH", step: 1}
""",
        encoding="utf-8",
    )
    run_scenario(load_scenarios(path)[0])
    path.write_text(path.read_text().replace("order/illegal", "order/syntax"), encoding="utf-8")
    with pytest.raises(ScenarioError, match="with code 'order/illegal', not 'order/syntax'"):
        run_scenario(load_scenarios(path)[0])
