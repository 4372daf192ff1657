"""Walkthrough findings on the game-file commands (22, 24, 29, 42, 10): `handover` saves before
it prints and refuses a finished game, `post` cannot drive the GM's terminal, `status` and
`order` say which seats a bot plays, and `sealed games` never cuts a game's name."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

import pytest
from tests.cli.helpers import ClosedEarly, new_game, sealed

from sealed.cli import cli
from sealed.core.registry import all_games
from sealed.storage import load_match


def test_a_handover_that_opens_a_step_is_saved_when_the_reader_stops_early(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    new_game(path, "goofspiel", "ana,ben")
    assert sealed("order", str(path), "ana", "bid 1").exit_code == 0
    monkeypatch.setattr("sys.stdout", ClosedEarly(limit=60))
    monkeypatch.setattr("sys.stderr", sys.stderr)
    with pytest.raises((SystemExit, OSError)):
        cli.main(["handover", str(path), "ben", "random"], standalone_mode=False)
    monkeypatch.undo()
    match = load_match(path)
    assert len(match.steps) == 1, "the step the bot opened was not saved"
    assert match.bots() == {"ben": "random"}


def test_a_finished_game_has_nothing_to_hand_over(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_game(path, "goofspiel", "ana,ben")
    assert sealed("handover", str(path), "ana", "random").exit_code == 0
    assert sealed("handover", str(path), "ben", "random").exit_code == 0  # bots play it out
    finished = load_match(path)
    assert finished.result() is not None
    result = sealed("handover", str(path), "ana", "human")
    assert result.exit_code == 1
    assert "Error: the game is over: nothing to hand over" in result.output
    assert len(load_match(path).handovers) == len(finished.handovers), "a handover was recorded"


def test_status_names_the_bot_and_order_notes_it_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_game(path, "goofspiel", "ana,ben")
    assert sealed("handover", str(path), "ben", "random").exit_code == 0
    status = sealed("status", str(path))
    assert "ben: sealed (" in status.output and "bot random)" in status.output, status.output
    assert "bot" not in next(line for line in status.output.splitlines() if "ana:" in line)
    result = sealed("order", str(path), "ben", "bid 3")
    assert result.exit_code == 0, result.output
    assert "note: ben is played by the bot 'random'; your orders replace its" in result.output
    plain = sealed("order", str(path), "ana", "bid 2")
    assert "note:" not in plain.output


def test_a_post_cannot_drive_the_game_masters_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    new_game(path, "goofspiel", "ana,ben")
    assert sealed("order", str(path), "ana", "bid 1").exit_code == 0
    assert sealed("order", str(path), "ben", "bid 2").exit_code == 0
    match = load_match(path)
    step = match.steps[0]
    public = [e for e in step.events if e.audience.seats is None and not e.wordings]
    assert public, "goofspiel tells both seats something alike"
    hostile = dataclasses.replace(public[0], text="caught\x1b[2J\x1b[1Ayou won")
    events = [hostile if e is public[0] else e for e in step.events]
    match.steps[0] = dataclasses.replace(step, events=events)

    def loaded(_: Any) -> Any:
        return match

    monkeypatch.setattr("sealed.cli.load_match", loaded)
    result = sealed("post", str(path))
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "caught\\x1b[2J" in result.output


def test_a_narrow_terminal_never_cuts_a_game_name() -> None:
    for columns in ("30", "62", "80"):
        result = sealed("games", env={"COLUMNS": columns})
        assert result.exit_code == 0
        for name in all_games():
            assert name in result.output, (columns, result.output)
