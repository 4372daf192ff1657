"""FactionRPG order checks: names resolved against what the ordering faction may see.

Every refusal names the rule (quoting the seed where it says so) and
suggests the nearest name the faction may know; a name the faction cannot
see is treated exactly like a name that does not exist, so a refusal never
tells a faction that a hidden asset exists.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sealed.core.errors import IllegalOrderError
from sealed.core.game import Seat
from sealed.core.suggest import did_you_mean
from sealed.games.factionrpg.orders import (
    Answer,
    Answers,
    AssetOrder,
    Narration,
    Share,
    TurnOrders,
)
from sealed.games.factionrpg.state import FactionState, specialization_name

ONE_ACTION = "the seed: 'Each asset can be assigned one action each turn'"


def lookup(name: str, names: Iterable[str]) -> str | None:
    """The name in ``names`` equal to ``name`` but for case, or None."""
    wanted = name.lower()
    return next((n for n in names if n.lower() == wanted), None)


def listing(names: Sequence[str], limit: int = 8) -> str:
    """Names for a message, at most ``limit`` of them (a refusal stays one short line)."""
    shown = ", ".join(names[:limit]) or "none"
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def visible_assets(state: FactionState, faction: Seat) -> list[str]:
    return [n for n in state.assets if state.sees(faction, n)]


def check_turn_orders(
    state: FactionState, faction: Seat, items: Sequence[AssetOrder | Share]
) -> TurnOrders:
    """Resolve names and check the rules; the canonical :class:`TurnOrders`.

    :raises IllegalOrderError: naming the rule.
    """
    actions: dict[str, AssetOrder] = {}
    shares: set[Share] = set()
    for item in items:
        if isinstance(item, Share):
            shares.add(_check_share(state, faction, item))
            continue
        order = _check_asset_order(state, faction, item)
        if order.asset in actions:
            raise IllegalOrderError(f"{order.asset} is ordered twice ({ONE_ACTION})")
        actions[order.asset] = order
    return TurnOrders(
        tuple(actions[name] for name in sorted(actions, key=str.lower)),
        tuple(sorted(shares, key=lambda s: (s.asset.lower(), s.to.lower()))),
    )


def validate_turn_orders(state: FactionState, faction: Seat, orders: TurnOrders) -> None:
    """A typed order (a bot's) must be its own canonical form.

    :raises IllegalOrderError: the rules refuse it.
    """
    checked = check_turn_orders(state, faction, [*orders.actions, *orders.shares])
    if checked != orders:
        raise IllegalOrderError("orders must name assets and factions as the game spells them")


def _own_asset(state: FactionState, faction: Seat, name: str) -> str:
    found = lookup(name, state.owned(faction))
    if found is None:
        mine = state.owned(faction)
        raise IllegalOrderError(
            f"{name!r} is not one of your assets{did_you_mean(name, mine)} "
            f"(yours: {listing(sorted(mine, key=str.lower))})"
        )
    return found


def faction_name(state: FactionState, name: str, role: str) -> Seat:
    found = lookup(name, state.seats)
    if found is None:
        raise IllegalOrderError(
            f"{role}: there is no faction {name!r}{did_you_mean(name, state.seats)} "
            f"(factions: {listing(state.seats)})"
        )
    return found


def _check_asset_order(state: FactionState, faction: Seat, order: AssetOrder) -> AssetOrder:
    asset = _own_asset(state, faction, order.asset)
    target = ""
    if order.action is not None:
        target = _target(state, faction, order.action, order.target)
    helpers = tuple(
        sorted(
            {faction_name(state, f, "WITH") for f in order.with_factions} - {faction},
            key=state.seats.index,
        )
    )
    if order.action in ("damage", "infiltrate") and target in state.assets:
        owner = state.assets[target].owner
        if owner in helpers:
            raise IllegalOrderError(
                f"{owner} owns {target}: a faction cannot collaborate on an attack on its own "
                "asset (Ruling 'a collaborating faction that owns the target')"
            )
    transfer = None
    if order.transfer_to is not None:
        transfer = faction_name(state, order.transfer_to, "TRANSFER TO")
        if transfer == faction:
            raise IllegalOrderError(f"TRANSFER TO {transfer}: {asset} is already yours")
    openly = order.openly and state.assets[asset].hidden  # public assets always act overtly
    return AssetOrder(
        asset, order.action, target, helpers, transfer, order.narration, order.unseen, openly
    )


def _target(state: FactionState, faction: Seat, action: str, name: str) -> str:
    seen = visible_assets(state, faction)
    asset = lookup(name, seen)
    if asset is not None:
        if action in ("damage", "infiltrate") and state.assets[asset].owner == faction:
            raise IllegalOrderError(
                f"{asset} is your own asset: an attack targets another faction's asset "
                "(Ruling 'attacking one's own asset')"
            )
        return asset
    group = lookup(name, state.seats)
    if group is not None:
        if action != "infiltrate":
            raise IllegalOrderError(
                f"{action} {group}: only Attack(Infiltrate) may 'target a faction as a whole "
                "instead of a specific asset' (the seed); name one of its assets"
            )
        if group == faction:
            raise IllegalOrderError("an infiltration targets another faction, not your own")
        return group
    if (
        action == "enhance"
        and name.lower().startswith(faction.lower() + "-")
        and len(name) > len(faction) + 1
    ):
        # the seed: 'you may target a new 0-value asset, in which case a new asset is created'
        return faction + name[len(faction) :]
    hint = f" (a new asset for Enhance is named {faction}-NAME)" if action == "enhance" else ""
    what = "asset or faction" if action == "infiltrate" else "asset"
    suggestion = did_you_mean(name, valid_targets(state, faction, action))
    raise IllegalOrderError(
        f"{action}: no {what} {name!r} that you can see{suggestion}"
        f"{hint}; the seed: hidden assets 'cannot be targeted by any action' without a profile"
    )


def valid_targets(state: FactionState, faction: Seat, action: str) -> list[str]:
    """What ``faction`` may name as the target of ``action``: a suggestion is drawn only
    from these, so it never proposes a target the same order would refuse (an own asset
    to attack, a faction to Damage) nor one the faction cannot see."""
    seen = visible_assets(state, faction)
    if action in ("damage", "infiltrate"):
        seen = [n for n in seen if state.assets[n].owner != faction]
    if action == "infiltrate":
        return [*seen, *(f for f in state.seats if f != faction)]
    return seen


def _check_share(state: FactionState, faction: Seat, share: Share) -> Share:
    asset = lookup(share.asset, visible_assets(state, faction))
    if asset is None or not state.assets[asset].hidden:
        raise IllegalOrderError(
            f"share {share.asset}: you may share a profile only on a hidden asset you have a "
            "profile on or own (the seed: 'If you have a profile on a hidden asset, you may "
            "share it')"
        )
    to = faction_name(state, share.to, "share")
    if to == faction:
        raise IllegalOrderError("share: name another faction to share the profile with")
    return Share(asset, to)


# -- the Consequences Phase ------------------------------------------------


def check_answers(
    state: FactionState, faction: Seat, answers: Sequence[Answer | Narration]
) -> Answers:
    """Check each answer against the faction's numbered decisions, and each narration
    against what the faction may narrate.

    :raises IllegalOrderError: naming the decision and what it takes.
    """
    mine = {
        d.number: d
        for d in (state.pending.decisions if state.pending else ())
        if d.faction == faction
    }
    checked: dict[int, Answer] = {}
    narrations: dict[tuple[str, str], Narration] = {}
    for answer in answers:
        if isinstance(answer, Narration):
            narration = _check_narration(state, faction, answer)
            key = (narration.action or "", narration.target)
            if key in narrations:
                raise IllegalOrderError(f"{narration.to_text()[:60]!r}: narrated twice")
            narrations[key] = narration
            continue
        decision = mine.get(answer.number)
        if decision is None:
            numbers = ", ".join(map(str, sorted(mine))) or "none"
            raise IllegalOrderError(f"decision {answer.number} is not yours (yours: {numbers})")
        if answer.number in checked:
            raise IllegalOrderError(f"decision {answer.number} is answered twice")
        checked[answer.number] = _answer(state, faction, decision.kind, answer)
    return Answers(
        tuple(checked[n] for n in sorted(checked)),
        tuple(narrations[k] for k in sorted(narrations, key=lambda k: (k[0], k[1].lower()))),
    )


NARRATIONS = (
    "the seed: \"Each player provides 'increase narrations' for assets of theirs that increase "
    "in value from exceptionally successful damage attacks and 'failure narrations' for any "
    'actions that they caused to fail"'
)


def _check_narration(state: FactionState, faction: Seat, narration: Narration) -> Narration:
    """The narration with names as the game spells them (Ruling 31).

    :raises IllegalOrderError: nothing of that kind for this faction to narrate.
    """
    from sealed.games.factionrpg.consequences import increase_places

    if state.settings.legacy:
        raise IllegalOrderError(
            f"narrate {narration.target}: this game keeps FactionRPG version 1's rules, which "
            "have no narrations (they came with version 2: manual, Versions)"
        )
    pending = state.pending
    if narration.action is None:
        places = [
            n
            for d in (pending.decisions if pending else ())
            if d.faction == faction and d.kind == "increase"
            for n in increase_places(state, d)
        ]
        found = lookup(narration.target, places)
        if found is None:
            raise IllegalOrderError(
                f"narrate {narration.target}: no increase of yours to narrate on it"
                f"{did_you_mean(narration.target, places)} (may gain: {listing(places)}; "
                f"{NARRATIONS})"
            )
        return Narration(None, found, narration.text)
    slots = [f"{a} {t}" for f, a, t, _ in (pending.failures if pending else ()) if f == faction]
    wanted = f"{narration.action} {narration.target}"
    found = lookup(wanted, slots)
    if found is None:
        raise IllegalOrderError(
            f"narrate {wanted}: no failure you caused to narrate{did_you_mean(wanted, slots)} "
            f"(yours: {listing(list(dict.fromkeys(slots)))}; {NARRATIONS})"
        )
    return Narration(narration.action, found.split(" ", 1)[1], narration.text)


def _answer(state: FactionState, faction: Seat, kind: str, answer: Answer) -> Answer:
    from sealed.games.factionrpg.consequences import answer_problem

    words = {
        "defend": ("reveal", "deceive", "feed"),
        "increase": ("assign",),
        "seize": ("seize",),
        "infuse": ("infuse",),
    }[kind]
    if answer.word not in words:
        raise IllegalOrderError(
            f"decision {answer.number} ({kind}) takes {' or '.join(words)}, not {answer.word!r}"
        )
    canonical, problem = answer_problem(state, faction, answer)
    if problem:
        raise IllegalOrderError(f"decision {answer.number}: {problem}")
    return canonical


def specialization_arg(args: Sequence[str]) -> str | None:
    return specialization_name(" ".join(args)) if args else None
