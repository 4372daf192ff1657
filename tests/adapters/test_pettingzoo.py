"""The PettingZoo adapter: PettingZoo's own API tests, seeding, and results equal to sealed's."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, parallel_api_test  # type: ignore[import-untyped]
from tests.adapters.play import CONFIG_IDS, CONFIGS, GAMES, replay_in_sealed

from sealed.adapters.pettingzoo import SealedParallelEnv, env, parallel_env
from sealed.adapters.table import IllegalActionError
from sealed.core.errors import SealedError
from sealed.games.goofspiel import GoofspielGame


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's advice on dict observations
@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_parallel_api_test(name: str, players: int | None, options: dict[str, object]) -> None:
    parallel_api_test(parallel_env(name, players, options), num_cycles=300)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_aec_api_test(name: str, players: int | None, options: dict[str, object]) -> None:
    api_test(env(name, players, options), num_cycles=300, verbose_progress=False)


def play_episode(environment: SealedParallelEnv, seed: int) -> list[Any]:
    """A random agent per seat, reading only its observation's mask; the observations seen."""
    rng = random.Random(seed)
    observations, _ = environment.reset(seed=seed)
    seen: list[Any] = []
    while environment.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
            for agent, obs in observations.items()
        }
        observations, rewards, _, _, _ = environment.step(actions)
        seen.append({a: o["observation"].tolist() for a, o in observations.items()})
        seen.append(rewards)
    return seen


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**31))
def test_random_agents_reach_sealeds_own_result(
    name: str, players: int | None, options: dict[str, object], seed: int
) -> None:
    """The same orders and chance, played through sealed's Match as text, end the same way."""
    environment = parallel_env(name, players, options)
    play_episode(environment, seed)
    table = environment.table
    assert table is not None and table.result() is not None
    outcomes = [entry.value for entry in environment.chance.log]
    match = replay_in_sealed(
        environment.game, table.seats, environment.options, outcomes, environment.opened
    )
    assert match.result() == table.result()
    assert environment.game.to_json(match.state) == environment.game.to_json(table.state)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_same_seed_replays_the_same_episode(name: str) -> None:
    first, second = parallel_env(name), parallel_env(name)
    assert play_episode(first, 7) == play_episode(second, 7)
    assert first.opened == second.opened


def test_episodes_after_a_seeded_reset_differ_and_repeat() -> None:
    environment = parallel_env("goofspiel")
    environment.reset(seed=3)
    deals = []
    for _ in range(3):
        environment.reset()
        assert environment.table is not None
        deals.append(environment.table.state.prizes)
    environment.reset(seed=3)
    environment.reset()
    assert environment.table is not None
    assert environment.table.state.prizes == deals[0]
    assert len(set(deals)) > 1


def test_rewards_split_a_shared_win_and_scores_are_in_the_infos() -> None:
    environment = parallel_env("goofspiel", 2, {"num_cards": 2, "points_order": "ascending"})
    environment.reset(seed=1)
    bid_two = environment.action_names().index("bid 2")
    _, rewards, done, _, infos = environment.step({"player_0": bid_two, "player_1": bid_two})
    # both bid 2 for the prize 1 (a tie: nobody wins it); the last turn, 1 against 1, too
    assert all(done.values())
    assert rewards == {"player_0": 0.5, "player_1": 0.5}
    assert infos["player_0"]["scores"] == {"player_0": 0.0, "player_1": 0.0}


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    environment = parallel_env("goofspiel", 2, {"num_cards": 3, "points_order": "ascending"})
    environment.reset(seed=1)
    bid_one, wait = environment.action_names().index("bid 1"), len(environment.action_names()) - 1
    with pytest.raises(IllegalActionError, match="player_1: action 3 \\(wait\\) is not legal"):
        environment.step({"player_0": bid_one, "player_1": wait})
    assert environment.table is not None and environment.table.drafts == {}
    assert environment.table.sealed == {} and environment.opened == []


def test_a_game_without_an_encoding_is_refused_by_name() -> None:
    class Unencoded(GoofspielGame):
        def encoding(self, seats: Any, options: Any) -> None:
            return None

    with pytest.raises(SealedError, match="Goofspiel has no action encoding"):
        parallel_env(Unencoded())
    with pytest.raises(SealedError, match="takes 2-4 players, not 5"):
        parallel_env("goofspiel", 5)
    with pytest.raises(SealedError, match="did you mean 'goofspiel'"):
        parallel_env("gofspiel")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_full_table_of_sixteen_rex_furum_players() -> None:
    """The largest table the seed allows: 1,247 actions, masks still from the rules' test."""
    environment = parallel_env("rex-furum", 16, {"rounds": 2})
    assert len(environment.action_names()) == 1247
    parallel_api_test(environment, num_cycles=100)
