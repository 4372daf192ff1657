"""Whole states a seat could be in, drawn from its view alone (for search bots).

Crusoe's Planet hides almost nothing (ruling 14): the board, every pawn, every
player's goods, Leisure, markers, Experience and states, the pool of signals,
battles, the central pile and a division under vote are on the table, and the
view copies them; the sampler copies them back. What the view does not hold
is drawn or inferred from the rules:

- **barter offers between two other players** (told only to the two sides):
  none are drawn. An offer stands until its taker answers; a guessed offer
  would be no better than none, and the viewer's own offers are copied;
- **who else decides now** (``waiting``): from the rules of the open
  decision: everyone living eats and votes on an estate, the Socialist vote
  is everyone living, every holder of a Spear in a battle decides together,
  the winners of the battle the viewer won vote its verdict, everyone at the
  Market who has not gone home trades, everyone who may invoke government is
  asked; every other decision is the viewer's alone;
- **bookkeeping the table keeps in its head** (the view does not show it):
  whose turn (the viewer's, for his own decision), the target of the
  Grasshopper's tax (the first of ``offer``), the dead whose goods await the
  vote (the dead who still hold goods), the battle under verdict (the first
  the viewer won against living losers). Drawn from ``rng``, uniformly: the
  invoker of a government step whose speeches are going round (and so the
  speeches still to come), how many passed in a row before the viewer in the
  round of initiating violence, and which player proposed the Socialist
  division under vote (the next proposer follows him);
- **the score sheets** (not in the view): empty; no rule reads them;
- **the token supply** (not in the view): the shipped board's
  (:func:`~sealed.games.crusoe.state.standard_board`); a table playing its
  own ``--map`` with other counts would need them told;
- **the dice** are not in any state: a playout rolls its own.

Only the introductory economies are sampled: a view of an advanced scenario
(money, governments) is refused by name. The options the view shows (the
scenario, the Utopian module) are read from it; the others
(``relaxed_commons``, ``single_winner``) come from ``options``.
A view field this module does not know by name is copied to the state field
of the same name, so a field added to both is carried without a change here
(the round-trip test of ``tests/games/crusoe/test_sampler.py`` says when not).
"""

from __future__ import annotations

import copy
import dataclasses
import random
import re

from sealed.core.errors import SealedError
from sealed.core.game import Options, OptionValue
from sealed.games.crusoe.modules import landlords
from sealed.games.crusoe.state import (
    PATHS,
    Battle,
    Board,
    CrusoeState,
    Offer,
    Player,
    Settings,
    parse_space,
    standard_board,
)
from sealed.games.crusoe.stats import ECONOMIES
from sealed.games.crusoe.traditional import taxable
from sealed.games.crusoe.views import CrusoeView, PlayerView
from sealed.games.crusoe.violence import may_invoke

INTRODUCTORY = frozenset(str(economy["scenario"]) for economy in ECONOMIES.values())
"""The scenarios sampled; the advanced ones (money, governments) are refused by name."""
DEATH = re.compile(r"(\w+) in cycle (\d+)")
"""How a view writes a death: ``starvation in cycle 2``."""

# View fields read by name below; any other is copied to the state field of its name.
_EXPLICIT = frozenset(
    {
        "seat",
        "scenario",
        "decide",
        "offer",
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
    }
)
_PLAYER_EXPLICIT = frozenset({"seat", "death", "track", "goods", "radio", "experience"})


def sample_state(view: CrusoeView, options: Options, rng: random.Random) -> CrusoeState:
    """A state whose view for ``view.seat`` is ``view``; what it hides drawn from ``rng``."""
    settings = _settings(view, options)
    seats = tuple(p.seat for p in view.players)
    players = {p.seat: _player(p, settings) for p in view.players}
    state = CrusoeState(settings, seats, _board(view), players)
    for f in dataclasses.fields(view):
        if f.name not in _EXPLICIT and hasattr(state, f.name):
            setattr(state, f.name, copy.deepcopy(getattr(view, f.name)))
    state.order = list(view.order)
    state.pool = dict(view.radio_pool)
    state.battles = [Battle(list(b["attackers"]), list(b["defenders"])) for b in view.battles]
    state.offers = [_offer(o) for o in view.offers]
    _modules(state, view)
    if view.decide is not None:
        state.ask, state.offer = view.decide, tuple(view.offer)
        _infer_decision(state, view.seat, rng)
    return state


