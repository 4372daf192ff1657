"""Golden playthroughs: one bot game per game, written out with every viewer's view.

A playthrough lists, step by step, what each seat was asked, the orders
sealed (canonical text), every event with its audience, and each seat's
rendered view afterwards. ``tests/golden/<game>.txt`` holds one per game;
the test suite regenerates them and diffs, so any change in rules, notation,
events or views shows up in review. Regenerate after an intended change:
``.venv/bin/python -m sealed.lab.golden``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sealed.core.game import Game, resolve_options
from sealed.core.match import Match, bot_rng
from sealed.core.registry import all_games

GOLDEN_DIR = Path(__file__).resolve().parents[3] / "tests" / "golden"
SEED = 2026


def playthrough(game: Game[Any, Any, Any], max_steps: int = 40) -> str:
    """The golden text of one seeded game between the game's bots (all but ``random``)."""
    seats = [f"p{i + 1}" for i in range(game.usual_players)]
    names = [n for n in game.bots if n != "random"] or ["random"]
    bots = {seat: game.bots[names[i % len(names)]]() for i, seat in enumerate(seats)}
    rngs = {seat: bot_rng(SEED, seat) for seat in seats}
    match = Match.new(game, seats, resolve_options(game.options, {}), seed=SEED)
    lines = [f"# {game.title} v{game.version}, seed {SEED}, bots: {names}", ""]
    lines += _views(match)
    for number in range(1, max_steps + 1):
        if match.result() is not None:
            break
        lines.append(f"## step {number}")
        for seat, prompt in match.prompts().items():
            order = bots[seat].choose(game.view(match.state, seat), prompt, rngs[seat])
            lines.append(f"{seat} <- {prompt.phase}: {game.format(order)}")
            match.seal_order(seat, order)
        if match.pending:
            match.close()
        for event in match.steps[-1].events:
            lines.append(f"  [{_audience(event.audience.to_json())}] {event.text}")
        lines += _views(match)
    result = match.result()
    lines.append(f"result: {result.to_json() if result else 'not over after the steps shown'}")
    return "\n".join(lines) + "\n"


def _audience(audience: str | list[str]) -> str:
    return audience if isinstance(audience, str) else ",".join(audience)


def _views(match: Match[Any, Any, Any]) -> list[str]:
    lines = []
    for seat in match.seats:
        lines.append(f"### view of {seat}")
        lines.append(match.game.render(match.game.view(match.state, seat)))
    lines.append("")
    return lines


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.txt"


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, game in all_games().items():
        golden_path(name).write_text(playthrough(game), encoding="utf-8")
        print(f"wrote {golden_path(name)}")


if __name__ == "__main__":
    main()
