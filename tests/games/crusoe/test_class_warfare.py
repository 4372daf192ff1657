"""Class Warfare Capitalism's arithmetic (classwar.py; the scenario in play is
test_class_warfare_play.py and cases/class_warfare.yaml): the seed's
two worked examples, the classes by Diamonds, and the CEOs' blocks over random promotions and
falls (Hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sealed.games.crusoe.classwar import (
    CAPITALIST,
    MIDDLE,
    TAX_SHARES,
    WORKING,
    Blocks,
    ceo_shares,
    demote,
    promote,
    reassign,
    social_class,
    working_class_count,
)
from sealed.games.crusoe.state import ELASTICITY


def industries(blocks: Blocks) -> dict[str, list[str]]:
    return {ceo: list(goods) for ceo, goods in blocks}


def test_the_seed_s_example_of_ceo_transfer() -> None:
    """Bob, Carol (cycle 2), Ted (3); Carol falls (4); Carol and Alice rise (5); Bruce (6);
    Carol falls again (7): each step as the seed tells it."""
    blocks = promote((), "bob")
    assert industries(blocks) == {"bob": list(ELASTICITY)}
    blocks = promote(blocks, "carol")
    assert industries(blocks)["carol"] == ["banana", "grape", "spear", "diamond"]
    blocks = promote(blocks, "ted")
    assert industries(blocks) == {
        "bob": ["water", "fish", "apple", "egg"],
        "carol": ["banana", "grape"],
        "ted": ["spear", "diamond"],
    }
    blocks = demote(blocks, "carol")  # cycle four: Bob gains bananas and Ted gains grapes
    assert industries(blocks) == {
        "bob": ["water", "fish", "apple", "egg", "banana"],
        "ted": ["grape", "spear", "diamond"],
    }
    diamonds = {"bob": 3, "carol": 3, "ted": 3, "alice": 4, "bruce": 0}
    _, blocks = reassign(blocks, diamonds, ["carol", "alice", "bob", "ted", "bruce"])
    assert industries(blocks) == {  # cycle five: Carol first takes spears and diamonds
        "bob": ["water", "fish", "apple", "egg", "banana"],
        "ted": ["grape"],
        "carol": ["spear"],
        "alice": ["diamond"],
    }
    blocks = promote(blocks, "bruce")  # cycle six: Alice keeps no industry but stays CEO
    assert industries(blocks)["alice"] == [] and industries(blocks)["bruce"] == ["diamond"]
    blocks = demote(blocks, "carol")  # cycle seven: her one industry to the one behind
    assert industries(blocks) == {
        "bob": ["water", "fish", "apple", "egg", "banana"],
        "ted": ["grape"],
        "alice": ["spear"],
        "bruce": ["diamond"],
    }


def test_the_seed_s_example_of_taxation() -> None:
    """Bob is CEO of bananas and grapes: Carol owes $10, Ted $23, Alice $43."""
    blocks: Blocks = (("bob", ("banana", "grape")),)
    assert ceo_shares({"banana": 30}, MIDDLE, blocks, "carol") == {"bob": 10}
    assert ceo_shares({"banana": 20, "grape": 50}, MIDDLE, blocks, "ted") == {"bob": 23}
    assert ceo_shares({"banana": 40, "grape": 25}, WORKING, blocks, "alice") == {"bob": 43}


def test_classes_by_diamonds_and_the_tax_shares() -> None:
    assert [social_class(n) for n in range(5)] == [WORKING, MIDDLE, MIDDLE, CAPITALIST, CAPITALIST]
    assert TAX_SHARES == {CAPITALIST: 0, MIDDLE: 2, WORKING: 1}
    assert [working_class_count(p) for p in range(2, 9)] == [1, 1, 1, 1, 2, 2, 2]


def test_the_last_ceo_to_fall_leaves_the_industries_to_the_next_capitalist() -> None:
    blocks = demote(promote((), "bob"), "bob")
    assert blocks == ()
    assert industries(promote(blocks, "ann")) == {"ann": list(ELASTICITY)}


MOVES = st.lists(st.tuples(st.sampled_from("abcdef"), st.booleans()), max_size=30)


@given(moves=MOVES)
def test_the_industries_stay_one_block_each_in_elasticity_order(
    moves: list[tuple[str, bool]],
) -> None:
    blocks: Blocks = ()
    for seat, rises in moves:
        line = [ceo for ceo, _ in blocks]
        if rises and seat not in line:
            blocks = promote(blocks, seat)
        elif not rises and seat in line:
            blocks = demote(blocks, seat)
        goods = [g for _, block in blocks for g in block]
        assert goods == (list(ELASTICITY) if blocks else []), blocks
        assert len({ceo for ceo, _ in blocks}) == len(blocks)
