"""The crash test: kill the server (SIGKILL) at random moments while scripted players seal orders.

Scripted players (one thread per seat, several games at once) seal and replace orders
through the JSON API; a game master's thread closes steps now and then (racing the last
seal that would open the same step). Meanwhile the server is killed with SIGKILL at a
random moment, restarted on the same database, and after each restart the whole ledger is
checked against the records the server returns:

- every **acknowledged** order (an HTTP 200 with ``ok``) is in the record: for its step, the
  seat's order is the last acknowledged one, or one sent after it whose answer was lost in
  the crash (it may or may not have been committed: both are correct);
- **no step resolved twice**: at most one acknowledged act (a seal that ``opened`` it, or a
  GM's close) opened each step; no two acknowledged writes of one game carry the same
  revision (that would be two commits on one base, one overwriting the other); every
  record replays (the core re-resolves every step and compares);
- nothing acknowledged is for a step that the record says has not opened.

Counts are printed: cycles run, orders acknowledged, orders lost, double resolutions.
Everything is bounded (cycles and seconds) and on 127.0.0.1. Run longer by hand::

    .venv/bin/python -m tests.server.crash.crashloop --cycles 200 --seconds 600 [--postgres]
        [--servers 2]   # two server processes on one database, one killed at a time
"""

from __future__ import annotations

import argparse
import functools
import random
import signal
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from tests.server.e2e.client import Api, ApiError, GameLinks
from tests.server.e2e.live import ServerProcess, sqlite_url

from sealed.core.errors import SealedError
from sealed.core.match import Match, replay

SEATS = ["ana", "ben", "cy", "dee"]
GAME = "goofspiel"  # four seats sealing at once; every step opens on the last seal (or a close)
RETRY_PAUSE = 0.05  # seconds between attempts while the server is down


@dataclass
class Attempt:
    """One order sent: its text, and whether the server acknowledged it (None: no answer)."""

    text: str
    acked: bool | None = None


