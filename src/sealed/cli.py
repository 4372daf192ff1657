"""The ``sealed`` command.

Every error a user can cause is reported on one line with a non-zero exit,
never a traceback (see :class:`sealed.core.errors.SealedError`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import json
import random
import re
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Column, Table

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError, ScenarioError, SealedError, SetupError
from sealed.core.game import GM, Game, resolve_options
from sealed.core.match import Match, play_bots, salvage_orders
from sealed.core.registry import all_games, get_game
from sealed.core.scenario import line_of, load_scenarios, run_scenario
from sealed.core.suggest import did_you_mean
from sealed.lab.sim import (
    check_bots,
    markdown_table,
    run_games,
    scenario_options,
    scenario_table,
    stopping_on_interrupt,
    summarise,
    summarise_tally,
    tally_lines,
)
from sealed.report import human_time, message_line, printable, report_text, result_text
from sealed.storage import check_can_save, load_match, save_match, updating, utc_now

console = Console(highlight=False, soft_wrap=True)


# Commands whose modules load heavy libraries (the web server's database toolkit, the lab's
# numpy) are imported when they are asked for, so every other `sealed` call starts quickly.
LAZY_COMMANDS = {"lab": "sealed.lab.cli:lab", "serve": "sealed.server.cli:serve"}


class SealedGroup(click.Group):
    """Suggests the nearest command and turns user errors into one clean line."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in LAZY_COMMANDS:
            module, name = LAZY_COMMANDS[cmd_name].split(":")
            self.add_command(getattr(importlib.import_module(module), name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        known = self.list_commands(ctx)
        if args and args[0] not in known and not args[0].startswith("-"):
            raise click.UsageError(
                f"unknown command {args[0]!r}{did_you_mean(args[0], known)}", ctx
            )
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SealedError as error:
            raise click.ClickException(one_line(str(error))) from None


class SeatCommand(click.Command):
    """A command of GAME_FILE and a seat: a missing seat is answered with the game's seats."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, list(args))
        except click.MissingParameter as error:
            name = error.param.name if error.param is not None else None
            if name == "text":
                what = "the message, in quotes, or - to read it"
                if self.name == "order":
                    what = "the orders, in quotes, or - to read them"
                raise click.UsageError(
                    f"missing argument TEXT: {what} from standard input", ctx
                ) from None
            seats = _seats_of(ctx.params.get("game_file"))
            if name not in ("seat", "sender") or not seats:
                raise
            raise click.UsageError(
                f"missing argument {str(name).upper()}: one of {', '.join(seats)}, or gm", ctx
            ) from None


def _seats_of(game_file: Any) -> list[str]:
    """The seats of a game file, or none if it cannot be read (its own error comes later)."""
    if not isinstance(game_file, str):
        return []
    try:
        return list(load_match(game_file).seats)
    except SealedError:
        return []


class QuotedTextCommand(SeatCommand):
    """A command whose last argument is a text: extra words mean its quotes were forgotten.

    ``sealed order game.json ana dossier KH 7S 2D`` is the commonest slip of a new user; the
    answer shows the command with the text quoted instead of "unexpected extra arguments".
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, list(args))
        except click.UsageError as error:
            if "unexpected extra argument" not in error.message:
                raise
            words, options = self._split(args)
            fixed = [*map(_shell_word, words[:2]), _shell_word(" ".join(words[2:]), always=True)]
            command = " ".join(["sealed", str(self.name), *fixed, *map(_shell_word, options)])
            raise click.UsageError(
                f"the text is one argument: put it in quotes: {command}", ctx
            ) from None

    def _split(self, args: list[str]) -> tuple[list[str], list[str]]:
        """``args`` as the positional words and this command's options (with their values)."""
        takes_value = {
            name: not param.is_flag
            for param in self.params
            if isinstance(param, click.Option)
            for name in param.opts
        }
        words: list[str] = []
        options: list[str] = []
        value_next = False
        for arg in args:
            name = arg.split("=", 1)[0]
            if value_next:
                options.append(arg)
                value_next = False
            elif name in takes_value:
                options.append(arg)
                value_next = takes_value[name] and "=" not in arg
            else:
                words.append(arg)
        return words, options


def _shell_word(text: str, always: bool = False) -> str:
    """``text`` as a shell word, in double quotes where it needs quoting (as the README writes)."""
    if not always and text and shlex.quote(text) == text:
        return text
    if not any(c in text for c in '"$`\\!'):
        return f'"{text}"'
    return shlex.quote(text)


MAX_ERROR_LINE = 500


def one_line(message: str) -> str:
    """An error as one line of at most :data:`MAX_ERROR_LINE` characters (input may be huge)."""
    line = " ".join(message.split())
    if len(line) <= MAX_ERROR_LINE:
        return line
    return line[: MAX_ERROR_LINE - 30] + f" ... ({len(line):,} characters)"


@click.group(cls=SealedGroup)
@click.version_option(package_name="sealed-orders")
def cli() -> None:
    """sealed: a game master for games of sealed orders."""


def main() -> None:
    cli()


# -- helpers -----------------------------------------------------------------


def parse_players(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def parse_option_pairs(game: Game[Any, Any, Any], pairs: Sequence[str]) -> dict[str, Any]:
    given: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(f"option {pair!r} must be written name=value")
        name, value = pair.split("=", 1)
        given[name.strip()] = value
    return resolve_options(game.options, given)


def load_setup(path: str | None, kind: str = "setup") -> dict[str, Any] | None:
    """A setup (or map) file (YAML) as data whose mappings remember their lines."""
    if path is None:
        return None
    import yaml

    from sealed.core.scenario import load_yaml_lines

    try:
        data = load_yaml_lines(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise SetupError(f"cannot read {kind} {path!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise SetupError(f"{kind} {path!r} is not UTF-8 text") from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else path
        raise SetupError(f"{kind} {where} is not valid YAML: {error}") from None
    if not isinstance(data, dict):
        raise SetupError(f"{kind} {path!r} must be a mapping of state keys")
    return data


def setup_error_at(path: str, data: Any, error: SetupError) -> SetupError:
    """``error`` with the file and line of the value it names."""
    from sealed.core.scenario import line_of

    line = line_of(data, error.path) if error.path else None
    return SetupError(f"{path}:{line}: {error}" if line else f"{path}: {error}")


def load_map(game: Game[Any, Any, Any], path: str | None) -> dict[str, Any] | None:
    """A table's own board (``--map FILE``): the whole board, as the game's ``board_key``.

    The file holds the board itself (or one top-level key of that name, as the shipped
    board file does). Every mapping key of the game's own board must be given: a table
    entering its printed board must not get parts of another one by omission.

    :raises SetupError: the game has no board, or the file is not a whole board.
    """
    if path is None:
        return None
    key = game.board_key
    if key is None:
        boards = ", ".join(g.name for g in all_games().values() if g.board_key) or "none"
        raise SetupError(
            f"--map: {game.name} has no printed board to enter (games with one: {boards}); "
            "--setup FILE gives state overrides"
        )
    data = load_setup(path, "map")
    assert data is not None
    if set(data) == {key}:
        data = data[key]
    if not isinstance(data, dict):
        raise SetupError(f"map {path!r} must be a mapping ({key} of the game's state)")
    seats = [f"seat{i}" for i in range(game.min_players)]
    options = resolve_options(game.options, {})
    shipped = game.to_json(game.initial_state(seats, options, SeededChance(0)))
    missing = _missing_keys(shipped[key], data, ())
    if missing:
        line = line_of(data, missing[0][:-1])
        where = f"{path}:{line}" if line else path
        raise SetupError(f"{where}: {key}.{'.'.join(missing[0])} is missing (a map gives it all)")
    return {key: data}


def _missing_keys(full: Any, given: Any, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Paths of the mapping keys of ``full`` that ``given`` lacks (lists are taken whole)."""
    if not (isinstance(full, dict) and isinstance(given, dict)):
        return []
    missing: list[tuple[str, ...]] = []
    for name, value in full.items():
        if name not in given:
            missing.append((*path, name))
        else:
            missing += _missing_keys(value, given[name], (*path, name))
    return missing


def start_setup(
    game: Game[Any, Any, Any], setup_path: str | None, map_path: str | None
) -> tuple[dict[str, Any] | None, Callable[[SetupError], SetupError]]:
    """The setup of ``--setup`` and ``--map`` together, and how to place an error in its file."""
    setup = load_setup(setup_path)
    board = load_map(game, map_path)
    if board and setup and game.board_key in setup:
        raise SetupError(
            f"the board is given twice: --map {map_path} and the setup's '{game.board_key}'"
        )
    merged = {**(setup or {}), **(board or {})} if setup or board else None

    def locate(error: SetupError) -> SetupError:
        if board is not None and map_path and error.path[:1] == (game.board_key,):
            line = line_of(board[str(game.board_key)], error.path[1:])
            return SetupError(f"{map_path}:{line}: {error}" if line else f"{map_path}: {error}")
        if setup_path is not None:
            return setup_error_at(setup_path, setup, error)
        return error

    return merged, locate


@contextlib.contextmanager
def updating_then_print(game_file: str) -> Iterator[Match[Any, Any, Any]]:
    """:func:`updating`, with everything the block prints held until the game file is saved.

    A reader that stops early (``sealed close game.json | head``) breaks the pipe; printed
    inside the update, that aborted the save, so the step shown had never happened.
    """
    with updating(game_file) as match, console.capture() as held:
        yield match
    click.echo(held.get(), nl=False)


def print_reports(match: Match[Any, Any, Any]) -> None:
    """Print every seat's new report and mark it delivered on the terminal channel."""
    for seat in match.seats:
        console.rule(f"report for {seat}")
        report = match.report(seat)
        console.print(report_text(match.game, report), markup=False)
        match.deliver(report)


# -- commands ----------------------------------------------------------------


NARROW = 60  # terminal columns below which `sealed games` is a plain list


def _longest_name() -> int:
    return max(len(name) for name in all_games())


@cli.command()
def games() -> None:
    """List the games, with player counts and bots."""
    if console.width < NARROW:  # four columns would cut every word: a plain list instead
        for game in all_games().values():
            console.print(f"{game.name} ({game.player_range} players)", markup=False)
            console.print(f"  bots: {', '.join(game.bots)}", markup=False)
            console.print(f"  {game.summary or game.title}", markup=False)
        return
    table = Table("players", "bots", "what it is")
    # the one column a user copies: never cut ("cru…"); a narrow terminal folds it instead
    table.columns.insert(0, Column("game", no_wrap=True, min_width=_longest_name()))
    for game in all_games().values():
        table.add_row(
            game.name, game.player_range, ", ".join(game.bots), game.summary or game.title
        )
    console.print(table)


@cli.command()
@click.argument("game_name", metavar="GAME")
def rules(game_name: str) -> None:
    """Print a game's manual: rules as built, notation, options, rulings."""
    game = get_game(game_name)
    path = game.manual_path()
    if path is None:
        raise SealedError(f"the manual of {game.name} ({game.manual}) is not installed")
    text = path.read_text(encoding="utf-8")
    if game.options:
        text += "\n\n## Options at a glance (`--option name=value`)\n\n" + "\n".join(
            f"- `{spec.name}` (default {spec.default}): {spec.doc}" for spec in game.options
        )
    if console.is_terminal:
        import os

        from rich.markdown import Markdown

        os.environ.setdefault("LESS", "-R")  # the pager shows colours, not escape codes
        with console.pager(styles=True):
            console.print(Markdown(text))
    else:
        click.echo(text)


@cli.command()
@click.argument("game_name", metavar="GAME")
@click.option("--players", required=True, help="Seat names, comma-separated: ana,ben")
@click.option("--seed", default=None, help="Seed for chance (random if omitted, and recorded).")
@click.option("--option", "option_pairs", multiple=True, help="Rule variant name=value.")
@click.option("--setup", "setup_path", default=None, help="YAML file of state overrides.")
@click.option("--map", "map_path", default=None, help="YAML file of a table's own printed board.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Overwrite an existing game file.")
@click.option(
    "--mad-jack",
    "mad_jack",
    is_flag=True,
    help="Crusoe's Planet: roll the scenario on the 'Mad Jack' tables (from --seed).",
)
@click.option(
    "--dice",
    "mad_jack_dice",
    default=None,
    help='With --mad-jack: real dice for the tables, in the order asked: "3 5 6 1".',
)
@click.option(
    "--complications",
    type=int,
    default=0,
    show_default=True,
    help="With --mad-jack: how many rolls on the complication table (ruling 44).",
)
@click.option(
    "--chart",
    "chart_path",
    default=None,
    help="Crusoe's Planet: a Bureaucracy's flow chart, a text file (option government_chart).",
)
def new(
    game_name: str,
    players: str,
    seed: str | None,
    option_pairs: tuple[str, ...],
    setup_path: str | None,
    map_path: str | None,
    output: str,
    force: bool,
    mad_jack: bool,
    mad_jack_dice: str | None,
    complications: int,
    chart_path: str | None,
) -> None:
    """Start a game and write its record to a game file."""
    game = get_game(game_name)
    if Path(output).exists() and not force:
        raise SealedError(f"{output} exists; use --force to overwrite it")
    options = parse_option_pairs(game, option_pairs)
    if chart_path is not None:
        options = resolve_options(game.options, {**options, **_chart_option(game, chart_path)})
    rolling = mad_jack or mad_jack_dice is not None
    if complications and not rolling:
        raise SealedError("--complications: only with --mad-jack (the complication table)")
    if rolling:
        if seed is None and mad_jack_dice is None:
            seed = str(random.SystemRandom().randrange(10**9))
        rolled = _mad_jack_options(
            game, len(parse_players(players)), seed, mad_jack_dice, complications
        )
        clash = sorted(set(rolled) & {pair.split("=", 1)[0].strip() for pair in option_pairs})
        if clash:
            raise SealedError(
                f"--option {', '.join(clash)}: "
                "rolled by --mad-jack; leave it out, or drop --mad-jack"
            )
        options = resolve_options(game.options, {**options, **rolled})
    setup, locate = start_setup(game, setup_path, map_path)
    try:
        match = Match.new(
            game, parse_players(players), options, seed=_seed(seed), setup=setup, clock=utc_now
        )
    except SetupError as error:
        raise locate(error) from None
    except OptionError as error:
        raise _chart_error_at(chart_path, error) from None
    save_match(match, output)
    console.print(f"new game of {game.title} in {output}; seats: {', '.join(match.seats)}")
    _print_waiting(match)


CHART_OPTION = "government_chart"
_CHART_LINE = re.compile(r"^government_chart line (\d+): (.*)$", re.DOTALL)


def _chart_option(game: Game[Any, Any, Any], path: str) -> dict[str, str]:
    """``--chart FILE``: the file's text as the option ``government_chart``.

    :raises SetupError: the game has no flow chart, or the file cannot be read.
    """
    if not any(spec.name == CHART_OPTION for spec in game.options):
        raise SetupError(f"--chart: {game.title} has no flow chart (Crusoe's Planet's Bureaucracy)")
    try:
        return {CHART_OPTION: Path(path).read_text(encoding="utf-8")}
    except OSError as error:
        raise SetupError(f"cannot read chart {path!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise SetupError(f"chart {path!r} is not UTF-8 text") from None


def _chart_error_at(path: str | None, error: OptionError) -> OptionError:
    """A chart's error as ``FILE:LINE: why`` when the chart came from ``--chart FILE``."""
    found = _CHART_LINE.match(str(error))
    if path is None or found is None:
        return error
    return OptionError(f"{path}:{found.group(1)}: {found.group(2)}")


def _mad_jack_options(
    game: Game[Any, Any, Any],
    players: int,
    seed: str | None,
    dice: str | None,
    complications: int,
) -> dict[str, Any]:
    """Crusoe's Planet's 'Mad Jack' tables rolled in the open (seeded, or real dice typed in),
    with ``complications`` rolls on the complication table, printed, and turned into the
    game's options; a roll the program cannot play yet is refused with what is missing, and
    nothing is written."""
    if game.name != "crusoe":
        raise SealedError(f"--mad-jack rolls Crusoe's Planet's scenario tables, not {game.title}'s")
    from sealed.games.crusoe import madjack

    if dice is not None:
        entered = madjack.EnteredDice(dice)
        config = madjack.roll(players, entered, complications)
        entered.check_all_used()
    else:
        assert seed is not None  # the caller draws one when neither was given
        config = madjack.roll(players, SeededChance(f"madjack/{seed}"), complications)
        config = dataclasses.replace(config, seed=seed)
    console.print(config.to_text(), markup=False, highlight=False)
    missing = config.not_built()
    if missing:
        raise SealedError(
            "this roll cannot be played yet (not built: "
            + "; ".join(missing)
            + "); roll again with another --seed, or choose the options yourself"
        )
    return config.options()


def _seed(text: str | None) -> int | str | None:
    if text is None:
        return None
    return int(text) if text.lstrip("-").isdigit() else text


def _print_waiting(match: Match[Any, Any, Any]) -> None:
    result = match.result()
    if result is not None:
        console.print(result_text(result), markup=False)
        return
    waiting = match.waiting_for()
    if waiting:
        console.print(f"waiting for orders from: {', '.join(waiting)}")
    else:
        console.print("every seat has sealed; waiting for the deadline ('sealed close')")
    if match.deadline:
        passed = datetime.fromisoformat(match.deadline) <= utc_now()
        note = "passed: close the step with 'sealed close'" if passed else "then 'sealed close'"
        console.print(f"deadline: {human_time(match.deadline)} ({note})")


@cli.command(cls=QuotedTextCommand, context_settings={"ignore_unknown_options": True})
@click.argument("game_file", type=click.Path(dir_okay=False))
@click.argument("seat")
@click.argument("text")
@click.option(
    "--lenient", is_flag=True, help="Email mode: set aside lines that are not orders (greetings)."
)
@click.option(
    "--step",
    type=click.IntRange(min=1),
    default=None,
    help="The step the orders were written for (from the report); refused if it is over.",
)
def order(game_file: str, seat: str, text: str, lenient: bool, step: int | None) -> None:
    """Seal SEAT's orders (TEXT, or - to read them from standard input).

    SEAT may be 'gm' when the rules ask the game master. When every prompted
    seat has sealed, the orders are opened and each seat's report is printed.
    """
    if text == "-":
        text = sys.stdin.read()
    with updating_then_print(game_file) as match:
        if lenient and seat in match.prompts():
            text, skipped = salvage_orders(match.game, match.state, seat, text)
            for line in skipped:
                console.print(
                    f"set aside line {line.number} {line.text!r}: {line.error}", markup=False
                )
        before = len(match.steps)
        match.seal(seat, text, step=step)
        if seat in match.bots():  # the GM writes over a bot's seat: say so, it is easy to miss
            console.print(
                f"note: {seat} is played by the bot {match.bots()[seat]!r}; "
                "your orders replace its",
                markup=False,
            )
        if seat in match.pending and match.pending[seat].late:
            console.print(f"note: {seat}'s orders were sealed after the deadline")
        sealed_text = printable(_sealed_text(match, seat, before))
        console.print(f"sealed {seat}: {sealed_text}", markup=False)
        _bots_play(match)  # seats handed to a bot ('sealed handover') seal when due
        if len(match.steps) > before:
            print_reports(match)
    _print_waiting(match)


def _sealed_text(match: Match[Any, Any, Any], seat: str, before: int) -> str:
    """The canonical text of what ``seat`` just sealed, opened or not."""
    if seat in match.pending:
        return match.pending[seat].canonical
    return match.steps[before].orders[seat].canonical


@cli.command()
@click.argument("game_file", type=click.Path(dir_okay=False))
def close(game_file: str) -> None:
    """The deadline passes: unsealed seats get the game's default orders."""
    with updating_then_print(game_file) as match:
        match.close()
        _bots_play(match)  # seats handed to a bot ('sealed handover') seal when due
        print_reports(match)
    _print_waiting(match)


HUMAN = ("human", "person", "none")


@cli.command()
@click.argument("game_file", type=click.Path(dir_okay=False))
@click.argument("seat")
@click.argument("bot")
def handover(game_file: str, seat: str, bot: str) -> None:
    """Hand SEAT to BOT from the open step on ('human' hands it back to a person).

    The bot is given SEAT's view only, never the game master's, and seals
    SEAT's orders whenever they are due: now, and after each 'sealed order'
    or 'sealed close' that opens a step. The record says from which step.
    """
    with updating_then_print(game_file) as match:  # saved before a reader can stop us
        if match.result() is not None:
            raise SealedError("the game is over: nothing to hand over")
        name = None if bot.lower() in HUMAN else bot
        given = match.hand_over(seat, name)
        who = f"the bot {name!r}" if name else "a person"
        console.print(f"{given.seat} is played by {who} from step {given.step}", markup=False)
        if _bots_play(match):
            print_reports(match)
    _print_waiting(match)


def _bots_play(match: Match[Any, Any, Any]) -> bool:
    """Seats handed to bots seal their due orders, each from its own view; True if a step
    opened. Each bot draws from a generator of the seed, seat and step (as on the server)."""
    bots = match.bots()
    if not bots or match.result() is not None:
        return False
    before = len(match.steps)
    players = {seat: match.game.bots[name]() for seat, name in bots.items()}
    rngs = {seat: random.Random(f"{match.seed}/bot/{seat}/{match.step}") for seat in players}
    play_bots(match, players, rngs)
    return len(match.steps) > before


@cli.command()
@click.argument("game_file", type=click.Path(dir_okay=False))
@click.option(
    "--step",
    type=click.IntRange(min=1),
    default=None,
    help="The step whose post to print (default: the last one opened).",
)
def post(game_file: str, step: int | None) -> None:
    """The public post of a step, printed once to paste where every player reads it.

    Only what every seat is told in the same words: a game's own public post
    (FactionRPG's) if it writes one, else every event told to all seats alike.
    Each seat's private report stays with 'sealed view SEAT'.
    """
    match = load_match(game_file)
    if not match.steps:
        raise SealedError("no step has opened yet: nothing to post")
    number = step or len(match.steps)
    if number > len(match.steps):
        raise SealedError(f"step {number} has not opened yet (opened: 1 to {len(match.steps)})")
    public = [e for e in match.steps[number - 1].events if e.audience.seats is None]
    public = [e for e in public if not e.wordings]  # a wording differs by seat: not a post
    posts = [e for e in public if e.kind == "public-post"] or public
    if not posts:
        console.print(f"step {number} told every seat nothing in common", markup=False)
    for event in posts:  # a player's words (a narration) may carry terminal escapes
        console.print(printable(event.text), markup=False)


@cli.command(cls=SeatCommand)
@click.argument("game_file", type=click.Path(dir_okay=False))
@click.argument("seat")
@click.option("--all", "full", is_flag=True, help="Every event this seat may see, not just new.")
@click.option("--json", "as_json", is_flag=True, help="The view and events as JSON.")
@click.option(
    "--channel", default="terminal", show_default=True, help="Whose cursor: terminal, email, web..."
)
@click.option(
    "--mark-delivered",
    is_flag=True,
    help="Record that this report was delivered (the next one starts after it).",
)
def view(
    game_file: str, seat: str, full: bool, as_json: bool, channel: str, mark_delivered: bool
) -> None:
    """SEAT's report: its view and what it may know since its last delivered report.

    Reading never changes the game file; --mark-delivered does, on purpose.
    SEAT 'gm' is the game master (everything, in true wording).
    """
    from sealed.core.jsonable import jsonable

    if mark_delivered:
        with updating(game_file) as match:
            report = match.report(seat, channel=channel, full=full)
            match.deliver(report)
    else:
        match = load_match(game_file)
        report = match.report(seat, channel=channel, full=full)
    if as_json:
        data = {
            "seat": seat,
            "step": report.step,
            "view": jsonable(report.view),
            "events": [jsonable(e) for e in report.events],
            "messages": [m.to_json() for m in report.messages],
            "due": report.prompt is not None,
        }
        click.echo(json.dumps(data, indent=1))
        return
    console.print(report_text(match.game, report), markup=False)


@cli.command(cls=QuotedTextCommand)
@click.argument("game_file", type=click.Path(dir_okay=False))
@click.argument("sender")
@click.argument("text")
@click.option(
    "--to", "recipients", default="all", show_default=True, help="Seats, comma-separated, or all."
)
def send(game_file: str, sender: str, text: str, recipients: str) -> None:
    """Send a message (press) from SENDER (a seat, or gm) to some or all seats.

    TEXT may be - to read it from standard input. The game master reads every
    message; messages travel in the record and in reports, never in the rules.
    """
    if text == "-":
        text = sys.stdin.read()
    to = None if recipients.strip().lower() == "all" else parse_players(recipients)
    with updating(game_file) as match:
        message = match.send(sender, to, text)
    who = "everyone" if message.to is None else ", ".join(sorted(message.to))
    console.print(f"message #{message.number} from {sender} to {who} recorded", markup=False)


@cli.command()
@click.argument("game_file", type=click.Path(dir_okay=False))
def status(game_file: str) -> None:
    """Who still has to decide (never what anyone sealed)."""
    match = load_match(game_file)
    console.print(f"{match.game.title}: {len(match.steps)} step(s) played; open step: {match.step}")
    prompts = match.prompts()
    bots = match.bots()
    for seat in match.readers:
        if seat == GM and seat not in prompts:
            continue
        played_by = f"bot {bots[seat]}" if seat in bots else None
        if seat in prompts:
            state = "sealed" if seat in match.pending else "to decide"
            about = "; ".join(x for x in (prompts[seat].phase, played_by) if x)
            console.print(f"  {seat}: {state} ({about})", markup=False)
        else:
            console.print(
                f"  {seat}: nothing due" + (f" ({played_by})" if played_by else ""), markup=False
            )
    _print_waiting(match)


@cli.command()
@click.argument("game_file", type=click.Path(dir_okay=False))
def log(game_file: str) -> None:
    """The game master's account: every step's sealed orders and every event, with its audience."""
    match = load_match(game_file)
    for number, step in enumerate(match.steps, 1):
        console.rule(f"step {number}")
        for seat, sealed in step.orders.items():
            note = " (deadline default)" if sealed.default else ""
            console.print(f"{seat}: {printable(sealed.canonical)}{note}", markup=False)
        for event in step.events:
            audience = event.audience.to_json()
            who = audience if isinstance(audience, str) else ", ".join(audience)
            console.print(f"  [{who}] {printable(event.text)}", markup=False)
            for wording in event.wordings:
                told = ", ".join(sorted(wording.seats))
                console.print(f"    told [{told}]: {printable(wording.text)}", markup=False)
        for message in match.messages:
            if message.step == number:
                console.print(message_line(message), markup=False)
    for message in match.messages:
        if message.step == match.step:
            console.print(message_line(message), markup=False)
    if match.pending:
        console.print(f"sealed, not yet opened: {', '.join(match.pending)}")
    _print_waiting(match)


@cli.command(name="replay")
@click.argument("game_file", type=click.Path(dir_okay=False))
def replay_command(game_file: str) -> None:
    """Verify a game record: replay every step and compare."""
    match = load_match(game_file)
    console.print(f"ok: {game_file} replays exactly ({len(match.steps)} steps)")
    result = match.result()
    if result is not None:
        console.print(result_text(result), markup=False)


@cli.command()
@click.argument("scenario_file", type=click.Path(dir_okay=False))
@click.option(
    "--json", "as_json", is_flag=True, help="Print the JSON output (a list for several scenarios)."
)
def run(scenario_file: str, as_json: bool) -> None:
    """Run a scenario file and check its expectations."""
    failed = 0
    outputs = []
    for scenario in load_scenarios(scenario_file):
        result = run_scenario(scenario)
        outputs.append(result.output)
        failed += bool(result.failures)
        if not as_json:
            mark = "FAIL" if result.failures else "ok"
            console.print(f"{mark}: {scenario.name}", markup=False)
            for failure in result.failures:
                console.print(f"  {failure}", markup=False)
    if as_json:
        click.echo(json.dumps(outputs[0] if len(outputs) == 1 else outputs, indent=1))
    if failed:
        raise ScenarioError(f"{failed} scenario(s) did not meet their expectations")


@cli.command()
@click.argument("game_name", metavar="GAME")
@click.option("-n", "count", default=1000, show_default=True, help="How many games.")
@click.option("--bots", default="random", show_default=True, help="Bots, one per seat: a,b.")
@click.option("--seed", default="0", show_default=True, help="Seed of the run.")
@click.option(
    "--jobs",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    help="Processes to play in parallel.",
)
@click.option("--option", "option_pairs", multiple=True, help="Rule variant name=value.")
@click.option(
    "--scenario",
    "scenario_names",
    default=None,
    help="Run the game's scenarios side by side: all, a group (crusoe: introductory), or a,b.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def sim(
    game_name: str,
    count: int,
    bots: str,
    seed: str,
    jobs: int,
    option_pairs: tuple[str, ...],
    scenario_names: str | None,
    as_json: bool,
) -> None:
    """Simulate COUNT bot games and summarise them (seats rotate between games).

    With --scenario, COUNT games of each scenario on the same seeds, and a table
    of the game's own measures (Crusoe's Planet: survival, deaths, VP, rescue)
    with 95% intervals, one row per scenario.
    """
    game = get_game(game_name)
    options = parse_option_pairs(game, option_pairs)
    names = parse_players(bots)
    if len(names) == 1:
        names = names * game.usual_players
    if not game.min_players <= len(names) <= game.max_players:
        raise SealedError(f"{game.title} needs {game.player_range} bots, not {len(names)}")
    check_bots(game, names)
    if count < 1:
        raise SealedError("-n must be at least 1")
    runs = {"": options}
    if scenario_names is not None:
        given = {p.split("=", 1)[0].strip() for p in option_pairs}
        runs = scenario_options(game, scenario_names, {k: options[k] for k in given})
    played = {name: _simulate(game, count, names, seed, o, jobs, name) for name, o in runs.items()}
    reports = {name: summarise(games) for name, games in played.items()}
    tallies = {name: summarise_tally(games, seed) for name, games in played.items()}
    if as_json:
        click.echo(json.dumps(_sim_json(runs, reports, tallies, scenario_names), indent=1))
    elif scenario_names is None:
        _print_sim(game, reports[""], names)
        _print_tally(tallies[""])
    else:
        _print_scenarios(game, reports, tallies, names, seed)


def _simulate(
    game: Game[Any, Any, Any],
    count: int,
    names: list[str],
    seed: str,
    options: dict[str, Any],
    jobs: int,
    scenario: str,
) -> list[Any]:
    progress = Progress(
        TextColumn(f"simulating {scenario}".strip()),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with stopping_on_interrupt(), progress:
        task = progress.add_task("games", total=count)
        return run_games(
            game,
            count,
            names,
            seed,
            options,
            jobs,
            progress=lambda done: progress.advance(task, done),
        )


def _sim_json(
    runs: dict[str, dict[str, Any]],
    reports: dict[str, Any],
    tallies: dict[str, Any],
    scenario_names: str | None,
) -> dict[str, Any]:
    def one(name: str) -> dict[str, Any]:
        data: dict[str, Any] = reports[name].to_json()
        if tallies[name] is not None:
            data["tally"] = tallies[name].to_json()
        return data

    if scenario_names is None:
        return one("")
    return {"scenarios": {name: {"options": runs[name], **one(name)} for name in runs}}


def _print_tally(tally: Any) -> None:
    if tally is not None:
        for line in tally_lines(tally):
            console.print(line, markup=False)


def _print_scenarios(
    game: Game[Any, Any, Any],
    reports: dict[str, Any],
    tallies: dict[str, Any],
    names: list[str],
    seed: str,
) -> None:
    games = next(iter(reports.values())).games
    console.print(
        f"{game.title}: {games} games per scenario (seeds {seed}/0 to {seed}/{games - 1}, the "
        f"same in every scenario); bots: {', '.join(names)}",
        markup=False,
    )
    for name, report in reports.items():
        outcomes = report.outcomes
        length = ", ".join(f"{k} {v:g}" for k, v in report.length.items())
        console.print(f"\n{name}", markup=False)
        console.print(
            f"outcomes: {outcomes['win']} won by one seat, {outcomes['shared']} shared wins, "
            f"{outcomes['nobody']} won by nobody; length in {game.length_unit}: {length}",
            markup=False,
        )
        _print_tally(tallies[name])
    measured = {name: t for name, t in tallies.items() if t is not None}
    if measured:
        console.print("\nOne row per scenario (95% intervals in brackets):", markup=False)
        for line in markdown_table(*scenario_table(measured)):
            console.print(line, markup=False)


def _print_sim(game: Game[Any, Any, Any], report: Any, names: list[str]) -> None:
    console.print(f"{report.games} games of {game.title}; bots: {', '.join(names)}")
    wins = Table("wins by seat", "share", "wins by bot", "share")
    seats = list(report.wins_by_seat.items())
    bots_ = list(report.wins_by_bot.items())
    for i in range(max(len(seats), len(bots_))):
        seat = seats[i] if i < len(seats) else ("", None)
        bot = bots_[i] if i < len(bots_) else ("", None)
        wins.add_row(seat[0], _pct(seat[1], report.games), bot[0], _pct(bot[1], report.games))
    console.print(wins)
    outcomes = report.outcomes
    console.print(
        f"outcomes: {outcomes['win']} won by one seat, {outcomes['shared']} shared wins, "
        f"{outcomes['nobody']} won by nobody"
    )
    length = ", ".join(f"{k} {v:g}" for k, v in report.length.items())
    console.print(f"game length in {game.length_unit}: {length}")
    histogram = Table(f"{game.length_unit} from", "games", "")
    peak = max(report.length_histogram.values())
    for start, n in report.length_histogram.items():
        histogram.add_row(str(start), str(n), "#" * max(1, round(30 * n / peak)))
    console.print(histogram)
    actions = Table("bot", "action", "uses")
    for bot, counts in report.actions.items():
        for action, uses in counts.items():
            actions.add_row(bot, action, str(uses))
    console.print(actions)
    console.print(
        f"lead changes per game: {report.lead_changes_mean:.2f}; games where the lead "
        f"changed hands: {report.games_with_lead_change:.1%}"
    )
    console.print(
        f"leader half-way through went on to win: {report.halftime_leader_wins:.1%}; "
        f"winner was behind at some point: {report.comebacks:.1%}"
    )


def _pct(value: float | None, total: int) -> str:
    return "" if value is None else f"{value:g} ({value / total:.1%})"


@cli.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option(
    "--players", default=None, help="Seat names: ana,ben (default: one human, player, and bots)."
)
@click.option("--bot", "bot_pairs", multiple=True, help="Make a seat a bot: ben=spymaster.")
@click.option("--seed", default=None, help="Seed for chance (random if omitted).")
@click.option("--option", "option_pairs", multiple=True, help="Rule variant name=value.")
@click.option("--table", "table_chance", is_flag=True, help="Enter real dice and decks by hand.")
@click.option("--map", "map_path", default=None, help="YAML file of a table's own printed board.")
@click.option("-o", "--output", default=None, help="Save the game file after every step.")
@click.option("--force", is_flag=True, help="Let -o overwrite an existing file.")
@click.option(
    "--resume",
    "resume_file",
    default=None,
    type=click.Path(dir_okay=False),
    help="Go on with a game saved by -o (GAME is then ignored).",
)
def play(
    game_name: str | None,
    players: str | None,
    bot_pairs: tuple[str, ...],
    seed: str | None,
    option_pairs: tuple[str, ...],
    table_chance: bool,
    map_path: str | None,
    output: str | None,
    force: bool,
    resume_file: str | None,
) -> None:
    """Play in the terminal: any mix of humans and bots (hot seat for several humans).

    At a prompt, type the orders, or help, view, quit. With -o the game is
    saved after every step; 'sealed play --resume FILE' goes on with it.
    """
    from sealed.terminal import TerminalTable, choose_seats

    if resume_file is not None:
        match = load_match(resume_file)
        # A record without a seed was played with real dice: it can only go on with them.
        table = table_chance or match.seed is None
        TerminalTable(console).run(match, resume_file, table_chance=table)
        return
    if game_name is None:
        raise click.UsageError("name a GAME to play (see 'sealed games'), or --resume FILE")
    if output and Path(output).exists() and not force:
        raise SealedError(f"{output} exists; use --force to overwrite it, or --resume {output}")
    if output:  # before anyone plays a step that could not be saved
        check_can_save(output)
    game = get_game(game_name)
    options = parse_option_pairs(game, option_pairs)
    seats, bots = choose_seats(game, players, bot_pairs)
    setup, locate = start_setup(game, None, map_path)
    if setup:
        try:  # checked before the table is asked to roll or shuffle anything
            Match.new(game, seats, options, seed=0, setup=setup)
        except SetupError as error:
            raise locate(error) from None
    TerminalTable(console).play(
        game, seats, bots, options, _seed(seed), table_chance, output, setup=setup
    )
