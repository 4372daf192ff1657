"""`sealed new crusoe --mad-jack`: the 'Mad Jack' tables rolled in the open start a game."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cli.helpers import one_line_error, sealed

from sealed.core.chance import SeededChance
from sealed.games.crusoe.madjack import Configuration, roll
from sealed.storage import load_match


def _seed_whose_roll(playable: bool) -> str:
    for seed in range(200):
        config = roll(4, SeededChance(f"madjack/{seed}"), 0)
        if (not config.not_built()) == playable:
            return str(seed)
    raise AssertionError("no such roll in 200 seeds")


def test_a_playable_roll_starts_the_game_with_the_rolled_options(tmp_path: Path) -> None:
    seed = _seed_whose_roll(playable=True)
    config = roll(4, SeededChance(f"madjack/{seed}"), 0)
    out = tmp_path / "g.json"
    result = sealed(
        "new", "crusoe", "--players", "a,b,c,d", "--mad-jack", "--seed", seed, "-o", str(out)
    )
    assert result.exit_code == 0, result.output
    assert f"Scenario: {config.scenario_text}" in result.output
    match = load_match(out)
    for name, value in config.options().items():
        assert match.options[name] == value


def test_real_dice_typed_in_choose_the_scenario(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    result = sealed("new", "crusoe", "--players", "a,b,c,d", "--dice", "1 3 3", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "Tribal Capitalism" in result.output
    assert load_match(out).options["scenario"] == "tribal-capitalism"


def test_a_roll_not_built_yet_writes_nothing_and_says_what_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every roll without complications plays now (rulings 147-150): a part is made unbuilt
    monkeypatch.setattr(Configuration, "not_built", lambda self: ["Slavery"])
    seed = "1"
    out = tmp_path / "g.json"
    result = sealed(
        "new", "crusoe", "--players", "a,b,c,d", "--mad-jack", "--seed", seed, "-o", str(out)
    )
    assert "cannot be played yet (not built: " in one_line_error(result)
    assert not out.exists()


def test_bad_dice_an_option_the_roll_sets_and_another_game_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    base = ["new", "crusoe", "--players", "a,b,c,d", "-o", str(out)]
    assert "is not a die's face" in one_line_error(sealed(*base, "--dice", "1 x 3"))
    clash = sealed(*base, "--dice", "1 3 3", "--option", "scenario=traditional")
    assert "--option scenario: rolled by --mad-jack" in one_line_error(clash)
    other = sealed("new", "war-slayer", "--players", "a,b", "--mad-jack", "-o", str(out))
    assert "not War Slayer V's" in one_line_error(other)
    assert not out.exists()


def test_complications_are_rolled_in_the_open_and_start_the_game(tmp_path: Path) -> None:
    """The issue's `sealed new crusoe --mad-jack` rolls the complications too (ruling 44)."""
    config = roll(4, SeededChance("madjack/5"), 2)
    out = tmp_path / "g.json"
    result = sealed(
        "new", "crusoe", "--players", "a,b,c,d", "--mad-jack", "--seed", "5",
        "--complications", "2", "-o", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output.count("Complication:") == 3  # seed 5: one complication rolled again
    assert "Libertarianism" in result.output and "Disability" in result.output
    match = load_match(out)
    for name, value in config.options().items():
        assert match.options[name] == value
    assert match.options["libertarianism"] is True


def test_complications_typed_in_as_real_dice(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    dice = "3 5 5 3 6 6 6"  # Tribal Communism; a Violence Tack-on: the Church and Libertarianism
    base = ["new", "crusoe", "--players", "a,b,c,d", "--dice", dice, "-o", str(out)]
    result = sealed(*base, "--complications", "1")
    assert result.exit_code == 0, result.output
    assert load_match(out).options["church"] == "less-devout"


def test_bad_complications_are_refused_and_write_nothing(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    base = ["new", "crusoe", "--players", "a,b,c,d", "-o", str(out)]
    too_many = sealed(*base, "--mad-jack", "--seed", "5", "--complications", "13")
    assert "complications: 0 to 12, not 13" in one_line_error(too_many)
    alone = sealed(*base, "--complications", "1")
    assert "--complications: only with --mad-jack" in one_line_error(alone)
    assert not out.exists()
