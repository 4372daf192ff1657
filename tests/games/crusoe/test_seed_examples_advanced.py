"""The seed's printed tables from the Advanced Rules on, cell by cell (issue 14's audit).

The worked examples are scenario cases (``cases/seed_examples_advanced.yaml`` and the cases the
manual's "Worked examples of the seed" table names); the two tables below are data, so they are
pinned here against the seed's text, copied as printed.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sealed.games.crusoe.modules import third_world
from sealed.games.crusoe.modules.disability import ALL_ICONS, SIGNALS, TABLE

# Third World Country (seed lines 1248-1258): units of the row's BR for one unit of the column.
COLUMNS = ("banana", "apple", "grape", "egg", "fish", "spear", "diamond")
SEED_CHART = """
banana  -   10/1 15/1 6/1 4/1 8/1 30/1
apple   1/1 -    4/1  2/1 1/1 2/1 9/1
grape   1/2 2/1  -    1/1 1/1 2/1 6/1
egg     1/1 5/1  7/1  -   2/1 4/1 15/1
fish    2/1 7/1  10/1 4/1 -   5/1 20/1
spear   1/1 4/1  6/1  2/1 2/1 -   12/1
diamond 1/3 1/1  2/1  1/2 1/2 1/1 -
"""


def _seed_cells() -> list[tuple[str, str, Fraction]]:
    cells = []
    for line in SEED_CHART.strip().splitlines():
        resource, *prices = line.split()
        for good, price in zip(COLUMNS, prices, strict=True):
            if price != "-":
                units, per = price.split("/")
                cells.append((resource, good, Fraction(int(units), int(per))))
    return cells


@pytest.mark.parametrize(("resource", "good", "price"), _seed_cells())
def test_every_cell_of_the_third_world_chart_is_the_seeds(
    resource: str, good: str, price: Fraction
) -> None:
    assert third_world.CHART[resource][good] == price


def test_the_third_world_chart_has_no_other_cells() -> None:
    assert len(_seed_cells()) == 42
    assert sum(len(row) for row in third_world.CHART.values()) == 42


# Disability (seed lines 1303-1313): 2d6, ViP, icons prohibited. "Fish" bars the Speared Fish
# too and "Radio Signal" every frequency (ruling 61).
SEED_DISABILITY = {
    (2, 3, 4): (3, "all but", ("water", "spear", *SIGNALS)),
    (5,): (1, "only", ("fish", "speared_fish", "egg", "diamond")),
    (6,): (0, "only", ("water",)),
    (7,): (1, "only", ("spear", *SIGNALS, "speared_fish", "diamond")),
    (8,): (0, "only", ()),
    (9, 10): (2, "only", ("fish", "speared_fish", "egg", "apple", "diamond", "leisure")),
    (11, 12): (6, "all but", ()),
}


@pytest.mark.parametrize(("sums", "row"), list(SEED_DISABILITY.items()))
def test_every_row_of_the_disability_table_is_the_seeds(
    sums: tuple[int, ...], row: tuple[int, str, tuple[str, ...]]
) -> None:
    vip, how, icons = row
    for total in sums:
        built = TABLE[total]
        assert built.vip == vip
        if how == "only":
            assert set(built.prohibited) == set(icons)
        else:
            assert set(built.prohibited) == set(ALL_ICONS) - set(icons)
    assert TABLE[7].no_experience and TABLE[8].cannot_eat == ("banana",)
