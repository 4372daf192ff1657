"""FactionRPG for research adapters: a faction's orders written asset by asset, then sent.

A turn's orders give each asset one action on a target (or none): a product
of assets, actions and targets far too large to list (and new assets take
free names), so :meth:`legal_orders` lists nothing. An agent writes its
orders one asset at a time, and a last token sends them. Assets and targets
are named by *slots* of what the view shows, so the catalogue is fixed for
the seats:

- ``asset i ACTION target``: the faction's own asset in slot ``i`` (its
  assets by value, highest first, then name; at most :data:`OWN_SLOTS`)
  takes ACTION (damage, infiltrate, shroud, enhance) on a target: one of its
  own slots, slot ``j`` of the faction ``k`` seats after it (that faction's
  assets it sees, by value then name; at most :data:`RIVAL_SLOTS`), that
  faction as a whole (infiltrate only: the seed's "target a faction as a
  whole"), or a new asset (enhance only, named ``FACTION-NewT`` for turn T);
  with three factions or more, each attack also ``with all``: ``WITH`` every
  faction but the target's owner (the seed: "If any assets attempting the
  same action on the same target collaborate with each other, they
  contribute their value to the strength of the same action"; two factions
  collaborate when each names the other, Ruling 11, so an offer to all is
  taken up by whoever attacks the same target with the same offer);
- in the Consequences Phase, one answer per decision slot (the faction's
  decisions by number; at most :data:`DECISION_SLOTS`): ``reveal``,
  ``deceive``, ``feed`` one own hidden asset slot, ``seize`` for a faction
  by relative seat, ``infuse`` one of the eight specializations, or
  ``assign`` the whole increase to one own asset slot;
- ``send``: the orders are complete (no token at all is ``pass``; every
  decision not answered takes its documented default).

Left out, the price of a fixed catalogue: ``WITH`` a chosen few, ``TRANSFER TO``, ``share``,
``OPENLY``, narrations, feeding several assets and splitting an increase.
Every order the catalogue spells is one the rules accept.

Tokens are taken in catalogue order (each after the last, and one per asset
or decision slot), so an order has one spelling; the mask of each token is
worked out from the view by the same rules :mod:`~sealed.games.factionrpg.rules`
applies (an attack never targets one's own asset, only infiltration targets
a faction, only Enhance creates).

Observation (from the view only, factions from the viewer on): the turn as
a share of the game, the phase, the space; per faction its specialization,
the total value and count of its assets the viewer sees, and its asset
slots (present, value, hidden); the viewer's profiles and beliefs counted;
per decision slot its kind and amount; and how the last Results touched the
viewer's assets (attacks on them, by attackers it saw or not).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sealed.core.encoding import Encoding, one_hot, relative_seats
from sealed.games.factionrpg.orders import Answer, Answers, AssetOrder, Order, TurnOrders
from sealed.games.factionrpg.state import ACTIONS, SPECIALIZATIONS
from sealed.games.factionrpg.views import AssetView, DecisionView, FactionView

OWN_SLOTS = 6
RIVAL_SLOTS = 4
DECISION_SLOTS = 4
DECISION_KINDS = ("defend", "increase", "seize", "infuse")
PHASES = ("orders", "consequences", "over")
VALUE = 10.0  # the scale of values in observations


@dataclass(frozen=True)
class Target:
    """Where an action goes: an own slot, a rival's slot, a rival as a whole, or a new asset.

    ``kind`` is ``own``, ``rival``, ``faction`` or ``new``; ``seat`` counts seats after the
    viewer (1: the next faction); ``slot`` is the asset slot.
    """

    kind: str
    seat: int = 0
    slot: int = 0

    @property
    def name(self) -> str:
        if self.kind == "own":
            return f"own {self.slot + 1}"
        if self.kind == "rival":
            return f"seat+{self.seat} asset {self.slot + 1}"
        if self.kind == "faction":
            return f"seat+{self.seat}"
        return "a new asset"


@dataclass(frozen=True)
class Token:
    """One catalogue entry: an asset order (``asset`` slot, action, target) or an answer."""

    phase: str
    slot: int
    word: str
    target: Target | None = None
    arg: int = 0  # answers: an own slot (feed, assign), a seat (seize), a specialization
    allied: bool = False  # an attack WITH every faction but the target's owner

    @property
    def name(self) -> str:
        if self.phase == "orders":
            assert self.target is not None
            allied = " with all" if self.allied else ""
            return f"asset {self.slot + 1} {self.word} {self.target.name}{allied}"
        head = f"decision {self.slot + 1} {self.word}"
        if self.word in ("feed", "assign"):
            return f"{head} own {self.arg + 1}"
        if self.word == "seize":
            return f"{head} seat+{self.arg}" if self.arg else f"{head} self"
        if self.word == "infuse":
            return f"{head} {SPECIALIZATIONS[self.arg]}"
        return head


def own_slots(view: FactionView) -> list[AssetView]:
    """The viewer's assets by value (highest first), then name: the own slots."""
    return sorted(view.mine(), key=_slot_order)[:OWN_SLOTS]


