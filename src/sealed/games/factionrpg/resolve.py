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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import JsonDict, Seat
from sealed.games.factionrpg import posts
from sealed.games.factionrpg.orders import Answer, Answers, AssetOrder, Order, TurnOrders
from sealed.games.factionrpg.posts import knowers
from sealed.games.factionrpg.rules import lookup, specialization_arg
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
    thwarted: set[str] = field(default_factory=set)  # a successful Damage attack hit it
    shroud: set[str] = field(default_factory=set)
    created: dict[str, tuple[Seat, int]] = field(default_factory=dict)
    records: list[JsonDict] = field(default_factory=list)
    pending: Pending = field(default_factory=Pending)
    room: int = 0

    def decide(
        self,
        kind: str,
        faction: Seat,
        target: str,
        amount: int = 0,
        assets: tuple[str, ...] = (),
        factions: tuple[Seat, ...] = (),
        margin: int = 0,
    ) -> Decision:
        number = len(self.pending.decisions) + 1
        decision = Decision(number, kind, faction, target, amount, assets, factions, margin)
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
        if group.action in ("shroud", "enhance") and group.target in state.assets:
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
    _apply_first(turn)
    for faction in state.seats:
        for order in orders[faction].actions if faction in orders else ():
            if order.transfer_to is not None:
                turn.pending.transfers.append((order.asset, faction, order.transfer_to))
    turn.pending.reports = turn.records
    state.infusions = {}  # an infusion lasts for the action the asset attempts this turn
    state.pending = turn.pending
    state.notices = tuple(posts.first_posts(state, turn.records))
    if events is not None:
        events.extend(state.notices)


def _record(turn: Turn, group: Group, **fields: object) -> JsonDict:
    state = turn.state
    record: JsonDict = {
        "number": group.number,
        "action": group.action,
        "target": group.target,
        "hidden": all(state.assets[o.asset].hidden for _, o in group.members),
        "specializations": sorted(group.specs),
        "strength": group.strength,
        "participants": [
            {
                "asset": order.asset,
                "owner": faction,
                "hidden": state.assets[order.asset].hidden,
                "strength": group.contributions[order.asset],
                "with": list(order.with_factions),
                "narration": order.narration,
                "unseen": order.unseen,
            }
            for faction, order in group.members
        ],
    }
    record.update(fields)
    turn.records.append(record)
    return record


def _damage(turn: Turn, group: Group) -> None:
    state, target = turn.state, group.target
    asset = state.assets[target]
    defense = turn.defense[target]
    margin = group.strength - defense
    hidden = all(state.assets[o.asset].hidden for _, o in group.members)
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
    turn.thwarted.add(target)
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
                turn.decide("increase", faction, target, amount=amount, assets=mine)
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
    hidden = all(state.assets[o.asset].hidden for _, o in group.members)
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
            " Exceptional success: the faction that contributed the most strength decides which faction seizes it.",
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
    count = min(max(1, shortfall), len(assets))
    decision = turn.decide(
        "defend",
        owner,
        aimed,
        amount=count,
        assets=assets,
        factions=group.factions,
        margin=shortfall,
    )
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
    if target not in state.assets:
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
        text = f"Success: {head}, and it becomes hidden at the end of the turn (every profile on it is lost)."
        outcome = "success"
    else:
        outcome, text = _enhance(turn, group, asset.value, head)
    _record(turn, group, outcome=outcome, result=text, told_defender=text, **base)


def _enhance(turn: Turn, group: Group, value: int, head: str) -> tuple[str, str]:
    exceptional = group.strength - value >= value
    steps = 1
    if exceptional and "upgrade" in group.specs:
        steps = max(1, group.strength - value)  # again while the strength exceeds the new value
    granted = min(steps, turn.room)
    turn.room -= granted
    turn.increases[group.target] = turn.increases.get(group.target, 0) + granted
    text = f"Success: {head}, and its value rises by {granted} at the end of the turn"
    text += "." if granted == steps else f" ({steps} wanted; no more space)."
    if exceptional and "infusion" in group.specs:
        chooser = top_faction(group, turn.state.seats)
        decision = turn.decide("infuse", chooser, group.target)
        text += f" Infusion: {chooser} chooses a specialization for its next action (decision {decision.number})."
    return ("exceptional" if exceptional else "success"), text


