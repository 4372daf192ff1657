"""Simulation statistics, on hand-made game summaries."""

from __future__ import annotations

from collections import Counter

from sealed.lab.sim import GameSummary, _Lead, summarise


def game(winners: tuple[str, ...], steps: int, halftime: bool | None, trailed: bool) -> GameSummary:
    return GameSummary(
        seed="s/0",
        bots={"seat1": "a", "seat2": "b"},
        winners=winners,
        scores={"seat1": 1, "seat2": 1},
        steps=steps,
        decisions=2 * steps,
        actions={"a": Counter(x=steps), "b": Counter(y=1)},
        lead_changes=1 if trailed else 0,
        winner_trailed=trailed,
        halftime_leader_won=halftime,
    )


def test_summary_counts_shared_wins_as_fractions() -> None:
    report = summarise(
        [
            game(("seat1",), 10, True, False),
            game(("seat1", "seat2"), 20, None, True),
            game(("seat2",), 30, False, True),
        ]
    )
    assert report.wins_by_seat == {"seat1": 1.5, "seat2": 1.5}
    assert report.wins_by_bot == {"a": 1.5, "b": 1.5}
    assert report.draws == 1
    assert report.length["median"] == 20 and report.length["max"] == 30
    assert sum(report.length_histogram.values()) == 3
    assert report.actions == {"a": {"x": 60}, "b": {"y": 3}}
    assert report.halftime_leader_wins == 0.5  # the game without a sole leader is left out
    assert report.games_with_lead_change == 2 / 3


def test_lead_tracks_changes_and_the_halftime_leader() -> None:
    lead = _Lead()
    for scores in ({"a": 1, "b": 0}, {"a": 1, "b": 1}, {"a": 1, "b": 2}, {"a": 3, "b": 2}):
        lead.update(scores)
    assert lead.changes == 2
    assert lead.history == ["a", None, "b", "a"]
    assert lead.halftime_leader_won(("a",)) is None  # step 2 of 4 had no sole leader
    assert lead.ever_behind == {"a", "b"}
