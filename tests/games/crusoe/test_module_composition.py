"""The tack-on modules compose: random bot games with every built module and optional rule at
once, in the introductory and the advanced scenarios, end, keep every module's limits (no
vegetarian eats fish, nobody produces another guild's marker or an icon his disability
prohibits), show every seat the same public roles (changed only by a crippling verdict), and
replay exactly."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules import disability, guilds

SEATS = ("ana", "ben", "cy", "dee", "eve")
BOTS = ("greedy", "cooperative", "selfish", "random")
ALL_MODULES = {
    "vegetarians": "make-or-eat",
    "vegetarians_players": 2,
    "race": "one-portion-prejudiced",
    "race_minority": 2,
    "race_majority_prejudiced": 2,
    "race_minority_prejudiced": 1,
    "disability": True,
    "disability_players": 2,
    "guild_oligarchy": True,
    "gender": "base",
    "early_feudalism": "strong",
    "punishments": "crippling",
    "landlords": "modern",
    "church": "less-devout",
    "third_world": True,
}
VARIANTS = {
    "disability_rows": "5 9",
    "gender": "no-suffrage",
    "gender_mens_work": 1,
    "gender_paths_denied": 3,
    "gender_pink_collar_path": 1,
    "early_feudalism": "weak",
    "early_feudalism_dice": 3,
}
"""Disability chosen and assigned, Gender's No Suffrage with Men's Work, the Weak Warlord."""


def play(seed: int, options: dict[str, Any], bots: tuple[str, ...]) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    roles = {s: match.state.players[s].roles for s in SEATS}
    marker = {s: guilds.marker_of(r) for s, r in roles.items()}
    for _ in range(8_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            assert {p.seat: p.roles for p in view.players} == roles
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
        for event in match.steps[-1].events:
            if event.kind in ("warlord", "roles", "mncs"):  # a Warlord deposed; an Agent sacked
                roles.update({s: match.state.players[s].roles for s in SEATS})
            for crippled in event.data.get("crippled", []) if event.kind == "verdict" else []:
                roles[crippled] = match.state.players[crippled].roles  # Crippling: a new row
            seat = event.data.get("seat") if isinstance(event.data, dict) else None
            if event.kind == "produce" and seat is not None:
                others = {m for s, m in marker.items() if s != seat and m}
                barred = {i for m in others for i in guilds.icons_of(m)}
                barred |= set(disability.barred_icons(roles[seat]))
                if "vegetarian" in roles[seat]:
                    barred |= {"fish", "speared_fish"}
                assert not any(event.data["gained"].get(i) for i in barred), event.text
            if event.kind == "consume" and "vegetarian" in roles[str(seat)]:
                assert not event.data["eaten"].get("fish")
    raise AssertionError("the game did not end")


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(
        (
            "crusoes-economy",
            "hobbesian",
            "tribal-capitalism",
            "tribal-communism",
            "national-capitalism",
            "centralized-communism",
        )
    ),
    diamonds=st.sampled_from(("standard", "lottery", "yuppies", "small-boat")),
    bots=st.lists(st.sampled_from(BOTS), min_size=5, max_size=5),
    variants=st.booleans(),
)
def test_every_module_at_once_plays_to_the_end_and_replays(
    seed: int, scenario: str, diamonds: str, bots: list[str], variants: bool
) -> None:
    options = {**ALL_MODULES, "scenario": scenario, "diamonds": diamonds}
    if variants:  # the other forms of the same modules: they exclude the ones above
        options |= VARIANTS
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-socialism", "national-capitalism")),
    bots=st.lists(st.sampled_from(BOTS), min_size=5, max_size=5),
)
def test_the_paternalistic_economy_with_every_module_it_allows_plays_and_replays(
    seed: int, scenario: str, bots: list[str]
) -> None:
    """Every module but Landlords (whose Leases hold the assignment: ruling 153, pinned in
    madjack_combinations.yaml), the government assigning."""
    modules = {k: v for k, v in ALL_MODULES.items() if k != "landlords"}
    options = {**modules, "paternalistic": True, "church": "more-devout", "scenario": scenario}
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


OTHER_MODULES = {
    "libertarianism": True,
    "objectivist": True,
    "gender": "no-suffrage",
    "gender_mens_work": 1,
    "gender_paths_denied": 2,
    "early_feudalism": "weak",
    "early_feudalism_dice": 3,
    "disability": True,
    "disability_rows": "7 8",
    "vegetarians": "eat",
}
"""Libertarianism, the Objectivist Model, No Suffrage with Men's Work, the Weak Warlord,
Disability chosen and assigned, Vegetarians; with Doll's House instead of No Suffrage and
without John Galt (both say who receives a wife's goods) in the economies it is built for."""


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "national-capitalism")),
    dolls_house=st.booleans(),
    bots=st.lists(st.sampled_from(BOTS), min_size=5, max_size=5),
)
def test_the_other_forms_compose_play_to_the_end_and_replay(
    seed: int, scenario: str, dolls_house: bool, bots: list[str]
) -> None:
    options: dict[str, Any] = {**OTHER_MODULES, "scenario": scenario}
    if dolls_house and scenario != "national-capitalism":
        options |= {"gender": "dolls-house", "objectivist": False}
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    for _ in range(8_000):
        if match.result() is not None:
            break
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            assert {p.seat: p.roles for p in view.players} == {
                s: match.state.players[s].roles for s in SEATS
            }, "the roles are public"
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
    assert match.result() is not None
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(
        ("national-capitalism", "centralized-communism", "state-capitalism", "welfare-capitalism")
    ),
    bots=st.lists(st.sampled_from(BOTS), min_size=5, max_size=5),
    variants=st.booleans(),
)
def test_corporations_with_every_module_in_the_monetary_markets_plays_and_replays(
    seed: int, scenario: str, bots: list[str], variants: bool
) -> None:
    """Corporations (rulings 136-144) beside every other module, Landlords' rents included."""
    options = {**ALL_MODULES, "corporations": True, "scenario": scenario}
    if variants:
        options |= VARIANTS
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
