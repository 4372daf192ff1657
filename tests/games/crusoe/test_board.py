"""The reconstructed board (ruling 1) and a table's own map file (`sealed new --setup FILE`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.errors import SetupError
from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.games.crusoe import GAME
from sealed.games.crusoe.state import FREQUENCIES, PATHS, board_from_json, standard_board


def icons(path: str) -> set[str]:
    return {icon for space in standard_board().paths[path] for icon, _ in space}


def test_the_board_has_the_seven_named_paths_and_a_supply_of_every_token() -> None:
    board = standard_board()
    assert tuple(board.paths) == PATHS
    assert all(board.supply[token] > 0 for token in board.supply)


def test_the_firefly_is_the_radio_path_and_the_sand_crab_the_spear_path() -> None:
    for path in PATHS:
        radio = icons(path) & set(FREQUENCIES)
        assert bool(radio) == (path == "firefly"), path
        assert ("spear" in icons(path)) == (path == "sand_crab"), path
    assert icons("firefly") >= set(FREQUENCIES)
    assert "speared_fish" in icons("sand_crab")


def test_every_path_gives_water(tmp_path: Path) -> None:
    assert all("water" in icons(path) for path in PATHS)


def new(setup: dict[str, Any]) -> Match[Any, Any, Any]:
    options = resolve_options(GAME.options, {})
    return Match.new(GAME, ["ana", "ben"], options, seed=1, setup=setup)


def test_a_tables_own_map_replaces_the_reconstruction() -> None:
    match = new({"map": {"paths": {"ant": ["water 3", "-", "banana, apple 2"]}}})
    assert match.state.board.paths["ant"] == (
        (("water", 3),),
        (),
        (("banana", 1), ("apple", 2)),
    )


def test_a_map_file_error_names_its_line(tmp_path: Path) -> None:
    from sealed.cli import load_setup, setup_error_at

    path = tmp_path / "board.yaml"
    path.write_text(
        "map:\n  paths:\n    ant: [water]\n    spider:\n      - egg\n      - bannana 2\n",
        encoding="utf-8",
    )
    data = load_setup(str(path))
    with pytest.raises(SetupError) as error:
        new(data or {})
    located = str(setup_error_at(str(path), data, error.value))
    assert "map.paths.spider.1" in located and "did you mean 'banana'" in located
    assert f"{path}:" in located


@pytest.mark.parametrize(
    ("space", "message"),
    [
        ("water 0", "count is a number from 1 to 9"),
        ("water two", "count is a number from 1 to 9"),
        ("water, water", "written twice"),
        ("water 2 3", "write an icon and a count"),
        ("radio", "not one of"),
    ],
)
def test_a_bad_space_is_refused_naming_the_rule(space: str, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new({"map": {"paths": {"ant": [space]}}})


def test_a_missing_supply_count_or_an_empty_path_is_refused() -> None:
    with pytest.raises(SetupError, match="a path has 1 to 60 spaces"):
        new({"map": {"paths": {"ant": []}}})
    with pytest.raises(SetupError, match="below 0"):
        new({"map": {"supply": {"water": -1}}})


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=12,
    )
)
def test_any_map_data_is_read_or_refused_with_a_setup_error(data: object) -> None:
    try:
        board_from_json(data)
    except SetupError as error:
        assert len(str(error)) < 600
