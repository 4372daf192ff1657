"""Game files of earlier releases (c198585, 191b723, e3df240, fe99ef9) still load, replay and
play on.

The product's promise (architecture, "Versions"): a rules fix bumps the
version and the game keeps replaying older versions, so games in progress
survive an upgrade. ``tests/records/<release>/`` holds bot games written by that
release's code (``tests/records/make_records.py``; how, in each README): every
game registered then, finished and in progress. Each must load with today's
code under the rules of the version it names, reach the recorded final state,
and, if in progress, play its next step and replay again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sealed.core.errors import ReplayDivergence
from sealed.core.match import Match, bot_rng, replay
from sealed.core.registry import get_game
from sealed.games.crusoe.versions import CrusoeV3
from sealed.storage import load_match

RECORDS = Path(__file__).parent.parent / "records"
RELEASES = ("c198585", "191b723", "e3df240", "fe99ef9")  # oldest first; each has index.json
FOLDER = RECORDS / "c198585"  # the first release's records, for the version 1 tests below
INDEXES: dict[str, dict[str, dict[str, Any]]] = {
    release: json.loads((RECORDS / release / "index.json").read_text("utf-8"))
    for release in RELEASES
}
RELEASED_GAMES = {"war-slayer", "rex-furum", "fixem", "goofspiel", "factionrpg", "crusoe"}
RECORD_IDS = [f"{r}/{n}" for r in RELEASES for n in sorted(INDEXES[r])]
IN_PROGRESS = [
    f"{r}/{n}" for r in RELEASES for n, e in sorted(INDEXES[r].items()) if not e["finished"]
]


def entry_of(record_id: str) -> tuple[Path, dict[str, Any]]:
    """The file of ``release/name`` and its index entry."""
    release, name = record_id.split("/")
    return RECORDS / release / name, INDEXES[release][name]


@pytest.mark.parametrize("release", RELEASES)
def test_every_game_of_the_release_has_finished_and_unfinished_records(release: str) -> None:
    index = INDEXES[release]
    finished = {e["game"] for e in index.values() if e["finished"]}
    unfinished = {e["game"] for e in index.values() if not e["finished"]}
    assert finished == RELEASED_GAMES
    assert unfinished == RELEASED_GAMES
    folder = RECORDS / release
    assert sorted(p.name for p in folder.glob("*.json") if p.name != "index.json") == sorted(index)


def test_the_191b723_records_are_of_crusoe_and_factionrpg_version_2() -> None:
    """That release shipped both games' version 2: its records replay under those rules."""
    for name, entry in INDEXES["191b723"].items():
        if entry["game"] in {"crusoe", "factionrpg"}:
            record = json.loads((RECORDS / "191b723" / name).read_text("utf-8"))
            assert record["game_version"] == 2, name


def test_the_e3df240_records_are_of_crusoe_and_factionrpg_version_2() -> None:
    """That release still shipped Crusoe's version 2 (version 3 came after it, ruling 186):
    its Crusoe records, every module and government among them, replay under version 2."""
    for name, entry in INDEXES["e3df240"].items():
        if entry["game"] in {"crusoe", "factionrpg"}:
            record = json.loads((RECORDS / "e3df240" / name).read_text("utf-8"))
            assert record["game_version"] == 2, name


def test_the_fe99ef9_records_are_of_crusoe_version_3() -> None:
    """That release shipped Crusoe's version 3 (version 4 came after it): its Crusoe records,
    the options it added among them, replay under ``versions.CrusoeV3``."""
    for name, entry in INDEXES["fe99ef9"].items():
        if entry["game"] == "crusoe":
            record = json.loads((RECORDS / "fe99ef9" / name).read_text("utf-8"))
            assert record["game_version"] == 3, name
            assert isinstance(load_match(RECORDS / "fe99ef9" / name).game, CrusoeV3), name


def test_the_fe99ef9_two_rulers_record_keeps_its_woman_president() -> None:
    """Ruling 296 is version 4's: in fe99ef9's No Suffrage game at three seats the Dictator cy
    and the sitting President ben were drawn, and ben was drawn a woman; version 3 keeps it."""
    path = RECORDS / "fe99ef9" / "crusoe-no-suffrage-two-rulers-finished.json"
    record = json.loads(path.read_text("utf-8"))
    upto = {k: v for k, v in record.items() if k not in {"state_digest", "state_keys"}}
    start = replay({**upto, "steps": []}).state
    assert (start.ruler, start.president) == ("cy", "ben")
    assert "woman" in start.players["ben"].roles
    current = Match.new(get_game("crusoe"), record["seats"], record["options"], seed=record["seed"])
    assert current.state.president == current.state.ruler == "cy"  # version 4: one man rules


@pytest.mark.parametrize("record_id", RECORD_IDS)
def test_old_record_replays_with_todays_code(record_id: str) -> None:
    path, entry = entry_of(record_id)
    record = json.loads(path.read_text("utf-8"))
    match = load_match(path)
    assert match.game.name == entry["game"]
    assert match.game.version == record["game_version"], "replayed under its own version's rules"
    assert len(match.steps) == entry["steps"]
    assert (match.result() is not None) == entry["finished"]
    assert match.to_json()["state_digest"] == record["state_digest"]
    # Press and handovers travel in the record, outside the rules: kept as written
    again = match.to_json()
    assert [again.get(k) for k in PRESS_KEYS] == [record.get(k) for k in PRESS_KEYS]


