"""`sealed lab`, driven as a designer would drive it: tables, reports, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from sealed.cli import cli


def sealed(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def one_line_error(result: Result) -> str:
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(lines) == 1, result.output
    return lines[0]


def test_compare_prints_the_table_and_writes_the_report(tmp_path: Path) -> None:
    report = tmp_path / "ab.html"
    result = sealed(
        *("lab", "compare", "goofspiel", "--a", "num_cards=8", "--b", "num_cards=4"),
        *("-n", "30", "--bots", "random,counter", "--seed", "c", "--report", str(report)),
    )
    assert result.exit_code == 0, result.output
    assert "A: num_cards=8" in result.output and "B: num_cards=4" in result.output
    assert "length mean" in result.output and "paired bootstrap" in result.output
    assert "seat balance A: chi-square" in result.output
    page = report.read_text(encoding="utf-8")
    command = "sealed lab compare goofspiel --a num_cards=8 --b num_cards=4 -n 30 "
    assert command + "--bots random,counter --seed c" in page
    assert page.count("<svg") == 5


def test_one_bot_name_fills_the_usual_table(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    result = sealed("lab", "compare", "fixem", "-n", "4", "--report", str(report))
    assert result.exit_code == 0, result.output
    assert "bots random, random, random" in result.output


def test_sweep_prints_a_row_per_cell_and_writes_the_report(tmp_path: Path) -> None:
    report = tmp_path / "sweep.html"
    result = sealed(
        *("lab", "sweep", "war-slayer", "--grid", "dealer=1,2", "--bots", "random,spymaster"),
        *("--bots", "spymaster", "-n", "6", "--jobs", "1", "--report", str(report)),
    )
    assert result.exit_code == 0, result.output
    assert "4 cells of 6 games" in result.output
    assert result.output.count("dealer=") == 4
    assert "wins by bot" in result.output and "spymaster 50.0% [" in result.output  # mirror cells
    page = report.read_text(encoding="utf-8")
    assert "--grid dealer=1,2 --bots random,spymaster --bots spymaster,spymaster -n 6" in page


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("lab", "compar", "goofspiel"), "did you mean 'compare'"),
        (("lab", "compare", "goofspiel", "--a", "num_card=4"), "did you mean 'num_cards'"),
        (("lab", "compare", "goofspiel", "--b", "num_cards"), "must be written name=value"),
        (("lab", "compare", "goofspiel", "--bots", "random,countr"), "did you mean 'counter'"),
        (("lab", "compare", "goofspel"), "did you mean 'goofspiel'"),
        (("lab", "compare", "war-slayer", "--bots", "random,random,random"), "needs 2 bots"),
        (("lab", "compare", "goofspiel", "-n", "0"), "0 is not in the range"),
        (("lab", "sweep", "goofspiel", "--grid", "num_cards=4,x"), "is not a whole number"),
        (("lab", "sweep", "goofspiel", "--grid", "order=random"), "unknown option 'order'"),
    ],
)
def test_bad_input_is_one_clear_line(args: tuple[str, ...], message: str, tmp_path: Path) -> None:
    result = sealed(*args, "--report", str(tmp_path / "never.html"))
    assert message in one_line_error(result)
    assert not (tmp_path / "never.html").exists()


def test_a_report_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "r.html"
    result = sealed("lab", "compare", "goofspiel", "-n", "2", "--report", str(target))
    assert "no folder" in one_line_error(result)  # said before any game is played


def test_compare_and_sweep_print_json_when_asked(tmp_path: Path) -> None:
    compared = sealed(
        *("lab", "compare", "goofspiel", "--b", "num_cards=4", "-n", "20", "--json"),
        *("--bots", "random,counter", "--report", str(tmp_path / "c.html")),
    )
    assert compared.exit_code == 0, compared.output
    data = json.loads(compared.output[: compared.output.rindex("report:")])
    assert data["B"]["options"]["num_cards"] == 4 and data["A"]["options"]["num_cards"] == 13
    length = data["a_minus_b"]["length mean"]
    assert length["significant"] and length["test"] == "paired bootstrap" and length["value"] > 0
    assert data["A"]["estimates"]["wins seat1"]["method"] == "Wilson"
    swept = sealed(
        *("lab", "sweep", "goofspiel", "--grid", "num_cards=4,5", "-n", "5", "--jobs", "1"),
        *("--json", "--report", str(tmp_path / "s.html")),
    )
    assert swept.exit_code == 0, swept.output
    cells = json.loads(swept.output[: swept.output.rindex("report:")])
    assert [cell["options"] for cell in cells] == [{"num_cards": "4"}, {"num_cards": "5"}]
    assert cells[0]["estimates"]["length mean"]["value"] == 3
