"""What each faction is told, by allow-list, and the results posts in the seed's BBCode.

An action's *record* (see :mod:`.resolve`) keeps, for each participating
asset, which factions saw it at the start of the turn. :func:`told` builds a
faction's copy of the action from that alone: the participants it may see
(public ones, its own, those it has a profile on), the narrations of those,
the "***" narrations of the others if it sees the target, and the result as
the rules let it read it (the attackers of a failed hidden infiltration read
success). ``told(record, None)`` is what everyone knows: the public post.

Each Results publishes one public post (everyone) and one private message per
faction (what it is told beyond the public post: its own and profiled
assets' actions, attacks on it, its decisions, its assets and profiles).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sealed.core.events import Audience, Event, Wording
from sealed.core.game import JsonDict, Seat
from sealed.games.factionrpg.state import Decision, FactionState, Pending


@dataclass(frozen=True)
class Line:
    """One sentence of the second Results and who reads it (None: everyone)."""

    audience: frozenset[Seat] | None
    text: str


def knowers(state: FactionState, name: str, *extra: Seat) -> frozenset[Seat] | None:
    """Who sees asset ``name`` now (None: it is public), plus ``extra``."""
    asset = state.assets[name]
    if not asset.hidden:
        return None
    return frozenset(f for f in state.seats if state.sees(f, name)) | set(extra)


def add_visibility(record: JsonDict, seen: Mapping[str, list[Seat]], seats: Sequence[Seat]) -> None:
    """Write into ``record`` who saw each participant and the target at the start of the turn."""
    for part in record["participants"]:
        part["seen_by"] = list(seen[part["asset"]])
    record["target_seen_by"] = list(seen.get(record["target"], seats))
    record["target_public"] = set(record["target_seen_by"]) >= set(seats)


def told(record: Mapping[str, Any], faction: Seat | None) -> JsonDict | None:
    """The action as ``faction`` is told it (None: everyone), or None if it is told nothing."""
    parts = record["participants"]
    seen = [
        p for p in parts if not p["hidden"] or (faction is not None and faction in p["seen_by"])
    ]
    attacker = faction is not None and any(p["owner"] == faction for p in parts)
    defender = faction is not None and record.get("owner") == faction and not attacker
    outcome = record["outcome"]
    if attacker:
        text = record.get("attacker_result") or record["result"]
        if record.get("deceived") or outcome == "nothing":
            # What attackers read of an infiltration that found nothing (truly, or by
            # the defender's deceit) is a success, in data as in text (Ruling 23).
            outcome = "success"
    elif seen:
        text = record["result"]
    elif defender and record.get("told_defender"):
        text = record["told_defender"]
    else:
        return None
    if faction is None:
        sees_target = bool(record["target_public"])
    else:
        sees_target = faction in record["target_seen_by"]
    unseen = [p for p in parts if p not in seen]
    if unseen:  # even a collaborator: it does not see the others' hidden assets
        text = without_strength(text)
    declined = record.get("declined", {}).get(faction, []) if faction is not None else []
    if declined:  # only to the faction that named them (Ruling 11)
        text += (
            f" {' and '.join(declined)} did not collaborate on this action "
            "(a WITH needs both factions: Ruling 11)."
        )
    # No action number: it counts the hidden actions sorted before this one.
    return {
        "action": record["action"],
        "target": record["target"]
        if sees_target or faction in (record.get("owner"),)
        else "a hidden asset",
        # The seed: WITH "will only be visible by those who can see the assets that
        # collaborated on the action": a reader who misses one reads no WITH (Ruling 29).
        "participants": [
            {"asset": p["asset"], "owner": p["owner"], "with": _with_told(record, p, unseen)}
            for p in seen
        ],
        "unknown_participants": bool(unseen),
        "narrations": [p["narration"] for p in seen if p["narration"]],
        "unseen_narrations": [p["unseen"] for p in unseen if p["unseen"] and sees_target],
        "outcome": outcome,
        "result": text,
    }


def _with_told(
    record: Mapping[str, Any], part: Mapping[str, Any], unseen: list[JsonDict]
) -> list[str]:
    """A participant's WITH as a reader is told it. A version 1 result (it has no
    ``declined`` key: :func:`.resolve._record`) told every reader the WITH as written."""
    if "declined" not in record:
        return list(part["with"])
    return [] if unseen else _with(record, part)


def _with(record: Mapping[str, Any], part: Mapping[str, Any]) -> list[str]:
    """The factions a participant collaborated with: those it named that named it back
    (Ruling 11); a one-sided WITH is told to its writer alone, never published as a
    collaboration the other faction did not agree to."""
    declined = record.get("declined", {}).get(part["owner"], [])
    return [f for f in part["with"] if f not in declined]


def without_strength(text: str) -> str:
    """A result with no strength, defense, margin or division by strength (Ruling 29): a
    reader who does not see every participant would learn a hidden asset's value, or
    which factions collaborated, from them."""
    text = re.sub(r" \(strength \d+(?: against defense \d+)?\)", "", text)
    text = re.sub(r", divided by strength: [^.]*\.", ".", text)
    text = re.sub(r"\b(loses?) \d+ value", r"\1 value", text)  # the margin: strength - defense
    return re.sub(r"strength \d+", "strength", text)


def fieldset(item: Mapping[str, Any]) -> str:
    """One told action in the seed's BBCode: header, narrations, the GM's result in the spoiler."""
    names = ", ".join(p["asset"] for p in item["participants"]) or "Unknown assets"
    if item["participants"] and item["unknown_participants"]:
        names += " and unknown assets"
    helpers = sorted({f for p in item["participants"] for f in p["with"]})
    header = f"{names} {item['action'].upper()} {item['target']}"
    if helpers:
        header += f" (WITH {', '.join(helpers)})"
    body = [*item["narrations"]]
    if item["unseen_narrations"]:
        body += ["***", *item["unseen_narrations"]]
    lines = [
        f"[fieldset={header}]",
        *body,
        f"[spoiler=Result]{item['result']}[/spoiler][/fieldset]",
    ]
    return "\n".join(lines)


def first_posts(
    state: FactionState, records: Sequence[JsonDict], renamed: Mapping[str, str]
) -> list[Event]:
    """The first Results: an event per action (GM truth, each faction's wording), the posts."""
    events = [_action_event(state, r) for r in records]
    public = [t for r in records if (t := told(r, None)) is not None]
    head = f"[b]Turn {state.turn}: results of the turn thus far[/b]"
    events.append(
        Event(
            "public-post",
            _post(head, [fieldset(t) for t in public], _public_assets(state)),
            data={"turn": state.turn},
        )
    )
    pending = state.pending or Pending()
    for faction in state.seats:
        mine = []
        for record in records:
            item = told(record, faction)
            if item is not None and item != told(record, None):
                mine.append(fieldset(item))
        mine += [
            _renaming(state, old, new)
            for old, new in sorted(renamed.items())
            if state.sees(faction, new)
        ]
        legacy = state.settings.legacy
        decisions = [describe(d, legacy) for d in pending.decisions if d.faction == faction]
        if decisions:
            mine += ["[b]Your decisions for the Consequences Phase[/b]", *decisions]
        failures = may_narrate(pending, faction)
        if failures:
            mine += ["[b]Failure narrations you may write[/b]", *failures]
        text = _post(
            f"[b]Private message to {faction}, turn {state.turn}[/b]",
            mine,
            _own_assets(state, faction),
        )
        events.append(Event("private-message", text, Audience.only(faction), {"turn": state.turn}))
    return events


def _renaming(state: FactionState, old: str, new: str) -> str:
    """What those who see a hidden asset that gave its name to a new one read (Ruling 21);
    why, only if the new asset is public (a hidden one is not theirs to know of: Ruling 30).
    Version 1 created only public assets and always said why."""
    if state.assets[old].hidden and not state.settings.legacy:
        return f"{old} is now called {new} (Ruling 21)."
    return f"{old} is now called {new}: a new public asset took its name (Ruling 21)."


def _action_event(state: FactionState, record: JsonDict) -> Event:
    groups: dict[str, tuple[list[Seat], JsonDict]] = {}
    for faction in state.seats:
        item = told(record, faction)
        if item is not None:
            key = repr(sorted(item.items()))
            groups.setdefault(key, ([], item))[0].append(faction)
    wordings = tuple(
        Wording(frozenset(seats), f"{item['action']} {item['target']}: {item['result']}", item)
        for seats, item in groups.values()
    )
    truth = f"{record['action']} {record['target']}: {record.get('truth') or record['result']}"
    return Event(f"action-{record['action']}", truth, Audience.gm(), record, wordings)


def may_narrate(pending: Pending, faction: Seat) -> list[str]:
    """The failure narrations ``faction`` may write this Consequences Phase (Ruling 31)."""
    labels = dict.fromkeys(f"{a} {t}" for f, a, t, _ in pending.failures if f == faction)
    return [
        f"You caused the {label} to fail: 'narrate {label}: YOUR TEXT' (optional; read by "
        "those told it failed)."
        for label in labels
    ]


def describe(decision: Decision, legacy: bool = False) -> str:
    """A decision as its faction reads it, with what to write (``legacy``: version 1's
    words, which offered no narration)."""
    n = decision.number
    if decision.kind == "defend":
        return (
            f"decision {n}: an infiltration of {decision.target} failed. Write 'decision {n} "
            f"reveal' (the attacker learns it failed and loses {decision.margin} value), "
            f"'decision {n} deceive' (the attacker thinks you have no other hidden assets) or "
            f"'decision {n} feed ASSET...' (the attacker gains profiles you choose); with "
            f"deceive or feed you gain up to {decision.amount} random profile(s) on the attacking "
            "assets. Default: deceive."
        )
    if decision.kind == "increase":
        return (
            f"decision {n}: assign the {decision.amount} value your share of the exceptional "
            f"Damage attack on {decision.target} gains: 'decision {n} assign ASSET AMOUNT ...' "
            + (
                "(with Cannibalize: any of your assets). "
                if decision.anywhere
                else f"(your attacking assets: {', '.join(decision.assets)}). "
            )
            + "Default: your most valuable one."
            + (
                ""
                if legacy
                else " You may add the increase narration: 'narrate ASSET: YOUR TEXT' "
                "(read with the gain)."
            )
        )
    if decision.kind == "seize":
        return (
            f"decision {n}: choose which faction seizes {decision.target}: 'decision {n} seize "
            f"FACTION' ({', '.join(decision.factions)}). Default: you."
        )
    return (
        f"decision {n}: choose the specialization {decision.target}'s next action has: "
        f"'decision {n} infuse SPECIALIZATION'. Default: your own."
    )


def _post(head: str, items: list[str], tail: list[str]) -> str:
    return "\n\n".join([head, *(items or ["Nothing to report."]), *tail])


def _public_assets(state: FactionState) -> list[str]:
    rows = [f"{n} ({a.owner}): {a.value}" for n, a in sorted(state.assets.items()) if not a.hidden]
    return [
        "[b]Public assets[/b]\n" + ("\n".join(rows) or "none") + f"\n[b]Space[/b]: {state.space}"
    ]


def _own_assets(state: FactionState, faction: Seat) -> list[str]:
    rows = [
        f"{n}: {a.value}{' (hidden)' if a.hidden else ''}"
        for n, a in sorted(state.assets.items())
        if a.owner == faction
    ]
    profiles = [
        f"{n} ({state.assets[n].owner}): {state.assets[n].value}"
        for n in sorted(state.profiles[faction])
    ]
    return [
        "[b]Your assets[/b]\n" + ("\n".join(rows) or "none"),
        "[b]Your profiles[/b]\n" + ("\n".join(profiles) or "none"),
    ]


def second_posts(state: FactionState, lines: Sequence[Line], pending: Pending) -> list[Event]:
    """The second Results: each line as an event for its readers, and the posts."""
    turn = state.turn - 1
    events = [
        Event(
            "consequence",
            line.text,
            Audience.everyone() if line.audience is None else Audience.only(*sorted(line.audience)),
        )
        for line in lines
    ]
    public = [line.text for line in lines if line.audience is None]
    head = f"[b]Turn {turn}: results of the turn[/b]"
    events.append(
        Event("public-post", _post(head, public, _public_assets(state)), data={"turn": turn})
    )
    for faction in state.seats:
        mine = [
            line.text for line in lines if line.audience is not None and faction in line.audience
        ]
        text = _post(
            f"[b]Private message to {faction}, end of turn {turn}[/b]",
            mine,
            _own_assets(state, faction),
        )
        events.append(Event("private-message", text, Audience.only(faction), {"turn": turn}))
    return events
