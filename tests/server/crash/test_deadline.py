"""A deadline fires by itself in the real server, once, through a SIGKILL and with two processes.

The issue: deadlines are "stored in the database, fired by the server itself at the right
time (a restart neither loses nor doubles one)", and "two resolutions of the same step can
never happen, even with two server processes on one database". Here two ``sealed serve``
processes share one database (each runs its own deadline scheduler), on SQLite and on
PostgreSQL at once (so the one-minute wait is paid once): a Rex Furum round with a one-minute
deadline gets two of its three seats' orders, one process is SIGKILLed and restarted, and
then nobody acts. The round must open by itself, exactly once, with the sealed orders as
sealed and the game's default for the seat that sealed nothing.

The server takes deadlines in whole minutes, so this test waits about a minute.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
from tests.server.e2e.client import Api, GameLinks
from tests.server.e2e.live import ServerProcess, sqlite_url
from tests.server.pg import PostgresServer

SEATS = ["ana", "ben", "cy"]
WAIT = 180.0  # seconds at most for the one-minute deadline to fire (a loaded machine is slow)


class Table:
    """One database, two server processes on it, one Rex Furum game."""

    def __init__(self, db: str, folder: Path) -> None:
        self.servers = [ServerProcess(db, folder / f"server-{n}") for n in range(2)]
        for server in self.servers:
            server.start()
        self.apis = [Api(server.base) for server in self.servers]
        self.game: GameLinks = self.apis[0].create(
            "rex-furum", SEATS, seed=4, close="wait", minutes=1
        )
        self.sealed: dict[str, str] = {}

    def seal(self, seat: str, orders: str, through: int) -> None:
        answer = self.apis[through].seal(self.game.seat_tokens[seat], orders, 1)
        assert answer.status_code == 200 and answer.json()["ok"], answer.text
        self.sealed[seat] = orders

    def opened(self) -> bool:
        status = self.apis[1].status(self.game.gm_token)
        return int(status["step"]) > 1

    def record(self) -> dict[str, Any]:
        return self.apis[0].record(self.game.gm_token)

    def audit(self) -> str:
        response = httpx.get(self.servers[0].url(f"/gm/{self.game.gm_token}"), timeout=30)
        assert response.status_code == 200
        return response.text

    def close(self) -> None:
        for api in self.apis:
            api.close()
        for server in self.servers:
            server.stop()


def test_a_deadline_fires_once_by_itself_through_a_kill_with_two_servers(
    tmp_path: Path,
) -> None:
    with PostgresServer() as postgres:
        tables: dict[str, Table] = {}
        try:
            tables["sqlite"] = Table(sqlite_url(tmp_path), tmp_path / "sqlite")
            tables["postgresql"] = Table(postgres.create_database(), tmp_path / "postgresql")
            for table in tables.values():
                table.seal("ana", "protect self", through=0)
                table.seal("ben", "pass", through=1)
                table.servers[0].kill()  # acknowledged orders and the deadline must survive
                table.servers[0].start()
            give_up = time.monotonic() + WAIT
            while not all(t.opened() for t in tables.values()) and time.monotonic() < give_up:
                time.sleep(1.0)
            for name, table in tables.items():
                assert table.opened(), f"{name}: the deadline did not fire in {WAIT:.0f} s"
                record = table.record()
                assert len(record["steps"]) == 1, f"{name}: {len(record['steps'])} steps opened"
                orders = record["steps"][0]["orders"]
                for seat, text in table.sealed.items():
                    assert orders[seat]["text"] == text and not orders[seat].get("default")
                assert orders["cy"].get("default"), f"{name}: cy sealed nothing: the default"
                audit = table.audit()
                openings = re.findall(r"step 1 opened", audit)
                assert len(openings) == 1, f"{name}: step 1 opened {len(openings)} times"
                assert re.search(r"<td>deadline</td>\s*<td>close</td>", audit), name
        finally:
            for table in tables.values():
                table.close()
