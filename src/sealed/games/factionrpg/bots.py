"""FactionRPG bots. Each sees only its faction's view (and beliefs), never the state.

- ``random``: each asset acts at random on a target it may see (sometimes not at
  all, sometimes naming a collaborator or creating a new asset); random answers.
- ``steward``: defends what was attacked last turn (Enhance with its strongest
  free asset), infiltrates the strongest rival as a whole with its hidden
  assets when an unseen attacker struck it, throws the rest together at the
  weakest rival asset it may beat (offering WITH to every faction but the
  target's owner, so two stewards on one target collaborate), and answers
  decisions in its own interest (deceive, seize for itself, its own specialization).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sealed.core.game import Prompt
from sealed.games.factionrpg.orders import Answer, Answers, AssetOrder, Order, Share, TurnOrders
from sealed.games.factionrpg.state import SPECIALIZATIONS
from sealed.games.factionrpg.views import AssetView, FactionView

ACTIONS = ("damage", "infiltrate", "shroud", "enhance")


def canonical(
    view: FactionView, orders: Sequence[AssetOrder], shares: Sequence[Share] = ()
) -> TurnOrders:
    """Orders in the order the rules spell them (asset order; shares after)."""
    return TurnOrders(
        tuple(sorted(orders, key=lambda o: o.asset.lower())),
        tuple(sorted(set(shares), key=lambda s: (s.asset.lower(), s.to.lower()))),
    )


def _with(view: FactionView, names: list[str], target_owner: str | None) -> tuple[str, ...]:
    return tuple(f for f in view.factions if f in names and f != view.faction and f != target_owner)


class RandomBot:
    """Random legal orders and answers."""

    def choose(self, view: FactionView, prompt: Prompt, rng: random.Random) -> Order:
        if view.phase == "consequences":
            return random_answers(view, rng)
        others = [f for f in view.factions if f != view.faction]
        orders = []
        for asset in view.mine():
            roll = rng.random()
            if roll < 0.25:
                continue
            action = rng.choice(ACTIONS)
            enemies = [a for a in view.assets if a.owner != view.faction]
            if action in ("damage", "infiltrate"):
                targets = [a.name for a in enemies] + (others if action == "infiltrate" else [])
                if not targets:
                    continue
                target = rng.choice(targets)
            elif action == "enhance" and rng.random() < 0.2:
                target = f"{view.faction}-New{view.turn}"
            else:
                target = rng.choice([a.name for a in view.assets])
            owner = next((a.owner for a in view.assets if a.name == target), None)
            helpers = _with(
                view,
                [rng.choice(others)] if others and rng.random() < 0.3 else [],
                owner if action in ("damage", "infiltrate") else None,
            )
            transfer = rng.choice(others) if others and rng.random() < 0.03 else None
            orders.append(AssetOrder(asset.name, action, target, helpers, transfer))
        shares = []
        if view.profiles and others and rng.random() < 0.2:
            shares.append(Share(rng.choice(view.profiles), rng.choice(others)))
        return canonical(view, orders, shares)


def random_answers(view: FactionView, rng: random.Random) -> Answers:
    answers = []
    hidden = [a.name for a in view.mine() if a.hidden]
    for decision in view.decisions:
        if decision.kind == "defend":
            word = rng.choice(("reveal", "deceive", "feed") if hidden else ("reveal", "deceive"))
            args = (rng.choice(hidden),) if word == "feed" else ()
            answers.append(Answer(decision.number, word, args))
        elif decision.kind == "seize":
            answers.append(Answer(decision.number, "seize", (rng.choice(decision.factions),)))
        elif decision.kind == "infuse":
            answers.append(Answer(decision.number, "infuse", (rng.choice(SPECIALIZATIONS),)))
        # increases: the default (the most valuable attacking asset still standing)
    return Answers(tuple(answers))


class StewardBot:
    """Defend what was attacked, collaborate, infiltrate hidden threats, strike the weakest."""

    def choose(self, view: FactionView, prompt: Prompt, rng: random.Random) -> Order:
        if view.phase == "consequences":
            return self.answers(view)
        free = sorted(view.mine(), key=lambda a: (-a.value, a.name))
        orders: list[AssetOrder] = []
        attacked = self._attacked(view)
        for name in attacked:
            helper = next((a for a in free if a.name != name and not a.hidden), None) or next(
                (a for a in free if a.name == name), None
            )
            if helper is not None:
                free.remove(helper)
                orders.append(AssetOrder(helper.name, "enhance", name))
        if self._unseen_attacker(view):
            spies = [a for a in free if a.hidden]
            rival = self._strongest_rival(view)
            if spies and rival:
                for spy in spies:
                    free.remove(spy)
                    orders.append(AssetOrder(spy.name, "infiltrate", rival))
        orders += self._strike(view, free)
        return canonical(view, orders)

    def _attacked(self, view: FactionView) -> list[str]:
        mine = {a.name for a in view.mine()}
        return sorted(
            {
                r["target"]
                for r in view.reports
                if r["target"] in mine
                and r["action"] in ("damage", "infiltrate")
                and not any(p["owner"] == view.faction for p in r["participants"])
            }
        )

    def _unseen_attacker(self, view: FactionView) -> bool:
        mine = {a.name for a in view.mine()}
        return any(
            r["target"] in mine
            and r["unknown_participants"]
            and r["action"] in ("damage", "infiltrate")
            for r in view.reports
        )

    def _strongest_rival(self, view: FactionView) -> str | None:
        totals = {f: 0 for f in view.factions if f != view.faction}
        for asset in view.assets:
            if asset.owner in totals:
                totals[asset.owner] += asset.value
        return max(totals, key=lambda f: (totals[f], f)) if totals else None

    def _strike(self, view: FactionView, free: list[AssetView]) -> list[AssetOrder]:
        if not free:
            return []
        strength = sum(a.value if not a.hidden else a.value - 1 for a in free)
        enemies = [a for a in view.assets if a.owner != view.faction and a.value < strength]
        if not enemies:
            best = free[0]
            return [AssetOrder(best.name, "enhance", best.name)]
        target = min(enemies, key=lambda a: (a.value, a.name))
        helpers = _with(view, list(view.factions), target.owner)
        return [AssetOrder(a.name, "damage", target.name, helpers) for a in free]

    def answers(self, view: FactionView) -> Answers:
        answers = []
        for decision in view.decisions:
            if decision.kind == "defend":
                answers.append(Answer(decision.number, "deceive"))
            elif decision.kind == "seize":
                answers.append(Answer(decision.number, "seize", (view.faction,)))
            elif decision.kind == "infuse":
                answers.append(
                    Answer(decision.number, "infuse", (view.specializations[view.faction],))
                )
        return Answers(tuple(answers))


BOTS = {"random": RandomBot, "steward": StewardBot}
