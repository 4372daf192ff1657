"""The VP Chart row by row, the Preservation table and the frequency die (the seed's tables)."""

from __future__ import annotations

import pytest

from sealed.games.crusoe.cycle import FOOD_VP, best_meal, cycle_score, leisure_vp
from sealed.games.crusoe.state import KEEPS_ON, PENALTY


@pytest.mark.parametrize(
    ("leisure", "vp"),
    [(0, -3), (1, 0), (2, 2), (3, 3), (4, 4), (5, 4), (6, 5), (7, 5), (8, 6), (9, 6), (10, 7)],
)
def test_leisure_enjoyed_row(leisure: int, vp: int) -> None:
    assert leisure_vp(leisure) == vp


@pytest.mark.parametrize(
    ("eaten", "vp"),
    [
        (0, -10),
        (1, -10),
        (2, -10),
        (3, -5),
        (4, -4),
        (5, -2),
        (6, 0),
        (7, 1),
        (8, 2),
        (9, 3),
        (10, 4),
    ],
)
def test_food_eaten_row(eaten: int, vp: int) -> None:
    assert FOOD_VP[eaten] == vp


@pytest.mark.parametrize(
    ("food", "balanced", "malnourished"),
    [
        ({"apple": 3}, None, -2),
        ({"apple": 3, "banana": 1}, None, -1),
        ({"apple": 1, "banana": 1, "grape": 1}, None, 0),
        ({"egg": 3}, None, -2),
        ({"egg": 2, "fish": 2}, None, -1),
        ({"apple": 2, "egg": 2}, 2, None),
        ({"apple": 1, "banana": 1, "egg": 1}, 3, None),
        ({"apple": 1, "banana": 1, "egg": 1, "fish": 1}, 4, None),
        ({"apple": 1, "banana": 1, "grape": 1, "egg": 1, "fish": 1}, 5, None),
    ],
)
def test_food_types_bonus_row(
    food: dict[str, int], balanced: int | None, malnourished: int | None
) -> None:
    expected = balanced if balanced is not None else malnourished
    assert cycle_score(1, food, 1)["types"] == expected


def test_water_drunk_row() -> None:
    fed = {"apple": 2, "egg": 2}
    assert [cycle_score(w, fed, 1)["water"] for w in (0, 1, 2)] == [-10, 0, 1]
    assert cycle_score(2, {"apple": 2}, 1)["water"] == 0  # +1 only when Fed


def test_the_penalty_row_and_the_preservation_table() -> None:
    assert PENALTY == (0, -1, -1, -2, -3, -5, -8, -13, -21)
    assert KEEPS_ON == {"apple": 5, "banana": 1, "egg": 5, "fish": 1, "grape": 3}


def test_the_best_meal_scores_most_and_eats_what_keeps_worst() -> None:
    meal = dict(best_meal((3, 3, 3, 0, 3, 3), 0))  # water, banana, apple, grape, egg, fish
    assert meal["water"] == 2 and sum(meal.values()) - 2 == 10
    assert meal["banana"] == 3 and meal["fish"] == 3  # bananas and fish keep only on a 1
