"""Slavery: a master choosing his slave's path is held to the slave's limits, never his own.

"The master chooses what path a given slave of his goes down" (ruling 127): the path is the
slave's, so every limit that depends on the walker (Men's Work's denied paths, ruling 220;
the Leases and the Traditional track under Landlords, ruling 249; a guild, a disability, a
race or a Gender variant, which limit no path) is the slave's. Issue 14's known defects asked
whether any such limit was still checked against the master's seat: in games begun with two
slaves, under each module whose limits differ by seat, the paths the master may order for
his slave (``legal.legal_orders``, what the bots and the prompts offer) are exactly those the
slave may take (``legal.path_rule`` for the slave), at every such decision."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from tests.games.crusoe.bot_games import bot_game

from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.games.crusoe import GAME, legal
from sealed.games.crusoe.state import PATHS, CrusoeState

MENS_WORK = {"gender": "base", "gender_mens_work": 1, "gender_paths_denied": 3}
CONFIGURATIONS = (
    {"scenario": "traditional", **MENS_WORK},
    {"scenario": "hobbesian", **MENS_WORK, "gender_pink_collar_path": 1},
    {"scenario": "tribal-capitalism", "landlords": "homestead"},
    {"scenario": "traditional", "landlords": "homestead"},
    {"scenario": "hobbesian", "guild_oligarchy": True},
    {"scenario": "hobbesian", "disability": True, "disability_players": 2},
    {"scenario": "national-capitalism", "government": "dictatorship", "paternalistic": True},
)
SLAVES = {"players": {"ben": {"roles": ["slave-of-0"]}, "cy": {"roles": ["slave-of-3"]}}}


class SlavesOwnPaths:
    """After each step: if it asked a master for his slave's path, the paths he could order
    were the slave's open paths."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        named = str(before.offer[0]) if before.ask == "path" and before.offer else ""
        if named not in before.players or not before.waiting:
            return
        master = before.waiting[0]
        offered = {o.name for o in legal.legal_orders(before, master) or () if o.word == "path"}
        own = {p for p in PATHS if legal.path_rule(before, named, p) is None}
        assert offered == own, (master, named, sorted(offered ^ own))
        self.seen["slave-paths"] += 1


@pytest.mark.parametrize("chosen", CONFIGURATIONS, ids=lambda c: "-".join(map(str, c.values())))
def test_a_master_is_offered_exactly_his_slaves_open_paths(chosen: dict[str, Any]) -> None:
    check = SlavesOwnPaths()
    options = resolve_options(GAME.options, {**chosen, "punishments": "slavery"})
    for seed in range(2):
        bots = ("random", "greedy", "random", "cooperative")
        bot_game(seed, bots, options, check, setup=SLAVES)
    assert check.seen["slave-paths"] > 0
