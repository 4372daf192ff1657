"""The strict setup reader: each faction's assets and specialization, read with paths and
suggestions; what it accepts, the rules can play; a setup file's errors name the line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sealed.cli import cli
from sealed.core.chance import SeededChance
from sealed.core.errors import SetupError
from sealed.core.game import resolve_options
from sealed.core.match import Match, deep_merge
from sealed.games.factionrpg import GAME
from sealed.games.factionrpg.state import FactionState

SEATS = ["Red", "Blue", "Green"]
OPTIONS = resolve_options(GAME.options, {})


def start() -> dict[str, Any]:
    return GAME.to_json(GAME.initial_state(SEATS, OPTIONS, SeededChance(1)))


def read(overlay: dict[str, Any]) -> FactionState:
    return GAME.from_json(deep_merge(start(), overlay), SEATS, OPTIONS)


def test_the_initial_state_reads_back_unchanged() -> None:
    assert GAME.to_json(read({})) == start()


@pytest.mark.parametrize(
    ("overlay", "path", "fragment"),
    [
        ({"spcae": 40}, ("spcae",), "did you mean 'space'"),
        (
            {"assets": {"Red-Military": {"valeu": 3}}},
            ("assets", "Red-Military", "valeu"),
            "'value'",
        ),
        ({"factions": {"Red": {"specialisation": "tactics"}}}, None, "'specialization'"),
        ({"factions": {"Rde": {}}}, ("factions", "Rde"), "did you mean 'Red'"),
        ({"profiles": {"Bleu": []}}, ("profiles", "Bleu"), "did you mean 'Blue'"),
    ],
)
def test_unknown_keys_are_refused_with_a_suggestion(
    overlay: dict[str, Any], path: tuple[str, ...] | None, fragment: str
) -> None:
    with pytest.raises(SetupError, match="unknown key") as error:
        read(overlay)
    assert fragment in str(error.value)
    if path is not None:
        assert error.value.path == path


@pytest.mark.parametrize(
    ("overlay", "fragment"),
    [
        ({"assets": {"Red-Navy": {"owner": "Redd", "value": 3}}}, "did you mean 'Red'"),
        ({"assets": {"Red-Navy": {"owner": "Red", "value": 0}}}, "0 is below 1"),
        ({"assets": {"Red-Navy": {"owner": "Red", "value": "3"}}}, "expected a whole number"),
        ({"assets": {"Red Navy": {"owner": "Red", "value": 3}}}, "one word"),
        ({"assets": {"Blue": {"owner": "Red", "value": 3}}}, "must differ from every faction"),
        ({"factions": {"Red": {"specialization": "tactix"}}}, "did you mean 'tactics'"),
        ({"profiles": {"Red": ["Blue-Military"]}}, "only on another faction's hidden asset"),
        ({"profiles": {"Red": ["Red-Agents"]}}, "only on another faction's hidden asset"),
        ({"profiles": {"Red": ["Blue-Agnets"]}}, "did you mean 'Blue-Agents'"),
        ({"space": 20}, "exceeds space 20"),
        ({"phase": "consequences"}, "is not one of orders, over"),
        ({"turn": 0}, "0 is below 1"),
        ({"infusions": {"Red-Military": "luck"}}, "is not one of"),
    ],
)
def test_unplayable_values_are_refused(overlay: dict[str, Any], fragment: str) -> None:
    with pytest.raises(SetupError) as error:
        read(overlay)
    assert fragment in str(error.value)


def test_specializations_may_be_written_as_the_seed_writes_them() -> None:
    state = read({"factions": {"Green": {"specialization": "Hide in Plain Sight"}}})
    assert state.specializations["Green"] == "hide-in-plain-sight"


def test_a_gm_gives_each_factions_starting_assets_from_nothing() -> None:
    options = resolve_options(GAME.options, {"starting_assets": "setup", "space": 20})
    setup = {
        "factions": {"Red": {"specialization": "planning"}},
        "assets": {
            "Red-Navy": {"owner": "Red", "value": 4},
            "Red-Spies": {"owner": "Red", "value": 2, "hidden": True},
            "Blue-Bank": {"owner": "Blue", "value": 5},
        },
    }
    match = Match.new(GAME, SEATS, options, seed=1, setup=setup)
    assert sorted(match.state.assets) == ["Blue-Bank", "Red-Navy", "Red-Spies"]
    assert match.state.specializations["Red"] == "planning"
    assert match.state.space == 20


def test_a_setup_file_error_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "start.yaml"
    path.write_text(
        "assets:\n  Red-Navy: {owner: Red, value: 4}\n  Blue-Bank: {owner: Bleu, value: 5}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        cli,
        [
            "new",
            "factionrpg",
            "--players",
            "Red,Blue",
            "--option",
            "starting_assets=setup",
            "--setup",
            str(path),
            "-o",
            str(tmp_path / "g.json"),
        ],
    )
    assert result.exit_code != 0
    assert "start.yaml:3" in result.output
    assert "did you mean 'Blue'" in result.output
    assert "Traceback" not in result.output