def _create(turn: Turn, group: Group) -> None:
    faction = group.members[0][0]
    steps = group.strength if "upgrade" in group.specs else 1
    granted = min(steps, turn.room) if group.strength > 0 else 0
    if granted:
        turn.room -= granted
        turn.created[group.target] = (faction, granted)
        text = f"Success: a new asset {group.target} is created with value {granted}."
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
    for name, (faction, worth) in turn.created.items():
        state.assets[_free_name(state, name)] = Asset(faction, worth, False)
    destroy_worthless(state)


def _free_name(state: FactionState, name: str) -> str:
    """A new asset's name, numbered if a hidden asset the creator cannot see holds it."""
    if lookup(name, state.assets) is None:
        return name
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


# -- the Consequences Phase -------------------------------------------------


def default_answer(state: FactionState, decision: Decision) -> Answer:
    """What a faction that does not answer gets (documented in the manual)."""
    if decision.kind == "defend":
        return Answer(decision.number, "deceive")
    if decision.kind == "seize":
        return Answer(decision.number, "seize", (decision.faction,))
    if decision.kind == "infuse":
        return Answer(decision.number, "infuse", (state.specializations[decision.faction],))
    places = _increase_places(state, decision)
    if not places:
        return Answer(decision.number, "assign")
    best = max(places, key=lambda n: (state.assets[n].value, n))
    return Answer(decision.number, "assign", (best, str(decision.amount)))


def _increase_places(state: FactionState, decision: Decision) -> list[str]:
    """Where an exceptional Damage share may go: the faction's attacking assets still
    standing, or with Cannibalize any asset of the faction (Ruling 'Cannibalize')."""
    owned = state.owned(decision.faction)
    if state.specializations[decision.faction] == "cannibalize" or _group_had(
        state, decision, "cannibalize"
    ):
        return owned
    return [n for n in decision.assets if n in owned]


def _group_had(state: FactionState, decision: Decision, spec: str) -> bool:
    for record in state.pending.reports if state.pending else ():
        if (
            record["action"] == "damage"
            and record["target"] == decision.target
            and any(p["asset"] in decision.assets for p in record["participants"])
        ):
            return spec in record["specializations"]
    return False


def answer_problem(state: FactionState, faction: Seat, answer: Answer) -> tuple[Answer, str | None]:
    """The canonical answer, or what is wrong with it."""
    assert state.pending is not None
    decision = state.pending.decisions[answer.number - 1]
    if answer.word in ("reveal", "deceive"):
        return Answer(
            answer.number, answer.word
        ), None if not answer.args else f"{answer.word} takes nothing more"
    if answer.word == "feed":
        mine = [n for n in state.owned(faction) if state.assets[n].hidden]
        names = [lookup(a, mine) for a in answer.args]
        if not answer.args or None in names:
            return (
                answer,
                f"feed names one or more of your hidden assets ({', '.join(mine) or 'none'})",
            )
        return Answer(answer.number, "feed", tuple(sorted({n for n in names if n}))), None
    if answer.word == "seize":
        if len(answer.args) != 1 or lookup(answer.args[0], decision.factions) is None:
            return answer, f"seize one of the attacking factions: {', '.join(decision.factions)}"
        return Answer(
            answer.number, "seize", (lookup(answer.args[0], decision.factions) or "",)
        ), None
    if answer.word == "infuse":
        spec = specialization_arg(answer.args)
        if spec is None:
            return answer, "infuse takes a specialization (tactics, cannibalize, planning, ...)"
        return Answer(answer.number, "infuse", (spec,)), None
    return _assignment(state, decision, answer)


def _assignment(
    state: FactionState, decision: Decision, answer: Answer
) -> tuple[Answer, str | None]:
    places = _increase_places(state, decision)
    args = answer.args
    if len(args) % 2:
        return answer, "assign takes pairs: ASSET AMOUNT (assign Red-Army 2 Red-Navy 1)"
    given: dict[str, int] = {}
    for name, amount in zip(args[::2], args[1::2], strict=True):
        place = lookup(name, places)
        if place is None:
            return (
                answer,
                f"{name} cannot take the increase (it may go to: {', '.join(places) or 'nothing left'})",
            )
        if not (amount.isascii() and amount.isdigit()) or len(amount) > 4:
            return answer, f"{amount!r} is not an amount"
        given[place] = given.get(place, 0) + int(amount)
    wanted = decision.amount if places else 0
    if sum(given.values()) != wanted:
        return answer, f"assign exactly {wanted} value in all (you assigned {sum(given.values())})"
    pairs = [x for n in sorted(given) if given[n] for x in (n, str(given[n]))]
    return Answer(answer.number, "assign", tuple(pairs)), None