def rival_slots(view: FactionView, faction: str) -> list[AssetView]:
    """``faction``'s assets the viewer sees, by value then name: that faction's slots."""
    return sorted((a for a in view.assets if a.owner == faction), key=_slot_order)[:RIVAL_SLOTS]


def _slot_order(asset: AssetView) -> tuple[int, str]:
    return (-asset.value, asset.name.lower())


def new_asset_name(view: FactionView) -> str:
    """The name an Enhance of ``a new asset`` creates: ``FACTION-NewT``, made unique among the
    names the viewer sees (a hidden namesake it cannot see gives way: Ruling 21)."""
    taken = {a.name.lower() for a in view.assets} | {f.lower() for f in view.factions}
    name, extra = f"{view.faction}-New{view.turn}", 0
    while name.lower() in taken:
        extra += 1
        name = f"{view.faction}-New{view.turn}x{extra}"
    return name


class FactionEncoding(Encoding[Order, FactionView]):
    """Asset orders (or answers) as tokens in a fixed order, then ``send``."""

    def __init__(self, seats: Sequence[str], turns: int, space: int) -> None:
        self.seats = tuple(seats)
        n = len(seats)
        self.catalogue = tuple(_catalogue(n))
        self.send = len(self.catalogue)
        self.actions = (*(token.name for token in self.catalogue), "send")
        self.max_tokens = max(OWN_SLOTS, DECISION_SLOTS) + 1
        self.needs_legal_orders = False  # masks come from the view (orders are not listed)
        self.max_decisions = 2 * turns * self.max_tokens  # two phases a turn
        # a shuffle draws among one faction's hidden assets or the attacking assets: each of
        # value 1 or more, so never more of them than the space
        self.chance_outcomes = max(1, space)
        self.observation_size = (
            4
            + len(PHASES)
            + n * (len(SPECIALIZATIONS) + 2)
            + OWN_SLOTS * 3
            + (n - 1) * RIVAL_SLOTS * 3
            + 2
            + DECISION_SLOTS * (len(DECISION_KINDS) + 1)
            + 3
        )

    # -- spelling -------------------------------------------------------------
    def next_tokens(
        self, view: FactionView, legal: Sequence[Order] | None, draft: tuple[int, ...]
    ) -> list[int]:
        if draft and draft[-1] == self.send:
            return []
        last = self.catalogue[draft[-1]].slot if draft else -1
        allowed = [
            token
            for token, entry in enumerate(self.catalogue)
            if entry.phase == view.phase and entry.slot > last and self._fits(view, entry)
        ]
        return [*allowed, self.send]

    def _fits(self, view: FactionView, entry: Token) -> bool:
        """Whether the rules accept this token's order in this view (checked as rules.py does)."""
        if entry.phase == "orders":
            mine = own_slots(view)
            return entry.slot < len(mine) and self._target(view, entry) is not None
        decisions = sorted(view.decisions, key=lambda d: d.number)
        if entry.slot >= len(decisions):
            return False
        return self._answer(view, decisions[entry.slot], entry) is not None

    def order(self, view: FactionView, draft: tuple[int, ...]) -> Order | None:
        if not draft or draft[-1] != self.send:
            return None
        entries = [self.catalogue[token] for token in draft[:-1]]
        if view.phase == "consequences":
            decisions = sorted(view.decisions, key=lambda d: d.number)
            answers = []
            for entry in entries:
                answer = self._answer(view, decisions[entry.slot], entry)
                if answer is None:
                    raise ValueError(f"{self.actions[self.catalogue.index(entry)]!r}: no such")
                answers.append(answer)
            return Answers(tuple(answers))
        orders = []
        for entry in entries:
            target = self._target(view, entry)
            if target is None:
                raise ValueError(f"token {entry.name!r} means nothing in this view")
            asset = own_slots(view)[entry.slot].name
            orders.append(AssetOrder(asset, entry.word, target, self._allies(view, entry)))
        return TurnOrders(tuple(sorted(orders, key=lambda o: o.asset.lower())))

    def tokens(self, view: FactionView, order: Order) -> tuple[int, ...]:
        spelled = []
        wanted: set[object] = set()
        if isinstance(order, Answers):
            wanted = set(order.answers)
        else:
            if order.shares or any(
                o.transfer_to or o.openly or o.narration or o.unseen for o in order.actions
            ):
                raise ValueError("TRANSFER TO, OPENLY, narrations and shares are not spelt")
            wanted = {(o.asset, o.action, o.target, o.with_factions) for o in order.actions}
        for token, entry in enumerate(self.catalogue):
            if entry.phase != view.phase or not self._fits(view, entry):
                continue
            if self._spelt(view, entry) in wanted:
                wanted.discard(self._spelt(view, entry))
                spelled.append(token)
        if wanted:
            raise ValueError(f"the catalogue cannot spell {sorted(map(str, wanted))}")
        return (*spelled, self.send)

    def _spelt(self, view: FactionView, entry: Token) -> object:
        """What the token stands for, comparable with an order's parts."""
        if entry.phase == "consequences":
            decisions = sorted(view.decisions, key=lambda d: d.number)
            return self._answer(view, decisions[entry.slot], entry)
        asset = own_slots(view)[entry.slot].name
        return (asset, entry.word, self._target(view, entry), self._allies(view, entry))

    def _allies(self, view: FactionView, entry: Token) -> tuple[str, ...]:
        """``WITH`` of an allied attack: every faction but the viewer and the target's owner,
        in seat order (as the rules write it); nothing for any other token."""
        if not entry.allied or entry.target is None:
            return ()
        owner = relative_seats(view.factions, view.faction)[entry.target.seat]
        return tuple(f for f in view.factions if f not in (view.faction, owner))

    def _target(self, view: FactionView, entry: Token) -> str | None:
        """The target's name in this view, or None where the rules would refuse it."""
        target = entry.target
        assert target is not None
        attack = entry.word in ("damage", "infiltrate")
        if target.kind == "own":
            mine = own_slots(view)
            return mine[target.slot].name if target.slot < len(mine) and not attack else None
        faction = relative_seats(view.factions, view.faction)[target.seat]
        if target.kind == "faction":
            return faction if entry.word == "infiltrate" else None
        if target.kind == "new":
            return new_asset_name(view) if entry.word == "enhance" else None
        theirs = rival_slots(view, faction)
        return theirs[target.slot].name if target.slot < len(theirs) else None

    def _answer(self, view: FactionView, decision: DecisionView, entry: Token) -> Answer | None:
        """The answer this token gives ``decision``, in canonical form, or None if it does not
        fit (the checks of ``consequences.answer_problem``)."""
        n, word = decision.number, entry.word
        mine = own_slots(view)
        if decision.kind == "defend" and word in ("reveal", "deceive"):
            return Answer(n, word)
        if decision.kind == "defend" and word == "feed":
            if entry.arg < len(mine) and mine[entry.arg].hidden:
                return Answer(n, "feed", (mine[entry.arg].name,))
            return None
        if decision.kind == "seize" and word == "seize":
            faction = relative_seats(view.factions, view.faction)[entry.arg]
            return Answer(n, "seize", (faction,)) if faction in decision.factions else None
        if decision.kind == "infuse" and word == "infuse":
            return Answer(n, "infuse", (SPECIALIZATIONS[entry.arg],))
        if decision.kind == "increase" and word == "assign" and decision.amount > 0:
            if entry.arg >= len(mine):
                return None
            anywhere = (
                "(with Cannibalize" in decision.text
                or view.specializations[view.faction] == "cannibalize"
            )
            place = mine[entry.arg].name
            if anywhere or place in decision.assets:
                return Answer(n, "assign", (place, str(decision.amount)))
        return None

    # -- observing ------------------------------------------------------------
    def observe(self, view: FactionView) -> list[float]:
        vector = [
            view.turn / view.turns,
            view.space / (VALUE * len(self.seats)),
            float(bool(view.infusions)),
            len(new_asset_name(view)) > len(f"{view.faction}-New{view.turn}"),  # name taken
        ]
        vector += one_hot(PHASES.index(view.phase), len(PHASES))
        order = relative_seats(view.factions, view.faction)
        for faction in order:
            seen = [a for a in view.assets if a.owner == faction]
            vector += one_hot(SPECIALIZATIONS.index(view.specializations[faction]), 8)
            vector += [sum(a.value for a in seen) / VALUE, float(len(seen))]
        vector += _slots(own_slots(view), OWN_SLOTS)
        for faction in order[1:]:
            vector += _slots(rival_slots(view, faction), RIVAL_SLOTS)
        vector += [float(len(view.profiles)), float(len(view.beliefs))]
        decisions = sorted(view.decisions, key=lambda d: d.number)
        for slot in range(DECISION_SLOTS):
            if slot < len(decisions):
                kind = DECISION_KINDS.index(decisions[slot].kind)
                vector += [*one_hot(kind, len(DECISION_KINDS)), decisions[slot].amount / VALUE]
            else:
                vector += [0.0] * (len(DECISION_KINDS) + 1)
        mine = {a.name for a in view.mine()}
        on_me = [r for r in view.reports if r["target"] in mine]
        attacks = [r for r in on_me if r["action"] in ("damage", "infiltrate")]
        vector += [
            float(len(attacks)),
            float(sum(bool(r["unknown_participants"]) for r in attacks)),
            float(len(on_me) - len(attacks)),
        ]
        return [float(x) for x in vector]


