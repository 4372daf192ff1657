"""The research encoding's observation of Market Socialism's purchase limits by path.

A plan may limit a good for the walkers of one path (``limit.GOOD.PATH``: an Athenian
proposal's or a decree's, ruling 82; a Bureaucracy chart's ``(each good and path)``, ruling
290). The plain money observation shows each good's own limit only, so the limit that binds a
walker was in his mask (``buy GOOD N``) but not in his observation, and a motion's limits by
path were voted on unseen. In Market Socialism the observation now carries, for the plan in
force and the plan under vote, each path's limit on each good (``encoding_money``'s
``observe_path_limits``); the other economies' observations are unchanged.
"""

from __future__ import annotations

from dataclasses import replace

from sealed.core.chance import SeededChance
from sealed.core.game import Options, resolve_options
from sealed.core.match import Match
from sealed.games.crusoe import GAME, stats
from sealed.games.crusoe import encoding_money as money
from sealed.games.crusoe.encoding import CrusoeEncoding, encoding_for
from sealed.games.crusoe.state import GOODS, PATHS
from sealed.games.crusoe.views import CrusoeView

SEATS = ("ana", "ben", "cy")


def _options(**chosen: object) -> Options:
    return resolve_options(GAME.options, {"scenario": "market-socialism", **chosen})


def _block(encoding: CrusoeEncoding, view: CrusoeView) -> list[float]:
    """The limits-by-path part of ``view``'s observation (it follows the money header)."""
    start = sum(encoding.observe_header_sizes()[:-1])
    return encoding.observe(view)[start : start + money.PATH_LIMITS_SIZE]


def _at(block: list[float], plan: int, path: str, good: str) -> float:
    """One value of the block: ``plan`` 0 is the plan in force, 1 the plan under vote."""
    return block[(plan * len(PATHS) + PATHS.index(path)) * len(GOODS) + GOODS.index(good)]


def test_a_charts_limits_by_path_are_in_every_seats_observation() -> None:
    """The shipped chart (ruling 290) lifts the ration for the Firefly walker: each seat sees
    999 on that path, the good's own ration on the others."""
    chosen = _options(
        government="bureaucracy", government_chart=stats.MARKET_SOCIALISM_PATH_LIMITS_CHART
    )
    match = Match.new(GAME, list(SEATS), chosen, chance=SeededChance(1))
    plan = match.state.plan
    assert plan["limit.firefly"]["water"] == 999 and "limit.ant" not in plan  # the chart's
    encoding = encoding_for(SEATS, chosen)
    assert isinstance(encoding, CrusoeEncoding)
    for seat in SEATS:
        view = GAME.view(match.state, seat)
        block = _block(encoding, view)
        assert len(encoding.observe(view)) == encoding.observation_size
        assert _at(block, 0, "firefly", "water") == 999 / 50
        assert _at(block, 0, "ant", "water") == plan["limit"]["water"] / 50


def test_a_motions_limit_on_one_path_changes_the_observation() -> None:
    """Two plans under vote that differ only in one path's limit are told apart (before, the
    observation was the same for both)."""
    chosen = _options()
    match = Match.new(GAME, list(SEATS), chosen, chance=SeededChance(1))
    encoding = encoding_for(SEATS, chosen)
    assert isinstance(encoding, CrusoeEncoding)
    view = GAME.view(match.state, "ben")
    motion = {"wage": {"water": 10}, "price": {"water": 10}, "limit": {"water": 2}}
    plain = replace(view, plan_motion=motion)
    by_path = replace(view, plan_motion=motion | {"limit.spider": {"water": 4}})
    assert encoding.observe(plain) != encoding.observe(by_path)
    assert _at(_block(encoding, by_path), 1, "spider", "water") == 4 / 50
    assert _at(_block(encoding, by_path), 1, "ant", "water") == 2 / 50


def test_the_other_economies_observations_keep_their_size() -> None:
    """Only Market Socialism's plan carries limits; the other catalogues are as before."""
    for scenario in ("national-capitalism", "governmental-socialism", "tribal-capitalism"):
        chosen = resolve_options(GAME.options, {"scenario": scenario})
        encoding = encoding_for(SEATS, chosen)
        assert isinstance(encoding, CrusoeEncoding) and not encoding.path_limits
    national = encoding_for(
        SEATS, resolve_options(GAME.options, {"scenario": "national-capitalism"})
    )
    socialist = encoding_for(SEATS, _options())
    assert national is not None and socialist is not None
    assert socialist.observation_size == national.observation_size + money.PATH_LIMITS_SIZE
