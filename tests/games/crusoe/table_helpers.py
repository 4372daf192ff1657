"""The people at a Crusoe table: a driver that runs ``sealed play crusoe --table`` as a
subprocess, reads each prompt, rolls the table's dice and types every order, as four people
sharing one screen would.

Every table-play test (``test_table_*.py``, ``test_market_table.py``) drives its game through
``TablePlayers`` (or a subclass that chooses differently), builds its command line with
``table_command`` and checks the saved record with ``replayed_record``.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sealed.core.match import Match, replay, state_digest

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


def table_command(seats: tuple[str, ...], *options: str) -> list[str]:
    """``sealed play crusoe --table`` for ``seats``, each ``option`` as ``--option``, saving
    the record to ``game.json``."""
    command = ["play", "crusoe", "--table", "--players", ",".join(seats)]
    for option in options:
        command += ["--option", option]
    return [*command, "-o", "game.json"]


def replayed_record(tmp_path: Path) -> tuple[dict[str, Any], Match[Any, Any, Any]]:
    """The record the table saved in ``tmp_path`` and its replay; the replay raises if any
    step, outcome, event or the final state differs, and the saved digest must match."""
    record: dict[str, Any] = json.loads((tmp_path / "game.json").read_text())
    match = replay(record)
    assert record["state_digest"] == state_digest(match.game.to_json(match.state))
    return record, match
