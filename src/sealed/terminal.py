"""Terminal play: humans and bots at one screen.

With more than one human the screen is a hot seat: before a seat's turn
the screen is cleared and the next player is asked to sit down; after the
orders are sealed it is cleared again, so nobody sees another's view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from sealed.core.chance import ChanceRequest, TableChance
from sealed.core.errors import OrderError, SetupError
from sealed.core.game import Game, OptionValue
from sealed.core.match import Match, bot_rng, play_bots
from sealed.core.suggest import closest, did_you_mean
from sealed.report import printable, report_text, result_text
from sealed.storage import save_match

Ask = Callable[[str], str]


def default_bot(game: Game[Any, Any, Any]) -> str:
    """The first bot that is not the random one (the game's sensible opponent)."""
    return next((name for name in game.bots if name != "random"), "random")


def choose_seats(
    game: Game[Any, Any, Any], players: str | None, bot_pairs: Sequence[str]
) -> tuple[list[str], dict[str, str]]:
    """Seats and which of them are bots (seat -> bot name).

    Without ``players``: one human, ``player``, and bots up to the game's usual table.

    :raises SealedError: an unknown seat or bot in ``bot_pairs``.
    """
    if players is None:
        seats = ["player"] + [f"bot{i}" for i in range(1, game.usual_players)]
        bots = {seat: default_bot(game) for seat in seats[1:]}
    else:
        seats = [p.strip() for p in players.split(",") if p.strip()]
        bots = {}
    for pair in bot_pairs:
        seat, _, name = pair.partition("=")
        name = name or default_bot(game)
        if seat not in seats:
            raise SetupError(f"--bot {pair!r}: no seat {seat!r}{did_you_mean(seat, seats)}")
        if name not in game.bots:
            raise SetupError(
                f"--bot {pair!r}: {game.name} has no bot {name!r}"
                f"{did_you_mean(name, game.bots)} (bots: {', '.join(game.bots)})"
            )
        bots[seat] = name
    return seats, bots


class TerminalTable:
    """Runs one game at the terminal."""

    def __init__(self, console: Console, ask: Ask | None = None) -> None:
        self.console = console
        self.ask: Ask = ask or (lambda prompt: console.input(prompt))

    def play(
        self,
        game: Game[Any, Any, Any],
        seats: Sequence[str],
        bots: Mapping[str, str],
        options: Mapping[str, OptionValue],
        seed: int | str | None,
        table_chance: bool = False,
        output: str | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> Match[Any, Any, Any] | None:
        """Play to the end (or until input ends) and return the match.

        ``None`` when input ends before the game has begun (while the table enters the
        first shuffle or dice): there is no game yet, so nothing is saved.
        """
        chance = TableChance(self._ask_chance, self._say) if table_chance else None
        try:
            match = Match.new(game, seats, options, seed=seed, setup=setup, chance=chance)
        except (EOFError, KeyboardInterrupt):
            self._say("\nstopped before the game began (nothing was dealt or saved).")
            return None
        for seat, name in bots.items():
            match.hand_over(seat, name)
        return self.run(match, output)

    def run(
        self, match: Match[Any, Any, Any], output: str | None = None, table_chance: bool = False
    ) -> Match[Any, Any, Any]:
        """Play ``match`` on from where it stands (a new game, or one resumed from its file).

        ``table_chance``: the rest of the dice are asked of the table (a game resumed at a
        real table; a record without a seed cannot draw them any other way).
        """
        if table_chance and not isinstance(match.chance, TableChance):
            match.chance = TableChance(self._ask_chance, self._say)
        game, bots = match.game, match.bots()
        players = {seat: game.bots[name]() for seat, name in bots.items()}
        rngs = {seat: bot_rng(match.seed, seat) for seat in bots}
        humans = [seat for seat in match.seats if seat not in bots]
        hot_seat = len(humans) > 1
        self._say(f"{game.title}: {', '.join(_describe(s, bots) for s in match.seats)}")
        if humans:
            self._say("At your prompt: your orders, or help, view, quit.")
        try:
            while match.result() is None:
                play_bots(match, players, rngs)
                waiting = match.waiting_for()
                if not waiting and match.result() is None:
                    # At one screen the deadline is when everyone has sealed.
                    match.close()
                for seat in waiting:
                    self._turn(match, seat, hot_seat)
                if output:
                    save_match(match, output)
        except (EOFError, KeyboardInterrupt):
            if output:
                save_match(match, output)  # orders sealed so far are kept
            resume = (
                f" The game is saved: 'sealed play --resume {output}' goes on." if output else ""
            )
            self._say("\nstopped." + resume)
            return match
        self._finish(match, humans, hot_seat)
        return match

    def _turn(self, match: Match[Any, Any, Any], seat: str, hot_seat: bool) -> None:
        if hot_seat:
            self._wipe()
            typed = self.ask(
                f"Pass the screen to {seat} and press Enter when only {seat} can see it. "
            )
            if typed.strip():  # never echoed: it may be the last player's secret
                self._say(
                    "(what was typed there is not read and nothing was sealed: "
                    "orders go at the prompt below the report)"
                )
        self._deliver(match, seat)
        while True:
            text = self.ask(f"{seat}> ").strip()
            if self._answered_command(match, seat, text):
                continue
            try:
                match.game.parse(match.state, seat, text)  # a refusal is shown to this seat only
            except OrderError as error:
                self._say(f"refused: {error}{_prompt_word_hint(text)}")
                continue
            if hot_seat:
                # Wipe before sealing: sealing may open the step and ask the table to roll.
                self._wipe()
            match.seal(seat, text)
            return

    def _deliver(self, match: Match[Any, Any, Any], seat: str) -> None:
        """Show ``seat`` what is new for it on this screen, and mark it delivered."""
        report = match.report(seat)
        self._say(report_text(match.game, report))
        match.deliver(report)

    def _answered_command(self, match: Match[Any, Any, Any], seat: str, text: str) -> bool:
        if text.lower() in ("quit", "exit", "stop"):
            raise EOFError  # stop here; the sealed orders are kept (and saved with -o)
        if text in ("help", "?"):
            prompt = match.prompts()[seat]
            choices = f"\nchoices: {', '.join(prompt.choices)}" if prompt.choices else ""
            self._say(prompt.help + choices)
            return True
        if text == "view":
            self._say(report_text(match.game, match.report(seat, full=True)))
            return True
        return False

    def _wipe(self) -> None:
        """Clear the screen and, on a real terminal, its scroll-back (ESC [3J)."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\033[3J")
            self.console.file.flush()

    def _finish(self, match: Match[Any, Any, Any], humans: list[str], hot_seat: bool) -> None:
        if not humans:  # bots only: the table still wants to know who won
            result = match.result()
            if result is not None:
                self._say(result_text(result))
            return
        if not hot_seat:
            for seat in humans:  # each report ends with the result
                self._deliver(match, seat)
            return
        self._wipe()
        public = [printable(e.text) for e in match.events[-10:] if e.audience.seats is None]
        self._say("\n".join(public))
        result = match.result()
        if result is not None:
            self._say(result_text(result))

    def _ask_chance(self, request: ChanceRequest) -> str:
        return self.ask(escape(f"[table] {request.describe()}; enter {_entry_format(request)}: "))

    def _say(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False)


PROMPT_WORDS = ("help", "view", "quit")


def _prompt_word_hint(text: str) -> str:
    """For a lone word that is not an order but close to one of the prompt's own ('hlep')."""
    if not text or " " in text:
        return ""
    hits = closest(text, PROMPT_WORDS, limit=1)
    return f" (at this prompt, did you mean {hits[0]!r}?)" if hits else ""


def _entry_format(request: ChanceRequest) -> str:
    """How to type the outcome of ``request`` at the table."""
    if request.kind == "integer":
        return "the number"
    if request.kind == "dice":
        return "the faces (3 3 1) or counts of faces (2x3 1x1)"
    return f"all {len(request.items)} in order, top first, separated by spaces"


def _describe(seat: str, bots: Mapping[str, str]) -> str:
    return f"{seat} ({bots[seat]} bot)" if seat in bots else seat
