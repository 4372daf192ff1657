"""The Dictatorship's options and the refusals around it (the rules are scenarios in
cases/government_dictatorship.yaml; random games in test_government_properties.py)."""

from __future__ import annotations

import pytest

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.games.crusoe import GAME
from sealed.games.crusoe.state import Settings


def settings_for(**given: object) -> Settings:
    return Settings.from_options(resolve_options(GAME.options, dict(given)))


@pytest.mark.parametrize(
    "scenario", ["tribal-capitalism", "hobbesian", "traditional", "centralized-communism"]
)
def test_a_scenario_without_a_government_refuses_a_dictatorship_by_name(scenario: str) -> None:
    with pytest.raises(OptionError, match=f"the scenario {scenario} has no government"):
        settings_for(scenario=scenario, government="dictatorship")


@pytest.mark.parametrize(
    "scenario", ["national-capitalism", "welfare-capitalism", "governmental-socialism"]
)
def test_every_built_scenario_with_a_government_takes_a_ruler(scenario: str) -> None:
    for government in ("dictatorship", "representative"):
        read = settings_for(scenario=scenario, government=government, government_strength="fanatic")
        assert (read.government, read.government_strength) == (government, "fanatic")


def test_an_unknown_strength_is_refused_with_the_choices() -> None:
    with pytest.raises(OptionError, match="stable, unstable, fanatic"):
        settings_for(scenario="national-capitalism", government_strength="wobbly")


def test_an_unstable_dictator_needs_at_least_one_die() -> None:
    with pytest.raises(OptionError, match="below 1"):
        settings_for(scenario="national-capitalism", government_dice=0)


def test_bureaucracy_and_hybrid_are_built_in_governmental_socialism() -> None:
    """A chart divides Governmental Socialism's pool since ruling 189 (its refusal, tested here
    before, is gone); what a chart still cannot decide is refused by name (hybrid.NO_CHART,
    test_government_bureaucracy.py)."""
    scenario = "governmental-socialism"
    assert settings_for(scenario=scenario, government="bureaucracy").government == "bureaucracy"
    hybrid = settings_for(
        scenario=scenario, government="hybrid", government_distribution="bureaucracy"
    )
    assert ("distribution", "bureaucracy") in hybrid.government_branches


def test_the_dictator_is_drawn_from_the_recorded_chance_and_replays() -> None:
    options = resolve_options(
        GAME.options, {"scenario": "national-capitalism", "government": "dictatorship"}
    )
    rulers = {Match.new(GAME, ["ana", "ben", "cy"], options, seed=s).state.ruler for s in range(30)}
    assert rulers == {"ana", "ben", "cy"}
    match = Match.new(GAME, ["ana", "ben", "cy"], options, seed=4)
    assert match.state.ruler in ("ana", "ben", "cy")
    assert any("the Dictator at random" in entry.label for entry in match.start_chance)
