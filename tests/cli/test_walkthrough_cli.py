"""What tripped a new user walking through the README and the manuals (the walkthrough's findings).

Each test failed before its fix: a game file's act lost when the output's reader stopped early,
a stray lock file left by a mistyped game file, click's bare 'Aborted!' for Ctrl-D at the first
prompt of a table game, a game played into a file that could not be saved, and a player's words
(a message, a narration) printed raw to other readers' terminals, escape sequences and all.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.cli.helpers import ClosedEarly, new_game, one_line_error, sealed

from sealed.cli import cli
from sealed.report import CONTROL, printable
from sealed.storage import load_match


@pytest.mark.parametrize("command", ["close", "order"])
def test_an_act_is_saved_when_the_reader_of_its_output_stops_early(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    path = tmp_path / "game.json"
    new_game(path, "goofspiel", "ana,ben")
    args = ["close", str(path)] if command == "close" else ["order", str(path), "ben", "bid 2"]
    if command == "order":  # ben's orders are the last due: they open the step
        assert sealed("order", str(path), "ana", "bid 1").exit_code == 0
    before = len(load_match(path).steps)
    monkeypatch.setattr("sys.stdout", ClosedEarly(limit=200))
    monkeypatch.setattr("sys.stderr", sys.stderr)  # click wraps both on a broken pipe
    with pytest.raises((SystemExit, OSError)):  # how click or rich end it does not matter
        cli.main(args, standalone_mode=False)
    monkeypatch.undo()
    assert len(load_match(path).steps) == before + 1, "the step shown was not saved"


def test_a_mistyped_game_file_leaves_no_lock_file(tmp_path: Path) -> None:
    line = one_line_error(sealed("close", str(tmp_path / "gmae.json")))
    assert "no game file" in line and "sealed new" in line
    assert list(tmp_path.iterdir()) == []


def test_a_game_file_in_a_missing_folder_is_named_as_missing(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "game.json"
    line = one_line_error(sealed("order", str(path), "ana", "pass"))
    assert f"no game file {str(path)!r}" in line


@pytest.mark.parametrize("game", ["war-slayer", "crusoe"])
def test_ctrl_d_at_the_first_table_prompt_stops_cleanly(tmp_path: Path, game: str) -> None:
    path = tmp_path / "game.json"
    result = sealed("play", game, "--table", "-o", str(path), input="")
    assert result.exit_code == 0, result.output
    assert "[table]" in result.output  # it was asking the table when input ended
    assert "Aborted" not in result.output
    assert "stopped before the game began" in result.output
    assert not path.exists()


@pytest.mark.parametrize("where", ["nowhere/game.json", "."])
def test_play_refuses_a_game_file_it_could_not_save_before_the_first_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    monkeypatch.chdir(tmp_path)
    bots = ("--bot", "ana=random", "--bot", "ben=random")
    result = sealed("play", "war-slayer", "--players", "ana,ben", *bots, "-o", where, "--force")
    line = one_line_error(result)
    assert f"cannot save to {where!r}" in line
    assert "War Slayer V:" not in result.output  # refused before the game was played


ESCAPES = "hello\x1b[2J\x1b]0;owned\x07 \x1b[8mhidden\r\nben wins\u202e"


def assert_inert(output: str) -> None:
    """No control character a terminal acts on (newline and tab aside) reaches the output."""
    assert not CONTROL.search(output), repr(output)


def test_a_message_cannot_drive_another_readers_terminal(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    new_game(path, "goofspiel", "ana,ben")
    assert sealed("send", str(path), "ana", ESCAPES, "--to", "ben").exit_code == 0
    for args in (("view", str(path), "ben"), ("view", str(path), "gm"), ("log", str(path))):
        result = sealed(*args)
        assert result.exit_code == 0, result.output
        assert_inert(result.output)
        assert "hello\\x1b[2J" in result.output  # shown, as the escape it is


def test_a_narration_cannot_drive_the_game_masters_or_the_attackers_terminal(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    new_game(path, "factionrpg", "Red,Blue,Green,Gold")
    assert sealed("order", str(path), "Red", "Red-Agents infiltrate Green-Treasury").exit_code == 0
    assert sealed("close", str(path)).exit_code == 0
    narration = "narrate infiltrate Green-Treasury: caught\x1b[2J\x1b[1A\x1b[2Kyou won"
    result = sealed("order", str(path), "Green", f"decision 1 reveal\n{narration}")
    assert result.exit_code == 0, result.output  # Green's infiltrated asset may narrate its failure
    assert_inert(result.output)
    assert sealed("close", str(path)).exit_code == 0
    for args in (("view", str(path), "Red", "--all"), ("log", str(path))):
        result = sealed(*args)
        assert "caught\\x1b[2J" in result.output, result.output  # the narration reached them
        assert_inert(result.output)


@given(st.text())
def test_printable_leaves_no_control_character_and_changes_nothing_else(text: str) -> None:
    shown = printable(text)
    assert not CONTROL.search(shown)
    if not CONTROL.search(text.replace("\r\n", "\n")):
        assert shown == text.replace("\r\n", "\n")


def test_a_mistyped_prompt_word_is_pointed_at_the_prompts_own_words() -> None:
    result = sealed("play", "war-slayer", "--seed", "3", input="hlep\nquti\ndosier\nquit\n")
    assert result.exit_code == 0, result.output
    refusals = [line for line in result.output.splitlines() if "refused:" in line]
    assert len(refusals) == 3, result.output
    assert refusals[0].endswith("(at this prompt, did you mean 'help'?)")
    assert refusals[1].endswith("(at this prompt, did you mean 'quit'?)")
    assert "at this prompt" not in refusals[2]  # an order's own misspelling is the game's to name
    assert "did you mean 'dossier'" in refusals[2]


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [
        (["order", "{g}", "ana", "bid", "1"], 'sealed order {g} ana "bid 1"'),
        (
            ["order", "{g}", "ana", "--step", "1", "bid", "1"],
            'sealed order {g} ana "bid 1" --step 1',
        ),
        (
            ["send", "{g}", "ana", "it's", "me", "--to", "ben"],
            'sealed send {g} ana "it\'s me" --to ben',
        ),
    ],
)
def test_forgotten_quotes_are_answered_with_the_command_quoted(
    tmp_path: Path, typed: list[str], suggested: str
) -> None:
    path = tmp_path / "game.json"
    new_game(path, "goofspiel", "ana,ben")
    result = sealed(*[word.format(g=path) for word in typed])
    assert result.exit_code == 2, result.output
    line = next(line for line in result.output.splitlines() if line.startswith("Error:"))
    command = suggested.format(g=path)
    assert line == f"Error: the text is one argument: put it in quotes: {command}"
    retried = sealed(*shlex.split(command)[1:])  # the suggestion, run as given, works
    assert retried.exit_code == 0, retried.output


def test_orders_typed_at_the_pass_the_screen_prompt_are_said_unread_never_echoed() -> None:
    secret = "dossier QS QH QD"
    hot_seat = ("play", "war-slayer", "--players", "ana,ben", "--seed", "4")
    result = sealed(*hot_seat, input=f"{secret}\n")
    assert result.exit_code == 0, result.output
    assert "Pass the screen to ana" in result.output
    assert "what was typed there is not read and nothing was sealed" in result.output
    assert secret not in result.output


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["view", "{g}"], "missing argument SEAT: one of ana, ben, or gm"),
        (["order", "{g}"], "missing argument SEAT: one of ana, ben, or gm"),
        (["send", "{g}"], "missing argument SENDER: one of ana, ben, or gm"),
        (["order", "{g}", "ana"], "missing argument TEXT: the orders, in quotes, or - to"),
        (["send", "{g}", "ana"], "missing argument TEXT: the message, in quotes, or - to"),
    ],
)
def test_a_missing_argument_names_what_to_write(
    tmp_path: Path, args: list[str], expected: str
) -> None:
    path = tmp_path / "game.json"
    new_game(path, "goofspiel", "ana,ben")
    result = sealed(*[arg.format(g=path) for arg in args])
    assert result.exit_code == 2, result.output
    assert f"Error: {expected}" in result.output


def test_a_missing_seat_of_a_missing_game_file_keeps_clicks_answer(tmp_path: Path) -> None:
    result = sealed("view", str(tmp_path / "nothere.json"))
    assert result.exit_code == 2 and "Missing argument 'SEAT'" in result.output
    assert list(tmp_path.iterdir()) == []