def second_results(
    state: FactionState, answers: Mapping[Seat, Answers], chance: Chance, events: list[Event] | None
) -> None:
    """The Consequences Phase closes: increases, infiltrations, transfers, publication."""
    pending = state.pending or Pending()
    given = {a.number: a for order in answers.values() for a in order.answers}
    chosen = {d.number: given.get(d.number) or default_answer(state, d) for d in pending.decisions}
    lines: list[posts.Line] = []
    for decision in pending.decisions:
        if decision.kind == "increase":
            _apply_increase(state, chosen[decision.number], lines, decision)
    for name, amount in sorted(pending.losses.items()):
        if name in state.assets and amount:
            state.assets[name].value -= amount
            lines.append(
                posts.Line(
                    knowers(state, name), f"{name} loses {amount} value (a failed infiltration)."
                )
            )
    for factions, owner, target, count in pending.gains:
        _gain_profiles(state, factions, owner, target, count, chance, lines)
    for decision in pending.decisions:
        answer = chosen[decision.number]
        if decision.kind == "defend":
            _defender_choice(state, decision, answer, chance, lines)
        elif decision.kind == "seize":
            _seize(state, decision, answer.args[0], pending.shrouded, lines)
        elif decision.kind == "infuse" and decision.target in state.assets:
            state.infusions[decision.target] = answer.args[0]
            lines.append(
                posts.Line(
                    knowers(state, decision.target, decision.faction),
                    f"{decision.target}'s next action has {answer.args[0]} (Infusion).",
                )
            )
    readers = {n: knowers(state, n) for n in state.assets}
    for name in destroy_worthless(state):
        lines.append(posts.Line(readers[name], f"{name} is destroyed."))
    for name, old, new in pending.transfers:
        _transfer(state, name, old, new, lines)
    _tidy_profiles(state)
    state.pending = None
    state.turn += 1
    state.phase = "over" if state.turn > state.settings.turns else "orders"
    published = posts.second_posts(state, lines, pending)
    state.notices = (*state.notices, *published)
    if events is not None:
        events.extend(published)


def _apply_increase(
    state: FactionState, answer: Answer, lines: list[posts.Line], decision: Decision
) -> None:
    for name, amount in zip(answer.args[::2], answer.args[1::2], strict=True):
        if name in state.assets:
            state.assets[name].value += int(amount)
            lines.append(
                posts.Line(
                    knowers(state, name),
                    f"{name} gains {amount} value (an exceptional Damage attack).",
                )
            )


def _gain_profiles(
    state: FactionState,
    factions: tuple[Seat, ...],
    owner: Seat,
    target: str,
    count: int,
    chance: Chance,
    lines: list[posts.Line],
) -> None:
    candidates = sorted(n for n in state.owned(owner) if state.assets[n].hidden)
    picked: list[str] = []
    if target == "" and candidates:  # a whole faction: its highest-value hidden asset first
        best = max(candidates, key=lambda n: (state.assets[n].value, [-ord(c) for c in n.lower()]))
        picked.append(best)
        count -= 1
    pool = [
        n
        for n in candidates
        if n not in picked and any(n not in state.profiles[f] for f in factions)
    ]
    picked += _draw(chance, pool, count, f"profiles gained on {owner}'s hidden assets")
    for faction in factions:
        for name in picked:
            if state.assets[name].owner != faction:
                state.profiles[faction].add(name)
        found = ", ".join(f"{n} ({state.assets[n].value})" for n in picked)
        text = (
            f"The infiltration of {owner} finds: {found}."
            if picked
            else f"{owner} has no (other) hidden assets."
        )
        lines.append(posts.Line(frozenset({faction}), text))
        state.beliefs[faction].append(f"turn {state.turn}: {text}")


def _draw(chance: Chance, pool: list[str], count: int, label: str) -> list[str]:
    """``count`` of ``pool`` (all of them if fewer: Ruling 'fewer assets than profiles')."""
    if count <= 0 or not pool:
        return []
    if count >= len(pool):
        return list(pool)
    order = chance.shuffle(label, pool)
    return sorted(order[:count])


