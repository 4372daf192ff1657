"""Whole states a seat could be in, drawn from its view alone (for search bots).

Crusoe's Planet hides almost nothing (ruling 14): the board, every pawn, every
player's goods, Leisure, markers, Experience, money and states, the pool of
signals, battles, the central pile, a division or a policy under vote, the
market's money and prices, the government's ledgers (a plan, a vault, a
chart), the tack-ons' public ledgers (Landlords, Corporations, Third World
Country, the Church, Class Warfare's classes and CEOs) are on the table, and
the view copies them; the sampler copies them back. So is the table's
bookkeeping (who must decide now and on what, whose turn it is, the invoker
and the speeches to come, the passes in a row, the battle under verdict, the
electors, a hybrid's part, who is done buying, the units put back, Class
Warfare's sales): the view carries it (every seat sees who is asked; the
Match tells anyone who it is waiting for), so these are exact, not drawn.

What the view does not hold, and what the sampler puts in its place:

- **barter offers between two other players** (told only to the two sides):
  none. An offer stands until its taker answers; a guessed offer would be no
  better than none, and the viewer's own offers are copied;
- **State Capitalism's deals between two others** (told only to the two
  sides, ruling 49): none; the viewer's own are copied. A sample taken while
  another holder's offer awaits its seller's answer lacks that deal;
- **the rules** (the scenario, the government and its form, the modules and
  their numbers): the view shows them as agreed before the game (ruling
  205), so a search bot needs no options of its own (``options`` serve only
  a view without them);
- **another seat's secret victory condition** (Variant Victory, ``secret``
  or ``random``): drawn uniformly from ``rng`` once the viewer's own is
  recorded (every seat records one at the same time);
- **the open decision's choices and die of another seat** (``offer``,
  ``roll``): shown to the deciding seat only, so exact for the viewer's own
  decision and empty otherwise;
- **the score sheets** (not in the view): empty; no rule reads them;
- **the token supply** (not in the view): the shipped board's
  (:func:`~sealed.games.crusoe.state.standard_board`); a table playing its
  own ``--map`` with other counts would need them told;
- **the dice** are not in any state: a playout rolls its own.

The paths each player walked in every cycle (``walked``, kept under
``government_chart_history``: ruling 188) were public ``path`` events; the view
carries them and the sampler copies them back, so a chart reading
``player.path_ago.N`` decides in a playout as in the game.

A view field this module does not know by name is copied to the state field
of the same name (a tuple into a list field as a list), so a field added to
both is carried without a change here (the round-trip tests of
``tests/games/crusoe/test_sampler.py`` and ``test_sampler_advanced.py`` say
when not).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import random
import re

from sealed.core.game import Options, OptionValue
from sealed.games.crusoe import bureaucracy
from sealed.games.crusoe.modules import corporations, landlords
from sealed.games.crusoe.socialist_market import default_plan
from sealed.games.crusoe.state import (
    CONDITIONS,
    PATHS,
    Battle,
    Board,
    CrusoeState,
    Deal,
    Offer,
    Player,
    Settings,
    Space,
    parse_space,
    standard_board,
)
from sealed.games.crusoe.views import CrusoeView, PlayerView

DEATH = re.compile(r"(\w+) in cycle (\d+)")
"""How a view writes a death: ``starvation in cycle 2``."""

# View fields read by name below; any other is copied to the state field of its name.
_EXPLICIT = frozenset(
    {
        "seat",
        "scenario",
        "decide",
        "offer",
        "roll",
        "suggested_meal",
        "radio_pool",
        "players",
        "board",
        "battles",
        "offers",
        "order",
        "church",  # the Church's variant (a setting); its goods and the banned: _modules
        "banned",
        "third_world",
        "land",  # Landlords' ledger, a dict in the view: rebuilt in _modules
        "corporations",  # Corporations' ledger, a dict in the view: rebuilt in _modules
        "market",  # the money available per commodity market: the state's funds
        "policy",  # shown only where the government sets one: _money
        "plan",  # the plan in force (the default before the first): _money
        "chart",  # the chart in force, as text: _money
        "deals",  # the viewer's own: _money
        "conditions",  # the viewer's victory condition; the others' drawn: _conditions
        "settings",  # the rules agreed: _settings
        "successions",  # two rulers: each office's electors, a list each in the state
        "walked",  # the chart's memory (ruling 188): a list per seat in the state
    }
)
_PLAYER_EXPLICIT = frozenset({"seat", "death", "track", "goods", "radio", "experience"})


def sample_state(view: CrusoeView, options: Options, rng: random.Random) -> CrusoeState:
    """A state whose view for ``view.seat`` is ``view``; what it hides left out or drawn from
    ``rng`` (the module docstring)."""
    settings = _settings(view, options)
    seats = tuple(p.seat for p in view.players)
    players = {p.seat: _player(p, settings) for p in view.players}
    state = CrusoeState(settings, seats, _board(view), players)
    for f in dataclasses.fields(view):
        if f.name not in _EXPLICIT and hasattr(state, f.name):
            setattr(state, f.name, _as_state_field(state, f.name, getattr(view, f.name)))
    state.order = list(view.order)
    state.pool = dict(view.radio_pool)
    state.battles = [Battle(list(b["attackers"]), list(b["defenders"])) for b in view.battles]
    state.offers = [_offer(o) for o in view.offers]
    state.successions = [(office, list(electors)) for office, electors in view.successions]
    state.walked = {seat: list(paths) for seat, paths in view.walked.items()}  # public paths
    _modules(state, view)
    _money(state, view)
    _conditions(state, view, rng)
    if view.decide is not None:  # the viewer's own decision: its choices and die
        state.offer, state.roll = tuple(view.offer), view.roll
    return state


def _conditions(state: CrusoeState, view: CrusoeView, rng: random.Random) -> None:
    """Variant Victory: the others' secret conditions, drawn (the view shows the viewer's)."""
    state.conditions = dict(view.conditions)
    if view.seat in view.conditions:
        for seat in state.seats:
            if seat not in state.conditions:
                state.conditions[seat] = rng.choice(CONDITIONS)


def _as_state_field(state: CrusoeState, name: str, value: object) -> object:
    """A copy of a view's value for the state's field (the view keeps lists as tuples)."""
    value = copy.deepcopy(value)
    if isinstance(getattr(state, name), list) and isinstance(value, tuple):
        return list(value)
    return value


def _modules(state: CrusoeState, view: CrusoeView) -> None:
    """The Church's goods and the banned; the ledgers of Landlords, Corporations and Third
    World Country (all public)."""
    state.church, state.banned = dict(view.church_goods), list(view.banned)
    if view.land:  # Landlords: the public ledger, as the state keeps it
        state.land = landlords.land_from_json(landlords.ledger_only(view.land), state.seats)
    if view.corporations:
        state.corp = corporations.from_json(view.corporations, state.seats)
    ledger = view.third_world
    if ledger:
        npl, imported = ledger.get("npl"), ledger.get("imported")
        state.resource = str(ledger.get("resource", ""))
        state.npl = {str(g): int(n) for g, n in npl.items()} if isinstance(npl, dict) else {}
        state.imported = [str(g) for g in imported] if isinstance(imported, list) else []
        state.owed = int(str(ledger.get("owed", 0)))
        state.mncs_gone = bool(ledger.get("gone", False))


def _money(state: CrusoeState, view: CrusoeView) -> None:
    """The money economies' ledgers as the state keeps them: the markets' money, the policy
    (a default where the government sets none), the plan and the chart (the state keeps them
    only once changed), the viewer's deals."""
    state.funds = dict(view.market)
    if view.policy:
        state.policy = {k: dict(v) for k, v in view.policy.items()}
    if view.plan and view.plan != default_plan():
        state.plan = {k: dict(v) for k, v in view.plan.items()}
    if view.chart and view.chart != bureaucracy.chart(state).to_text():
        state.chart = view.chart  # amended or extended since the start
    state.deals = [
        Deal(
            str(d["holder"]),
            str(d["seller"]),
            _int(d["units"]),
            _int(d["dollars"]),
            str(d["status"]),
        )
        for d in view.deals
    ]


