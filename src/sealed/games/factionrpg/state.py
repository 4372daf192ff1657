"""FactionRPG values: settings, assets, the state between decisions, and the state's JSON.

The state is mutable (the rules change it in place; :meth:`FactionState.copy`
gives ``resolve`` and search their own copy). Knowledge is part of the state:
``profiles`` holds, per faction, the hidden assets of *other* factions it has
a profile on (a faction always sees its own), and ``beliefs`` holds what each
faction was told that is not true (the false "success" of a failed hidden
infiltration). Views copy only the viewer's own entries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sealed.core import setup
from sealed.core.errors import SetupError
from sealed.core.events import Event
from sealed.core.game import JsonDict, Options, Seat
from sealed.core.suggest import did_you_mean

SPECIALIZATIONS = (
    "tactics",
    "cannibalize",
    "planning",
    "interrogation",
    "ambush",
    "hide-in-plain-sight",
    "upgrade",
    "infusion",
)
"""The seed's eight specializations, in its table's order."""

ACTIONS = ("damage", "infiltrate", "shroud", "enhance")
ATTACKS = ("damage", "infiltrate")
PHASES = ("orders", "consequences", "over")
SPACE_PER_FACTION = 12
"""``space: 0`` (the default) means this much space per faction (Ruling 'starting resources')."""

STARTING_ASSETS = (("Military", 3, False), ("Treasury", 3, False), ("Agents", 2, True))
"""The default starting assets of every faction F: F-Military 3, F-Treasury 3, hidden F-Agents 2."""


def specialization_name(text: str) -> str | None:
    """``Hide in Plain Sight`` -> ``hide-in-plain-sight``; None if not a specialization."""
    key = "-".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
    return key if key in SPECIALIZATIONS else None


VERSION = 2
"""The rules' version (the manual's Versions section says what version 1 games keep)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The rule variant in force, read once from the options.

    ``version`` is the rules' version the game was started with: a version 1 game
    keeps version 1's rules to the end (the rules branch on it where they changed).
    """

    turns: int = 10
    space: int = 0  # 0: SPACE_PER_FACTION per faction
    version: int = VERSION

    @classmethod
    def from_options(cls, options: Options, version: int = VERSION) -> Settings:
        return cls(
            turns=int(options.get("turns", 10)),
            space=int(options.get("space", 0)),
            version=version,
        )

    @property
    def legacy(self) -> bool:
        """Version 1's rules (before the review's fixes of 2026-11-23)."""
        return self.version < 2

    def space_for(self, factions: int) -> int:
        return self.space or SPACE_PER_FACTION * factions


@dataclass(slots=True)
class Asset:
    """One asset: its owner, its value, and whether it is hidden."""

    owner: Seat
    value: int
    hidden: bool

    def copy(self) -> Asset:
        return Asset(self.owner, self.value, self.hidden)


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the Consequences Phase asks of one faction (numbered within the faction's
    decisions of the turn, 1, 2, ...: a count across factions would leak theirs).

    ``kind`` is ``defend`` (the owner's choice for a failed hidden infiltration),
    ``increase`` (where an exceptional Damage share goes), ``seize`` (which
    faction seizes an exceptionally infiltrated asset) or ``infuse`` (the
    specialization an exceptional Infusion Enhance gives the target's next action).
    """

    number: int
    kind: str
    faction: Seat
    target: str
    amount: int = 0  # increase: the share; defend: profiles the defender gains
    assets: tuple[str, ...] = ()  # the attacking assets (defend, increase)
    factions: tuple[Seat, ...] = ()  # the attacking factions (seize, defend)
    margin: int = 0  # defend: the margin of failure (what 'reveal' costs the attackers)
    contributions: tuple[int, ...] = ()  # defend: each attacking asset's strength (Ruling 15)
    named: str = ""  # defend: what the attackers named: the asset, or the faction as a whole
    anywhere: bool = False  # increase: Cannibalize lets it go to any asset of the faction

    @property
    def key(self) -> tuple[Seat, int]:
        """The decision's identity in the turn: its faction and its number there."""
        return (self.faction, self.number)

    def to_json(self) -> JsonDict:
        return {
            "number": self.number,
            "kind": self.kind,
            "faction": self.faction,
            "target": self.target,
            "amount": self.amount,
            "assets": list(self.assets),
            "factions": list(self.factions),
            "margin": self.margin,
            "contributions": list(self.contributions),
            "named": self.named,
            "anywhere": self.anywhere,
        }


