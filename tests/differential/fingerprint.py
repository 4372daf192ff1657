"""Fingerprints of seeded bot games, for the old-versus-new differential test.

A fingerprint is a short hash of everything a game produced that a person or
a program could observe: the seats and bots, every chance outcome, every
sealed order in canonical text, every event's wording for each reader (the
game master and every seat), every seat's rendered view after every step,
the final state's JSON and the result. ``baseline/<game>.txt`` holds the
fingerprints of seeds ``0..N-1`` made by the engine *before* Core 2's
rewrite (commit ab390b7); the test replays the same seeds through the new
code and demands the same fingerprints, so a speed-up that changes one card,
one word or one audience anywhere in thousands of games fails.

Regenerate only for an intended rules change (and bump the game version):
``.venv/bin/python tests/differential/fingerprint.py --write``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

from sealed.core.chance import SeededChance
from sealed.core.game import Game, resolve_options
from sealed.core.match import Match, bot_rng
from sealed.core.registry import get_game

BASELINE_DIR = Path(__file__).resolve().parent / "baseline"
# game -> (how many seeds, the game version whose rules made the baseline). A rules
# change bumps the version and keeps the old rules replayable (Game.for_version), so
# the baseline keeps checking the old rules through the new code.
GAMES = {"war-slayer": (1000, 1), "fixem": (600, 1), "rex-furum": (300, 2)}


def rules(name: str) -> Game[Any, Any, Any]:
    """The rules of the baseline's version of game ``name``."""
    game = get_game(name)
    version = GAMES[name][1]
    older = game.for_version(version)
    assert older is not None, f"{name} no longer replays version {version}"
    return older


def lineup(game: Game[Any, Any, Any], seed: int) -> list[str]:
    """The bots of game ``seed``: the game's bots in turn, shifted by the seed."""
    names = sorted(game.bots)
    return [names[(seed + i) % len(names)] for i in range(game.usual_players)]


def fingerprint(game: Game[Any, Any, Any], seed: int) -> str:
    return played(game, seed)[0]


Ending = tuple[list[Any], dict[str, Any], dict[str, Any] | None]
"""Every chance outcome in order, the final state's JSON and the result's."""


def played(game: Game[Any, Any, Any], seed: int) -> tuple[str, Ending]:
    """Game ``seed`` played through a Match (resolve, events, views): its fingerprint and end."""
    seats = [f"p{i + 1}" for i in range(game.usual_players)]
    names = lineup(game, seed)
    bots = {seat: game.bots[name]() for seat, name in zip(seats, names, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    match = Match.new(game, seats, resolve_options(game.options, {}), seed=seed)
    digest = hashlib.sha256()

    def feed(value: Any) -> None:
        digest.update(json.dumps(value, sort_keys=True, default=str).encode())

    feed([seats, names, [c.to_json() for c in match.start_chance]])
    outcomes = [c.value for c in match.start_chance]
    while match.result() is None:
        for seat, prompt in match.prompts().items():
            view = game.view(match.state, seat)
            match.seal_order(seat, bots[seat].choose(view, prompt, rngs[seat]))
        if match.pending:
            match.close()
        step = match.steps[-1]
        feed({seat: o.canonical for seat, o in step.orders.items()})
        feed([c.to_json() for c in step.chance])
        outcomes += [c.value for c in step.chance]
        for reader in [None, *seats]:
            feed(
                [
                    [e.kind, told.text, e.audience.to_json(), told.data]
                    for e in step.events
                    if (told := e.told(reader)) is not None
                ]
            )
        feed([game.render(game.view(match.state, seat)) for seat in seats])
    feed(game.to_json(match.state))
    result = match.result()
    feed(result.to_json() if result else None)
    ending = (outcomes, game.to_json(match.state), result.to_json() if result else None)
    return digest.hexdigest()[:16], ending


def played_fast(game: Game[Any, Any, Any], seed: int) -> Ending:
    """The same game on the fast path (``advance`` in place, no events, as ``sealed sim``)."""
    seats = [f"p{i + 1}" for i in range(game.usual_players)]
    bots = {s: game.bots[n]() for s, n in zip(seats, lineup(game, seed), strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    chance = SeededChance(seed)
    state = game.initial_state(seats, resolve_options(game.options, {}), chance)
    while (result := game.result(state)) is None:
        orders = {
            seat: bots[seat].choose(game.view(state, seat), prompt, rngs[seat])
            for seat, prompt in game.prompts(state).items()
        }
        state = game.advance(state, orders, chance)
    return [c.value for c in chance.log], game.to_json(state), result.to_json()


def baseline_path(name: str) -> Path:
    return BASELINE_DIR / f"{name}.txt"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    BASELINE_DIR.mkdir(exist_ok=True)
    for name, (count, _) in GAMES.items():
        game = rules(name)
        lines = [fingerprint(game, seed) for seed in range(count)]
        if args.write:
            baseline_path(name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(name, count, hashlib.sha256("".join(lines).encode()).hexdigest()[:12])


if __name__ == "__main__":
    main()
