"""Whole states a faction could be in, drawn from its view alone (for search bots).

Copied from the view (what the faction knows): the turn, phase and space;
every faction's specialization (public); every asset it sees (public ones,
its own, those it has a profile on) with owner, value and visibility; its
profiles, beliefs and infusions; its own Consequences Phase decisions; and
the last Results as it was told them (rebuilt as events told to it alone,
so its reports and posts read the same).

Drawn from the given random source, for what the view keeps secret (the
seed: hidden assets are "invisible (no one knows their value, owner,
status, etc.)"):

- each other faction's hidden assets the faction cannot see. The prior:
  with the standard start every faction F began with a hidden ``F-Agents``
  of value 2 (public knowledge, the manual's Ruling 1), so at turn 1 the
  draw is exactly that; later ``F-Agents`` is still there with probability
  :data:`AGENTS_SURVIVE` at a value drawn from 1 to 2 + turns played (at
  most :data:`MAX_DRAWN_VALUE`), and each faction has one more unseen
  hidden asset with probability growing by turn (an Enhance may have made
  one and a Shroud hidden another). Values are cut so the total stays
  within the space (the setup check);
- nothing else: other factions' profiles (on this faction's hidden assets
  or on anyone's), beliefs and infusions are drawn empty, for the view
  gives no hint of them.

In the Consequences Phase the faction's own decisions are rebuilt from its
view (the margin and Cannibalize read back from the decision's text); the
attackers a defender is never told are left empty, so its `reveal` or
`deceive` changes nothing in a playout, and the other pending effects of
the first Results (losses, infiltrations, seizures, transfers) are not
rebuilt: a playout from that phase skips them. ``view(sample_state(v),
v.faction) == v`` holds in every phase (tested).
"""

from __future__ import annotations

import random
import re

from sealed.core.events import Audience, Event
from sealed.core.game import JsonDict, Options, Seat
from sealed.games.factionrpg.state import (
    STARTING_ASSETS,
    Asset,
    Decision,
    FactionState,
    Pending,
    Settings,
)
from sealed.games.factionrpg.views import DecisionView, FactionView

AGENTS_SURVIVE = 0.85
"""How likely another faction still holds its unseen starting hidden asset after turn 1."""
EXTRA_PER_TURN = 0.1
"""How much likelier, per turn played, another faction holds one more unseen hidden asset."""
MAX_EXTRA = 0.5
MAX_DRAWN_VALUE = 6
_MARGIN = re.compile(r"loses (\d+) value\)")
_AGENTS = next(name for name, _, hidden in STARTING_ASSETS if hidden)
_AGENTS_VALUE = next(value for _, value, hidden in STARTING_ASSETS if hidden)


def sample_state(view: FactionView, options: Options, rng: random.Random) -> FactionState:
    """A state whose view for ``view.faction`` is ``view``; hidden parts drawn from ``rng``."""
    me = view.faction
    seats = view.factions
    settings = Settings(turns=view.turns, space=int(options.get("space", 0)))
    assets = {a.name: Asset(a.owner, a.value, a.hidden) for a in view.assets}
    standard = str(options.get("starting_assets", "standard")) == "standard"
    if view.phase != "over":
        _draw_unseen(view, assets, standard, rng)
    return FactionState(
        settings=settings,
        seats=seats,
        turn=view.turns + 1 if view.phase == "over" else view.turn,
        phase=view.phase,
        space=view.space,
        specializations=dict(view.specializations),
        assets=assets,
        profiles={f: set(view.profiles) if f == me else set() for f in seats},
        beliefs={f: list(view.beliefs) if f == me else [] for f in seats},
        infusions=dict(view.infusions),
        pending=_pending(view) if view.phase == "consequences" else None,
        notices=_notices(view),
    )


def _draw_unseen(
    view: FactionView, assets: dict[str, Asset], standard: bool, rng: random.Random
) -> None:
    """Add each other faction's unseen hidden assets (see the module's prior) to ``assets``."""
    played = view.turn - 1
    room = view.space - sum(a.value for a in assets.values())
    taken = {name.lower() for name in assets} | {f.lower() for f in view.factions}
    for faction in view.factions:
        if faction == view.faction:
            continue
        drawn: list[tuple[str, int]] = []
        agents = f"{faction}-{_AGENTS}"
        if standard and agents.lower() not in taken:
            if played == 0:
                drawn.append((agents, _AGENTS_VALUE))
            elif rng.random() < AGENTS_SURVIVE:
                drawn.append((agents, rng.randint(1, min(_AGENTS_VALUE + played, MAX_DRAWN_VALUE))))
        if played and rng.random() < min(MAX_EXTRA, EXTRA_PER_TURN * played):
            drawn.append((_fresh_name(faction, taken), rng.randint(1, 3)))
        for name, value in drawn:
            value = min(value, room)
            if value < 1:
                return  # no room left for any more value
            assets[name] = Asset(faction, value, hidden=True)
            taken.add(name.lower())
            room -= value


def _fresh_name(faction: Seat, taken: set[str]) -> str:
    """A name for a drawn hidden asset that no asset or faction has."""
    number = 1
    while f"{faction}-Unseen{number}".lower() in taken:
        number += 1
    return f"{faction}-Unseen{number}"


def _pending(view: FactionView) -> Pending:
    """The faction's own decisions, as far as its view tells them (see the module)."""
    decisions = [_decision(view.faction, d) for d in view.decisions]
    # A Cannibalize brought by a collaborator is read from the first Results' record of
    # the attack: a minimal record says so, for the increases the view says may go anywhere.
    reports: list[JsonDict] = [
        {
            "action": "damage",
            "target": d.target,
            "participants": [{"asset": name} for name in d.assets],
            "specializations": ["cannibalize"],
        }
        for d in decisions
        if d.kind == "increase" and d.anywhere
    ]
    return Pending(decisions=decisions, reports=reports)


def _decision(faction: Seat, seen: DecisionView) -> Decision:
    margin = _MARGIN.search(seen.text) if seen.kind == "defend" else None
    return Decision(
        number=seen.number,
        kind=seen.kind,
        faction=faction,
        target=seen.target,
        amount=seen.amount,
        assets=seen.assets,
        factions=seen.factions,
        margin=int(margin.group(1)) if margin else 0,
        named=seen.target,
        anywhere="(with Cannibalize" in seen.text,
    )


def _notices(view: FactionView) -> tuple[Event, ...]:
    """The last Results as the faction was told them, as events for it alone."""
    me = Audience.only(view.faction)
    reports = tuple(
        Event(f"action-{report['action']}", str(report.get("result", "")), me, dict(report))
        for report in view.reports
    )
    posts = tuple(Event("private-message", text, me) for text in view.posts)
    return (*reports, *posts)
