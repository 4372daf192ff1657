"""The server's order throughput and latency: acknowledged orders/s, p50/p99, 50 players at once.

Run: ``.venv/bin/python bench/server.py [--players 50] [--seconds 20] [--db both]``
(``--db sqlite``, ``postgresql`` or ``both``).

It starts the real server (``sealed serve``, a subprocess on a free 127.0.0.1 port, as the
tests do) on a fresh SQLite file and on a throwaway PostgreSQL 15 server
(``tests/server/pg.py``), creates Rex Furum games of five seats whose rounds wait for their
deadline (four hours away), so orders stay replaceable, and lets ``--players`` scripted
players seal orders through the JSON API as fast as the server acknowledges them: each
player sends its next order when the last one is answered (a closed loop), alternating two
legal orders so that every one is a real change (a resent order is a no-op). Each order is
acknowledged only after its commit, so this measures durable writes.

It prints acknowledged orders per second and the latency of each order (from sending to the
answer, seen by the client) at the 50th and 99th percentiles, after a warm-up. The client
runs on the same two cores as the server, so these are lower bounds for the server alone.
A benchmark, never a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the server harness lives with the tests

from tests.server.e2e.live import ServerProcess, sqlite_url  # noqa: E402
from tests.server.pg import PostgresServer  # noqa: E402

SEATS_PER_GAME = 5
ORDERS = ("protect self", "pass")  # both legal for every seat in round 1; each replaces the other


@dataclass
class Result:
    database: str
    players: int
    seconds: float
    acknowledged: int
    refused: int
    errors: int
    orders_per_second: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def create_games(http: httpx.AsyncClient, players: int) -> list[str]:
    """Seat tokens for ``players`` players, five to a Rex Furum game."""
    tokens: list[str] = []
    number = 0
    while len(tokens) < players:
        seats = [f"p{number}x{i}" for i in range(SEATS_PER_GAME)]
        body = {"game": "rex-furum", "seats": seats, "seed": number, "close": "wait"}
        body["minutes"] = 240
        response = await http.post("/api/games", json=body)
        response.raise_for_status()
        tokens += [link["token"] for link in response.json()["seats"].values()]
        number += 1
    return tokens[:players]


async def player(
    http: httpx.AsyncClient,
    token: str,
    warm_until: float,
    stop_at: float,
    latencies: list[float],
    counts: dict[str, int],
) -> None:
    sent = 0
    while True:
        now = time.perf_counter()
        if now >= stop_at:
            return
        body = {"orders": ORDERS[sent % 2], "step": 1}
        sent += 1
        try:
            response = await http.post(f"/api/play/{token}/orders", json=body)
        except httpx.HTTPError:
            counts["errors"] += 1
            continue
        took = time.perf_counter() - now
        if now < warm_until:
            continue
        if response.status_code == 200 and response.json().get("ok"):
            counts["acknowledged"] += 1
            latencies.append(took)
        else:
            counts["refused"] += 1


async def drive(
    base: str, players: int, seconds: float, warmup: float
) -> tuple[list[float], dict[str, int]]:
    limits = httpx.Limits(max_connections=players + 5, max_keepalive_connections=players + 5)
    async with httpx.AsyncClient(base_url=base, timeout=60.0, limits=limits) as http:
        tokens = await create_games(http, players)
        latencies: list[float] = []
        counts = {"acknowledged": 0, "refused": 0, "errors": 0}
        start = time.perf_counter()
        warm_until, stop_at = start + warmup, start + warmup + seconds
        await asyncio.gather(
            *(player(http, t, warm_until, stop_at, latencies, counts) for t in tokens)
        )
    return latencies, counts


def measure(label: str, db: str, players: int, seconds: float, warmup: float) -> Result:
    with tempfile.TemporaryDirectory(prefix="sealed-bench-") as folder:
        server = ServerProcess(db, Path(folder))
        server.start()
        try:
            latencies, counts = asyncio.run(drive(server.base, players, seconds, warmup))
        finally:
            server.stop()
    ms = [value * 1000 for value in latencies]
    return Result(
        database=label,
        players=players,
        seconds=seconds,
        acknowledged=counts["acknowledged"],
        refused=counts["refused"],
        errors=counts["errors"],
        orders_per_second=counts["acknowledged"] / seconds,
        p50_ms=statistics.median(ms) if ms else float("nan"),
        p90_ms=percentile(ms, 0.90),
        p99_ms=percentile(ms, 0.99),
        max_ms=max(ms, default=float("nan")),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--json", action="store_true", help="one JSON object per database")
    args = parser.parse_args()
    results: list[Result] = []
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory(prefix="sealed-bench-db-") as folder:
            url = sqlite_url(Path(folder))
            results.append(measure("SQLite", url, args.players, args.seconds, args.warmup))
    if args.db in ("postgresql", "both"):
        with PostgresServer() as postgres:
            url = postgres.create_database("bench")
            results.append(measure("PostgreSQL", url, args.players, args.seconds, args.warmup))
    if args.json:
        for result in results:
            print(json.dumps(asdict(result)))
        return
    print(f"{args.players} players, {args.seconds:.0f} s after {args.warmup:.0f} s of warm-up")
    print(
        f"{'database':<11} {'acked/s':>8} {'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7} "
        f"{'max ms':>7} {'acked':>7} {'refused':>7} {'errors':>6}"
    )
    for r in results:
        print(
            f"{r.database:<11} {r.orders_per_second:>8.0f} {r.p50_ms:>7.1f} {r.p90_ms:>7.1f} "
            f"{r.p99_ms:>7.1f} {r.max_ms:>7.1f} {r.acknowledged:>7} {r.refused:>7} {r.errors:>6}"
        )


if __name__ == "__main__":
    main()
