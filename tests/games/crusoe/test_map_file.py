"""``--map FILE``: a table that owns the printed board enters it (issue 10), validated with
errors that name the file's line; games without a board refuse the option."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from sealed.cli import cli
from sealed.core.match import replay

SHIPPED = Path(__file__).parents[3] / "src/sealed/games/crusoe/board.yaml"


def _board_lines() -> list[str]:
    """The shipped board written as a table would: one line per path and per supply count."""
    board = yaml.safe_load(SHIPPED.read_text())["map"]
    lines = ["# our printed board", "paths:"]
    for name, spaces in board["paths"].items():
        lines.append(f"  {name}: {json.dumps(spaces)}")
    lines.append("supply:")
    lines += [f"  {token}: {count}" for token, count in board["supply"].items()]
    return lines


def _write(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "board.yaml"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _sealed(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input)


def _new_on_board(tmp_path: Path, lines: list[str]) -> Result:
    """``sealed new crusoe`` for one seat on the board these lines write, saved to g.json."""
    board = _write(tmp_path, lines)
    return _sealed(
        "new", "crusoe", "--players", "ana", "--map", board, "-o", str(tmp_path / "g.json")
    )


def _line(lines: list[str], start: str) -> int:
    return next(i for i, text in enumerate(lines, 1) if text.startswith(start))


def test_a_whole_board_file_starts_the_game_on_that_board(tmp_path: Path) -> None:
    lines = _board_lines()
    ant = _line(lines, "  ant:")
    lines[ant - 1] = '  ant: ["grape 3", "water", "-"]'
    game = str(tmp_path / "game.json")
    created = _sealed(
        "new", "crusoe", "--players", "ana,ben", "--map", _write(tmp_path, lines), "-o", game
    )
    assert created.exit_code == 0, created.output
    state = replay(json.loads(Path(game).read_text())).state
    assert len(state.board.paths["ant"]) == 3
    assert state.board.paths["ant"] != replay_shipped(tmp_path).board.paths["ant"]


def replay_shipped(tmp_path: Path) -> Any:
    game = str(tmp_path / "shipped.json")
    assert _sealed("new", "crusoe", "--players", "ana", "-o", game).exit_code == 0
    return replay(json.loads(Path(game).read_text())).state


def test_a_misspelt_icon_names_its_line_and_the_word_meant(tmp_path: Path) -> None:
    lines = _board_lines()
    spider = _line(lines, "  spider:")
    lines[spider - 1] = '  spider: ["egg 2", "bannana", "water"]'
    result = _new_on_board(tmp_path, lines)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert f"board.yaml:{spider}: map.paths.spider.1: 'bannana'" in result.output
    assert "did you mean 'banana'?" in result.output
    assert not (tmp_path / "g.json").exists()


@pytest.mark.parametrize(
    ("start", "bad", "says"),
    [
        ("  water:", "  water: lots", "map.supply.water"),
        ("  bookworm:", '  bookworm: ["water 12"]', "the count is a number from 1 to 9"),
        ("  ant:", '  ant: ["water, water"]', "water is written twice in one space"),
        ("  firefly:", "  firefly: []", "a path has 1 to 60 spaces"),
    ],
)
def test_every_kind_of_bad_value_names_its_line(
    tmp_path: Path, start: str, bad: str, says: str
) -> None:
    lines = _board_lines()
    line = _line(lines, start)
    lines[line - 1] = bad
    result = _new_on_board(tmp_path, lines)
    assert f"board.yaml:{line}: " in result.output and says in result.output, result.output


def test_a_board_with_a_path_or_a_count_left_out_is_refused(tmp_path: Path) -> None:
    lines = [t for t in _board_lines() if not t.startswith(("  grasshopper:", "  fish:"))]
    result = _new_on_board(tmp_path, lines)
    assert f"board.yaml:{_line(lines, 'paths:')}: map.paths.grasshopper is missing" in (
        result.output
    )


def test_a_game_without_a_printed_board_refuses_map(tmp_path: Path) -> None:
    result = _sealed(
        "new",
        "goofspiel",
        "--players",
        "ana,ben",
        "--map",
        _write(tmp_path, _board_lines()),
        "-o",
        str(tmp_path / "g.json"),
    )
    assert "goofspiel has no printed board to enter (games with one: crusoe" in result.output


def test_the_board_given_by_map_and_by_setup_is_refused(tmp_path: Path) -> None:
    setup = tmp_path / "setup.yaml"
    setup.write_text("map:\n  supply: {water: 3}\n")
    result = _sealed(
        "new",
        "crusoe",
        "--players",
        "ana",
        "--map",
        _write(tmp_path, _board_lines()),
        "--setup",
        str(setup),
        "-o",
        str(tmp_path / "g.json"),
    )
    assert "the board is given twice" in result.output


def test_play_at_the_table_checks_the_map_before_asking_for_any_dice(tmp_path: Path) -> None:
    lines = _board_lines()
    lines[_line(lines, "  water:") - 1] = "  water: -1"
    result = _sealed(
        "play",
        "crusoe",
        "--table",
        "--players",
        "ana",
        "--map",
        _write(tmp_path, lines),
        input="1\n",
    )
    assert "[table]" not in result.output and "board.yaml:" in result.output
    assert result.exit_code != 0


def test_play_at_the_table_walks_the_tables_board(tmp_path: Path) -> None:
    lines = _board_lines()
    lines[_line(lines, "  ant:") - 1] = '  ant: ["grape 3", "water", "-"]'
    game = str(tmp_path / "game.json")
    result = _sealed(
        "play",
        "crusoe",
        "--table",
        "--players",
        "ana",
        "--map",
        _write(tmp_path, lines),
        "-o",
        game,
        input="1\npath ant\n" + "1\n" * 6,
    )
    assert "ana rolls 1 and lands on space 1" in result.output, result.output
    assert "3 grape" in result.output
    state = replay(json.loads(Path(game).read_text())).state
    assert state.players["ana"].goods["grape"] == 3
