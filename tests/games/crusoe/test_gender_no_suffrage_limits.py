"""No Suffrage's other limitations (rulings 291, 292): ``gender_no_propose``, women propose no
measure of government and are never a Bureaucracy's first player while a man may decide.

Scenarios: cases/module_gender_no_suffrage_limits.yaml. Here:

- the option is refused without No Suffrage (or Doll's House) and where no one proposes a
  measure of government, in one line; accepted with the tack-ons whose measures are proposed;
- off (the default), a woman proposes as before (ruling 109: "She still proposes");
- random bot games with it in every economy where measures are proposed (a policy, a plan, a
  minimum wage, a division of the pool, the Paternalistic paths, the government's rents, a
  Bureaucracy's boxes) play to the end and replay exactly, and no woman is ever asked one
  while a man lives to decide it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules import gender
from sealed.games.crusoe.state import CrusoeState, Settings

PROPOSING: dict[str, dict[str, Any]] = {
    "national, athenian": {"scenario": "national-capitalism", "government": "athenian"},
    "market socialism": {"scenario": "market-socialism", "government": "athenian"},
    "welfare, the government's wage": {
        "scenario": "welfare-capitalism",
        "government": "athenian",
        "minimum_wage": "government",
    },
    "governmental socialism": {"scenario": "governmental-socialism", "government": "athenian"},
    "tribal socialism": {"scenario": "tribal-socialism"},
    "national, a bureaucracy without a chart": {
        "scenario": "national-capitalism",
        "government": "bureaucracy",
    },
    "paternalistic": {"scenario": "tribal-capitalism", "paternalistic": True},
    "rent control": {"scenario": "national-capitalism", "landlords": "modern-rent-control"},
}
"""Every kind of measure a woman might propose, one configuration each."""
SEED = 0  # draws ana and cy as the women
PROPOSAL_ASKS = ("policy", "plan", "wage", "assign", "divide", "box", "amend")


def options(config: dict[str, Any], **more: Any) -> dict[str, Any]:
    chosen = config | {"gender": "no-suffrage", "gender_no_propose": True} | more
    return resolve_options(GAME.options, chosen)


@pytest.mark.parametrize(
    ("given_", "message"),
    [
        (
            {"scenario": "national-capitalism", "government": "athenian", "gender": "base"},
            "gender_no_propose: one of No Suffrage's additional limitations; set "
            "gender=no-suffrage",
        ),
        (
            {"scenario": "tribal-capitalism", "gender": "no-suffrage"},
            "gender_no_propose: the government of scenario tribal-capitalism takes no proposal",
        ),
    ],
    ids=["without No Suffrage", "nothing proposed"],
)
def test_the_option_is_refused_where_it_limits_nothing(
    given_: dict[str, Any], message: str
) -> None:
    chosen = resolve_options(GAME.options, given_ | {"gender_no_propose": True})
    with pytest.raises(OptionError, match=message):
        Settings.from_options(chosen)


@pytest.mark.parametrize("name", list(PROPOSING))
def test_the_option_is_accepted_wherever_a_measure_is_proposed(name: str) -> None:
    assert "propose" in Settings.from_options(options(PROPOSING[name])).gender_limits


def test_dolls_house_includes_no_suffrage_so_it_takes_the_option() -> None:
    config = {"scenario": "national-capitalism", "government": "athenian"}
    chosen = options(config, gender="dolls-house")
    assert "propose" in Settings.from_options(chosen).gender_limits


def test_off_a_woman_still_proposes_and_on_her_turn_passes() -> None:
    """Ruling 109, the default: the first proposer in seat order is asked, a woman too; with
    the option her turn passes to the next man."""
    config = {"scenario": "national-capitalism", "government": "athenian", "gender": "no-suffrage"}
    off = Match.new(GAME, ["ana", "ben", "cy"], resolve_options(GAME.options, config), seed=SEED)
    assert gender.ROLE in off.state.players["ana"].roles  # this seed draws her a woman
    assert off.state.ask == "policy" and off.waiting_for() == ["ana"]
    on = Match.new(GAME, ["ana", "ben", "cy"], options(config), seed=SEED)
    assert on.state.ask == "policy" and on.waiting_for() == ["ben"]
    assert gender.ROLE not in on.state.players["ben"].roles


def check_no_woman_proposes(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    """No woman is waited on for a proposal of government while a man lives to make it."""
    state: CrusoeState = match.state
    ask = state.ask or ""
    proposal = ask in PROPOSAL_ASKS or (ask == "rent" and state.land.lawmaking)
    if not proposal:
        return
    men = [s for s in state.living() if gender.may_propose(state, s)]
    for seat in state.waiting:
        if not gender.may_propose(state, seat):
            assert ask in ("box", "amend") and not men, f"a woman, {seat}, is asked {ask}"


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.permutations(BOTS),
    name=st.sampled_from(sorted(PROPOSING)),
)
def test_random_games_with_the_option_play_to_the_end_and_no_woman_proposes(
    seed: int, bots: list[str], name: str
) -> None:
    match = bot_game(seed, tuple(bots), options(PROPOSING[name]), check_no_woman_proposes)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
