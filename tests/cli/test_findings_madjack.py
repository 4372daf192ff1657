"""Walkthrough finding 12: a mistyped flag of the Mad Jack roller gets "did you mean"."""

from __future__ import annotations

import pytest

from sealed.games.crusoe.madjack import main


def test_a_mistyped_flag_is_answered_with_the_flag_meant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--plyers", "3"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "unrecognized arguments: --plyers 3 — did you mean '--players'?" in error


def test_a_flag_with_its_value_after_an_equals_sign_is_matched_on_the_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--complicatons=2"])
    assert "did you mean '--complications'?" in capsys.readouterr().err


def test_a_word_far_from_every_flag_gets_no_guess(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--zzzzzz"])
    error = capsys.readouterr().err
    assert "unrecognized arguments: --zzzzzz" in error and "did you mean" not in error
