"""Exile in the money economies (Alternate Punishments; rulings 210, 211).

Random-bot property tests per economy built: the game plays to the end and replays exactly;
every dollar is accounted for as in the market's own property tests; no trade, battle or
inheritance crosses between the exiles and the main encampment; an exile never sells into a
commodity market, is taxed or paid, bids, holds money, proposes or votes on the policy; a
sealed step tells no other seat anything.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_market_properties import check_goods, check_money, goods, money_change
from tests.games.crusoe.test_optional_punishments_exile import Apart

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME, rulers
from sealed.games.crusoe.state import CrusoeState, Settings

MONEY_BUILT = (
    "national-capitalism",
    "welfare-capitalism",
    "centralized-communism",
    "state-capitalism",
    "governmental-socialism",
)
GOVERNMENTS = ("athenian", "dictatorship")
ECONOMIES = ("exiles-barter", "exiles-share", "exiles-pool")


def _exiles(state: CrusoeState) -> set[str]:
    return {s for s, p in state.players.items() if "exile" in p.roles}


class MoneyApart(Apart):
    """Apart's checks, and the money economy's: dollars accounted for by the events; no
    exile (as the sides stood before the step) sells, is paid, taxed, bids, proposes, votes
    on the policy, holds money, rules, or is asked any of these."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        events = match.steps[-1].events
        assert match.state.money() - before.money() == money_change(events)
        check_money(match.state)
        check_goods(goods(before), goods(match.state), events)
        exiles = _exiles(before) & _exiles(match.state)
        for seat in exiles:
            assert match.state.players[seat].money == 0, f"exile {seat} holds money"
        # an exile rules nothing (ruling 179); a lone Dictator exiled by the verdict keeps the
        # office only until the winners elect his successor, after the battles' verdicts
        # (rulers.ruler_of: release fe99ef9's reading; ruling 278 empties a President's at once)
        electing = rulers.election_due(match.state)
        lone = match.state.settings.government == "dictatorship"
        for seat in _exiles(match.state):
            assert (electing and lone) or not rulers.offices_of(match.state, seat), seat
        asked = match.state.waiting if match.state.ask in MONEY_ASKS else ()
        assert not set(asked) & _exiles(match.state), (match.state.ask, asked)
        for event in events:
            self.seen[f"exiles-{event.kind}"] += bool(exiles) and event.kind in MONEY_KINDS
            data = event.data
            for key in ("paid", "bought", "tax", "reward", "given"):
                named = data.get(key)
                if isinstance(named, dict):
                    assert not {s for s, n in named.items() if n} & exiles, event.text
            # the policy or the minimum wage, not a division of the exiles' own pool
            policy = event.kind == "proposal" and ("motion" in data or "wage" in data)
            if policy or event.kind in ("sell", "destroy", "consign"):
                assert data.get("seat") not in exiles, event.text
            if event.kind == "ballot":
                assert not set(data.get("yes", ())) & exiles, event.text


MONEY_ASKS = ("policy", "ballot", "sell", "bid", "wage", "wage-ballot", "consign", "deal")
MONEY_KINDS = ("commodity", "wholesale", "ballot")


def _options(scenario: str, **more: Any) -> dict[str, Any]:
    return resolve_options(GAME.options, {"scenario": scenario, "punishments": "exile", **more})


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(MONEY_BUILT),
    government=st.sampled_from(GOVERNMENTS),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_money_games_under_exile_keep_the_sides_apart_and_replay(
    seed: int, scenario: str, government: str, bots: list[str]
) -> None:
    ruled = scenario not in ("centralized-communism", "state-capitalism")  # no government
    options = _options(scenario, **({"government": government} if ruled else {}))
    match = bot_game(seed, tuple(bots), options, MoneyApart())
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=3, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    government=st.sampled_from(GOVERNMENTS),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_welfare_games_with_the_governments_wage_under_exile_keep_apart(
    seed: int, government: str, bots: list[str]
) -> None:
    """Ruling 212: the minimum wage proposed and voted by the main encampment only."""
    options = _options("welfare-capitalism", government=government, minimum_wage="government")
    # A Dictator is drawn before any setup, so he could begin in exile, which play never
    # reaches (an exiled Dictator is deposed: ruling 179): exiles from the start only without
    setup = _exiled_at_the_start("exiles-barter") if government == "athenian" else None
    match = bot_game(seed, tuple(bots), options, MoneyApart(), setup=setup)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def _exiled_at_the_start(economy: str) -> dict[str, Any]:
    """ben and dee begin in exile, having established ``economy`` among themselves."""
    roles = ["exile", economy]
    return {"players": {"ben": {"roles": roles}, "dee": {"roles": roles}}}


