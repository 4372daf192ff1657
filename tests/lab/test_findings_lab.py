"""Walkthrough findings on the lab (36, 40): Ctrl-C stops a pooled run at once, and an
option given twice (or a grid value repeated) is refused instead of silently winning."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from sealed.cli import cli
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.registry import get_game
from sealed.lab.sim import STOPPED, run_games
from sealed.lab.sweep import parse_grid, sweep


class Interrupt:
    """A progress callback that presses Ctrl-C after the first finished chunk."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, done: int) -> None:
        self.calls += 1
        raise KeyboardInterrupt


def test_an_interrupted_pooled_run_stops_without_waiting_for_the_queue() -> None:
    # 400 chunks of 50 War Slayer games: the pool's old 'with' exit played every one of them
    game = get_game("war-slayer")
    interrupt = Interrupt()
    with pytest.raises(KeyboardInterrupt):
        options = resolve_options(game.options, {})
        run_games(game, 20_000, ["random", "random"], 1, options, jobs=2, progress=interrupt)
    assert interrupt.calls == 1
    time.sleep(0.5)
    assert multiprocessing.active_children() == [], "the pool's workers still play"


def test_an_interrupted_sweep_stops_its_pool() -> None:
    game = get_game("goofspiel")
    grid = parse_grid(game, ["num_cards=4,5,6,7,8,9,10,11,12,13"])
    with pytest.raises(KeyboardInterrupt):
        sweep(game, grid, [("random", "random")], 3000, "0", jobs=2, progress=Interrupt())
    time.sleep(0.5)
    assert multiprocessing.active_children() == [], "the pool's workers still play"


def wait_for_workers(pid: int) -> None:
    """Until process ``pid`` has started child processes (its pool's workers)."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for _ in range(600):  # a hang guard, not a speed check: imports are slow under load
        if children.exists() and children.read_text().split():
            return
        time.sleep(0.1)
    pytest.fail("sealed sim started no worker processes")


def test_ctrl_c_during_sealed_sim_says_nothing_was_written(tmp_path: Path) -> None:
    """Ctrl-C as a terminal sends it, to the command's process group: it stops at once,
    in one line; the timeout guards a hang (the whole run takes many minutes)."""
    sealed = Path(sys.executable).parent / "sealed"
    command = [str(sealed), "sim", "war-slayer", "-n", "200000", "--jobs", "2"]
    env = {**os.environ, "COLUMNS": "80"}
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's command has
    )
    wait_for_workers(process.pid)  # Ctrl-C once the run is under way, not during imports
    os.killpg(process.pid, signal.SIGINT)  # a terminal's Ctrl-C reaches the workers too
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # the command and its workers
        process.communicate()
        pytest.fail("sealed sim went on after Ctrl-C")
    assert process.returncode == 130, err[-500:]
    assert STOPPED in err and "Traceback" not in err, err[-500:]
    assert list(tmp_path.iterdir()) == []


def test_compare_refuses_an_option_given_twice() -> None:
    result = CliRunner().invoke(
        cli, ["lab", "compare", "war-slayer", "--a", "dealer=1", "--a", "dealer=2", "-n", "2"]
    )
    assert result.exit_code != 0
    assert "--a dealer is given twice (1 and 2)" in result.output, result.output
    assert "sealed lab sweep --grid dealer=1,2" in result.output


def test_a_grid_refuses_a_repeated_value() -> None:
    game = get_game("war-slayer")
    with pytest.raises(OptionError, match="the value 1 is given twice"):
        parse_grid(game, ["dealer=1,1"])
    with pytest.raises(OptionError, match=r"\(1 and 01 are the same\)"):
        parse_grid(game, ["dealer=1,01"])
    assert parse_grid(game, ["dealer=1,2"]) == {"dealer": ["1", "2"]}
