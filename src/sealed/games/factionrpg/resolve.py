"""The Results of a FactionRPG turn, applied in place: the seed's two lists, in its order.

First Results (when the Orders Phase opens), the seed: "Calculate the defense
of every asset. Determine the effect of damage attacks and infiltrate attacks
[...] Determine the effect of each defensive action [...] Apply the effects of
defensive actions and value reduction from damage to each asset
simultaneously. Publish the results of the turn thus far."

Second Results (when the Consequences Phase closes): "Determine which assets
gain value from exceptionally successful damage attacks. Apply the above and
infiltrate attacks to each asset simultaneously. Transfer assets. Publish."

Every action is kept as a *record* (plain JSON: participants, who saw each at
the start of the turn, strength, defense, outcome and the result as told to
attackers, to the defender and to everyone else); :mod:`.posts` builds what
each faction is told from a record by allow-list.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from sealed.core.events import Event
from sealed.core.game import JsonDict, Seat
from sealed.games.factionrpg import posts
from sealed.games.factionrpg.orders import AssetOrder, TurnOrders
from sealed.games.factionrpg.rules import lookup
from sealed.games.factionrpg.state import Asset, Decision, FactionState, Pending

ORDER_OF_ACTIONS = ("damage", "infiltrate", "shroud", "enhance")


@dataclass
class Group:
    """One action: every asset collaborating on the same action on the same target."""

    action: str
    target: str
    members: list[tuple[Seat, AssetOrder]] = field(default_factory=list)
    contributions: dict[str, int] = field(default_factory=dict)
    specs: frozenset[str] = frozenset()
    number: int = 0
    declined: dict[Seat, list[Seat]] = field(default_factory=dict)  # named in WITH, not mutual

    @property
    def strength(self) -> int:
        return sum(self.contributions.values())

    @property
    def factions(self) -> tuple[Seat, ...]:
        return tuple(dict.fromkeys(f for f, _ in self.members))

    def by_faction(self) -> dict[Seat, int]:
        totals: dict[Seat, int] = {}
        for faction, order in self.members:
            totals[faction] = totals.get(faction, 0) + self.contributions[order.asset]
        return totals


def covert(state: FactionState, order: AssetOrder) -> bool:
    """A hidden asset acts covertly unless its order says OPENLY."""
    return state.assets[order.asset].hidden and not order.openly


def creates(state: FactionState, group: Group) -> bool:
    """An Enhance of a name its factions cannot see creates a new asset (the seed: 'you may
    target a new 0-value asset'); a hidden asset of that name elsewhere is left alone."""
    if group.action != "enhance":
        return False
    if group.target not in state.assets:
        return True
    return not any(state.sees(f, group.target) for f in group.factions)


def split(total: int, weights: Mapping[str, int]) -> dict[str, int]:
    """``total`` divided in proportion to ``weights`` (largest remainders, ties in order)."""
    keys = list(weights)
    if not keys or total <= 0:
        return dict.fromkeys(keys, 0)
    scale = sum(weights.values())
    if scale == 0:
        weights, scale = dict.fromkeys(keys, 1), len(keys)
    shares = {k: total * weights[k] // scale for k in keys}
    left = total - sum(shares.values())
    by_remainder = sorted(keys, key=lambda k: -(total * weights[k] % scale))
    for key in by_remainder[:left]:
        shares[key] += 1
    return shares


def top_faction(group: Group, seats: Sequence[Seat]) -> Seat:
    """The faction that contributed the most strength; a tie goes to the first seat (Ruling)."""
    totals = group.by_faction()
    return max(totals, key=lambda f: (totals[f], -seats.index(f)))


# -- building the actions ---------------------------------------------------


def build_groups(state: FactionState, orders: Mapping[Seat, TurnOrders]) -> list[Group]:
    """Collaboration: same action and target; a faction's own assets always together;
    two factions together when each names the other in WITH (Ruling 'WITH')."""
    keyed: dict[tuple[str, str], list[tuple[Seat, AssetOrder]]] = {}
    for faction in state.seats:
        for order in orders[faction].actions if faction in orders else ():
            if order.action is not None and order.asset in state.assets:
                keyed.setdefault((order.action, order.target), []).append((faction, order))
    groups: list[Group] = []
    for (action, target), members in keyed.items():
        for part in _collaborations(members, state.seats):
            group = Group(action, target, part)
            # Version 1 told nobody of a one-sided WITH (Ruling 11 came with version 2).
            group.declined = {} if state.settings.legacy else _declined(part)
            group.specs = frozenset(
                {state.specializations[f] for f, _ in part}
                | {state.infusions[o.asset] for _, o in part if o.asset in state.infusions}
            )
            for _, order in part:
                asset = state.assets[order.asset]
                full = not asset.hidden or "hide-in-plain-sight" in group.specs
                group.contributions[order.asset] = asset.value if full else max(0, asset.value - 1)
            groups.append(group)
    groups.sort(
        key=lambda g: (ORDER_OF_ACTIONS.index(g.action), g.target.lower(), g.members[0][1].asset)
    )
    for number, group in enumerate(groups, 1):
        group.number = number
    return groups


def _declined(part: list[tuple[Seat, AssetOrder]]) -> dict[Seat, list[Seat]]:
    """Per faction of an action, the factions it named in WITH that did not collaborate
    with it on this action (a WITH needs both: Ruling 11), for its result alone."""
    inside = {f for f, _ in part}
    declined: dict[Seat, list[Seat]] = {}
    for faction, order in part:
        for name in order.with_factions:
            if name not in inside and name not in declined.get(faction, []):
                declined.setdefault(faction, []).append(name)
    return declined


def _collaborations(
    members: list[tuple[Seat, AssetOrder]], seats: Sequence[Seat]
) -> list[list[tuple[Seat, AssetOrder]]]:
    names: dict[Seat, set[Seat]] = {}
    for faction, order in members:
        names.setdefault(faction, set()).update(order.with_factions)
    root = {f: f for f in names}

    def find(f: Seat) -> Seat:
        while root[f] != f:
            f = root[f]
        return f

    for f in names:
        for g in names[f]:
            if g in names and f in names[g]:
                a, b = sorted((find(f), find(g)), key=seats.index)
                root[b] = a
    parts: dict[Seat, list[tuple[Seat, AssetOrder]]] = {}
    for faction, order in members:
        parts.setdefault(find(faction), []).append((faction, order))
    return [parts[k] for k in sorted(parts, key=seats.index)]


# -- the first Results --------------------------------------------------------


@dataclass
class Turn:
    """Scratch tables of one turn's first Results."""

    state: FactionState
    groups: list[Group]
    defense: dict[str, int] = field(default_factory=dict)
    reductions: dict[str, int] = field(default_factory=dict)
    increases: dict[str, int] = field(default_factory=dict)
    thwarted: dict[str, tuple[Seat, ...]] = field(default_factory=dict)  # hit by a successful
    # Damage attack: the attacking factions (they caused its defensive actions to fail)
    shroud: set[str] = field(default_factory=set)
    created: dict[str, tuple[Seat, int, bool]] = field(default_factory=dict)  # owner, value, hidden
    records: list[JsonDict] = field(default_factory=list)
    pending: Pending = field(default_factory=Pending)
    room: int = 0
    renamed: dict[str, str] = field(default_factory=dict)  # hidden assets that gave way

    def decide(
        self,
        kind: str,
        faction: Seat,
        target: str,
        amount: int = 0,
        assets: tuple[str, ...] = (),
        factions: tuple[Seat, ...] = (),
        margin: int = 0,
        contributions: tuple[int, ...] = (),
        named: str = "",
        anywhere: bool = False,
    ) -> Decision:
        # Numbered within the faction: a count across factions would tell a faction
        # that others have decisions (a deceived attacker, that its success was false).
        number = sum(d.faction == faction for d in self.pending.decisions) + 1
        decision = Decision(
            number,
            kind,
            faction,
            target,
            amount,
            assets,
            factions,
            margin,
            contributions,
            named,
            anywhere,
        )
        self.pending.decisions.append(decision)
        return decision

    def believe(self, group: Group, succeeded: bool) -> None:
        """What the attackers now hold about their infiltration (true or, if deceived, not)."""
        word = "succeeded" if succeeded else "failed"
        for faction in group.factions:
            self.state.beliefs[faction].append(
                f"turn {self.state.turn}: the infiltration of {group.target} {word}"
            )


def first_results(
    state: FactionState, orders: Mapping[Seat, TurnOrders], events: list[Event] | None
) -> None:
    """The Orders Phase opens: shares, then the seed's first Results, in place."""
    for faction in state.seats:
        for share in orders[faction].shares if faction in orders else ():
            if share.asset in state.assets and state.assets[share.asset].owner != share.to:
                state.profiles[share.to].add(share.asset)
    turn = Turn(state, build_groups(state, orders))
    turn.room = max(0, state.space - state.total_value())
    for name in state.assets:
        turn.defense[name] = state.assets[name].value
    for group in turn.groups:
        if group.action in ("shroud", "enhance") and not creates(state, group):
            twice = group.action == "shroud" and "ambush" in group.specs
            turn.defense[group.target] += group.strength * (2 if twice else 1)
    seen = {n: [f for f in state.seats if state.sees(f, n)] for n in state.assets}
    damage = [g for g in turn.groups if g.action == "damage"]
    for group in sorted(damage, key=lambda g: (-g.strength, g.number)):
        _damage(turn, group)
    for group in turn.groups:
        if group.action == "infiltrate":
            _infiltrate(turn, group)
    defends = [g for g in turn.groups if g.action in ("shroud", "enhance")]
    for group in sorted(defends, key=lambda g: (-g.strength, g.number)):
        _defend(turn, group)
    turn.records.sort(key=lambda r: int(r["number"]))
    for record in turn.records:
        posts.add_visibility(record, seen, state.seats)
        if record.get("creates") and state.settings.legacy:  # version 1: always public
            record["target_seen_by"], record["target_public"] = list(state.seats), True
        elif record.get("creates"):  # its target is the new asset, not a hidden namesake
            # A covert creation's new asset is hidden (Ruling 30): its name is read by those
            # to whom the action is public (who see every creating asset), no one else.
            readers = [
                f
                for f in state.seats
                if not record["hidden"] or all(f in p["seen_by"] for p in record["participants"])
            ]
            record["target_seen_by"], record["target_public"] = readers, not record["hidden"]
    _apply_first(turn)
    for faction in state.seats:
        for order in orders[faction].actions if faction in orders else ():
            if order.transfer_to is not None:
                asset = turn.renamed.get(order.asset, order.asset)
                turn.pending.transfers.append((asset, faction, order.transfer_to))
    turn.pending.reports = turn.records
    turn.pending.failures = [] if state.settings.legacy else _failures(turn)  # no narrations
    state.infusions = {}  # an infusion lasts for the action the asset attempts this turn
    state.pending = turn.pending
    state.notices = tuple(posts.first_posts(state, turn.records, turn.renamed))
    if events is not None:
        events.extend(state.notices)


def _failures(turn: Turn) -> list[tuple[Seat, str, str, int]]:
    """Who may write a failure narration of which action (Ruling 31). The seed: "'failure
    narrations' for any actions that they caused to fail": the owner of an attacked asset
    (or faction) whose defense made the attack fail, and the factions whose successful
    Damage attack made a defensive action on its target fail; each only for an action it
    was told of and told failed (never a hidden attack it does not know of)."""
    slots: list[tuple[Seat, str, str, int]] = []
    for record in turn.records:
        if record["outcome"] != "failure":
            continue
        if record["action"] in ("damage", "infiltrate"):
            causers: tuple[Seat, ...] = (str(record["owner"]),)
        else:
            causers = turn.thwarted.get(str(record["target"]), ())
        for faction in dict.fromkeys(causers):
            item = posts.told(record, faction)
            if item is not None and item["outcome"] == "failure":
                target = str(item["target"])
                slots.append((faction, str(record["action"]), target, int(record["number"])))
    return slots


def _record(turn: Turn, group: Group, **fields: object) -> JsonDict:
    state = turn.state
    record: JsonDict = {
        "number": group.number,
        "action": group.action,
        "target": group.target,
        "hidden": all(covert(state, o) for _, o in group.members),
        "specializations": sorted(group.specs),
        "declined": {f: list(names) for f, names in group.declined.items()},
        "strength": group.strength,
        "participants": [
            {
                "asset": order.asset,
                "owner": faction,
                "hidden": covert(state, order),
                "strength": group.contributions[order.asset],
                "with": list(order.with_factions),
                "narration": order.narration,
                "unseen": order.unseen,
            }
            for faction, order in group.members
        ],
    }
    if state.settings.legacy:  # version 1's results had no one-sided WITH to tell
        del record["declined"]
    record.update(fields)
    record.setdefault("truth", record["result"])
    aimed = str(record.get("aimed") or group.target)
    if creates(state, group):  # a new asset's name: public, whoever else holds it (Ruling 21)
        record["creates"] = True
    elif group.target in state.seats or (aimed in state.assets and state.assets[aimed].hidden):
        # A hidden target: those who read the result may not see it (an overt attack on a
        # profiled asset, a whole faction's best hidden asset), so neither its name nor its
        # defense (which would give away its value) is written into what they read.
        for key in ("result", "attacker_result"):
            if isinstance(record.get(key), str):
                record[key] = _unnamed(str(record[key]), aimed)
    turn.records.append(record)
    return record


def _unnamed(text: str, name: str) -> str:
    text = re.sub(r" against defense \d+", "", text)
    return re.sub(rf"{re.escape(name)}(?='s|\b)", "the target", text)


def _damage(turn: Turn, group: Group) -> None:
    state, target = turn.state, group.target
    asset = state.assets[target]
    defense = turn.defense[target]
    margin = group.strength - defense
    hidden = all(covert(state, o) for _, o in group.members)
    base = {"owner": asset.owner, "defense": defense, "margin": margin}
    if margin <= 0:
        lost = 0 if "tactics" in group.specs else -margin
        for name, amount in split(lost, group.contributions).items():
            turn.reductions[name] = turn.reductions.get(name, 0) + amount
        text = f"Failure (strength {group.strength} against defense {defense}): the attacking " + (
            "assets lose no value (Tactics)."
            if lost == 0 and "tactics" in group.specs
            else f"assets lose {lost} value."
        )
        knows = not (hidden and "tactics" in group.specs)
        _record(
            turn,
            group,
            outcome="failure",
            result=text,
            told_defender=text if knows else None,
            **base,
        )
        return
    turn.reductions[target] = turn.reductions.get(target, 0) + margin
    turn.thwarted[target] = (*turn.thwarted.get(target, ()), *group.factions)
    text = (
        f"Success (strength {group.strength} against defense {defense}): {target} loses "
        f"{margin} value, and every defensive action on it fails this turn."
    )
    outcome = "success"
    if margin >= asset.value:
        outcome = "exceptional"
        granted = min(asset.value - 1, turn.room)
        turn.room -= granted
        shares = split(granted, group.by_faction())
        for faction, amount in shares.items():
            if amount > 0:
                mine = tuple(o.asset for f, o in group.members if f == faction)
                anywhere = "cannibalize" in group.specs or (
                    state.specializations[faction] == "cannibalize"
                )
                turn.decide(
                    "increase", faction, target, amount=amount, assets=mine, anywhere=anywhere
                )
        division = ", ".join(f"{f} {n}" for f, n in shares.items())
        text += (
            f" Exceptional success: the attackers gain {granted} value at the end of the turn "
            f"(the target's value less one, {asset.value - 1}, as space allows)"
        )
        others = text + "."
        text += f", divided by strength: {division}."
    else:
        others = text
    _record(
        turn,
        group,
        outcome=outcome,
        result=others,
        truth=text,
        attacker_result=text,
        told_defender=others,
        **base,
    )


SUCCESS_SEEN = "Success: what the infiltration found is known at the end of the turn."


def _infiltrate(turn: Turn, group: Group) -> None:
    state = turn.state
    if group.target in state.seats:
        owner = group.target
        hidden_assets = [n for n in state.owned(owner) if state.assets[n].hidden]
        if not hidden_assets:
            text = f"{owner} has no hidden asset: the infiltration finds nothing."
            turn.pending.gains.append((group.factions, owner, "", 1))
            turn.believe(group, True)
            _record(
                turn,
                group,
                owner=owner,
                outcome="nothing",
                result=text,
                attacker_result=SUCCESS_SEEN,
                told_defender=None,
                defense=0,
                margin=0,
            )
            return
        aimed = max(
            hidden_assets, key=lambda n: (state.assets[n].value, [-ord(c) for c in n.lower()])
        )
    else:
        aimed = group.target
        owner = state.assets[aimed].owner
    defense = turn.defense[aimed]
    margin = group.strength - defense
    hidden = all(covert(state, o) for _, o in group.members)
    base: JsonDict = {"owner": owner, "aimed": aimed, "defense": defense, "margin": margin}
    extra = 1 if "interrogation" in group.specs else 0
    attackers = group.factions
    if margin <= 0:
        _failed_infiltration(turn, group, owner, aimed, -margin, hidden, base)
        return
    whole = group.target in state.seats
    turn.pending.gains.append((attackers, owner, "" if whole else aimed, 1 + extra))
    found = (
        f"a profile on {owner}'s highest-value hidden asset"
        if whole
        else f"a random profile on a hidden asset of {owner}"
    )
    text = (
        f"Success (strength {group.strength} against defense {defense}): the attackers gain {found}"
    )
    text += " and one more (Interrogation)" if extra else ""
    text += " at the end of the turn."
    outcome, seize = "success", ""
    attacker_text = SUCCESS_SEEN if hidden else text
    if not whole and margin >= state.assets[aimed].value:
        outcome = "exceptional"
        chooser = top_faction(group, state.seats)
        turn.decide("seize", chooser, aimed, factions=attackers)
        seize = f" Exceptional success: {chooser} decides which faction seizes {aimed}."
        text += seize
        attacker_text += seize
    turn.believe(group, True)
    public_text = (
        text.replace(
            seize,
            " Exceptional success: the faction that contributed the most strength decides "
            "which faction seizes it.",
        )
        if outcome == "exceptional"
        else text
    )
    _record(
        turn,
        group,
        outcome=outcome,
        result=public_text,
        truth=text,
        attacker_result=attacker_text,
        told_defender=None if hidden else public_text,
        **base,
    )


def _failed_infiltration(
    turn: Turn, group: Group, owner: Seat, aimed: str, shortfall: int, hidden: bool, base: JsonDict
) -> None:
    planning = "planning" in group.specs
    head = f"Failure (strength {group.strength} against defense {base['defense']})"
    if not hidden:
        lost = 0 if planning else shortfall
        for name, amount in split(lost, group.contributions).items():
            turn.pending.losses[name] = turn.pending.losses.get(name, 0) + amount
        text = f"{head}: the attacking assets lose {lost} value at the end of the turn" + (
            " (Planning: none)." if planning else "."
        )
        turn.believe(group, False)
        _record(turn, group, outcome="failure", result=text, told_defender=text, **base)
        return
    if planning:
        text = f"{head}: the attacking assets lose no value and are not compromised (Planning)."
        turn.believe(group, False)
        _record(turn, group, outcome="failure", result=text, told_defender=None, **base)
        return
    assets = tuple(o.asset for _, o in group.members)
    count = max(1, shortfall)  # capped by the draw, so the count never tells how many attacked
    decision = turn.decide(
        "defend",
        owner,
        aimed,
        amount=count,
        assets=assets,
        factions=group.factions,
        margin=shortfall,
        contributions=tuple(group.contributions[a] for a in assets),
        named=group.target,
    )
    # Its findings take their place among the true ones (count 0: the owner decides), so
    # the order of what the attackers read at the end of the turn cannot tell them apart.
    turn.pending.gains.append((group.factions, owner, aimed, 0))
    text = (
        f"{head}: the attack appears successful to the attackers; {owner} chooses its outcome "
        f"(decision {decision.number})."
    )
    defender = (
        f"{head}: an infiltration of {aimed} failed; choose its outcome "
        f"(decision {decision.number})."
    )
    turn.believe(group, True)
    _record(
        turn,
        group,
        outcome="failure",
        deceived=True,
        result=defender,
        truth=text,
        attacker_result=SUCCESS_SEEN,
        told_defender=defender,
        **base,
    )


def _defend(turn: Turn, group: Group) -> None:
    state, target = turn.state, group.target
    if creates(state, group):
        _create(turn, group)
        return
    asset = state.assets[target]
    raised = group.strength * (2 if group.action == "shroud" and "ambush" in group.specs else 1)
    head = f"{target}'s defense rises by {raised}"
    base: JsonDict = {
        "owner": asset.owner,
        "defense": turn.defense[target],
        "margin": group.strength - asset.value,
    }
    if target in turn.thwarted:
        text = (
            f"Failure: {head}, but a successful Damage attack on it makes the {group.action} fail."
        )
        outcome = "failure"
    elif group.strength <= asset.value:
        text = (
            f"Failure: {head}, but the action's strength {group.strength} does not exceed its "
            f"value {asset.value}."
        )
        outcome = "failure"
    elif group.action == "shroud":
        turn.shroud.add(target)
        text = (
            f"Success: {head}, and it becomes hidden at the end of the turn "
            "(every profile on it is lost)."
        )
        outcome = "success"
    else:
        outcome, text = _enhance(turn, group, asset.value, head)
    _record(turn, group, outcome=outcome, result=text, told_defender=text, **base)


def _enhance(turn: Turn, group: Group, value: int, head: str) -> tuple[str, str]:
    exceptional = group.strength - value >= value
    steps = 1
    if exceptional and "upgrade" in group.specs:
        steps = upgrade_steps(group.strength, value, turn.state.settings.legacy)
    granted = min(steps, turn.room)
    turn.room -= granted
    turn.increases[group.target] = turn.increases.get(group.target, 0) + granted
    text = f"Success: {head}, and its value rises by {granted} at the end of the turn"
    text += "." if granted == steps else f" ({steps} wanted; no more space)."
    if exceptional and "infusion" in group.specs:
        chooser = top_faction(group, turn.state.seats)
        decision = turn.decide("infuse", chooser, group.target)
        text += (
            f" Infusion: {chooser} chooses a specialization for its next action "
            f"(decision {decision.number})."
        )
    return ("exceptional" if exceptional else "success"), text


def upgrade_steps(strength: int, value: int, legacy: bool = False) -> int:
    """How many times an Upgrade Enhance raises a value (Ruling 12). The seed: "if the excess
    strength of the action is sufficient to increase the asset's value again at its new value,
    it continues to do so until there is not enough strength left": each increase spends the
    strength it needed, the excess goes on against the new value with the Defend test
    ("exceeds the value"), and stops when what is left no longer exceeds it. Version 1
    (``legacy``) raised it once per point of excess strength, nothing spent."""
    if legacy:
        return max(1, strength - value)
    steps, left, new = 1, strength - value, value + 1
    while left > new:
        left -= new
        steps += 1
        new += 1
    return steps


def _create(turn: Turn, group: Group) -> None:
    faction = group.members[0][0]
    legacy = turn.state.settings.legacy
    steps = upgrade_steps(group.strength, 0, legacy) if "upgrade" in group.specs else 1
    granted = min(steps, turn.room) if group.strength > 0 else 0
    if granted:
        turn.room -= granted
        # A covert Enhance creates a hidden asset (Ruling 30): a public one, owned, would
        # show that its creator acted with hidden assets. Version 1 created a public one.
        hidden = not legacy and all(covert(turn.state, o) for _, o in group.members)
        turn.created[group.target] = (faction, granted, hidden)
        kind = "hidden asset" if hidden else "asset"
        text = f"Success: a new {kind} {group.target} is created with value {granted}."
        outcome = "success"
    else:
        why = "no space remains" if group.strength > 0 else "the action has no strength"
        text = f"Failure: {why}, so no new asset {group.target} is created."
        outcome = "failure"
    _record(
        turn,
        group,
        owner=faction,
        outcome=outcome,
        defense=0,
        margin=group.strength,
        result=text,
        told_defender=text,
    )


def _apply_first(turn: Turn) -> None:
    """The seed: 'Apply the effects of defensive actions and value reduction from damage to
    each asset simultaneously.'"""
    state = turn.state
    for name, asset in state.assets.items():
        asset.value += turn.increases.get(name, 0) - turn.reductions.get(name, 0)
    for name in turn.shroud:
        if state.assets[name].value > 0:
            state.assets[name].hidden = True
            for faction in state.seats:
                state.profiles[faction].discard(name)
    turn.pending.shrouded = set(turn.shroud)
    for name, (faction, worth, hidden) in turn.created.items():
        holder = lookup(name, state.assets)
        if holder is not None:  # a hidden asset the creators cannot see: it gives way
            turn.renamed[holder] = _free_name(state, name)
            _rename(state, turn.pending, holder, turn.renamed[holder])
        state.assets[name] = Asset(faction, worth, hidden)
    destroy_worthless(state)


def _rename(state: FactionState, pending: Pending, old: str, new: str) -> None:
    """Asset ``old`` is called ``new`` from now on, in the state and what is pending."""
    state.assets[new] = state.assets.pop(old)
    for faction in state.seats:
        if old in state.profiles[faction]:
            state.profiles[faction] = (state.profiles[faction] - {old}) | {new}
    if old in state.infusions:
        state.infusions[new] = state.infusions.pop(old)

    def swap(name: str) -> str:
        return new if name == old else name

    pending.decisions = [
        replace(d, target=swap(d.target), assets=tuple(map(swap, d.assets)))
        for d in pending.decisions
    ]
    pending.losses = {swap(n): v for n, v in pending.losses.items()}
    pending.gains = [(f, o, swap(t), c) for f, o, t, c in pending.gains]
    pending.shrouded = {swap(n) for n in pending.shrouded}


def _free_name(state: FactionState, name: str) -> str:
    """A free name for a hidden asset that gives its name to a new one: ``name-2``, ..."""
    number = 2
    while lookup(f"{name}-{number}", state.assets) is not None:
        number += 1
    return f"{name}-{number}"


def destroy_worthless(state: FactionState) -> list[str]:
    """Assets reduced to 0 are destroyed (Ruling 'damage below zero')."""
    gone = [n for n, a in state.assets.items() if a.value <= 0]
    for name in gone:
        del state.assets[name]
        state.infusions.pop(name, None)
        for faction in state.seats:
            state.profiles[faction].discard(name)
    return gone
