"""Crusoe's Planet's older versions: the rules that replay and continue their games.

Version 1 is the game of release c198585 (the seven introductory economies); version 2
that of the releases up to e3df240 (the advanced game), version 3 that of release
fe99ef9; versions 2 and 3 have the same state keys as version 4.
A version 1 game keeps version 1's rules to its end: the rules branch on
``state.settings.version`` where they changed (one rules implementation), and
its state is written with version 1's keys only, so the digests of its records
still match (the keys added since hold their empty values in a version 1 game).
The manual's Versions section says what a version 1 game keeps.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sealed.core.chance import Chance
from sealed.core.game import JsonDict, Options
from sealed.games.crusoe import rules
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.modules import crowd
from sealed.games.crusoe.state import CrusoeState, Settings, standard_board
from sealed.games.crusoe.views import CrusoeView

V1_KEYS = (
    "ask",
    "battle",
    "battles",
    "cycle",
    "estates",
    "home",
    "invoker",
    "last_rescue",
    "map",
    "offer",
    "offers",
    "order",
    "over",
    "passes",
    "phase",
    "pile",
    "players",
    "proposal",
    "radio",
    "rescued",
    "roll",
    "speakers",
    "spears",
    "turn",
    "votes",
    "waiting",
)
"""The state keys version 1 wrote (its ``state_to_json``)."""

V1_PLAYER_KEYS = (
    "alive",
    "death_cause",
    "death_cycle",
    "experience",
    "food",
    "goods",
    "leisure",
    "malnourished",
    "path",
    "position",
    "produced",
    "radio",
    "sheet",
    "thirst",
    "track",
    "vp",
    "wounded",
)
"""The keys of a player version 1 wrote."""


class CrusoeV1(CrusoeGame):
    """Crusoe's Planet with version 1's rules, to replay and continue a version 1 game.

    Its states say ``settings.version == 1``; its records keep saying version 1.
    """

    version = 1
    legacy_versions: ClassVar[Mapping[int, str]] = {}

    def initial_state(self, seats: Sequence[str], options: Options, chance: Chance) -> CrusoeState:
        return _as_version_1(_new_state(seats, options, chance, 1))

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[str], options: Options
    ) -> CrusoeState:
        return _as_version_1(super().from_json(data, seats, options))

    def sample_state(self, view: CrusoeView, options: Options, rng: random.Random) -> CrusoeState:
        """A drawn world of this game, under version 1's rules (search bots play it out)."""
        return _as_version_1(super().sample_state(view, options, rng))

    def to_json(self, state: CrusoeState) -> JsonDict:
        """The state as version 1 wrote it: its keys only."""
        data = super().to_json(state)
        players = {
            seat: {key: player[key] for key in V1_PLAYER_KEYS}
            for seat, player in data["players"].items()
        }
        return {**{key: data[key] for key in V1_KEYS}, "players": players}


def _as_version_1(state: CrusoeState) -> CrusoeState:
    return _as_version(state, 1)


class CrusoeV2(CrusoeGame):
    """Crusoe's Planet with version 2's rules, to replay and continue a version 2 game: its
    states say ``settings.version == 2`` (same keys as version 4; manual, Versions)."""

    version = 2
    legacy_versions: ClassVar[Mapping[int, str]] = {}

    def initial_state(self, seats: Sequence[str], options: Options, chance: Chance) -> CrusoeState:
        return _new_state(seats, options, chance, 2)

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[str], options: Options
    ) -> CrusoeState:
        return _as_version(super().from_json(data, seats, options), 2)

    def sample_state(self, view: CrusoeView, options: Options, rng: random.Random) -> CrusoeState:
        """A drawn world of this game, under version 2's rules (search bots play it out)."""
        return _as_version(super().sample_state(view, options, rng), 2)


class CrusoeV3(CrusoeGame):
    """Crusoe's Planet with version 3's rules, to replay and continue a version 3 game (release
    fe99ef9): its states say ``settings.version == 3`` (same keys as version 4; manual,
    Versions)."""

    version = 3
    legacy_versions: ClassVar[Mapping[int, str]] = {}

    def initial_state(self, seats: Sequence[str], options: Options, chance: Chance) -> CrusoeState:
        return _new_state(seats, options, chance, 3)

    def from_json(
        self, data: Mapping[str, Any], seats: Sequence[str], options: Options
    ) -> CrusoeState:
        return _as_version(super().from_json(data, seats, options), 3)

    def sample_state(self, view: CrusoeView, options: Options, rng: random.Random) -> CrusoeState:
        """A drawn world of this game, under version 3's rules (search bots play it out)."""
        return _as_version(super().sample_state(view, options, rng), 3)


def _new_state(seats: Sequence[str], options: Options, chance: Chance, version: int) -> CrusoeState:
    """A new game under ``version``'s rules from its first draw: the setup (the rulers, the
    women, ...) already reads ``settings.version`` (ruling 296 branches there), as
    ``CrusoeGame.initial_state`` does for the current version (every stored record of
    versions 1 to 3 replays so)."""
    board = crowd.board_for(standard_board(), len(seats))  # More Than Eight Players
    settings = dataclasses.replace(Settings.from_options(options), version=version)
    return rules.new_state(seats, settings, board, chance)


def _as_version(state: CrusoeState, version: int) -> CrusoeState:
    state.settings = dataclasses.replace(state.settings, version=version)
    return state


def rules_for_version(version: int) -> CrusoeGame | None:
    """The game object that replays ``version`` (the current one excepted), or None."""
    older: dict[int, type[CrusoeGame]] = {1: CrusoeV1, 2: CrusoeV2, 3: CrusoeV3}
    return older[version]() if version in older else None
