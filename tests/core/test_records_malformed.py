"""A damaged game record is refused in one line that names what is wrong, in words
(walkthrough findings 1, 2, 3, 4 and 20): in the core's replay, in every command that loads a
file (`sealed replay`, `sealed play --resume`), and in the server's import (400, not 500)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from tests.server.fixtures import Clock, migrated

from sealed.cli import cli
from sealed.core.errors import RecordError, SealedError
from sealed.core.game import Game, resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.core.registry import all_games, get_game
from sealed.server.app import create_app
from sealed.server.service import GameService

GAMES = list(all_games().values())
PYTHON_WORDS = ("KeyError", "TypeError", "AttributeError", "IndexError", "NoneType", "Traceback")


def played_record(game: Game[Any, Any, Any], seed: int = 5, steps: int = 3) -> dict[str, Any]:
    """The record of a bot game of ``game`` a few steps in."""
    seats = [f"p{i + 1}" for i in range(game.usual_players)]
    match = Match.new(game, seats, resolve_options(game.options, {}), seed=seed)
    bots = {seat: game.bots["random"]() for seat in seats}
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    for _ in range(steps):
        if match.result() is not None:
            break
        for seat, prompt in match.prompts().items():
            view = game.view(match.state, seat)
            match.seal_order(seat, bots[seat].choose(view, prompt, rngs[seat]))
        if match.pending:
            match.close()
    return match.to_json()


@pytest.fixture
def war_slayer() -> dict[str, Any]:
    return played_record(get_game("war-slayer"))


def refusal(record: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as refused:
        replay(record)
    return str(refused.value)


def test_an_option_value_the_game_does_not_allow_is_named(war_slayer: dict[str, Any]) -> None:
    war_slayer["options"]["dealer"] = 5  # finding 1: an IndexError deep in the rules
    assert refusal(war_slayer) == "malformed game record: option dealer: 5 is not one of 1, 2"


def test_an_unknown_option_is_named_with_a_suggestion(war_slayer: dict[str, Any]) -> None:
    war_slayer["options"]["dealr"] = 1
    message = refusal(war_slayer)
    assert "unknown option 'dealr'" in message and "dealer" in message


def test_a_missing_option_takes_its_default_as_an_older_file_would(
    war_slayer: dict[str, Any],
) -> None:
    del war_slayer["options"]["dealer"]
    assert replay(war_slayer).options["dealer"] == 1


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (lambda r: r.pop("seats"), "record key 'seats' is missing"),
        (lambda r: r.update(seats="ana"), "seats must be a list"),
        (lambda r: r.update(seats=["p1", 7]), "seats[1] must be text"),
        (lambda r: r.update(options=[1]), "options must be an object"),
        (lambda r: r.pop("steps"), "record key 'steps' is missing"),
        (lambda r: r.update(steps=[None]), "steps[0] must be an object"),
        (lambda r: r["steps"][0].pop("orders"), "steps[0].orders is missing"),
        (lambda r: r["steps"][1].update(events={}), "steps[1].events must be a list"),
        (lambda r: r.update(cursors=5), "cursors must be an object"),
        (lambda r: r.update(messages=[3]), "messages[0] must be an object"),
        (lambda r: r["start"].pop("chance"), "start.chance is missing"),
        (lambda r: r.update(seed=[1]), "seed must be a whole number or text"),
        (lambda r: r.pop("game"), "record key 'game' is missing"),
    ],
)
def test_a_damaged_key_is_named_in_words(
    war_slayer: dict[str, Any], damage: Any, expected: str
) -> None:
    damage(war_slayer)
    message = refusal(war_slayer)
    assert message == f"malformed game record: {expected}"


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_bad_option_value_in_a_record_is_refused_or_replays(
    game: Game[Any, Any, Any],
) -> None:
    """Every option of every game set to junk: a SealedError in words, or a replay."""
    record = played_record(game, steps=1)
    junk: list[Any] = [5, -1, 10**6, "x", None, [], {}, True, 1.5, "9"]
    for spec in game.options:
        for value in junk:
            damaged = copy.deepcopy(record)
            damaged["options"][spec.name] = value
            try:
                replay(damaged)
            except SealedError as error:
                assert not any(word in str(error) for word in PYTHON_WORDS), str(error)


def test_random_damage_never_speaks_python(war_slayer: dict[str, Any]) -> None:
    """Like tests/core/test_fuzz.py's damage, over the record's own keys: whatever is
    refused is refused in words, never with a Python class name."""
    from tests.core.test_fuzz import mutate

    rng = random.Random("records")
    for _ in range(400):
        damaged = mutate(copy.deepcopy(war_slayer), rng)
        try:
            replay(damaged)
        except SealedError as error:
            assert not any(word in str(error) for word in PYTHON_WORDS), str(error)


# -- every command that loads a file -------------------------------------------


@pytest.fixture
def bad_file(tmp_path: Path, war_slayer: dict[str, Any]) -> Path:
    war_slayer["options"]["dealer"] = 5
    path = tmp_path / "c17.json"
    path.write_text(json.dumps(war_slayer), encoding="utf-8")
    return path


EXPECTED = "option dealer: 5 is not one of 1, 2"


@pytest.mark.parametrize(
    "command",
    [["replay"], ["status"], ["log"], ["close"], ["view", "{}", "p1"], ["play", "--resume"]],
)
def test_commands_that_load_a_file_refuse_it_in_one_line(
    bad_file: Path, command: list[str]
) -> None:
    if "{}" in command:
        args = [word.format(bad_file) for word in command]
    else:
        args = [*command, str(bad_file)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert EXPECTED in result.output, result.output
    assert "Traceback" not in result.output


# -- the server's import ---------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    engine = migrated(f"sqlite:///{tmp_path / 'sealed.db'}")
    app = create_app(GameService(engine, Clock()), poll=None)
    with TestClient(app, base_url="http://127.0.0.1:8000", raise_server_exceptions=False) as client:
        yield client
    engine.dispose()


def test_the_server_import_answers_400_naming_the_option(
    client: TestClient, bad_file: Path
) -> None:
    files = {"record": ("c17.json", bad_file.read_bytes(), "application/json")}
    response = client.post("/import", files=files, data={"close": "early"})
    assert response.status_code == 400, response.text[:300]
    assert "record/malformed" in response.text
    assert "5 is not one of 1, 2" in response.text
