"""Sweeps: the grid as typed, and the same table whatever runs it (one process, several, Ray)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.errors import OptionError, SealedError
from sealed.core.registry import get_game
from sealed.lab.cli import bot_lineup
from sealed.lab.sweep import Sweep, grid_cells, parse_grid, parse_lineups, sweep

GAME = get_game("goofspiel")
GRID = {"num_cards": ["4", "7"], "points_order": ["random", "descending"]}
LINEUPS = [("random", "counter"), ("matching", "random")]


def test_grid_cells_vary_the_first_option_slowest() -> None:
    assert grid_cells(GRID) == [
        {"num_cards": "4", "points_order": "random"},
        {"num_cards": "4", "points_order": "descending"},
        {"num_cards": "7", "points_order": "random"},
        {"num_cards": "7", "points_order": "descending"},
    ]
    assert grid_cells({}) == [{}]


def test_parse_grid_reads_values_and_checks_them() -> None:
    assert parse_grid(GAME, ["num_cards=4, 7", "points_order=random"]) == {
        "num_cards": ["4", "7"],
        "points_order": ["random"],
    }


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (["num_card=4"], "did you mean 'num_cards'"),
        (["num_cards=4,x"], "is not a int"),
        (["num_cards"], "must be written name=value1,value2"),
        (["num_cards=4", "num_cards=5"], "given twice"),
        (["points_order=upward"], "is not one of"),
    ],
)
def test_parse_grid_refuses_bad_specs_naming_the_problem(spec: list[str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        parse_grid(GAME, spec)


def test_parse_lineups_refuses_a_repeated_or_unknown_line_up() -> None:
    with pytest.raises(SealedError, match="twice"):
        parse_lineups(GAME, ["random,counter", "random, counter"], bot_lineup)
    with pytest.raises(SealedError, match="did you mean 'counter'"):
        parse_lineups(GAME, ["random,countr"], bot_lineup)


@pytest.fixture(scope="module")
def local() -> Sweep:
    return sweep(GAME, GRID, LINEUPS, 12, "sweep-test", jobs=1)


def test_a_sweep_has_one_cell_per_line_up_and_grid_point(local: Sweep) -> None:
    assert [(dict(c.given), c.bots) for c in local.cells] == [
        (given, bots) for bots in LINEUPS for given in grid_cells(GRID)
    ]
    assert all(len(cell.run.games) == 12 for cell in local.cells)
    assert local.cells[0].run.options["num_cards"] == 4


def test_local_processes_give_the_same_table(local: Sweep) -> None:
    assert sweep(GAME, GRID, LINEUPS, 12, "sweep-test", jobs=2).table() == local.table()


def test_another_seed_gives_another_table(local: Sweep) -> None:
    assert sweep(GAME, GRID, LINEUPS, 12, "other-seed", jobs=1).table() != local.table()


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    import ray  # the test extra installs it: a missing Ray fails here rather than skipping

    # Small and short-lived. This Ray version binds its services to the machine's address
    # (not only 127.0.0.1, whatever it is asked); docs/lab.md says so under "Known limits".
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_a_local_ray_cluster_gives_the_same_table(local: Sweep, ray_cluster: None) -> None:
    on_ray = sweep(GAME, GRID, LINEUPS, 12, "sweep-test", ray_address="auto")
    assert on_ray.table() == local.table()


@given(st.lists(st.text(max_size=30), max_size=4))
def test_parse_grid_on_any_text_reads_it_or_refuses_it_clearly(specs: list[str]) -> None:
    try:
        grid = parse_grid(GAME, specs)
    except OptionError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert set(grid) <= {spec.name for spec in GAME.options}
    assert all(values for values in grid.values())


def test_the_command_joins_a_ray_cluster_by_address_and_prints_the_local_table(
    ray_cluster: None, tmp_path: Path
) -> None:
    import ray

    def sealed(*extra: str) -> list[str]:
        args = ["lab", "sweep", "goofspiel", "--grid", "num_cards=4,6", "-n", "8", "--seed", "j"]
        done = subprocess.run(
            [sys.executable, "-c", "from sealed.cli import main; main()", *args, *extra],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        return [line for line in done.stdout.splitlines() if not line.startswith("report:")]

    address = ray.get_runtime_context().gcs_address
    on_ray = sealed("--ray", address, "--report", str(tmp_path / "ray.html"))
    assert on_ray == sealed("--jobs", "1", "--report", str(tmp_path / "local.html"))
    assert any("num_cards=6" in line for line in on_ray)