def _modules(state: CrusoeState, view: CrusoeView) -> None:
    """The Church's goods and the banned; Third World Country's public ledger (all public)."""
    state.church, state.banned = dict(view.church_goods), list(view.banned)
    if view.land:  # Landlords: the public ledger, as the state keeps it
        state.land = landlords.land_from_json(view.land, state.seats)
    ledger = view.third_world
    if ledger:
        npl, imported = ledger.get("npl"), ledger.get("imported")
        state.resource = str(ledger.get("resource", ""))
        state.npl = {str(g): int(n) for g, n in npl.items()} if isinstance(npl, dict) else {}
        state.imported = [str(g) for g in imported] if isinstance(imported, list) else []
        state.owed = int(str(ledger.get("owed", 0)))
        state.mncs_gone = bool(ledger.get("gone", False))


def _settings(view: CrusoeView, options: Options) -> Settings:
    """The scenario the view names (``tribal-communism (utopian)``) over ``options``.

    :raises SealedError: an advanced scenario (money, governments): not sampled yet.
    """
    scenario, _, module = view.scenario.partition(" ")
    if scenario not in INTRODUCTORY:
        raise SealedError(
            f"Crusoe's Planet: the search bots' sampler covers the introductory economies "
            f"({', '.join(sorted(INTRODUCTORY))}), not {scenario} yet"
        )
    shown: dict[str, OptionValue] = {"scenario": scenario, "utopian": module == "(utopian)"}
    return Settings.from_options({**options, **shown})


def _board(view: CrusoeView) -> Board:
    paths = {
        name: tuple(
            parse_space(space, ("map", "paths", name, str(i)))
            for i, space in enumerate(view.board[name])
        )
        for name in PATHS
    }
    return Board(paths, dict(standard_board().supply))  # the supply is not shown (docstring)


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


# -- who decides with the viewer, and the table's bookkeeping --------------------------------


def _infer_decision(state: CrusoeState, seat: str, rng: random.Random) -> None:
    """Set ``waiting``, ``turn`` and the open step's bookkeeping for the viewer's decision."""
    ask = state.ask
    living = state.living()
    in_order = [s for s in state.order if state.players[s].alive]
    state.waiting = (seat,)
    if seat in state.order:
        state.turn = state.order.index(seat)
    if ask in ("eat", "estate"):
        state.waiting = tuple(living)
        state.estates = [s for s in state.seats if not state.players[s].alive and _holds(state, s)]
    elif ask == "vote":
        state.waiting = tuple(in_order)
        state.turn = rng.randrange(len(in_order))  # the proposer is not shown
    elif ask in ("divide", "draft"):
        state.turn = in_order.index(seat)
    elif ask == "invoke":
        state.waiting = tuple(s for s in state.order if may_invoke(state.players[s]))
    elif ask == "trade":
        state.waiting = tuple(s for s in in_order if s not in state.home)
    elif ask == "spear":
        state.waiting = tuple(
            s for b in state.battles for s in b.members if state.players[s].goods["spear"] > 0
        )
    elif ask == "verdict":
        _verdict(state, seat)
    elif ask == "tax":
        state.turn = taxable(state).index(str(state.offer[0]))
    elif ask == "speech":
        _speeches(state, seat, in_order, rng)
    elif ask == "violence":
        state.passes = rng.randrange(len(in_order))  # passes in a row so far: not shown
    elif ask in ("rent", "rent-ballot"):  # Landlords: the owners at once, or the government
        state.waiting, state.turn = landlords.deciding(state, seat)


def _holds(state: CrusoeState, seat: str) -> bool:
    return any(state.players[seat].goods.values())


def _verdict(state: CrusoeState, seat: str) -> None:
    """The battle under verdict: the first the viewer won with a living loser to judge."""
    for number, battle in enumerate(state.battles):
        losers = [s for s in battle.defenders if state.players[s].alive]
        if seat in battle.attackers and losers:
            state.battle = number
            state.waiting = tuple(s for s in battle.attackers if state.players[s].alive)
            return


def _speeches(state: CrusoeState, seat: str, in_order: list[str], rng: random.Random) -> None:
    """Speeches go round from the invoker back to him; the viewer speaks now."""
    invoker = rng.choice(in_order)
    start = in_order.index(seat)
    around = [*in_order[start:], *in_order[:start]]
    if invoker == seat:  # the first speech or the last: both are his
        state.speakers = [*around, seat] if rng.random() < 0.5 else [seat]
    else:
        state.speakers = around[: around.index(invoker) + 1]
    state.invoker = invoker
