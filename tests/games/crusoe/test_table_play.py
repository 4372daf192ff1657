"""Issue 10's "Done when": four people at a table play Tribal Communism to rescue or to the
ninth cycle through ``sealed play crusoe --table``, with the program keeping every count.

The people (``table_driver.TablePlayers``) read each prompt, roll their dice, and type their
orders; one barter is agreed (entered by ana, accepted by ben). Then the saved record is
replayed and must give the counts the table was shown.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

from sealed.cli import cli
from sealed.core.match import replay, state_digest
from sealed.games.crusoe.cycle import MAX_FOOD, MAX_OF_A_FOOD, MAX_WATER, cycle_score
from sealed.games.crusoe.state import FOODS

SEAT_PROMPT = re.compile(r"(?:^|\n)(\w+)> $")
PASS_PROMPT = re.compile(r"Pass the screen to (\w+) and press Enter when only \1 can see it\. $")
TABLE_PROMPT = re.compile(r"\[table\] ([^\n]*); enter [^\n]*: $")
ROLL = re.compile(r"roll (\d+) d(\d+)$")
SHUFFLE = re.compile(r"shuffle (\d+) items$")
SEATS = ("ana", "ben", "cy", "dee")
FAVOURITE_PATHS = {"ana": "path firefly", "ben": "path ant", "cy": "path spider"}
CHOICES = re.compile(r"^choices: (.*)$", re.MULTILINE)
BEST_MEAL = re.compile(r"most VP: (eat[^\n;]*)")


@dataclass
class Screen:
    """What one seat saw, from sitting down to sealing its order."""

    seat: str
    text: str = ""
    order: str = ""


@dataclass
class TablePlayers:
    """The people at the table; ``choose`` picks an order from the choices ``help`` lists."""

    seed: int
    offered_meals: list[tuple[str, str]] = field(default_factory=list)
    screens: list[Screen] = field(default_factory=list)
    transcript: str = ""
    barters: int = 0
    offers_made: int = 0
    _asked_help: bool = False
    offer: tuple[str, str] | None = None
    traded: set[str] = field(default_factory=set)
    quarrelsome: str | None = None  # this seat invokes government and starts one fight
    fought: bool = False

    def __post_init__(self) -> None:
        self.dice = random.Random(self.seed)
        self.minds = random.Random(self.seed + 1)

    def play(self, args: list[str], cwd: Path, max_answers: int = 20000) -> int:
        """Run ``sealed`` with ``args`` to its end; return its exit code."""
        sealed = str(Path(sys.executable).parent / "sealed")
        env = dict(os.environ, PYTHONUNBUFFERED="1", COLUMNS="200", TERM="dumb")
        process = subprocess.Popen(
            [sealed, *args],
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        assert process.stdin is not None and process.stdout is not None
        pending = ""  # output since the last answer
        screen: Screen | None = None
        for _ in range(max_answers):
            chunk = os.read(process.stdout.fileno(), 65536).decode()
            if not chunk:
                break
            pending += chunk
            self.transcript += chunk
            answer = self._answer(pending, screen)
            if answer is None:
                continue
            text, screen = answer
            pending = ""
            process.stdin.write((text + "\n").encode())
            process.stdin.flush()
        else:
            process.kill()
            raise AssertionError("the game did not end within the answers allowed")
        process.stdin.close()
        return process.wait()

    def _answer(self, pending: str, screen: Screen | None) -> tuple[str, Screen | None] | None:
        passed = PASS_PROMPT.search(pending)
        if passed:
            new = Screen(passed.group(1))
            self.screens.append(new)
            return "", new
        asked = TABLE_PROMPT.search(pending)
        if asked:
            return self._roll(asked.group(1)), screen
        seat = SEAT_PROMPT.search(pending)
        if seat:
            name = seat.group(1)
            assert screen is not None and screen.seat == name, f"{name} asked on another's screen"
            screen.text += pending
            if not self._asked_help:
                self._asked_help = True
                return "help", screen
            self._asked_help = False
            order = self._choose(name, pending, screen.text)
            screen.order = order
            return order, screen
        return None

    def _roll(self, request: str) -> str:
        rolled = ROLL.search(request)
        if rolled:
            count, sides = int(rolled.group(1)), int(rolled.group(2))
            return " ".join(str(self.dice.randint(1, sides)) for _ in range(count))
        shuffled = SHUFFLE.search(request)
        assert shuffled, f"a table request the people cannot answer: {request}"
        cards = [str(i + 1) for i in range(int(shuffled.group(1)))]
        self.dice.shuffle(cards)
        return " ".join(cards)

    def _choose(self, seat: str, pending: str, screen: str) -> str:
        listed = CHOICES.findall(pending)
        if not listed and "offer SEAT GOODS for GOODS" in pending:
            return self._trade(seat, screen)
        if not listed and "kill, spare, fine all" in pending:  # the winners' verdict
            return "fine all" if seat == self.quarrelsome else "spare"
        assert listed, f"{seat} was not told the choices:\n{pending[-2000:]}"
        choices = [c.strip() for c in listed[-1].split(", ") if c.strip()]
        meal = BEST_MEAL.search(pending)
        if meal:
            self.offered_meals.append((seat, meal.group(1).strip()))
            return meal.group(1).strip()
        return self.pick(seat, choices, screen)

    def pick(self, seat: str, choices: list[str], screen: str) -> str:
        """A sensible person: the Firefly for the first seat, water first, no fights."""
        if choices[0].startswith("path "):
            wanted = FAVOURITE_PATHS.get(seat, "path ant")
            return wanted if wanted in choices else choices[0]
        if choices[0].startswith("take "):
            return self._icon(seat, choices, screen)
        if choices[0].startswith("move "):
            return choices[-1]
        if seat == self.quarrelsome and not self.fought:
            fight = next((c for c in choices if c.startswith("fight ")), None)
            if "invoke" in choices or fight:
                self.fought = fight is not None
                return fight or "invoke"
        if "fine all" in choices and seat == self.quarrelsome:
            return "fine all"
        for calm in ("pass", "done", "keep", "spare", "split", "home"):
            if calm in choices and not (calm == "home" and self._wants_to_barter(choices)):
                return calm
        offers = [c for c in choices if c.startswith("accept ")]
        if offers:
            self.barters += 1
            return offers[0]
        barter = [c for c in choices if c.startswith("offer ")]
        if barter:
            self.offers_made += 1
            return self.minds.choice(barter)
        return self.minds.choice(choices)

    def _wants_to_barter(self, choices: list[str]) -> bool:
        """Accept any offer made; make one offer in the whole game."""
        if any(c.startswith("accept ") for c in choices):
            return True
        return self.offers_made == 0 and any(c.startswith("offer ") for c in choices)

    def _icon(self, seat: str, choices: list[str], screen: str) -> str:
        mine = re.search(rf"^{seat} \(you\): ([^\n]*)$", screen, re.MULTILINE)
        held = mine.group(1) if mine else ""
        water = re.search(r"water (\d+)", held)
        preferences = ["take top40", "take military", "take cb"] if seat == "ana" else []
        if not water or int(water.group(1)) < 2:
            preferences.append("take water")
        preferences += ["take fruit", "take egg", "take fish", "take speared_fish", "take water"]
        return next((p for p in preferences if p in choices), choices[0])

    def _trade(self, seat: str, pending: str) -> str:
        offered = re.search(rf"(\w+) offers {seat}\b", pending)
        if offered:
            self.barters += 1
            return f"accept {offered.group(1)}"
        first_round = seat not in self.traded
        self.traded.add(seat)
        if (
            seat == "ana"
            and first_round
            and re.search(r"^ana \(you\):[^\n]*water [1-9]", pending, re.M)
        ):
            self.offers_made += 1
            self.offer = ("ana", "ben")
            return "offer ben water 1 for nothing"
        return "wait" if first_round else "home"


COMMAND = [
    "play",
    "crusoe",
    "--table",
    "--players",
    ",".join(SEATS),
    "--option",
    "scenario=tribal-communism",
    "-o",
    "game.json",
]


def _play(tmp_path: Path, seed: int) -> TablePlayers:
    people = TablePlayers(seed=seed)
    assert people.play(COMMAND, tmp_path) == 0, people.transcript[-3000:]
    return people


def test_four_people_play_tribal_communism_at_the_table_and_the_record_replays(
    tmp_path: Path,
) -> None:
    people = _play(tmp_path, seed=1)
    record = json.loads((tmp_path / "game.json").read_text())
    match = replay(record)  # raises if any step, outcome, event or the final state differs
    state = match.state
    assert state.over and (state.rescued or state.cycle == 9)
    assert record["state_digest"] == state_digest(match.game.to_json(state))
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
