"""Commands racing on one game file take turns: no order, close or delivery is lost.

This is the race the audit ran (five `sealed order` at once lost 183 of 250
orders): real processes, started together, on real files.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from sealed.cli import cli

SEATS = ["amy", "bo", "cy", "dee", "ed"]
ORDERS = {seat: "pass" for seat in SEATS}


def command(*args: str) -> list[str]:
    return [sys.executable, "-c", "from sealed.cli import main; main()", *args]


def test_five_orders_and_a_view_at_once_lose_nothing(tmp_path: Path) -> None:
    files = []
    for number in range(4):
        game = tmp_path / f"g{number}.json"
        created = CliRunner().invoke(
            cli, ["new", "rex-furum", "--players", ",".join(SEATS), "--seed", "1", "-o", str(game)]
        )
        assert created.exit_code == 0, created.output
        files.append(game)
    running = []
    for game in files:
        running += [subprocess.Popen(command("order", str(game), s, o)) for s, o in ORDERS.items()]
        running.append(
            subprocess.Popen(
                command("view", str(game), "amy", "--mark-delivered"),
                stdout=subprocess.DEVNULL,
            )
        )
    assert [p.wait(timeout=120) for p in running] == [0] * len(running)
    for game in files:
        record = json.loads(game.read_text(encoding="utf-8"))
        assert sorted(record["pending"]) == sorted(SEATS), f"{game.name} lost orders"
        assert "amy@terminal" in record["cursors"], f"{game.name} lost a delivery"


def test_a_save_killed_mid_write_leaves_no_temporary_file_for_long(tmp_path: Path) -> None:
    game = tmp_path / "g.json"
    CliRunner().invoke(cli, ["new", "war-slayer", "--players", "a,b", "-o", str(game)])
    leftover = tmp_path / ".g.json.abc123"  # what a killed save leaves behind
    leftover.write_text('{"half": ', encoding="utf-8")
    game.chmod(0o640)
    result = CliRunner().invoke(cli, ["send", str(game), "a", "hello"])
    assert result.exit_code == 0, result.output
    assert not leftover.exists()
    assert oct(game.stat().st_mode & 0o777) == "0o640"  # a save keeps the file's mode


def test_orders_racing_a_close_are_each_counted_once(tmp_path: Path) -> None:
    files = []
    for number in range(3):
        game = tmp_path / f"c{number}.json"
        CliRunner().invoke(
            cli, ["new", "rex-furum", "--players", ",".join(SEATS), "--seed", "2", "-o", str(game)]
        )
        files.append(game)
    running = []
    for game in files:
        running += [subprocess.Popen(command("order", str(game), s, o)) for s, o in ORDERS.items()]
        running.append(subprocess.Popen(command("close", str(game)), stdout=subprocess.DEVNULL))
    assert [p.wait(timeout=120) for p in running] == [0] * len(running)
    for game in files:
        record = json.loads(game.read_text(encoding="utf-8"))
        assert len(record["steps"]) == 1, f"{game.name}: the close was lost"
        opened = record["steps"][0]["orders"]
        # Each order landed either before the close (in the step, as written) or after it
        # (sealed for round 2): none is lost, none counted twice.
        for seat in SEATS:
            before = not opened[seat].get("default", False)
            after = seat in record["pending"]
            assert before != after, f"{game.name}: {seat}'s order counted {before + after} times"