@dataclass(slots=True)
class Pending:
    """What the first Results decided and the second Results apply ("at the end of the turn")."""

    decisions: list[Decision] = field(default_factory=list)
    losses: dict[str, int] = field(default_factory=dict)  # infiltration failures, per asset
    gains: list[tuple[tuple[Seat, ...], Seat, str, int]] = field(default_factory=list)
    # (factions gaining, owner drawn from, target asset or "" for a whole faction, how many;
    # 0: a failed hidden infiltration whose owner decides, in its place among the others)
    transfers: list[tuple[str, Seat, Seat]] = field(default_factory=list)  # asset, from, to
    shrouded: set[str] = field(default_factory=set)  # rendered hidden this turn
    reports: list[JsonDict] = field(default_factory=list)  # the first Results, per action
    failures: list[tuple[Seat, str, str, int]] = field(default_factory=list)
    # failure narrations due: (the faction that caused the failure, the action, its target
    # as that faction was told it, the action's number in ``reports``)

    def decision(self, faction: Seat, number: int) -> Decision:
        """``faction``'s decision ``number`` (checked by ``rules.check_answers`` first)."""
        return next(d for d in self.decisions if d.key == (faction, number))

    def copy(self) -> Pending:
        return Pending(
            list(self.decisions),
            dict(self.losses),
            list(self.gains),
            list(self.transfers),
            set(self.shrouded),
            list(self.reports),
            list(self.failures),
        )

    def to_json(self) -> JsonDict:
        return {
            "decisions": [d.to_json() for d in self.decisions],
            "losses": dict(sorted(self.losses.items())),
            "gains": [
                {"factions": list(f), "owner": o, "target": t, "count": n}
                for f, o, t, n in self.gains
            ],
            "transfers": [{"asset": a, "from": f, "to": t} for a, f, t in self.transfers],
            "shrouded": sorted(self.shrouded),
            "reports": list(self.reports),
            "failures": [
                {"faction": f, "action": a, "target": t, "number": n}
                for f, a, t, n in self.failures
            ],
        }


@dataclass(slots=True, eq=False)
class FactionState:
    """The whole game between two decisions. Mutable: the rules change it in place."""

    settings: Settings
    seats: tuple[Seat, ...]
    turn: int
    phase: str
    space: int
    specializations: dict[Seat, str]
    assets: dict[str, Asset]
    profiles: dict[Seat, set[str]]
    beliefs: dict[Seat, list[str]]
    infusions: dict[str, str] = field(default_factory=dict)  # asset -> specialization, next turn
    pending: Pending | None = None
    notices: tuple[Event, ...] = ()  # the last Results' events (posts and action reports)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def sees(self, faction: Seat, name: str) -> bool:
        """The seed's visibility: public, one's own, or a profile on it."""
        asset = self.assets[name]
        return not asset.hidden or asset.owner == faction or name in self.profiles[faction]

    def total_value(self) -> int:
        return sum(a.value for a in self.assets.values())

    def owned(self, faction: Seat) -> list[str]:
        return [n for n, a in self.assets.items() if a.owner == faction]

    def copy(self) -> FactionState:
        return FactionState(
            self.settings,
            self.seats,
            self.turn,
            self.phase,
            self.space,
            dict(self.specializations),
            {n: a.copy() for n, a in self.assets.items()},
            {f: set(p) for f, p in self.profiles.items()},
            {f: list(b) for f, b in self.beliefs.items()},
            dict(self.infusions),
            self.pending.copy() if self.pending else None,
            self.notices,
        )


# -- JSON -----------------------------------------------------------------

