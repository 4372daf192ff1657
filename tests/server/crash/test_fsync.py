"""Acknowledged means synced to disk (SQLite): one WAL sync per acknowledged order, seen by strace.

A SIGKILL test cannot tell a commit that reached the disk from one still in the kernel's
cache (Jepsen: kill -9 "still allows the OS to politely flush data to disk"), so this test
counts the server's ``fsync``/``fdatasync`` calls on the database's write-ahead log while it
acknowledges N orders one after the other: with ``synchronous=FULL`` every commit syncs the
WAL, so there must be at least N. The control runs the same counter over a small SQLite
writer with ``synchronous=FULL`` and ``NORMAL``: the first must reach N, the second must not,
so the counter really tells synced commits from unsynced ones. (PostgreSQL syncs its WAL in
its own processes, with ``synchronous_commit=on`` by default, checked in ``test_pg.py``.)
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.server.e2e.client import Api
from tests.server.e2e.live import ServerProcess, sqlite_url

ORDERS = 60
STRACE = shutil.which("strace") or "/usr/bin/strace"
WRITER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA synchronous=" + sys.argv[2])
db.execute("CREATE TABLE t (n INTEGER)")
for n in range(int(sys.argv[3])):
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO t VALUES (?)", (n,))
    db.execute("COMMIT")
"""


def wal_syncs(trace: Path) -> int:
    """Syncs of a ``-wal`` file in an ``strace -y`` log (``-y`` prints each fd's path)."""
    return sum(
        1
        for line in trace.read_text().splitlines()
        if ("fdatasync(" in line or "fsync(" in line) and "-wal>" in line and "= 0" in line
    )


def traced_writer(folder: Path, synchronous: str) -> int:
    trace = folder / f"writer-{synchronous}.trace"
    command = [STRACE, "-f", "-qq", "-y", "-e", "trace=fsync,fdatasync", "-o", str(trace)]
    database = folder / f"writer-{synchronous}.db"
    command += [sys.executable, "-c", WRITER, str(database), synchronous, str(ORDERS)]
    subprocess.run(command, check=True, timeout=120)
    return wal_syncs(trace)


def test_the_counter_tells_synced_commits_from_unsynced_ones(tmp_path: Path) -> None:
    assert traced_writer(tmp_path, "FULL") >= ORDERS
    assert traced_writer(tmp_path, "NORMAL") < ORDERS // 2


def test_every_acknowledged_order_was_synced_to_the_wal_first(tmp_path: Path) -> None:
    server = ServerProcess(sqlite_url(tmp_path), tmp_path / "server").start()
    api = Api(server.base)
    trace = tmp_path / "server.trace"
    tracer: subprocess.Popen[bytes] | None = None
    try:
        game = api.create("rex-furum", ["ana", "ben", "cy"], seed=1, close="wait", minutes=240)
        token = game.seat_tokens["ana"]
        assert server.process is not None
        # -f with -p attaches to every thread of the running server.
        pid = str(server.process.pid)
        tracer = subprocess.Popen(
            [STRACE, "-f", "-qq", "-y", "-e", "trace=fsync,fdatasync", "-o", str(trace), "-p", pid],
            stderr=subprocess.PIPE,
        )
        wait_until_traced(server.process.pid)
        acknowledged = 0
        for n in range(ORDERS):
            answer = api.seal(token, ("protect self", "pass")[n % 2], 1)
            assert answer.status_code == 200 and answer.json()["ok"], answer.text
            acknowledged += 1
    finally:
        if tracer is not None:
            tracer.send_signal(signal.SIGINT)  # strace detaches and leaves the server running
            tracer.wait(timeout=30)
        api.close()
        server.stop()
    syncs = wal_syncs(trace)
    print(f"{acknowledged} orders acknowledged, {syncs} syncs of the write-ahead log")
    assert syncs >= acknowledged


def wait_until_traced(pid: int, seconds: float = 30.0) -> None:
    """Until every thread of ``pid`` has a tracer (strace attaches one thread at a time)."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
        if tasks and all(_tracer(task) != 0 for task in tasks):
            return
        time.sleep(0.05)
    raise AssertionError("strace did not attach to the server")


def _tracer(task: Path) -> int:
    for line in (task / "status").read_text().splitlines():
        if line.startswith("TracerPid:"):
            return int(line.split()[1])
    return 0
