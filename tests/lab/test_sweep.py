"""Sweeps: the grid as typed, and the same table whatever runs it (one process, several, Ray)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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
        (["num_cards=4,x"], "is not a whole number"),
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


@given(st.lists(st.text(max_size=30), max_size=4))
def test_parse_grid_on_any_text_reads_it_or_refuses_it_clearly(specs: list[str]) -> None:
    try:
        grid = parse_grid(GAME, specs)
    except OptionError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert set(grid) <= {spec.name for spec in GAME.options}
    assert all(values for values in grid.values())


# Ray binds its services to the machine's own address whatever it is asked, and probes the
# network; the tests talk to 127.0.0.1 only. So the cluster runs in a network namespace of its
# own that holds nothing but a loopback interface (as root: `unshare --net`), where Ray finds no
# other address. A missing `unshare` or `ip` fails the test: it is never skipped.
IN_RAY_CLUSTER = """
import json, subprocess, sys
import ray
from sealed.core.registry import get_game
from sealed.lab.sweep import sweep
GAME = get_game("goofspiel")
GRID = {"num_cards": ["4", "7"], "points_order": ["random", "descending"]}
LINEUPS = [("random", "counter"), ("matching", "random")]
ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
try:
    table = sweep(GAME, GRID, LINEUPS, 12, "sweep-test", ray_address="auto").table()
    command = [sys.executable, "-c", "from sealed.cli import main; main()", "lab", "sweep",
               "goofspiel", "--grid", "num_cards=4,6", "-n", "8", "--seed", "j",
               "--ray", ray.get_runtime_context().gcs_address, "--report", sys.argv[1]]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    answer = [done.returncode, done.stdout, done.stderr[-2000:]]
    print(json.dumps({"table": table, "command": answer}))
finally:
    ray.shutdown()
"""


def run_in_own_network(script: str, *args: str) -> str:
    """Run ``script`` in a fresh network namespace with only loopback up; its standard output."""
    shell = 'ip link set lo up && exec "$0" "$@"'
    done = subprocess.run(
        ["unshare", "--net", "sh", "-c", shell, sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
        env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip().splitlines()[-1]


def sealed_sweep(*extra: str) -> list[str]:
    args = ["lab", "sweep", "goofspiel", "--grid", "num_cards=4,6", "-n", "8", "--seed", "j"]
    done = subprocess.run(
        [sys.executable, "-c", "from sealed.cli import main; main()", *args, *extra],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return report_free(done.stdout)


def report_free(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if not line.startswith("report:")]


def test_a_local_ray_cluster_gives_the_same_table_in_code_and_by_command(
    local: Sweep, tmp_path: Path
) -> None:
    out = json.loads(run_in_own_network(IN_RAY_CLUSTER, str(tmp_path / "ray.html")))
    assert out["table"] == json.loads(json.dumps(local.table()))
    code, stdout, stderr = out["command"]
    assert code == 0, stderr
    on_ray = report_free(stdout)
    assert on_ray == sealed_sweep("--jobs", "1", "--report", str(tmp_path / "local.html"))
    assert any("num_cards=6" in line for line in on_ray)
