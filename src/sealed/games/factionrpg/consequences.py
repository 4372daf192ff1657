"""The Consequences Phase of a FactionRPG turn and the second Results, applied in place.

The seed: "Each player decides how to assign increase in value from exceptionally
successful damage attacks", the owner of an asset targeted by a failed hidden
infiltration "chooses one of these results", and then "Determine which assets gain
value from exceptionally successful damage attacks. Apply the above and infiltrate
attacks to each asset simultaneously. Transfer assets. Publish the results of the turn."
Each decision has a documented default (:func:`default_answer`) for a faction
that does not answer before the deadline.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sealed.core.chance import Chance
from sealed.core.events import Event
from sealed.core.game import Seat
from sealed.games.factionrpg import posts
from sealed.games.factionrpg.orders import Answer, Answers
from sealed.games.factionrpg.posts import knowers
from sealed.games.factionrpg.resolve import destroy_worthless, split
from sealed.games.factionrpg.rules import listing, lookup, specialization_arg
from sealed.games.factionrpg.state import Decision, FactionState, Pending

# -- the Consequences Phase -------------------------------------------------


def default_answer(state: FactionState, decision: Decision) -> Answer:
    """What a faction that does not answer gets (documented in the manual)."""
    if decision.kind == "defend":
        return Answer(decision.number, "deceive")
    if decision.kind == "seize":
        return Answer(decision.number, "seize", (decision.faction,))
    if decision.kind == "infuse":
        return Answer(decision.number, "infuse", (state.specializations[decision.faction],))
    places = increase_places(state, decision)
    if not places:
        return Answer(decision.number, "assign")
    best = max(places, key=lambda n: (state.assets[n].value, n))
    return Answer(decision.number, "assign", (best, str(decision.amount)))


def increase_places(state: FactionState, decision: Decision) -> list[str]:
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
    decision = state.pending.decision(faction, answer.number)
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
                f"feed names one or more of your hidden assets ({listing(mine)})",
            )
        return Answer(answer.number, "feed", tuple(sorted({n for n in names if n}))), None
    if answer.word == "seize":
        if len(answer.args) != 1 or lookup(answer.args[0], decision.factions) is None:
            return answer, f"seize one of the attacking factions: {listing(decision.factions)}"
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
    places = increase_places(state, decision)
    args = answer.args
    if len(args) % 2:
        return answer, "assign takes pairs: ASSET AMOUNT (assign Red-Army 2 Red-Navy 1)"
    given: dict[str, int] = {}
    for name, amount in zip(args[::2], args[1::2], strict=True):
        place = lookup(name, places)
        if place is None:
            return (
                answer,
                f"{name} cannot take the increase "
                f"(it may go to: {listing(places) if places else 'nothing left'})",
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
    given = {(seat, a.number): a for seat, order in answers.items() for a in order.answers}
    chosen = {d.key: given.get(d.key) or default_answer(state, d) for d in pending.decisions}
    lines: list[posts.Line] = []
    told = _narrations(answers)
    for decision in pending.decisions:
        if decision.kind == "increase":
            _apply_increase(state, chosen[decision.key], lines, decision, told)
    for name, amount in sorted(pending.losses.items()):
        if name in state.assets and amount:
            state.assets[name].value -= amount
            lines.append(
                posts.Line(
                    knowers(state, name), f"{name} loses {amount} value (a failed infiltration)."
                )
            )
    defends = [d for d in pending.decisions if d.kind == "defend"]
    for factions, owner, target, count in pending.gains:
        if count:
            _gain_profiles(state, factions, owner, target, count, chance, lines)
            continue
        decision = next(
            d for d in defends if (d.faction, d.target, d.factions) == (owner, target, factions)
        )
        defends.remove(decision)
        _defender_choice(state, decision, chosen[decision.key], chance, lines)
    for decision in pending.decisions:
        answer = chosen[decision.key]
        if decision.kind == "seize":
            _seize(state, decision, answer.args[0], pending.shrouded, lines)
        elif decision.kind == "infuse" and decision.target in state.assets:
            state.infusions[decision.target] = answer.args[0]
            lines.append(
                posts.Line(
                    knowers(state, decision.target, decision.faction),
                    f"{decision.target}'s next action has {answer.args[0]} (Infusion).",
                )
            )
    lines += _failure_narrations(state, pending, chosen, told)
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


def _narrations(answers: Mapping[Seat, Answers]) -> dict[tuple[Seat, str, str], str]:
    """Each faction's narrations, by (faction, action or "", target); used once each."""
    return {
        (seat, n.action or "", n.target): n.text
        for seat, order in answers.items()
        for n in order.narrations
    }


