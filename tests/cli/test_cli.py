"""The `sealed` command, driven as a user would drive it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.helpers import one_line_error, sealed

CASES = Path(__file__).parents[1] / "games" / "war_slayer" / "cases"


def test_games_lists_war_slayer_with_players_and_bots() -> None:
    result = sealed("games")
    assert result.exit_code == 0
    assert "war-slayer" in result.output and "spymaster" in result.output


def test_rules_prints_the_manual_and_options() -> None:
    result = sealed("rules", "war-slayer")
    assert result.exit_code == 0
    assert "## Rulings" in result.output and "`mission_limit` (default 200)" in result.output


@pytest.mark.parametrize(
    ("args", "fragment", "code"),
    [
        (("gmaes",), "did you mean 'games'", 2),
        (("rules", "war-slayr"), "did you mean 'war-slayer'", 1),
        (("new", "war-slayer", "--players", "a", "-o", "x.json"), "for 2 players", 1),
        (
            ("new", "war-slayer", "--players", "a,b", "--option", "mision_limit=1", "-o", "x.json"),
            "did you mean 'mission_limit'",
            1,
        ),
        (
            ("new", "war-slayer", "--players", "a,b", "--option", "dealer=3", "-o", "x.json"),
            "not one of 1, 2",
            1,
        ),
        (("view", "missing.json", "ana"), "no game file 'missing.json'", 1),
        (("sim", "war-slayer", "-n", "2", "--bots", "random,genius"), "no bot 'genius'", 1),
    ],
)
def test_bad_input_gives_one_clear_line(
    args: tuple[str, ...], fragment: str, code: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert fragment in one_line_error(sealed(*args), code)


def test_a_game_by_game_file(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    setup = tmp_path / "setup.yaml"
    setup.write_text(
        "players:\n  ana: {hq: [5H, 6H, 7H, 2D, 3D, 4D, '...']}\n"
        "  ben: {hq: [9C, 3C, 4C, 8S, 8D, 8H, '...']}\n"
    )
    assert (
        sealed(
            "new",
            "war-slayer",
            "--players",
            "ana,ben",
            "--seed",
            "3",
            "--setup",
            str(setup),
            "-o",
            game,
        ).exit_code
        == 0
    )
    assert "exists" in one_line_error(sealed("new", "war-slayer", "--players", "a,b", "-o", game))
    first = sealed("order", game, "ana", "Theater 5h 6h 7h")
    assert first.exit_code == 0 and "sealed ana: theater 5H 6H 7H" in first.output
    assert "waiting for orders from: ben" in first.output
    status = sealed("status", game)
    assert "ana: sealed" in status.output and "5H" not in status.output
    assert "did you mean 'theater'" in one_line_error(sealed("order", game, "ben", "theatr"))
    opened = sealed("order", game, "ben", "theater 9C 3C 4C")
    assert "report for ana" in opened.output and "report for ben" in opened.output
    ben_view = sealed("view", game, "ben")
    assert "8S 8D 8H" in ben_view.output and "2D" not in ben_view.output
    sealed("close", game)
    assert "no orders are due from ben" in one_line_error(sealed("order", game, "ben", "continue"))
    account = sealed("log", game).output
    assert "ana: theater 5H 6H 7H" in account and "[all] ben wins operation 1" in account
    replayed = sealed("replay", game)
    assert replayed.exit_code == 0 and "replays exactly" in replayed.output
    as_json = json.loads(sealed("view", game, "ana", "--json").output)
    assert as_json["view"]["deciding"] == "ana" and as_json["due"] is True


def test_a_tampered_game_file_is_refused(tmp_path: Path) -> None:
    game = tmp_path / "g.json"
    sealed("new", "war-slayer", "--players", "ana,ben", "--seed", "3", "-o", str(game))
    record = json.loads(game.read_text())
    record["start"]["chance"][0]["value"][0:2] = record["start"]["chance"][0]["value"][1::-1]
    game.write_text(json.dumps(record))
    assert "different final state" in one_line_error(sealed("replay", str(game)))
    game.write_text("{\n  nope")
    assert "g.json:2: not valid JSON" in one_line_error(sealed("status", str(game)))


def test_run_prints_the_documented_json() -> None:
    result = sealed("run", str(CASES / "ending.yaml"), "--json")
    assert result.exit_code == 0
    outputs = json.loads(result.output)
    assert {"game", "over", "result", "state", "views", "events"} <= set(outputs[0])
    assert all(e["audience"] for e in outputs[0]["events"])


def test_run_fails_on_unmet_expectations(tmp_path: Path) -> None:
    case = tmp_path / "c.yaml"
    case.write_text("game: war-slayer\nplayers: [a, b]\nexpect: {over: true}\n")
    result = sealed("run", str(case))
    assert "FAIL" in result.output and "over: expected True, got False" in result.output
    assert result.exit_code == 1


def test_sim_summary_is_the_same_with_more_jobs() -> None:
    args = ("sim", "war-slayer", "-n", "60", "--bots", "random,spymaster", "--seed", "9", "--json")
    one = json.loads(sealed(*args).output)
    two = json.loads(sealed(*args, "--jobs", "2").output)
    assert one == two
    assert one["games"] == 60 and sum(one["wins_by_bot"].values()) == 60
    assert set(one["actions"]) == {"random", "spymaster"}


def test_sim_prints_tables() -> None:
    result = sealed("sim", "war-slayer", "-n", "20")
    assert result.exit_code == 0
    assert "wins by seat" in result.output and "lead changes per game" in result.output


def test_play_against_a_bot_to_the_end() -> None:
    moves = "help\ntheater 3H 2C KH\ndossier KC 6D 10C\n" + "continue\n" * 4
    result = sealed("play", "war-slayer", "--seed", "4", "--option", "mission_limit=1", input=moves)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_hot_seat_asks_to_pass_the_screen() -> None:
    result = sealed("play", "war-slayer", "--players", "ana,ben", "--seed", "4", input="\n")
    assert "Pass the screen to ana" in result.output
    assert "stopped." in result.output


def test_lenient_orders_set_greetings_aside(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    sealed("new", "war-slayer", "--players", "ana,ben", "--seed", "4", "-o", game)
    email = "Hi GM,\n\ntheater 3H 2C KH\n\nCheers, Ana\n"
    strict = sealed("order", game, "ana", "-", input=email)
    assert "unknown action 'Hi'" in one_line_error(strict)
    result = sealed("order", game, "ana", "-", "--lenient", input=email)
    assert result.exit_code == 0, result.output
    assert "set aside line 1 'Hi GM,'" in result.output
    assert "set aside line 5 'Cheers, Ana'" in result.output
    assert "sealed ana: theater 3H 2C KH" in result.output


def test_a_timed_game_shows_its_deadline(tmp_path: Path) -> None:
    game = str(tmp_path / "rf.json")
    created = sealed("new", "rex-furum", "--players", "amy,bo,cy", "--seed", "1", "-o", game)
    assert "deadline: " in created.output and "UTC" in created.output
    assert "Your orders for step 1 are due by " in sealed("view", game, "amy").output


def test_reports_do_not_repeat_notices_the_view_already_lists(tmp_path: Path) -> None:
    game = str(tmp_path / "rf.json")
    sealed("new", "rex-furum", "--players", "amy,bo,cy", "--seed", "1", "-o", game)
    sealed("order", game, "amy", "embezzle bo")
    sealed("order", game, "cy", "protect bo")
    report = sealed("close", game).output
    amy = report[report.index("report for amy") : report.index("report for bo")]
    assert amy.count("tried to embezzle from bo") == 1, amy


def test_play_saves_sealed_orders_when_stopped(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    result = sealed(
        "play",
        "war-slayer",
        "--players",
        "ana,ben",
        "--seed",
        "4",
        "-o",
        game,
        input="\ntheater 3H 2C KH\n",
    )
    assert f"The game is saved: 'sealed play --resume {game}' goes on" in result.output
    status = sealed("status", game).output
    assert "ana: sealed" in status and "ben: to decide" in status


def test_a_saved_game_resumes_with_its_bots_and_is_not_overwritten(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    first = sealed("play", "war-slayer", "--seed", "4", "-o", game, input="quit\n")
    assert "stopped." in first.output and json.loads(Path(game).read_text())["handovers"] == [
        {"seat": "bot1", "bot": "spymaster", "step": 1}
    ]
    again = sealed("play", "war-slayer", "-o", game)
    assert "exists; use --force" in one_line_error(again)
    resumed = sealed("play", "--resume", game, input="dossier 3H 2C KH\nquit\n")
    assert "bot1 (spymaster bot)" in resumed.output and "stopped." in resumed.output
    assert json.loads(Path(game).read_text())["steps"], "the resumed game went on"


def test_a_game_of_bots_only_prints_its_result() -> None:
    result = sealed("play", "war-slayer", "--players", "a,b", "--bot", "a", "--bot", "b=random")
    assert result.exit_code == 0 and "Game over" in result.output


@pytest.mark.parametrize("jobs", ["0", "-1"])
def test_sim_needs_at_least_one_job(jobs: str) -> None:
    result = sealed("sim", "war-slayer", "-n", "2", "--jobs", jobs)
    assert result.exit_code == 2 and "--jobs" in result.output


def test_view_never_writes_the_game_file_unless_asked(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    assert (
        sealed("new", "war-slayer", "--players", "ana,ben", "--seed", "3", "-o", game).exit_code
        == 0
    )
    before = Path(game).read_bytes()
    for args in (("view", game, "ana"), ("view", game, "ben", "--json"), ("view", game, "gm")):
        assert sealed(*args).exit_code == 0
    assert Path(game).read_bytes() == before
    assert sealed("view", game, "ana", "--channel", "email", "--mark-delivered").exit_code == 0
    assert json.loads(Path(game).read_text())["cursors"] == {
        "ana@email": {"events": 0, "messages": 0}
    }


def test_an_order_for_an_old_step_is_refused_by_its_token(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    sealed("new", "war-slayer", "--players", "ana,ben", "--seed", "3", "-o", game)
    view = json.loads(sealed("view", game, "ana", "--json").output)
    assert view["step"] == 1
    assert sealed("close", game).exit_code == 0  # the deadline passes: step 1 opens
    before = Path(game).read_bytes()
    error = one_line_error(sealed("order", game, "ana", "dossier", "--step", "1"))
    assert "step 1 is over" in error
    assert Path(game).read_bytes() == before


def test_messages_are_sent_recorded_and_reported(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    sealed("new", "war-slayer", "--players", "ana,ben", "--seed", "3", "-o", game)
    sent = sealed("send", game, "ana", "shall we trade?", "--to", "ben")
    assert sent.exit_code == 0 and "message #1 from ana to ben" in sent.output
    assert "ana to ben (step 1): shall we trade?" in sealed("view", game, "ben").output
    assert "shall we trade?" in sealed("view", game, "gm").output
    assert "did you mean 'ben'" in one_line_error(sealed("send", game, "ana", "hi", "--to", "bn"))


def test_an_order_starting_with_a_bullet_is_an_order_not_an_option(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    sealed("new", "war-slayer", "--players", "ana,ben", "--seed", "4", "-o", game)
    result = sealed("order", game, "ana", "- theater 3H 2C KH", "--lenient")
    assert result.exit_code == 0 and "sealed ana: theater 3H 2C KH" in result.output


def test_a_chatter_only_email_keeps_the_sealed_orders(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    sealed("new", "war-slayer", "--players", "ana,ben", "--seed", "4", "-o", game)
    sealed("order", game, "ana", "theater 3H 2C KH")
    before = Path(game).read_bytes()
    for body in ("", ".", "Hi GM, all good. Thanks!"):
        error = one_line_error(sealed("order", game, "ana", "-", "--lenient", input=body))
        assert "no orders found" in error
    assert Path(game).read_bytes() == before


@pytest.mark.parametrize("body", ["", ".", "\n\n", "> pass\n"])
def test_an_empty_email_never_replaces_rex_furum_orders(tmp_path: Path, body: str) -> None:
    game = str(tmp_path / "rf.json")
    sealed("new", "rex-furum", "--players", "amy,bo,cy", "--seed", "1", "-o", game)
    assert sealed("order", game, "amy", "crash alpha").exit_code == 0
    before = Path(game).read_bytes()
    assert "no orders found" in one_line_error(
        sealed("order", game, "amy", "-", "--lenient", input=body)
    )
    assert Path(game).read_bytes() == before


def test_errors_are_one_short_line_whatever_the_input(tmp_path: Path) -> None:
    game = str(tmp_path / "g.json")
    sealed("new", "war-slayer", "--players", "ana,ben", "--seed", "4", "-o", game)
    huge = "x" * 2_000_000
    for args in (("order", game, huge, "pass"), ("order", game, "ana", huge), ("view", game, huge)):
        assert len(one_line_error(sealed(*args))) <= 520


def test_a_game_file_in_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    missing = str(tmp_path / "no" / "such" / "dir" / "a.json")
    error = one_line_error(sealed("new", "war-slayer", "--players", "a,b", "-o", missing))
    assert "cannot write" in error