@dataclass
class Ledger:
    """Everything the clients sent and were told, shared by the player threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    games: list[GameLinks] = field(default_factory=list)
    # (game id, seat, step) -> attempts in the order the seat sent them (one thread per seat)
    attempts: dict[tuple[int, str, int], list[Attempt]] = field(default_factory=dict)
    # (game id, step) -> how many acknowledged acts said they opened it
    openings: Counter[tuple[int, int]] = field(default_factory=Counter)
    # (game id, revision) -> acknowledged writes that reported it
    revisions: Counter[tuple[int, int]] = field(default_factory=Counter)
    acknowledged: int = 0
    refused: int = 0
    unanswered: int = 0
    undelivered: int = 0
    closes_acknowledged: int = 0

    def sent(self, game_id: int, seat: str, step: int, text: str) -> Attempt:
        attempt = Attempt(text)
        with self.lock:
            self.attempts.setdefault((game_id, seat, step), []).append(attempt)
        return attempt

    def acked(self, game_id: int, attempt: Attempt, answer: dict[str, Any]) -> None:
        with self.lock:
            attempt.acked = True
            self.acknowledged += 1
            self.revisions[(game_id, int(answer["revision"]))] += 1
            if answer.get("opened"):
                self.openings[(game_id, int(answer["step"]))] += 1


@dataclass
class Findings:
    """What one check of the ledger against the records found."""

    lost: list[str] = field(default_factory=list)
    doubles: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)  # records that do not replay, impossible acks


@dataclass
class CrashReport:
    cycles: int
    acknowledged: int
    lost: int
    double_resolutions: int
    broken_records: int
    refused: int
    unanswered: int
    undelivered: int
    closes_acknowledged: int
    games: int
    steps_opened: int
    seconds: float
    problems: list[str]

    def summary(self) -> str:
        return (
            f"crash test: cycles run {self.cycles}, orders acknowledged {self.acknowledged}, "
            f"orders lost {self.lost}, double resolutions {self.double_resolutions}, "
            f"broken records {self.broken_records} "
            f"(refused {self.refused}, unanswered in a crash {self.unanswered}, "
            f"not delivered (server down) {self.undelivered}, "
            f"closes acknowledged {self.closes_acknowledged}, games {self.games}, "
            f"steps opened {self.steps_opened}, {self.seconds:.1f}s)"
        )


# -- checking ----------------------------------------------------------------------------------


def check(ledger: Ledger, records: dict[int, dict[str, Any]]) -> Findings:
    """Every acknowledged order in its record, no step opened twice, every record replays."""
    found = Findings()
    for game_id, record in records.items():
        try:
            replay(record)  # the core re-resolves every step and compares it with the record
        except SealedError as error:
            found.broken.append(f"game {game_id}: the record does not replay: {error}")
    with ledger.lock:
        attempts = {key: list(sent) for key, sent in ledger.attempts.items()}
        openings = dict(ledger.openings)
        revisions = dict(ledger.revisions)
    for (game_id, seat, step), sent in sorted(attempts.items()):
        if game_id in records:
            _check_orders(found, records[game_id], game_id, seat, step, sent)
    for (game_id, step), count in sorted(openings.items()):
        if count > 1:
            found.doubles.append(f"game {game_id} step {step}: {count} acknowledged openings")
        if game_id in records and step > len(records[game_id]["steps"]):
            found.lost.append(f"game {game_id} step {step}: acknowledged as opened, not in record")
    for (game_id, revision), count in sorted(revisions.items()):
        if count > 1:
            found.doubles.append(
                f"game {game_id}: {count} acknowledged writes on one revision {revision}"
            )
    return found


def _check_orders(
    found: Findings,
    record: dict[str, Any],
    game_id: int,
    seat: str,
    step: int,
    sent: list[Attempt],
) -> None:
    acked = [i for i, attempt in enumerate(sent) if attempt.acked]
    if not acked:
        return  # nothing was promised for this seat and step
    # The last acknowledged order, or any sent after it whose answer the crash swallowed.
    allowed = {attempt.text for attempt in sent[acked[-1] :] if attempt.acked is not False}
    where = f"game {game_id} step {step} {seat}"
    opened = len(record["steps"])
    if step <= opened:
        held = record["steps"][step - 1]["orders"].get(seat)
    elif step == opened + 1:
        held = record.get("pending", {}).get(seat)
    else:
        found.broken.append(f"{where}: acknowledged for a step that has not opened")
        return
    if held is None:
        found.lost.append(f"{where}: acknowledged {sent[acked[-1]].text!r}, not in the record")
    elif held.get("default") or held.get("text") not in allowed:
        found.lost.append(
            f"{where}: acknowledged {sent[acked[-1]].text!r}, the record has {held.get('text')!r}"
        )


# -- the players -------------------------------------------------------------------------------


class Gate:
    """Lets the checker stop every client between requests (and wait for those in flight)."""

    def __init__(self) -> None:
        self._open = threading.Event()
        self._open.set()
        self._busy = 0
        self._idle = threading.Condition()

    @contextmanager
    def request(self) -> Iterator[None]:
        self._open.wait()
        with self._idle:
            self._busy += 1
        try:
            yield
        finally:
            with self._idle:
                self._busy -= 1
                self._idle.notify_all()

    @contextmanager
    def closed(self) -> Iterator[None]:
        self._open.clear()
        with self._idle:
            self._idle.wait_for(lambda: self._busy == 0, timeout=60)
        try:
            yield
        finally:
            self._open.set()


@dataclass
class World:
    servers: list[ServerProcess]
    apis: list[Api]  # one per server: clients spread their requests over all of them
    ledger: Ledger
    gate: Gate
    stop: threading.Event
    rng_seed: int

    def api(self, rng: random.Random) -> Api:
        return self.apis[0] if len(self.apis) == 1 else rng.choice(self.apis)


def _retrying(world: World, call: Callable[[], Any]) -> Any:
    """Repeat a request that has no effect (a read) until the server answers or we stop."""
    while not world.stop.is_set():
        try:
            with world.gate.request():
                return call()
        except (httpx.HTTPError, ApiError):
            time.sleep(RETRY_PAUSE)
    return None


def legal_texts(match: Match[Any, Any, Any], seat: str) -> list[str]:
    orders = match.game.legal_orders(match.state, seat) or []
    return [str(match.game.format(order)) for order in orders]


def player(world: World, game: GameLinks, seat: str) -> None:
    """Seal orders for one seat until its game is over, replacing some of them."""
    rng = random.Random(f"{world.rng_seed}/{game.game_id}/{seat}")
    while not world.stop.is_set():
        record = _retrying(world, lambda: world.api(rng).record(game.gm_token))
        if record is None:
            return
        match = replay(record)
        if match.result() is not None:
            return
        if seat not in match.waiting_for():
            time.sleep(0.01)  # sealed already (or not prompted): wait for the step to open
            if rng.random() < 0.7:
                continue
        # Never the text already held: resending it is a no-op that writes no new revision.
        held = match.pending.get(seat)
        choices = [text for text in legal_texts(match, seat) if held is None or text != held.text]
        if not choices:
            time.sleep(0.01)
            continue
        _seal(world, world.api(rng), game, seat, match.step, rng.choice(choices))


def _seal(world: World, api: Api, game: GameLinks, seat: str, step: int, text: str) -> None:
    attempt = world.ledger.sent(game.game_id, seat, step, text)
    try:
        with world.gate.request():
            response = api.seal(game.seat_tokens[seat], text, step)
    except httpx.ConnectError:
        with world.ledger.lock:
            attempt.acked = False  # no connection: the request never reached a server
            world.ledger.undelivered += 1
        return
    except httpx.HTTPError:
        with world.ledger.lock:
            world.ledger.unanswered += 1
        return  # unknown: committed or not; the checker allows both
    if response.status_code == 200 and response.json().get("ok"):
        world.ledger.acked(game.game_id, attempt, response.json())
        return
    with world.ledger.lock:
        attempt.acked = False  # refused (a stale step, nothing due): nothing changed
        world.ledger.refused += 1


def closer(world: World) -> None:
    """The game master: now and then opens a game's step at once (racing the players)."""
    rng = random.Random(f"{world.rng_seed}/gm")
    while not world.stop.is_set():
        time.sleep(rng.uniform(0.05, 0.4))
        with world.ledger.lock:
            games = list(world.ledger.games)
        if not games:
            continue
        game = rng.choice(games)
        api = world.api(rng)
        status = _retrying(world, functools.partial(_status, world, rng, game.gm_token))
        if status is None or status.get("result") is not None:
            continue
        step = int(status["step"])
        try:
            with world.gate.request():
                response = api.close_step(game.gm_token, step)
        except httpx.HTTPError:
            continue
        if response.status_code == 200:
            answer = response.json()
            with world.ledger.lock:
                world.ledger.closes_acknowledged += 1
                world.ledger.openings[(game.game_id, step)] += 1
                if "revision" in answer:
                    world.ledger.revisions[(game.game_id, int(answer["revision"]))] += 1