def _defender_choice(
    state: FactionState, decision: Decision, answer: Answer, chance: Chance, lines: list[posts.Line]
) -> None:
    attackers = decision.factions
    if answer.word == "reveal":
        standing = {n: 1 for n in decision.assets if n in state.assets}
        for name, amount in split(decision.margin, standing).items():
            state.assets[name].value -= amount
        for faction in attackers:
            text = f"The infiltration of {decision.target} was a failure after all: the attacking assets lose {decision.margin} value."
            lines.append(posts.Line(frozenset({faction}), text))
            state.beliefs[faction].append(f"turn {state.turn}: {text}")
        return
    pool = [
        n
        for n in decision.assets
        if n in state.assets
        and state.assets[n].hidden
        and n not in state.profiles[decision.faction]
    ]
    exposed = _draw(
        chance, pool, decision.amount, f"profiles {decision.faction} gains on its attackers"
    )
    state.profiles[decision.faction].update(exposed)
    lines.append(
        posts.Line(
            frozenset({decision.faction}),
            f"Your choice for decision {decision.number}: {answer.word}; you gain profiles on "
            f"{', '.join(f'{n} ({state.assets[n].owner})' for n in exposed) or 'no asset'}.",
        )
    )
    fed = [n for n in answer.args if n in state.assets] if answer.word == "feed" else []
    for faction in attackers:
        for name in fed:
            state.profiles[faction].add(name)
        found = ", ".join(f"{n} ({state.assets[n].value})" for n in fed)
        owner = decision.faction
        text = (
            f"The infiltration of {owner} finds: {found}."
            if fed
            else f"{owner} has no (other) hidden assets."
        )
        lines.append(posts.Line(frozenset({faction}), text))
        state.beliefs[faction].append(f"turn {state.turn}: {text}")


def _seize(
    state: FactionState,
    decision: Decision,
    winner: Seat,
    shrouded: set[str],
    lines: list[posts.Line],
) -> None:
    name = decision.target
    if name not in state.assets:
        return
    asset = state.assets[name]
    former = asset.owner
    asset.owner = winner
    state.profiles[winner].discard(name)
    if asset.hidden and name not in shrouded:
        state.profiles[former].add(name)  # the seed: 'The former owner [...] keeps a profile'
    if asset.hidden and name in shrouded:  # the seed: the former owner does 'not know immediately'
        lines.append(
            posts.Line(frozenset({former}), f"{name} is seized by a faction you cannot see.")
        )
        lines.append(
            posts.Line(knowers(state, name), f"{name} is seized: {winner} now controls it.")
        )
        return
    lines.append(
        posts.Line(knowers(state, name, former), f"{name} is seized: {winner} now controls it.")
    )


def _transfer(
    state: FactionState, name: str, old: Seat, new: Seat, lines: list[posts.Line]
) -> None:
    asset = state.assets.get(name)
    if asset is None or asset.owner != old:
        lines.append(
            posts.Line(
                frozenset({old}),
                f"{name} is no longer yours: the transfer to {new} does not happen.",
            )
        )
        return
    asset.owner = new
    state.profiles[new].discard(name)
    if asset.hidden:
        state.profiles[old].add(name)  # Ruling 'transfers': the giver keeps a profile
    lines.append(
        posts.Line(knowers(state, name, old), f"{name} is transferred from {old} to {new}.")
    )


def _tidy_profiles(state: FactionState) -> None:
    for faction in state.seats:
        state.profiles[faction] = {
            n
            for n in state.profiles[faction]
            if n in state.assets and state.assets[n].hidden and state.assets[n].owner != faction
        }


def apply_orders(
    state: FactionState, orders: Mapping[Seat, Order], chance: Chance, events: list[Event] | None
) -> None:
    """Open one step: the Orders Phase (then, with no decision to make, the second Results
    at once) or the Consequences Phase."""
    if state.phase == "orders":
        turn_orders = {s: o for s, o in orders.items() if isinstance(o, TurnOrders)}
        first_results(state, turn_orders, events)
        if state.pending is not None and not state.pending.decisions:
            state.phase = "consequences"
            second_results(state, {}, chance, events)
        else:
            state.phase = "consequences"
        return
    answers = {s: o for s, o in orders.items() if isinstance(o, Answers)}
    second_results(state, answers, chance, events)