def _int(value: object) -> int:
    if not isinstance(value, int):
        raise ValueError(f"a view's deal counts in whole numbers, not {value!r}")
    return value


def _settings(view: CrusoeView, options: Options) -> Settings:
    """The rules the view shows (agreed before the game: ruling 205); a view without them,
    the scenario it names (``tribal-communism (utopian)``) over ``options``.

    :raises OptionError: ``options`` the seed rules out (as :meth:`Settings.from_options`).
    """
    if view.settings is not None:
        return view.settings
    scenario, _, module = view.scenario.partition(" ")
    shown: dict[str, OptionValue] = {"scenario": scenario, "utopian": module == "(utopian)"}
    return Settings.from_options({**options, **shown})


def _board(view: CrusoeView) -> Board:
    paths = {name: _path(name, tuple(view.board[name])) for name in PATHS}
    return Board(paths, dict(standard_board().supply))  # the supply is not shown (docstring)


@functools.lru_cache(maxsize=64)
def _path(name: str, spaces: tuple[str, ...]) -> tuple[Space, ...]:
    """A path's spaces read from the view's text (read once: a board seldom changes)."""
    return tuple(
        parse_space(space, ("map", "paths", name, str(i))) for i, space in enumerate(spaces)
    )


def _player(seen: PlayerView, settings: Settings) -> Player:
    player = Player(
        goods=dict(seen.goods),
        radio=dict(seen.radio),
        experience={path: list(numbers) for path, numbers in seen.experience.items()},
    )
    for f in dataclasses.fields(seen):
        if f.name not in _PLAYER_EXPLICIT and hasattr(player, f.name):
            setattr(player, f.name, copy.deepcopy(getattr(seen, f.name)))
    # The view shows the track only in the Traditional Economy; elsewhere it is the path walked.
    player.track = seen.track if settings.scenario == "traditional" else seen.path
    if seen.death is not None:
        found = DEATH.fullmatch(seen.death)
        if found is None:
            raise ValueError(f"a view's death reads 'CAUSE in cycle N', not {seen.death!r}")
        player.death_cause, player.death_cycle = found.group(1), int(found.group(2))
    return player


def _offer(seen: dict[str, object]) -> Offer:
    return Offer(str(seen["giver"]), str(seen["taker"]), _goods(seen["give"]), _goods(seen["want"]))


def _goods(counts: object) -> tuple[tuple[str, int], ...]:
    if not isinstance(counts, dict):
        raise ValueError(f"a view's offer lists goods as a mapping, not {counts!r}")
    return tuple((str(good), int(n)) for good, n in counts.items())