@settings(max_examples=5, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(MONEY_BUILT),
    economy=st.sampled_from(ECONOMIES),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_money_games_begun_with_exiles_in_their_own_economy_keep_apart_and_replay(
    seed: int, scenario: str, economy: str, bots: list[str]
) -> None:
    """Ruling 211: the exiles' own tribal economy beside the main encampment's market."""
    check = MoneyApart()
    match = bot_game(
        seed, tuple(bots), _options(scenario), check, setup=_exiled_at_the_start(economy)
    )
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    held = check.seen["commodity"] + check.seen["pot"] + check.seen["pool"]
    assert held > 0  # the main encampment's market, pot or pool


def test_random_money_games_exile_and_the_market_goes_on() -> None:
    """The property tests would pass if nobody were exiled: random games must exile, and the
    market must be held with exiles away."""
    check = MoneyApart()
    for seed in range(20):
        bot_game(seed, ("random",) * 4, _options("national-capitalism"), check)
    assert check.seen["exiled"] > 0
    assert check.seen["exiles-commodity"] > 0


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    economy=st.sampled_from(ECONOMIES),
    scenario=st.sampled_from(MONEY_BUILT),
)
def test_a_sealed_step_with_exiles_in_a_money_economy_reaches_nobody(
    seed: int, economy: str, scenario: str
) -> None:
    seal_watching_the_others(
        seed,
        _options(scenario),
        "random",
        orders=3_000,
        setup=_exiled_at_the_start(economy),
    )


def test_the_encoding_is_offered_for_exile_in_a_money_economy() -> None:
    """The learning agents' catalogue spells the verdict exile, the exiles' vote and their own
    division over the money catalogue (encoding_exile.py; the games are played in
    test_encoding_exile.py)."""
    for scenario in MONEY_BUILT:
        encoding = GAME.encoding(["ana", "ben", "cy"], _options(scenario))
        assert encoding is not None and "exile" in encoding.actions


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"scenario": "crusoes-economy"}, "exile with scenario crusoes-economy: violence is not"),
    ],
)
def test_exile_in_the_money_economies_not_built_is_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(resolve_options(GAME.options, {**options, "punishments": "exile"}))
    assert "\n" not in str(error.value)


def test_a_lone_dictator_exiled_rules_nothing_once_his_successor_is_elected() -> None:
    """Ruling 179: a lone Dictator exiled by the verdict keeps the office (release fe99ef9's
    reading) while the battles' other verdicts are cast and until the winners elect his
    successor; then he rules nothing. MoneyApart allows exactly that window (its check
    failed at random on such games before: 'exile ana rules')."""
    setup = {
        "phase": "battles",
        "ask": "verdict",
        "waiting": ["ben"],
        "order": ["ana", "ben", "cy", "dee"],
        "ruler": "ana",
        "battle": 0,
        "battles": [
            {"attackers": ["ben"], "defenders": ["ana"]},
            {"attackers": ["cy"], "defenders": ["dee"]},
        ],
        "electors": ["ben"],
        "players": {"cy": {"roles": ["exile"]}, "dee": {"roles": ["exile"]}},
    }
    options = _options("national-capitalism", government="dictatorship")
    match = Match.new(GAME, ["ana", "ben", "cy", "dee"], options, seed=1, setup=setup)
    check = MoneyApart()
    for seat, text in (("ben", "exile"), ("cy", "spare"), ("ben", "elect ben")):
        before = match.state.copy()
        assert match.waiting_for() == [seat]
        match.seal_order(seat, GAME.parse(match.state, seat, text))
        check(before, match)
    assert match.state.players["ana"].roles == ("exile",)
    assert rulers.ruler(match.state) == "ben"
