"""Each option names the iteration of the seed it reproduces (seed 004, iterations 1-7)."""

from __future__ import annotations

import re
from pathlib import Path

from sealed.games.fixem import OPTIONS

MANUAL = Path(__file__).parents[3] / "docs" / "games" / "fixem.md"


def _help(name: str) -> str:
    return next(spec.doc for spec in OPTIONS if spec.name == name)


def _manual_row(name: str) -> str:
    row = next(line for line in MANUAL.read_text().splitlines() if line.startswith(f"| `{name}`"))
    return row


def test_refill_sources_follow_the_seed() -> None:
    """Iteration 3 already refilled colour for colour; only iteration 2 had no refill.

    Iteration 3, Score Stage: "Then, the same amount of each color's Waiting
    Dices, from the Supportive Zones, are put into the Field"; iteration 5 b:
    "Refill the Field with original (different) colors dices like in the
    Iteration 3". Iteration 2 has no Waiting Dice ("All the Gaming Dices are
    put in the Field") and no refill.
    """
    help_text = _help("refill")
    assert re.search(r"own_colour, each colour its own \(iterations 3, 6", help_text)
    assert "none, no refill (iteration 2" in help_text
    assert "(iteration 3)" not in help_text
    row = _manual_row("refill")
    assert "iteration 2: none" in row
    assert "iterations 3 and 6 and final: each colour its own" in row
    assert "iteration 3: none" not in row


def test_iteration_2_is_offered_with_its_set_up_not_by_refill_alone() -> None:
    """Iteration 2, Begin the Game: "All the Gaming Dices are put in the Field"."""
    assert "play it with start_hand=none and start_field=36" in _help("refill")
    assert "none, no hand dice (iterations 1-2" in _help("start_hand")
    assert "36, every die (iterations 1-2, with start_hand=none)" in _help("start_field")
    assert "played with `start_hand: none` and `start_field: 36`" in _manual_row("refill")
