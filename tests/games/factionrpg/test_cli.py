"""A forum game master's commands (review finding 12): 'sealed handover' gives a dropped
faction to a bot that sees only that faction's view, and back to a person; 'sealed post'
prints the public post once, to paste, with nothing any single faction alone may read."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, ClassVar

import pytest
from tests.cli.helpers import ok, one_line_error, sealed

from sealed.core.game import Prompt
from sealed.games.factionrpg import FactionRPG
from sealed.games.factionrpg.bots import StewardBot
from sealed.games.factionrpg.orders import Order
from sealed.games.factionrpg.views import FactionView

SETUP = """\
factions:
  Red: {specialization: ambush}
  Blue: {specialization: ambush}
  Green: {specialization: ambush}
assets:
  Red-Army: {owner: Red, value: 3}
  Red-Cell: {owner: Red, value: 4, hidden: true}
  Blue-Fort: {owner: Blue, value: 3}
  Blue-Vault: {owner: Blue, value: 2, hidden: true}
  Green-Mill: {owner: Green, value: 3}
  Green-Eye: {owner: Green, value: 3, hidden: true}
"""


@pytest.fixture
def game(tmp_path: Path) -> str:
    setup = tmp_path / "start.yaml"
    setup.write_text(SETUP, encoding="utf-8")
    path = str(tmp_path / "game.json")
    ok(
        "new", "factionrpg", "--players", "Red,Blue,Green", "--seed", "4", "-o", path,
        "--option", "starting_assets=setup", "--option", "space=60", "--setup", str(setup),
    )  # fmt: skip
    return path


class Spy:
    """The steward, recording every view it is given."""

    seen: ClassVar[list[FactionView]] = []

    def choose(self, view: FactionView, prompt: Prompt, rng: random.Random) -> Order:
        Spy.seen.append(view)
        return StewardBot().choose(view, prompt, rng)


def test_handover_plays_the_seat_from_its_own_view_only(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    Spy.seen = []
    monkeypatch.setattr(FactionRPG, "bots", {**FactionRPG.bots, "steward": Spy})
    out = ok("handover", game, "Blue", "steward")
    assert "Blue is played by the bot 'steward' from step 1" in out
    assert "waiting for orders from: Red, Green" in out  # the bot sealed Blue's orders at once
    # Red's hidden Red-Cell acts covertly: the GM knows who attacked, Blue must not.
    ok("order", game, "Red", "Red-Cell damage Blue-Fort")
    ok("close", game)  # the bot answers the Consequences Phase as soon as it opens
    ok("close", game)
    ok("order", game, "Red", "pass")
    assert len(Spy.seen) >= 3
    record = json.loads(Path(game).read_text(encoding="utf-8"))
    assert record["handovers"] == [{"seat": "Blue", "bot": "steward", "step": 1}]
    for view in Spy.seen:
        assert isinstance(view, FactionView) and view.faction == "Blue"
        names = {a.name for a in view.assets}
        assert "Red-Cell" not in names and "Green-Eye" not in names
        told = json.dumps([*view.reports, *view.posts, *view.beliefs])
        assert "Red-Cell" not in told and "Green-Eye" not in told


def test_handover_back_to_a_person(game: str) -> None:
    ok("handover", game, "Blue", "random")
    out = ok("handover", game, "Blue", "human")
    assert "Blue is played by a person from step 1" in out
    ok("order", game, "Red", "pass")
    out = ok("order", game, "Green", "pass")
    assert "waiting for orders from: Red, Blue, Green" in out  # the Consequences Phase


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("Blu", "steward"), "did you mean 'Blue'"),
        (("Blue", "stewart"), "did you mean 'steward'"),
    ],
)
def test_handover_refusals_name_the_problem(
    game: str, args: tuple[str, str], fragment: str
) -> None:
    before = Path(game).read_text(encoding="utf-8")
    assert fragment in one_line_error(sealed("handover", game, *args))
    assert Path(game).read_text(encoding="utf-8") == before


def _public_post(game: str, step: int) -> Any:
    record = json.loads(Path(game).read_text(encoding="utf-8"))
    events = record["steps"][step - 1]["events"]
    return [e["text"] for e in events if e["kind"] == "public-post"]


def test_post_prints_the_public_post_once_and_nothing_private(game: str) -> None:
    assert "no step has opened yet" in one_line_error(sealed("post", game))
    ok("order", game, "Red", "Red-Cell damage Blue-Fort\nRed-Army infiltrate Green-Mill")
    ok("order", game, "Green", "Green-Eye enhance Green-Mill")
    ok("close", game)
    out = ok("post", game)
    (post,) = _public_post(game, 1)
    assert out == post + "\n"
    assert out.count("results of the turn thus far") == 1
    for secret in ("Red-Cell", "Green-Eye", "Blue-Vault", "Private message"):
        assert secret not in out
    ok("close", game)
    (second,) = _public_post(game, 2)
    assert ok("post", game) == second + "\n"
    assert ok("post", game, "--step", "1") == post + "\n"
    assert "has not opened yet" in one_line_error(sealed("post", game, "--step", "3"))