TOP_KEYS = (
    "turn",
    "phase",
    "space",
    "factions",
    "assets",
    "profiles",
    "beliefs",
    "infusions",
    "notices",
)
DERIVED_KEYS = ("turns", "pending")
ASSET_KEYS = ("owner", "value", "hidden")


def state_to_json(state: FactionState) -> JsonDict:
    """The full state (the game master's view)."""
    return {
        "turn": state.turn,
        "turns": state.settings.turns,
        "phase": state.phase,
        "space": state.space,
        "factions": {f: {"specialization": state.specializations[f]} for f in state.seats},
        "assets": {
            name: {"owner": a.owner, "value": a.value, "hidden": a.hidden}
            for name, a in sorted(state.assets.items())
        },
        "profiles": {f: sorted(state.profiles[f]) for f in state.seats},
        "beliefs": {f: list(state.beliefs[f]) for f in state.seats},
        "infusions": dict(sorted(state.infusions.items())),
        "pending": _pending_json(state),
        "notices": [n.to_json() for n in state.notices],
    }


def _pending_json(state: FactionState) -> JsonDict | None:
    """The pending results; a version 1 game's as version 1 wrote them (no failure
    narrations), so its records keep their state digests."""
    if state.pending is None:
        return None
    data = state.pending.to_json()
    if state.settings.legacy:
        del data["failures"]
    return data


def state_from_json(
    data: Mapping[str, Any], seats: Sequence[Seat], settings: Settings
) -> FactionState:
    """Rebuild a state at the start of an Orders phase (or over) from edited JSON, strictly.

    ``turns``, ``pending`` and ``notices`` are shown by :func:`state_to_json`
    and ignored here: a setup starts a fresh Orders phase (or a finished game).

    :raises SetupError: with the path of the offending value.
    """
    top = setup.mapping(data, (), TOP_KEYS, required=("assets",), derived=DERIVED_KEYS)
    phase = setup.text(top.get("phase", "orders"), ("phase",), ("orders", "over"))
    turn = setup.integer(top.get("turn", 1), ("turn",), 1, settings.turns + 1)
    if (phase == "over") != (turn > settings.turns):
        raise setup.fail(("phase",), f"turn {turn} of {settings.turns} is not phase {phase}")
    assets = _assets(top["assets"], seats)
    state = FactionState(
        settings=settings,
        seats=tuple(seats),
        turn=turn,
        phase=phase,
        space=setup.integer(top.get("space", settings.space_for(len(seats))), ("space",), 1),
        specializations=_specializations(top.get("factions", {}), seats),
        assets=assets,
        profiles=_per_faction(top.get("profiles", {}), seats, "profiles"),
        beliefs={f: list(v) for f, v in _beliefs(top.get("beliefs", {}), seats).items()},
        infusions=_infusions(top.get("infusions", {}), assets),
        notices=_notices(top.get("notices", []), seats),
    )
    _check_profiles(state)
    if state.total_value() > state.space:
        raise setup.fail(
            ("space",), f"the assets' total value {state.total_value()} exceeds space {state.space}"
        )
    return state


def _assets(value: object, seats: Sequence[Seat]) -> dict[str, Asset]:
    raw = setup.mapping(
        value, ("assets",), allowed=[str(k) for k in value] if isinstance(value, Mapping) else ()
    )
    assets: dict[str, Asset] = {}
    lowered = {s.lower() for s in seats}
    for name, fields in raw.items():
        path = ("assets", str(name))
        check_asset_name(str(name), path)
        if str(name).lower() in lowered or str(name).lower() in {n.lower() for n in assets}:
            raise setup.fail(path, "an asset's name must differ from every faction and asset")
        item = setup.mapping(fields, path, ASSET_KEYS, required=("owner", "value"))
        owner = setup.text(item["owner"], (*path, "owner"), tuple(seats))
        worth = setup.integer(item["value"], (*path, "value"), 1, 1000)
        hidden = setup.boolean(item.get("hidden", False), (*path, "hidden"))
        assets[str(name)] = Asset(owner, worth, hidden)
    return assets


