"""Slavery's added rules under review (rulings 232-234): what each seat learns while a master
is asked his slave's permission to attack (ruling 234), and a join's permission naming the
seats attacked (ruling 232). Scenarios: cases/optional_slavery_permission.yaml,
cases/optional_slavery_any_time.yaml (ruling 233)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import bot_game
from tests.games.crusoe.test_optional_slavery_economies import GOVERNED, MONEY_ECONOMIES, NoPlayer

from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME

OPTIONS = {"scenario": "hobbesian", "punishments": "slavery", "slavery_permission": True}
SETUP = {
    "phase": "government",
    "ask": "violence",
    "invoker": "cy",
    "waiting": ["cy"],
    "order": ["cy", "ben", "ana", "dan"],
    "turn": 0,
    "players": {
        "ana": {"path": "ant", "goods": {"water": 1}},
        "ben": {"path": "ant", "leisure": 1, "roles": ["slave-of-0"]},
        "cy": {"path": "spider", "leisure": 1, "goods": {"water": 1}},
        "dan": {"path": "sand_crab", "goods": {"water": 1}},
    },
}


def _asked() -> Match:  # type: ignore[type-arg]
    """cy attacks dan; ben, ana's supervised slave, asks to join cy's side: ana is asked."""
    options = dict(resolve_options(GAME.options, OPTIONS))
    match = Match.new(GAME, ["ana", "ben", "cy", "dan"], options, seed=1, setup=SETUP)
    match.seal("cy", "fight dan")
    match.seal("ben", "join cy")
    assert match.waiting_for() == ["ana"]
    return match


def test_only_the_master_sees_what_his_slave_asks() -> None:
    """Ruling 234: the table sees that ana is asked (ruling 204's public bookkeeping), not
    what for: the slave's word and seat are in her view alone, the request an event for the
    two; the slave is asked nothing meanwhile."""
    match = _asked()
    views = {seat: GAME.view(match.state, seat) for seat in ("ana", "ben", "cy", "dan")}
    assert views["ana"].decide == "permit"
    assert views["ana"].offer == ["ben", "join", "cy"]
    assert "your slave ben asks to join cy against dan" in match.prompts()["ana"].help  # 232
    for seat in ("ben", "cy", "dan"):
        assert views[seat].decide is None and views[seat].offer == [], seat
        assert views[seat].waiting == ("ana",), seat  # that she is asked is public (204)
    requests = [e for e in match.events if e.kind.startswith("slavery-")]
    assert requests and all(e.audience.seats == frozenset({"ana", "ben"}) for e in requests), (
        requests
    )
    for seat in ("cy", "dan"):
        assert not any(e.kind == "slavery-request" and e.audience.includes(seat) for e in requests)


def test_a_granted_join_permits_the_other_side_only() -> None:
    """Ruling 232: ana's yes to ben's joining cy's side lets him attack dan, never cy."""
    match = _asked()
    match.seal("ana", "yes")
    roles = match.state.players["ben"].roles
    assert "permit-3" in roles and "permit-2" not in roles, roles
    assert match.state.battles[0].attackers == ["cy", "ben"]


BOTH = {"punishments": "slavery", "slavery_permission": True, "slavery_any_time": True}


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    economy=st.sampled_from(MONEY_ECONOMIES),
    government=st.sampled_from(("athenian", "dictatorship", "representative", "bureaucracy")),
)
def test_both_added_rules_in_the_money_economies_play_to_the_end_and_replay(
    seed: int, economy: dict[str, str], government: str
) -> None:
    """The added rules were tried only in the barter economies: here games (begun with two
    slaves where no ruler is drawn) under each money economy and government, random bots
    (who enslave, ask, let, free and hand), keep every check of the money economies (no
    slave holds money or goods after a step, nor is asked to sell, vote or propose) and
    replay exactly."""
    chosen = {**economy, **BOTH}
    if economy["scenario"] in GOVERNED:
        chosen["government"] = government
    if (economy["scenario"], government) == ("governmental-socialism", "bureaucracy"):
        chosen["government"] = "athenian"  # no chart divides its pool (refused by name)
    options = resolve_options(GAME.options, chosen)
    slaves = {"roles": ["slave-of-0"], "leisure": 2}
    # begun with slaves only where no ruler is drawn at the start, who might be one of them (a
    # ruler enslaved has lost his battle and office, ruling 167); else the bots enslave
    ruled = chosen.get("government") in ("dictatorship", "representative")
    setup = None if ruled else {"players": {"ben": slaves, "cy": slaves}}
    match = bot_game(
        seed, ("greedy", "random", "random", "random"), options, NoPlayer(), setup=setup
    )
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_a_master_is_told_he_may_free_or_hand_at_the_other_moments() -> None:
    """Ruling 169: with slavery_any_time the prompt for a path or violence names the asides
    and his slaves; without the option, or for a seat with no slave, it says nothing of them."""
    chosen = {"scenario": "hobbesian", "punishments": "slavery", "slavery_any_time": True}
    setup = {
        "phase": "government",
        "ask": "violence",
        "invoker": "ana",
        "waiting": ["ana"],
        "players": {"ben": {"roles": ["slave-of-0"]}},
    }
    options = dict(resolve_options(GAME.options, chosen))
    match = Match.new(GAME, ["ana", "ben", "cy"], options, seed=1, setup=setup)
    assert "hand SLAVE SEAT (your slaves: ben; ruling 169)" in match.prompts()["ana"].help
    options = dict(resolve_options(GAME.options, {**chosen, "slavery_any_time": False}))
    match = Match.new(GAME, ["ana", "ben", "cy"], options, seed=1, setup=setup)
    assert "hand" not in match.prompts()["ana"].help
