"""PettingZoo environments for every game with an encoding (extra ``sealed-orders[pettingzoo]``).

``parallel_env("war-slayer")`` is a Parallel environment: every seat acts at
every step, as sealed orders are decided (a seat the rules do not prompt,
or whose order is complete, has only the action ``wait``). ``env(...)`` is
the AEC version, made by PettingZoo's own ``parallel_to_aec``.

- Observations: ``{"observation": float32 vector, "action_mask": int8 vector}``;
  the vector is the game's encoding of the seat's *view* (never the state),
  the tokens of its own order so far (games whose orders take several), and
  whether it decides now. The mask is the legal orders' action ids.
- Actions: ``Discrete(len(catalogue) + 1)``, the game's catalogue then ``wait``
  (``infos[agent]["action_names"]`` names them).
- Chance: the core's :class:`~sealed.core.chance.SeededChance`, seeded from
  ``reset(seed=...)``; without a seed, episode *k* after the last seeded
  reset uses ``"seed/k"``, so a run is reproducible from its first seed.
- Rewards: 0 until the end; then each winner gets 1 / number of winners.
  ``infos[agent]["scores"]`` holds the game's own scores at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils.conversions import parallel_to_aec  # type: ignore[import-untyped]

from sealed.adapters.table import AnyGame, Table, load, payoffs
from sealed.core.chance import SeededChance
from sealed.core.game import Seat

Observation = dict[str, np.ndarray[Any, Any]]


class SealedParallelEnv(ParallelEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """A ``sealed`` game as a PettingZoo Parallel environment."""

    def __init__(
        self,
        game: str | AnyGame,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.game, seats, self.options, self.encoding = load(game, players, options)
        self.metadata: dict[str, Any] = {
            "name": f"sealed_{self.game.name.replace('-', '_')}_v1",
            "render_modes": ["ansi"],
            "is_parallelizable": True,
        }
        self.render_mode = render_mode
        self.possible_agents: list[Seat] = list(seats)
        self.agents: list[Seat] = []
        self._seed: int | str = 0
        self._episode = 0
        self.table: Table | None = None
        self.chance = SeededChance(0)
        self.opened: list[dict[Seat, Any]] = []
        """The game master's record of this episode: each opened step's orders (not for agents)."""
        size = Table(self.game, self.encoding, seats, None).observation_size
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.encoding.actions) + 1,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(len(self.encoding.actions) + 1)

    def observation_space(self, agent: Seat) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: Seat) -> spaces.Space[Any]:
        return self._action_space

    # -- playing ------------------------------------------------------------
    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[Seat, Observation], dict[Seat, dict[str, Any]]]:
        if seed is not None:
            self._seed, self._episode = seed, 0
        self.chance = SeededChance(f"{self._seed}/{self._episode}")
        self._episode += 1
        seats = tuple(self.possible_agents)
        state = self.game.initial_state(seats, self.options, self.chance)
        self.table = Table(self.game, self.encoding, seats, state)
        self.opened = []
        self.agents = list(seats)
        return self._observations(), self._infos()

    def step(
        self, actions: Mapping[Seat, Any]
    ) -> tuple[
        dict[Seat, Observation],
        dict[Seat, float],
        dict[Seat, bool],
        dict[Seat, bool],
        dict[Seat, dict[str, Any]],
    ]:
        table = self._table()
        orders = table.act({seat: int(action) for seat, action in actions.items()})
        if orders is not None:
            self.opened.append(orders)
            table.moved_to(self.game.advance(table.state, orders, self.chance))
        result = table.result()
        rewards = dict.fromkeys(self.agents, 0.0)
        if result is not None:
            rewards = payoffs(result, self.agents)
        over = result is not None or table.over
        observations, infos = self._observations(), self._infos()
        if over:
            for seat in self.agents:
                infos[seat]["scores"] = dict(self.game.scores(table.state))
        done = dict.fromkeys(self.agents, over)
        truncated = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, done, truncated, infos

    def render(self) -> str | None:
        """Every seat's view as text, one after the other (``render_mode="ansi"``)."""
        if self.render_mode is None or self.table is None:
            return None
        table = self.table
        return "\n\n".join(self.game.render(table.view(seat)) for seat in table.seats)

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers ------------------------------------------------------------
    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("call reset() before step()")
        return self.table

    def _observations(self) -> dict[Seat, Observation]:
        table = self._table()
        observations: dict[Seat, Observation] = {}
        for seat in self.agents:
            mask = np.zeros(table.num_actions, np.int8)
            mask[table.legal_actions(seat)] = 1
            observations[seat] = {
                "observation": np.asarray(table.observe(seat), np.float32),
                "action_mask": mask,
            }
        return observations

    def _infos(self) -> dict[Seat, dict[str, Any]]:
        table = self._table()
        return {seat: {"deciding": seat in table.deciding()} for seat in self.agents}

    def action_names(self) -> list[str]:
        """The name of every action id (the game's catalogue, then ``wait``)."""
        return [*self.encoding.actions, "wait"]


def parallel_env(
    game: str | AnyGame,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    render_mode: str | None = None,
) -> SealedParallelEnv:
    """A Parallel environment of ``game`` (a name such as ``"war-slayer"``, or a Game)."""
    return SealedParallelEnv(game, players, options, render_mode)


def env(
    game: str | AnyGame,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The AEC version of :func:`parallel_env`, through PettingZoo's own ``parallel_to_aec``."""
    return parallel_to_aec(parallel_env(game, players, options, render_mode))
