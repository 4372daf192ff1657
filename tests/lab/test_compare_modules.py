"""`sealed lab compare` with a module or option on and off (issue 14): both variants start
from the same scenario and options and differ only in what --a and --b set; the game's own
measures (Crusoe's Planet: survival, rescue, everyone lost, final VP) are compared with their
intervals; the same seed prints the same table; a combination the rules refuse is one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from sealed.cli import cli
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.games.crusoe import GAME
from sealed.lab.compare import check_playable, compare

BOTS = "greedy,cooperative,selfish,greedy"
OWN = ("survived to the end", "rescued", "everyone lost", "final VP mean")

# Every tack-on module and optional rule of issue 14, with a scenario it may be played in.
MODULES: dict[str, tuple[str, str]] = {
    "landlords": ("modern", "national-capitalism"),
    "corporations": ("true", "national-capitalism"),
    "guild_oligarchy": ("true", "tribal-capitalism"),
    "paternalistic": ("true", "tribal-socialism"),
    "third_world": ("true", "crusoes-economy"),
    "race": ("one-majority-prejudiced", "hobbesian"),
    "gender": ("base", "tribal-capitalism"),
    "disability": ("true", "traditional"),
    "vegetarians": ("eat", "tribal-communism"),
    "early_feudalism": ("strong", "hobbesian"),
    "church": ("less-devout", "tribal-capitalism"),
    "libertarianism": ("true", "tribal-capitalism"),
    "objectivist": ("true", "crusoes-economy"),
    "utopian": ("true", "tribal-communism"),
    "victory": ("secret", "national-capitalism"),
    "diamonds": ("lottery", "tribal-socialism"),
    "punishments": ("exile", "hobbesian"),
    "relaxed_commons": ("true", "crusoes-economy"),
    "government": ("dictatorship", "market-socialism"),
    "minimum_wage_package": ("water 2, fruit, fish", "welfare-capitalism"),
}


def sealed(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def compare_json(*args: str, tmp_path: Path) -> dict[str, Any]:
    result = sealed(
        "lab", "compare", "crusoe", *args, "--json", "--report", str(tmp_path / "c.html")
    )
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output[: result.output.index("\nreport: ")])
    return data


def test_a_module_on_and_off_differ_in_that_option_only(tmp_path: Path) -> None:
    args = ("--scenario", "national-capitalism", "--option", "relaxed_commons=true")
    data = compare_json(
        *args,
        "--a",
        "landlords=homestead",
        "--b",
        "landlords=none",
        "-n",
        "3",
        "--bots",
        BOTS,
        tmp_path=tmp_path,
    )
    a, b = data["A"]["options"], data["B"]["options"]
    assert {k for k in a if a[k] != b[k]} == {"landlords"}
    assert a["scenario"] == "national-capitalism" and a["relaxed_commons"] is True
    for name in OWN:  # the game's own measures, each with an interval in A, in B and A - B
        for run in ("A", "B"):
            e = data[run]["estimates"][name]
            assert e["low"] <= e["value"] <= e["high"], (run, name, e)
        d = data["a_minus_b"][name]
        assert d["low"] <= d["value"] <= d["high"], (name, d)
    assert data["A"]["estimates"]["everyone lost"]["method"] == "Wilson"
    assert data["a_minus_b"]["everyone lost"]["test"] == "Newcombe"
    assert data["a_minus_b"]["survived to the end"]["test"] == "paired bootstrap"


def test_the_table_has_intervals_and_the_same_seed_prints_the_same_table(tmp_path: Path) -> None:
    args: tuple[str, ...] = ("lab", "compare", "crusoe", "--scenario", "tribal-communism")
    args += ("--a", "utopian=on", "--b", "utopian=off", "-n", "2", "--bots", BOTS, "--seed", "tiny")
    runs = [sealed(*args, "--report", str(tmp_path / f"r{i}.html")) for i in range(2)]
    for result in runs:
        assert result.exit_code == 0, result.output
    first, second = (r.output[: r.output.rindex("report:")] for r in runs)
    assert first == second
    assert "A: scenario=tribal-communism, utopian=on" in first
    for name in ("everyone lost", "survived to the end", "final VP mean", "shared or no winner"):
        row = next(line for line in first.splitlines() if f" {name} " in line)
        assert row.count("[") == 3, row  # A, B and A - B each with its 95% interval
    page = (tmp_path / "r0.html").read_text(encoding="utf-8")
    assert "sealed lab compare crusoe --scenario tribal-communism --a utopian=on" in page
    other = sealed(*args[:-2], "--seed", "other", "--report", str(tmp_path / "o.html"))
    assert other.output[: other.output.rindex("report:")] != first


def test_a_group_of_scenarios_is_one_comparison_each_with_a_summary(tmp_path: Path) -> None:
    names = "national-capitalism,welfare-capitalism/dictatorship"
    args = ("--scenario", names, "--a", "landlords=modern", "--b", "landlords=none", "-n", "1")
    data = compare_json(*args, "--bots", BOTS, tmp_path=tmp_path)
    assert list(data["scenarios"]) == names.split(",")
    for name, comparison in data["scenarios"].items():
        a, b = comparison["A"]["options"], comparison["B"]["options"]
        assert {k for k in a if a[k] != b[k]} == {"landlords"}, name
        assert a["scenario"] == name.split("/")[0]
    assert data["scenarios"]["welfare-capitalism/dictatorship"]["A"]["options"]["government"] == (
        "dictatorship"
    )
    reports = sorted(p.name for p in tmp_path.iterdir())
    assert reports == ["c-national-capitalism.html", "c-welfare-capitalism_dictatorship.html"]
    shown = sealed(
        *("lab", "compare", "crusoe", *args, "--bots", BOTS, "--report", str(tmp_path / "t.html"))
    )
    assert shown.exit_code == 0, shown.output
    assert "A - B per scenario" in shown.output
    assert "| welfare-capitalism/dictatorship | " in shown.output


def test_identical_sides_of_a_crusoe_comparison_differ_in_nothing() -> None:
    given = {"scenario": "welfare-capitalism"}
    a, b = resolve_options(GAME.options, given), resolve_options(GAME.options, given)
    result = compare(GAME, (given, given), (a, b), 4, BOTS.split(","), seed="same")
    assert [e.value for e in result.a.estimates] == [e.value for e in result.b.estimates]
    assert not [d.name for d in result.differences if d.significant]
    assert {e.name for e in result.a.estimates} >= set(OWN)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_module_and_optional_rule_of_issue_14_can_be_compared_on_and_off(
    module: str,
) -> None:
    value, scenario = MODULES[module]
    base = {k: str(v) for k, v in GAME.scenarios()[scenario].items()}
    off = resolve_options(GAME.options, base)
    on = resolve_options(GAME.options, {**base, module: value})
    assert {k for k in on if on[k] != off[k]} == {module}
    for label, options in (("A", on), ("B", off)):
        check_playable(GAME, options, ["greedy"] * 4, label)


def test_every_module_comparison_plays_to_the_end() -> None:
    bots = BOTS.split(",")
    for module, (value, scenario) in MODULES.items():
        base = {k: str(v) for k, v in GAME.scenarios()[scenario].items()}
        sides = ({**base, module: value}, base)
        resolved = (
            resolve_options(GAME.options, sides[0]),
            resolve_options(GAME.options, sides[1]),
        )
        result = compare(GAME, sides, resolved, 1, bots, seed=f"module/{module}")
        assert result.a.estimate_of("everyone lost").games == 1, module


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--scenario", "national-capitalsm"), "did you mean 'national-capitalism'"),
        (
            ("--scenario", "advanced", "--a", "corporations=true"),
            "variant A (governmental-socialism): corporations with governmental-socialism",
        ),
        (
            ("--option", "utopian=true", "--a", "utopian=false"),
            "utopian is given to --option and --a",
        ),
        (("--scenario", "hobbesian", "--option", "scenario=traditional"), "sets scenario itself"),
        (
            ("--scenario", "state-capitalism", "--a", "government=dictatorship"),
            "variant A (state-capitalism): government dictatorship",
        ),
        (
            ("--a", "early_feudalism=weak"),
            "variant A: early_feudalism weak: set early_feudalism_dice",
        ),
        (("--scenario", "war"), "has no scenario 'war'"),
    ],
)
def test_a_refused_comparison_is_one_line_before_any_game(
    args: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    report = tmp_path / "never.html"
    result = sealed("lab", "compare", "crusoe", *args, "-n", "2", "--report", str(report))
    assert result.exit_code != 0 and "Traceback" not in result.output, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and message in errors[0], result.output
    assert not report.exists()


def test_check_playable_names_the_variant() -> None:
    options = resolve_options(GAME.options, {"scenario": "tribal-capitalism", "corporations": "1"})
    with pytest.raises(OptionError, match=r"^variant B: "):
        check_playable(GAME, options, ["greedy"] * 4, "B")
