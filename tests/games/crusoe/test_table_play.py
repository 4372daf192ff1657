"""Issue 10's "Done when": four people at a table play Tribal Communism to rescue or to the
ninth cycle through ``sealed play crusoe --table``, with the program keeping every count.

The people (``table_helpers.TablePlayers``) read each prompt, roll their dice, and type their
orders; one barter is agreed (entered by ana, accepted by ben). Then the saved record is
replayed and must give the counts the table was shown.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

from click.testing import CliRunner
from tests.games.crusoe.table_helpers import (
    SEATS,
    Screen,
    TablePlayers,
    replayed_record,
    table_command,
)

from sealed.cli import cli
from sealed.core.match import replay
from sealed.games.crusoe.cycle import MAX_FOOD, MAX_OF_A_FOOD, MAX_WATER, cycle_score
from sealed.games.crusoe.state import FOODS

COMMAND = table_command(SEATS, "scenario=tribal-communism")


def _play(tmp_path: Path, seed: int) -> TablePlayers:
    people = TablePlayers(seed=seed)
    assert people.play(COMMAND, tmp_path) == 0, people.transcript[-3000:]
    return people


def test_four_people_play_tribal_communism_at_the_table_and_the_record_replays(
    tmp_path: Path,
) -> None:
    people = _play(tmp_path, seed=1)
    _, match = replayed_record(tmp_path)
    state = match.state
    assert state.over and (state.rescued or state.cycle == 9)
    shown = re.findall(r"Scores: (.*)\.$", people.transcript, re.MULTILINE)[-1]
    scores = {seat: int(vp) for seat, vp in re.findall(r"(\w+) (-?\d+)", shown)}
    assert scores == {seat: state.players[seat].vp for seat in SEATS}
    assert people.barters == 1 and people.offer == ("ana", "ben")
    assert any("ana gives 1 water to ben" in e.text for e in match.events)


def test_a_fight_at_the_table_is_rolled_by_the_table_and_replays(tmp_path: Path) -> None:
    """dee invokes government and attacks; the table types one die for each fighter."""
    people = TablePlayers(seed=1, quarrelsome="dee")
    assert people.play(COMMAND, tmp_path) == 0, people.transcript[-3000:]
    assert people.fought
    assert re.search(
        r"\[table\] cycle \d: battle 1, one die each for dee, \w+: roll 2 d6", (people.transcript)
    )
    match = replay(json.loads((tmp_path / "game.json").read_text()))
    battles = [e for e in match.events if e.kind == "battle"]
    assert battles and battles[0].text.startswith("Battle 1: dee ")
    assert match.state.over and (match.state.rescued or match.state.cycle == 9)


def test_every_consumption_offered_at_the_table_scores_the_most_vp(tmp_path: Path) -> None:
    people = _play(tmp_path, seed=2)
    meals = [(s, _held(s), m) for s in people.screens if (m := _offered_meal(s)) is not None]
    assert len(meals) >= 4
    for screen, (goods, leisure), meal in meals:
        assert _score(meal, leisure) == _best_score(goods, leisure), (screen.seat, goods, meal)


def test_each_screen_shows_only_what_the_table_shows_that_seat(tmp_path: Path) -> None:
    people = _play(tmp_path, seed=1)
    assert people.screens
    for screen in people.screens:
        others = [s for s in SEATS if s != screen.seat]
        assert f"\n{screen.seat} (you):" in screen.text
        assert not any(f"\n{other} (you):" in screen.text for other in others)
        if "ana offers ben" in screen.text:  # a barter offer reaches its two sides only
            assert screen.seat in ("ana", "ben")
        assert "offers ben" not in screen.text or screen.seat in ("ana", "ben")
    assert any("ana offers ben" in s.text for s in people.screens if s.seat == "ben")


# -- the VP Chart, checked by trying every consumption ---------------------------------------


def _offered_meal(screen: Screen) -> dict[str, int] | None:
    offered = re.findall(r"most VP: eat ([^\n;]*)", screen.text)
    if not offered:
        return None
    words = offered[-1].split()
    return (
        {}
        if words == ["nothing"]
        else {g: int(n) for g, n in zip(words[::2], words[1::2], strict=True)}
    )


def _held(screen: Screen) -> tuple[dict[str, int], int]:
    """What the seat's own line says it holds, and its Leisure, as its screen showed it."""
    line = re.findall(rf"^{screen.seat} \(you\): (.*)$", screen.text, re.MULTILINE)[-1]
    goods = {g: int(n) for g, n in re.findall(r"\b(water|banana|apple|grape|egg|fish) (\d+)", line)}
    leisure = re.search(r"Leisure (\d+)", line)
    assert leisure, line
    return goods, int(leisure.group(1))


def _score(meal: dict[str, int], leisure: int) -> int:
    food = {f: meal.get(f, 0) for f in FOODS}
    return cycle_score(meal.get("water", 0), food, leisure)["satisfaction"]


def _best_score(goods: dict[str, int], leisure: int) -> int:
    waters = range(min(MAX_WATER, goods.get("water", 0)) + 1)
    foods = [range(min(MAX_OF_A_FOOD, goods.get(f, 0)) + 1) for f in FOODS]
    return max(
        _score({"water": water, **dict(zip(FOODS, counts, strict=True))}, leisure)
        for water in waters
        for counts in itertools.product(*foods)
        if sum(counts) <= MAX_FOOD
    )


def test_a_table_game_stopped_mid_cycle_resumes_with_the_tables_dice(tmp_path: Path) -> None:
    """A table game has no seed: resumed, it asks the table for the rest of its dice."""
    game = str(tmp_path / "game.json")
    start = ["play", "crusoe", "--table", "--players", "ana", "-o", game]
    stopped = CliRunner().invoke(cli, start, input="1\npath ant\n")
    assert "'sealed play --resume" in stopped.output, stopped.output
    resumed = CliRunner().invoke(cli, ["play", "--resume", game], input="3\nquit\n")
    assert "[table] cycle 1: ana moves: roll 1 d6" in resumed.output, resumed.output
    assert "no seed" not in resumed.output and resumed.exit_code == 0
    match = replay(json.loads(Path(game).read_text()))
    assert match.steps[-1].chance[0].value == [3]
    assert match.state.players["ana"].position == 3