def check_asset_name(name: str, path: setup.Path) -> None:
    """An asset's name is one word of letters, digits, - and _ (as in ``Blue-Navy``)."""
    if not name or len(name) > 40 or not all(c.isalnum() or c in "-_" for c in name):
        raise setup.fail(
            path, f"{name[:40]!r}: an asset's name is one word of letters, digits, -, _"
        )
    if not name.isascii():
        raise setup.fail(path, f"{name[:40]!r}: an asset's name is written in ASCII letters")


def _specializations(value: object, seats: Sequence[Seat]) -> dict[Seat, str]:
    factions = setup.mapping(value, ("factions",), seats)
    chosen = {}
    for index, faction in enumerate(seats):
        default = SPECIALIZATIONS[index % len(SPECIALIZATIONS)]
        fields = setup.mapping(
            factions.get(faction, {}), ("factions", faction), ("specialization",)
        )
        raw = setup.text(
            fields.get("specialization", default), ("factions", faction, "specialization")
        )
        name = specialization_name(raw)
        if name is None:
            setup.text(raw, ("factions", faction, "specialization"), SPECIALIZATIONS)
            raise SetupError(f"unknown specialization {raw!r}")  # pragma: no cover (text() raised)
        chosen[faction] = name
    return chosen


def _per_faction(value: object, seats: Sequence[Seat], key: str) -> dict[Seat, set[str]]:
    given = setup.mapping(value, (key,), seats)
    out: dict[Seat, set[str]] = {}
    for faction in seats:
        items = setup.sequence(given.get(faction, []), (key, faction))
        out[faction] = {setup.text(v, (key, faction, str(i))) for i, v in enumerate(items)}
    return out


def _beliefs(value: object, seats: Sequence[Seat]) -> dict[Seat, list[str]]:
    given = setup.mapping(value, ("beliefs",), seats)
    return {
        f: [
            setup.text(v, ("beliefs", f, str(i)))
            for i, v in enumerate(setup.sequence(given.get(f, []), ("beliefs", f)))
        ]
        for f in seats
    }


def _infusions(value: object, assets: Mapping[str, Asset]) -> dict[str, str]:
    given = setup.mapping(value, ("infusions",), tuple(assets))
    out = {}
    for name, raw in given.items():
        spec = specialization_name(setup.text(raw, ("infusions", name)))
        if spec is None:
            setup.text(raw, ("infusions", name), SPECIALIZATIONS)
        out[name] = spec or ""
    return out


def _notices(value: object, seats: Sequence[Seat]) -> tuple[Event, ...]:
    """The last Results' events, as :func:`state_to_json` wrote them."""
    notices = []
    for index, raw in enumerate(setup.sequence(value, ("notices",))):
        path = ("notices", str(index))
        item = setup.mapping(raw, path, ("kind", "text", "audience", "data", "wordings"))
        try:
            event = Event.from_json(item)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise setup.fail(path, "not an event as the game writes it") from None
        readers = set(event.audience.seats or ()) | {s for w in event.wordings for s in w.seats}
        if not isinstance(event.kind, str) or not readers <= set(seats):
            raise setup.fail(path, "an event for a faction that is not seated")
        notices.append(event)
    return tuple(notices)


def _check_profiles(state: FactionState) -> None:
    for faction, names in state.profiles.items():
        for name in sorted(names):
            path = ("profiles", faction)
            if name not in state.assets:
                raise setup.fail(path, f"no asset {name!r}{_near(name, state.assets)}")
            asset = state.assets[name]
            if not asset.hidden or asset.owner == faction:
                raise setup.fail(
                    path, f"{name}: a profile is kept only on another faction's hidden asset"
                )


def _near(name: str, names: Mapping[str, Any]) -> str:
    return did_you_mean(name, names)


def default_assets(seats: Sequence[Seat]) -> dict[str, Asset]:
    """The documented default: every faction F holds F-Military 3, F-Treasury 3 and
    F-Agents 2 (hidden)."""
    return {
        f"{faction}-{name}": Asset(faction, value, hidden)
        for faction in seats
        for name, value, hidden in STARTING_ASSETS
    }