def _status(world: World, rng: random.Random, gm_token: str) -> dict[str, Any]:
    return world.api(rng).status(gm_token)


def table(world: World, number: int) -> None:
    """One table: create a game, run a player thread per seat, start again when it ends."""
    rng = random.Random(f"{world.rng_seed}/table/{number}")
    while not world.stop.is_set():
        # A game created by a request whose answer a crash swallowed is never played: harmless.
        game = _retrying(
            world,
            lambda: world.api(rng).create(GAME, SEATS, seed=rng.randrange(2**31), close="early"),
        )
        if game is None:
            return
        with world.ledger.lock:
            world.ledger.games.append(game)
        players = [
            threading.Thread(target=player, args=(world, game, seat), daemon=True) for seat in SEATS
        ]
        for thread in players:
            thread.start()
        for thread in players:
            thread.join()


# -- the loop ----------------------------------------------------------------------------------


def fetch_records(world: World, api: Api) -> dict[int, dict[str, Any]]:
    with world.ledger.lock:
        games = list(world.ledger.games)
    return {game.game_id: api.record(game.gm_token) for game in games}


def run(
    db: str,
    workdir: Path,
    *,
    cycles: int = 10,
    seconds: float = 60.0,
    tables: int = 2,
    servers: int = 1,
    seed: int = 0,
    kill_after: tuple[float, float] = (0.05, 1.5),
    log: Callable[[str], None] = print,
) -> CrashReport:
    """Run the crash loop: ``cycles`` kills at most, for at most ``seconds``; then check.

    With ``servers`` above one, that many server processes share the database and the
    clients spread their requests over them; each cycle kills one of them at random.
    """
    started = time.monotonic()
    rng = random.Random(seed)
    processes = [ServerProcess(db, workdir / f"server-{n}") for n in range(servers)]
    for process in processes:
        process.start()
    apis = [Api(process.base, timeout=10.0) for process in processes]
    world = World(processes, apis, Ledger(), Gate(), threading.Event(), seed)
    threads = [threading.Thread(target=closer, args=(world,), daemon=True)]
    threads += [threading.Thread(target=table, args=(world, n), daemon=True) for n in range(tables)]
    for thread in threads:
        thread.start()
    lost: set[str] = set()
    doubles: set[str] = set()
    broken: set[str] = set()

    def verify() -> None:
        found = check(world.ledger, fetch_records(world, apis[0]))
        lost.update(found.lost)
        doubles.update(found.doubles)
        broken.update(found.broken)

    done = 0
    steps = 0
    try:
        while done < cycles and time.monotonic() - started < seconds:
            time.sleep(rng.uniform(*kill_after))
            victim = rng.choice(processes)
            victim.kill()
            done += 1
            victim.start()  # the same port and database
            with world.gate.closed():
                verify()
            log(
                f"cycle {done}: acknowledged {world.ledger.acknowledged}, "
                f"lost {len(lost)}, double {len(doubles)}, broken {len(broken)}"
            )
    finally:
        world.stop.set()
        for thread in threads:
            thread.join(timeout=30)
        try:
            if all(process.running for process in processes):
                verify()
                steps = sum(len(r["steps"]) for r in fetch_records(world, apis[0]).values())
        finally:
            for api in apis:
                api.close()
            for process in processes:
                process.stop()
    ledger = world.ledger
    return CrashReport(
        cycles=done,
        acknowledged=ledger.acknowledged,
        lost=len(lost),
        double_resolutions=len(doubles),
        broken_records=len(broken),
        refused=ledger.refused,
        unanswered=ledger.unanswered,
        undelivered=ledger.undelivered,
        closes_acknowledged=ledger.closes_acknowledged,
        games=len(ledger.games),
        steps_opened=steps,
        seconds=time.monotonic() - started,
        problems=sorted(lost) + sorted(doubles) + sorted(broken),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--servers", type=int, default=1, help="processes on one database")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL")
    args = parser.parse_args()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with tempfile.TemporaryDirectory(prefix="sealed-crash-") as folder:
        work = Path(folder)
        if args.postgres:
            from tests.server.pg import PostgresServer

            with PostgresServer() as postgres:
                report = run(
                    postgres.create_database(),
                    work,
                    cycles=args.cycles,
                    seconds=args.seconds,
                    tables=args.tables,
                    servers=args.servers,
                    seed=args.seed,
                )
        else:
            report = run(
                sqlite_url(work),
                work,
                cycles=args.cycles,
                seconds=args.seconds,
                tables=args.tables,
                servers=args.servers,
                seed=args.seed,
            )
    print(report.summary())
    for problem in report.problems[:50]:
        print("  ", problem)


if __name__ == "__main__":
    main()
