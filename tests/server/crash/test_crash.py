"""The crash test, bounded for CI: SIGKILL the server at random moments while scripted players
seal orders, on SQLite and on PostgreSQL; then every acknowledged order must be in the record and
no step may have opened twice. The counts are printed (``pytest -s`` shows them).

The first tests prove the checker can fail: a ledger with an acknowledged order the record does
not hold must count one lost order, and two acknowledged openings of one step one double
resolution. A checker that never finds anything would pass the crash test whatever happened.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.crash.crashloop import SEATS, CrashReport, Ledger, check, run

from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.core.registry import get_game

CYCLES = 10  # kills per database in CI (more by hand: python -m tests.server.crash.crashloop)
SECONDS = 120.0  # a safety net: a quiet machine runs 10 kills in about 30 s


def _record_with_pending(seat: str, text: str) -> dict[str, Any]:
    game = get_game("goofspiel")
    match = Match.new(game, SEATS, resolve_options(game.options, {}), seed=7)
    match.seal(seat, text)
    record: dict[str, Any] = match.to_json()
    return record


def test_the_checker_counts_an_acknowledged_order_missing_from_the_record() -> None:
    record = _record_with_pending("ana", "bid 3")
    ledger = Ledger()
    kept = ledger.sent(1, "ana", 1, "bid 3")
    ledger.acked(1, kept, {"revision": 1, "step": 1, "opened": False})
    assert check(ledger, {1: record}).lost == []
    missing = ledger.sent(1, "ben", 1, "bid 5")  # acknowledged, but the record never got it
    ledger.acked(1, missing, {"revision": 2, "step": 1, "opened": False})
    replaced = ledger.sent(1, "ana", 1, "bid 9")  # acknowledged after 'bid 3': must win
    ledger.acked(1, replaced, {"revision": 3, "step": 1, "opened": False})
    found = check(ledger, {1: record})
    assert len(found.lost) == 2, found.lost
    assert any("ben" in line for line in found.lost)
    assert any("'bid 9'" in line for line in found.lost)


def test_an_unanswered_order_after_the_last_acknowledged_one_may_hold() -> None:
    record = _record_with_pending("ana", "bid 4")
    ledger = Ledger()
    first = ledger.sent(1, "ana", 1, "bid 3")
    ledger.acked(1, first, {"revision": 1, "step": 1, "opened": False})
    ledger.sent(1, "ana", 1, "bid 4")  # the server was killed before it answered
    assert check(ledger, {1: record}).lost == []


def test_the_checker_counts_a_step_opened_twice() -> None:
    record = _record_with_pending("ana", "bid 3")
    ledger = Ledger()
    for revision in (5, 5):  # two acknowledged writes on one revision: one overwrote the other
        attempt = ledger.sent(1, "ana", 1, "bid 3")
        ledger.acked(1, attempt, {"revision": revision, "step": 1, "opened": True})
    found = check(ledger, {1: record})
    assert len(found.doubles) == 2, found.doubles  # the step twice, and the revision twice
    assert found.lost  # and it claims an opening the record does not have


def test_killed_at_random_moments_no_acknowledged_order_is_lost(
    db_url: str,
    tmp_path: Path,
) -> None:
    report = run(db_url, tmp_path / "server", cycles=CYCLES, seconds=SECONDS, seed=11)
    print(report.summary())
    assert_sound(report)


def test_two_servers_on_one_database_killed_in_turn_never_resolve_a_step_twice(
    db_url: str,
    tmp_path: Path,
) -> None:
    """The issue: two resolutions of one step never happen, even with two server processes
    on one database. Clients spread over both; the GM's closes race the last seals."""
    report = run(db_url, tmp_path, cycles=5, seconds=90.0, servers=2, seed=12)
    print(report.summary())
    assert_sound(report)


def assert_sound(report: CrashReport) -> None:
    assert report.cycles >= 2, "too few kills to mean anything"
    assert report.acknowledged > 0, "the players had no order acknowledged"
    assert report.steps_opened > 0
    assert report.problems == []
    assert (report.lost, report.double_resolutions, report.broken_records) == (0, 0, 0)
