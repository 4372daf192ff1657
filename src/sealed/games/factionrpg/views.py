"""What a faction may know, built by allow-list, and its plain-text rendering.

A :class:`FactionView` copies: the turn, phase and space (public); every
faction's specialization (public, the seed); the assets the faction *sees*
(public ones, its own, and those it has a profile on) with owner, value and
whether they are hidden; its profiles; what it believes its infiltrations
found (true and false alike, in the same words); its own decisions; the
infusions on its own assets; and the last Results as it was told them
(:meth:`Event.told`), both as data (``reports``) and as the posts it may read.
Nothing about an asset it cannot see is ever copied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sealed.core.game import JsonDict, Seat
from sealed.games.factionrpg.posts import describe
from sealed.games.factionrpg.state import Decision, FactionState


@dataclass(frozen=True)
class AssetView:
    name: str
    owner: Seat
    value: int
    hidden: bool


@dataclass(frozen=True)
class DecisionView:
    number: int
    kind: str
    target: str
    amount: int
    assets: tuple[str, ...]
    factions: tuple[Seat, ...]
    text: str


@dataclass(frozen=True)
class FactionView:
    """What ``faction`` may know now."""

    faction: Seat
    turn: int
    turns: int
    phase: str
    space: int
    specializations: dict[Seat, str]
    assets: tuple[AssetView, ...]
    profiles: tuple[str, ...]
    beliefs: tuple[str, ...]
    decisions: tuple[DecisionView, ...]
    infusions: dict[str, str]
    reports: tuple[JsonDict, ...]
    posts: tuple[str, ...]

    @property
    def factions(self) -> tuple[Seat, ...]:
        return tuple(self.specializations)

    def mine(self) -> list[AssetView]:
        return [a for a in self.assets if a.owner == self.faction]


def build_view(state: FactionState, faction: Seat) -> FactionView:
    """Allow-list: each field is chosen here from what ``faction`` may know."""
    decisions = state.pending.decisions if state.pending and state.phase == "consequences" else ()
    return FactionView(
        faction=faction,
        turn=min(state.turn, state.settings.turns),
        turns=state.settings.turns,
        phase=state.phase,
        space=state.space,
        specializations=dict(state.specializations),
        assets=tuple(
            AssetView(name, a.owner, a.value, a.hidden)
            for name, a in sorted(state.assets.items())
            if state.sees(faction, name)
        ),
        profiles=tuple(sorted(state.profiles[faction])),
        beliefs=tuple(state.beliefs[faction]),
        decisions=tuple(
            _decision(d, state.settings.legacy) for d in decisions if d.faction == faction
        ),
        infusions={
            n: s for n, s in sorted(state.infusions.items()) if state.assets[n].owner == faction
        },
        reports=tuple(
            _plain(told.data)
            for notice in state.notices
            if notice.kind.startswith("action-") and (told := notice.told(faction)) is not None
        ),
        posts=tuple(
            told.text
            for notice in state.notices
            if notice.kind in ("public-post", "private-message")
            and (told := notice.told(faction)) is not None
        ),
    )


def _decision(decision: Decision, legacy: bool) -> DecisionView:
    """A decision as its faction may know it: a defender never learns who attacked it."""
    secret = decision.kind == "defend"
    return DecisionView(
        decision.number,
        decision.kind,
        decision.target,
        decision.amount,
        () if secret else decision.assets,
        () if secret else decision.factions,
        describe(decision, legacy),
    )


def _plain(data: Any) -> JsonDict:
    return {str(k): v for k, v in data.items()}


def render(view: FactionView) -> str:
    """The view as plain text: the faction's standing, then the posts it may read."""
    if view.phase == "over":
        head = f"FactionRPG: the game is over after {view.turns} turns ({view.faction})"
    else:
        head = f"FactionRPG: turn {view.turn} of {view.turns}, {view.phase} phase ({view.faction})"
    lines = [
        head,
        f"Space: {view.space}",
        "Specializations: " + ", ".join(f"{f} {s}" for f, s in view.specializations.items()),
        "",
    ]
    lines.append("Assets you see:")
    for asset in view.assets:
        mark = " (hidden)" if asset.hidden else ""
        mine = " (yours)" if asset.owner == view.faction else ""
        lines.append(f"- {asset.name}: {asset.owner}, value {asset.value}{mark}{mine}")
    if not view.assets:
        lines.append("- none")
    if view.infusions:
        lines.append("Infusions: " + ", ".join(f"{n} {s}" for n, s in view.infusions.items()))
    if view.beliefs:
        lines += ["", "What your infiltrations found:", *(f"- {b}" for b in view.beliefs[-8:])]
    if view.decisions:
        lines += ["", "Your decisions:", *(f"- {d.text}" for d in view.decisions)]
    if view.posts:
        lines += ["", "Posts:", *view.posts]
    return "\n".join(lines)
