"""A/B on real games: the same seeds and bots; a real difference is found, none invented."""

from __future__ import annotations

from typing import Any

import pytest

from sealed.core.game import Game, resolve_options
from sealed.core.registry import get_game
from sealed.lab.compare import Comparison, compare


def run(
    game: Game[Any, Any, Any], a: dict[str, str], b: dict[str, str], n: int, bots: list[str]
) -> Comparison:
    resolved = (resolve_options(game.options, a), resolve_options(game.options, b))
    return compare(game, (a, b), resolved, n, bots, seed="lab-test")


@pytest.fixture(scope="module")
def goofspiel_13_against_5() -> Comparison:
    return run(
        get_game("goofspiel"), {"num_cards": "13"}, {"num_cards": "5"}, 120, ["random", "counter"]
    )


def test_both_variants_play_the_same_seeds_with_the_same_bots(
    goofspiel_13_against_5: Comparison,
) -> None:
    a, b = goofspiel_13_against_5.a, goofspiel_13_against_5.b
    assert [g.seed for g in a.games] == [g.seed for g in b.games]
    assert [g.bots for g in a.games] == [g.bots for g in b.games]
    assert a.options["num_cards"] == 13 and b.options["num_cards"] == 5


def test_a_variant_pair_known_to_differ_is_significant(goofspiel_13_against_5: Comparison) -> None:
    by_name = {d.name: d for d in goofspiel_13_against_5.differences}
    # 13 cards make more tricks than 5: longer games and wider final margins
    assert by_name["length mean"].significant and by_name["length mean"].value > 0
    assert by_name["final margin mean"].significant and by_name["final margin mean"].low > 0


def test_identical_variants_differ_in_nothing() -> None:
    game = get_game("war-slayer")
    # the same rules, once by default and once spelt out
    result = run(game, {}, {"dealer": "1"}, 60, ["random", "spymaster"])
    assert not [d.name for d in result.differences if d.significant]
    assert [e.value for e in result.a.estimates] == [e.value for e in result.b.estimates]


def test_every_measure_has_an_interval_around_its_value(goofspiel_13_against_5: Comparison) -> None:
    for estimate in [*goofspiel_13_against_5.a.estimates, *goofspiel_13_against_5.b.estimates]:
        assert estimate.low <= estimate.value <= estimate.high, estimate
    for d in goofspiel_13_against_5.differences:
        assert d.low <= d.value <= d.high, d


def test_processes_do_not_change_a_comparison() -> None:
    game = get_game("goofspiel")
    given: tuple[dict[str, str], dict[str, str]] = ({"num_cards": "6"}, {"num_cards": "4"})
    resolved = (resolve_options(game.options, given[0]), resolve_options(game.options, given[1]))
    bots = ["random", "counter"]
    one = compare(game, given, resolved, 120, bots, "jobs", jobs=1)
    two = compare(game, given, resolved, 120, bots, "jobs", jobs=2)
    assert one == two