def _slots(assets: Sequence[AssetView], size: int) -> list[float]:
    vector: list[float] = []
    for slot in range(size):
        if slot < len(assets):
            vector += [1.0, assets[slot].value / VALUE, float(assets[slot].hidden)]
        else:
            vector += [0.0, 0.0, 0.0]
    return vector


def _catalogue(n: int) -> list[Token]:
    """Every token but ``send``: asset orders by own slot, then answers by decision slot."""
    targets = [Target("own", slot=j) for j in range(OWN_SLOTS)]
    for k in range(1, n):
        targets += [Target("rival", k, j) for j in range(RIVAL_SLOTS)]
        targets.append(Target("faction", k))
    targets.append(Target("new"))
    out: list[Token] = []
    for slot in range(OWN_SLOTS):
        for action in ACTIONS:
            for target in targets:
                if _may(action, target):
                    out.append(Token("orders", slot, action, target))
                    if n >= 3 and action in ("damage", "infiltrate") and target.kind != "own":
                        out.append(Token("orders", slot, action, target, allied=True))
    for slot in range(DECISION_SLOTS):
        out += [Token("consequences", slot, "reveal"), Token("consequences", slot, "deceive")]
        out += [Token("consequences", slot, "feed", arg=j) for j in range(OWN_SLOTS)]
        out += [Token("consequences", slot, "seize", arg=k) for k in range(n)]
        out += [Token("consequences", slot, "infuse", arg=s) for s in range(len(SPECIALIZATIONS))]
        out += [Token("consequences", slot, "assign", arg=j) for j in range(OWN_SLOTS)]
    return out


def _may(action: str, target: Target) -> bool:
    """Whether the rules could ever accept ``action`` on this kind of target."""
    if target.kind == "own":
        return action not in ("damage", "infiltrate")  # never an attack on one's own asset
    if target.kind == "faction":
        return action == "infiltrate"  # only infiltration targets a faction as a whole
    if target.kind == "new":
        return action == "enhance"  # only Enhance creates
    return True