def _apply_increase(
    state: FactionState,
    answer: Answer,
    lines: list[posts.Line],
    decision: Decision,
    told: dict[tuple[Seat, str, str], str],
) -> None:
    """Those who see the asset read its gain without a reason; only the deciding faction
    reads that it is its share of an exceptional Damage attack (Ruling 27: the reason
    would name the faction of a hidden attacker, e.g. a public asset fed by Cannibalize).
    The owner's increase narration, if any, goes with the gain, to the same readers
    (Ruling 31): the owner writes what it wants known."""
    for name, amount in zip(answer.args[::2], answer.args[1::2], strict=True):
        if name in state.assets:
            state.assets[name].value += int(amount)
            narration = told.pop((decision.faction, "", name), "")
            text = f"{name} gains {amount} value." + (
                f" Narration: {narration}" if narration else ""
            )
            lines.append(posts.Line(knowers(state, name), text))
            lines.append(
                posts.Line(
                    frozenset({decision.faction}),
                    f"Your decision {decision.number}: {name} gains {amount} value (your share "
                    f"of the exceptional Damage attack on {decision.target}).",
                )
            )


def _failure_narrations(
    state: FactionState,
    pending: Pending,
    chosen: Mapping[tuple[Seat, int], Answer],
    told: Mapping[tuple[Seat, str, str], str],
) -> list[posts.Line]:
    """Each failure narration goes to those told that the action failed (Ruling 31): never
    to the attackers of a deceived infiltration, who read a success, unless the defender
    chose ``reveal`` for that very attack (Ruling 33); in the words each reader was told the
    action (a hidden target stays unnamed). One narration may cover several failed actions
    of the same description: each reader reads each wording once."""
    revealed = _revealed_attacks(pending, chosen)
    shown: dict[str, frozenset[Seat] | None] = {}  # wording -> readers (None: everyone)
    for faction, action, target, number in pending.failures:
        text = told.get((faction, action, target))
        record = next((r for r in pending.reports if r["number"] == number), None)
        if not text or record is None:
            continue
        for words, readers in _narration_readers(state, record, text, revealed).items():
            known = shown.get(words, frozenset())
            shown[words] = None if readers is None or known is None else known | readers
    return [posts.Line(readers, words) for words, readers in shown.items()]


def _narration_readers(
    state: FactionState, record: Mapping[str, Any], text: str, revealed: set[int]
) -> dict[str, frozenset[Seat] | None]:
    """Who reads a failure narration of one action, by the words each reads it in."""
    action = record["action"]
    public = posts.told(record, None)
    if public is not None and public["outcome"] == "failure":  # one line for everyone
        return {f"Failure narration ({action} {public['target']}): {text}": None}
    shown: dict[str, set[Seat]] = {}
    for reader in state.seats:
        item = posts.told(record, reader)
        if item is None:
            continue
        attacker = any(p["owner"] == reader for p in record["participants"])
        if item["outcome"] == "failure" or (attacker and int(record["number"]) in revealed):
            words = f"Failure narration ({action} {item['target']}): {text}"
            shown.setdefault(words, set()).add(reader)
    return {words: frozenset(readers) for words, readers in shown.items()}


def _revealed_attacks(pending: Pending, chosen: Mapping[tuple[Seat, int], Answer]) -> set[int]:
    """The report numbers of the failed hidden infiltrations whose defender chose
    ``reveal``. Each choice is for its own attack (the seed: the owner "chooses one of
    these results for the attack"): of two attacks on one asset, one may be revealed and
    the other deceived, so a choice is matched to its attack, not to its target (Ruling 33)."""
    numbers: set[int] = set()
    for decision in pending.decisions:
        if decision.kind == "defend" and chosen[decision.key].word == "reveal":
            number = _attack_of(pending, decision)
            if number is not None:
                numbers.add(number)
    return numbers


def _attack_of(pending: Pending, decision: Decision) -> int | None:
    """The report number of the deceived infiltration a ``defend`` decision is about: its
    defender, what the attackers named and the attacking factions identify it (all assets
    of one faction on one action and target are one action, so no two share all three)."""
    for record in pending.reports:
        if (
            record.get("deceived")
            and record["owner"] == decision.faction
            and record["target"] == decision.named
            and {p["owner"] for p in record["participants"]} == set(decision.factions)
        ):
            return int(record["number"])
    return None


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
        # The loss is divided by strength contributed (Ruling 15), among those standing.
        standing = {
            n: c
            for n, c in zip(decision.assets, decision.contributions, strict=True)
            if n in state.assets
        }
        for name, amount in split(decision.margin, standing).items():
            state.assets[name].value -= amount
        for faction in attackers:
            # What the attackers named, never the hidden asset a whole-faction attack met.
            text = (
                f"The infiltration of {decision.named} was a failure after all: "
                f"the attacking assets lose {decision.margin} value."
            )
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