PRESS_KEYS = ("messages", "handovers")


@pytest.mark.parametrize("record_id", IN_PROGRESS)
def test_old_game_in_progress_plays_its_next_step(record_id: str) -> None:
    path, entry = entry_of(record_id)
    match = load_match(path)
    before = len(match.steps)
    play_next_step(match, entry["bots"])
    assert len(match.steps) == before + 1
    again = replay(match.to_json())
    assert again.game.version == match.game.version
    assert again.to_json()["state_digest"] == match.to_json()["state_digest"]


@pytest.mark.parametrize("record_id", IN_PROGRESS)
def test_old_game_in_progress_plays_to_its_end_and_replays(record_id: str) -> None:
    """The whole rest of the game under the old version's rules, saved and replayed."""
    path, entry = entry_of(record_id)
    match = load_match(path)
    for _ in range(1000):
        if match.result() is not None:
            break
        play_next_step(match, entry["bots"])
    assert match.result() is not None
    record = match.to_json()
    assert record["game_version"] == json.loads(path.read_text("utf-8"))["game_version"]
    assert replay(record).to_json()["state_digest"] == record["state_digest"]


# Records whose replay depends on a version 1 rule kept by the version 1 object: under
# the current rules they diverge, so these pin each kept rule (manuals, Versions).
NEEDS_VERSION_1 = (
    "factionrpg-upgrade-finished.json",  # Upgrade: +10, not +3
    "crusoe-traditional-provision-finished.json",  # the Grasshopper's food, unasked
    "crusoe-hobbesian-defenders-win-finished.json",  # both sides recorded as winners
)


@pytest.mark.parametrize("name", NEEDS_VERSION_1)
def test_old_record_diverges_under_the_current_rules(name: str) -> None:
    record = json.loads((FOLDER / name).read_text("utf-8"))
    assert record["game_version"] == 1
    with pytest.raises(ReplayDivergence):
        replay({**record, "game_version": 2})


@pytest.mark.parametrize(("version", "kind"), [(2, "branch"), (3, "proposal")])
def test_a_hybrid_ruler_proposing_for_a_voted_branch_decrees_it_only_in_version_2(
    version: int, kind: str
) -> None:
    """e3df240's hybrid (step 53): the President cy, first proposer of the Athenian reward
    branch, decreed it alone; version 3 puts his proposal to the vote (commit 3cbaf90)."""
    record = json.loads((RECORDS / "e3df240" / "crusoe-hybrid-finished.json").read_text("utf-8"))
    upto = {k: v for k, v in record.items() if k not in {"state_digest", "state_keys"}}
    match = replay({**upto, "game_version": version, "steps": record["steps"][:52]})
    assert match.prompts().keys() == {"cy"}
    events = match.seal("cy", record["steps"][52]["orders"]["cy"]["text"])
    assert [e.kind for e in events] == [kind]
    assert ("decreed by the President cy" in events[0].text) == (version == 2)


def test_a_diverging_final_state_names_its_first_key_and_the_rules() -> None:
    """Walkthrough finding 28: the refusal says where and why, not only that it differs."""
    match = Match.new(get_game("goofspiel"), ["ana", "ben"], {}, seed=3)
    play_next_step(match, {"ana": "random", "ben": "random"})
    record = match.to_json()
    record["state_digest"] = "0" * 64
    record["state_keys"] = {**record["state_keys"], "players": "0" * 16, "turn": "0" * 16}
    with pytest.raises(ReplayDivergence) as refused:
        replay(record)
    assert str(refused.value) == (
        "replay reached a different final state than the record: first in 'players' and 1 "
        "more; the rules of Goofspiel may have changed since this file was written (version 1)"
    )


def test_an_old_file_keeps_one_digest_and_says_so() -> None:
    record = json.loads((FOLDER / "crusoe-hobbesian-in-progress.json").read_text("utf-8"))
    assert "state_keys" not in record
    with pytest.raises(
        ReplayDivergence,
        match=r"cannot be named\); the rules of Crusoe's Planet "
        r"may have changed since this file was written \(version 1\)",
    ):
        replay({**record, "state_digest": "0" * 64})


def play_next_step(match: Match[Any, Any, Any], bot_names: dict[str, str]) -> None:
    """Today's bots seal what is due (the seats' own bots), closing a step that waits."""
    game = match.game
    bots = {seat: game.bots[name]() for seat, name in bot_names.items()}
    rngs = {seat: bot_rng(match.seed, seat) for seat in bots}
    before = len(match.steps)
    while len(match.steps) == before:
        due = match.waiting_for()
        if not due:
            match.close()
            continue
        for seat in due:
            view = game.view(match.state, seat)
            match.seal_order(seat, bots[seat].choose(view, match.prompts()[seat], rngs[seat]))
