"""Crusoe's Planet bots. Each sees only its seat's view and draws only from the rng it is given.

- ``greedy``: the VP maximiser. Takes the path whose spaces promise the most
  for what it lacks (water first, then food and a balanced diet, then Leisure,
  Diamonds and some Radio Signals, since nobody wins unrescued), chooses moves
  and icons by the same values, eats the consumption that scores the most VP,
  takes a dead player's goods for itself, never starts a fight and fines the
  losers everything when it wins one.
- ``cooperative``: as greedy, but values Radio Signals highly (it walks the
  Firefly if nobody does), votes to share a dead player's goods, joins the
  defenders of any fight and spares the losers.
- ``selfish``: as greedy but ignores Radio Signals, attacks the richest player
  when it can pay and that player holds far more, and kills the losers.
- ``random``: any allowed choice, at random (consumption within the limits).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from sealed.core.game import Prompt
from sealed.games.crusoe.bot_values import (
    STANDARD,
    apart,
    diamond_worth,
    exile_ballots,
    exile_vote,
    experience_gain,
    losers_hold_nothing,
    prejudice_targets,
)
from sealed.games.crusoe.bureaucracy import bot_box
from sealed.games.crusoe.cycle import best_meal, cycle_score
from sealed.games.crusoe.modules import (
    church,
    corporations,
    landlords,
    roles,
    slavery,
    third_world,
)
from sealed.games.crusoe.modules.punishments import CRIPPLING_ROWS
from sealed.games.crusoe.orders import DONE, PASS, PATH_LIMITS, PLAN_KINDS, Order, eat
from sealed.games.crusoe.socialism import even_division
from sealed.games.crusoe.socialist_market import limit_for
from sealed.games.crusoe.state import (
    ELASTICITY,
    FOODS,
    FREQUENCIES,
    FRUITS,
    GOODS,
    MONETARY_SCENARIOS,
    PATHS,
    RANKS,
    Space,
    parse_space,
    standard_board,
)
from sealed.games.crusoe.traditional import allowed_paths, trade_limit
from sealed.games.crusoe.views import CrusoeView, PlayerView
from sealed.games.crusoe.welfare import PACKAGE, minimum_wage

LANDINGS = 1 / 3.5  # the chance a die lands a pawn on a given space


class GreedyBot:
    """Maximise this player's VP, cycle by cycle."""

    radio_value = 1.0
    spare_food = 0  # Doll's House: no more food for its wife than it owes her (ruling 200)
    estate_word = "give"
    condition = "self-interested"  # its variant victory condition

    def __init__(self) -> None:
        self.rounds: dict[int, int] = {}  # Market rounds seen per cycle (its own memory only)

    verdict = Order("fine", all_goods=True)
    cripple_row: int | None = 11  # Crippling: the row inflicted when a fine would take nothing
    diamond = STANDARD  # a diamond's worth now, by the diamond rule (set as each choice begins)
    shunned: frozenset[str] = frozenset()  # Race: whom it will not give goods to

    def choose(self, view: CrusoeView, prompt: Prompt, rng: random.Random) -> Order:
        decide = view.decide or ""
        me = _me(view)
        self.diamond = diamond_worth(view, me)
        self.shunned = frozenset(prejudice_targets(view, me))
        if decide == "path":
            return Order("path", name=self.best_path(view, me))
        if decide == "feed":  # Slavery: its slave named in the offer
            return slavery.bot_feed(str(view.offer[0]), me.goods, None)
        if decide == "husband":  # Doll's House (ruling 200): more only from a surplus
            return feed_wife(view, me, self.spare_food)
        if decide == "permit":  # Slavery: its slave's request to attack (ruling 168)
            return slavery.bot_permit(None)
        if decide == "move":
            return Order("move", number=self.best_move(view, me))
        if decide == "take":
            space = view.board[me.path or "ant"][me.position - 1]
            values = self.group_values(space, me)
            best = max(view.offer, key=lambda g: values.get(str(g), 0.0))
            return Order("take", name=str(best))
        if decide == "learn":
            known = me.experience.get(me.path or "ant", [])
            return Order("learn", number=next((n for n in (3, 4, 2, 5, 1, 6) if n not in known), 3))
        if decide == "eat":
            barred = roles.diet(me.roles)
            held = (me.goods["water"], *(0 if f in barred else me.goods[f] for f in FOODS))
            return eat(dict(best_meal(held, me.leisure)))
        if decide == "estate":
            return Order("give", name=view.seat) if self.estate_word == "give" else Order("split")
        if decide == "invoke":
            return self.invoke(view, me)
        if decide == "speech":
            return DONE
        if decide == "violence":
            return self.violence(view, me)
        if decide == "spear":
            return Order("spear")
        if decide == "draft":
            return Order("draft", name=max(view.pile, key=lambda g: self.good_value(g, me)))
        if decide == "provide":  # the food it holds most of, keeping the variety it has
            return Order("provide", name=str(max(view.offer, key=lambda f: me.goods[str(f)])))
        if decide == "trade":
            return self.trade(view, me)
        if decide == "divide":
            return self.divide(view, me)
        if decide == "vote":
            return self.vote(view, me)
        if decide == "estate-divide":  # a dead player's goods, evenly, odd units to itself (201)
            return even_division(_estate(view), self.living_from_me(view))
        if decide == "estate-ballot":  # yes if its share is worth about an even one (201)
            return self.vote(view, me, _estate(view))
        if decide == "tax":
            return self.tax(view, me)
        if decide == "policy":
            return self.policy(view)
        if decide == "ballot":
            return self.ballot(view)
        if decide == "box":  # the first player under a Bureaucracy: its own policy's numbers
            wanted = self.wanted_policy()
            number = wanted["reward"]["cb"] if "radio_reward" in view.chart_case else 1
            if view.chart_case.startswith("minimum_wage"):
                number = self.wanted_wage(view)
            if view.chart_case.startswith(("wages", "prices", "purchase_limits")):
                number = 999 if view.chart_case.startswith("purchase") else 10  # the default plan
            return bot_box(view.chart_case, view.cycle, number)
        if decide == "amend":  # content with the chart as it stands
            return PASS
        if decide == "amend-ballot":  # a chart it did not write could cost it: no
            return Order("no")
        if decide == "sell":
            return Order("sell", number=0)  # older goods are kept to eat or for the rescue
        if decide == "bid":
            return self.bid(view, me)
        if decide == "consign":
            return self.consign(view, me)
        if decide == "deal":
            return self.deal(view, me)
        if decide == "plan":
            return self.plan(view)
        if decide == "plan-ballot":
            return self.plan_ballot(view)
        if decide == "buy":
            return self.buy(view, me)
        if decide == "wage":
            return self.wage(view)
        if decide == "wage-ballot":
            return self.wage_ballot(view)
        if decide == "elect":  # himself if he may, else the first candidate
            running = list(view.candidates) or [p.seat for p in view.players if p.alive]
            deposed = view.deposed or view.ruler  # two rulers: the office elected now (197)
            running = [s for s in running if s != deposed or view.candidates]
            running = electable(view, running)
            return Order("elect", name=me.seat if me.seat in running else running[0])
        if decide == "warlord":  # a new Warlord (Early Feudalism): himself if he may
            return Order("elect", name=me.seat if me.seat in view.offer else str(view.offer[0]))
        if decide == "default":  # it writes no contracts, so nobody defaults on it
            return Order("default")
        if decide == "victory":
            return Order("victory", name=self.condition)
        if decide == "donate":
            return self.donate(view, me)
        if decide == "assign":
            return self.assign(view, me)
        if decide == "import":
            return self.import_goods(view, me)
        if decide == "repay":  # Third World Country (ruling 199): its surplus goes back first
            return repay_order(view, me, lambda held: sorted(held, key=lambda g: -held[g]))
        if decide == "assign-ballot":  # yes unless it is crowded onto a path
            mine = view.assignment.get(me.seat)
            shared = sum(1 for p in view.assignment.values() if p == mine)
            return Order("yes") if shared <= 2 else Order("no")
        if decide == "exile-vote":
            return exile_vote(view)
        if decide == "campaign":  # stands when it costs nothing or Leisure is plentiful
            stands = me.seat == (view.president or view.ruler) or me.leisure >= 2  # free: 196
            return Order("campaign") if stands else PASS
        if decide == "rent":
            return self.rent(view)
        if decide == "invest":  # Corporations: money left now is discarded, so all of it
            return invest_all(me)
        if decide == "toll":  # Corporations: a stockholder's fee (cooperative: none)
            return Order("fee", number=self.toll)
        if decide == "spend":  # Corporations: up to three Experience rolls the coffers allow
            coffers = int(
                view.corporations.get("coffers", {}).get(view.corporations["deciding"], 0)
            )
            return Order("experience", number=min(3, coffers // 10))
        if decide == "corp-learn":  # Corporations: the middle of the die, most often useful
            return Order("learn", number=4)
        if decide == "dividend":  # Corporations: the rolls it wants, the rest paid out (180)
            living = [p.seat for p in view.players if p.alive]
            return corporations.dividend_vote(view.corporations, living, self.rolls(view, me))
        if decide == "exchange":  # Corporations: it keeps its shares and money (181)
            return Order("exchange")
        if decide == "rent-ballot":
            return self.rent_ballot(view)
        return self.judge(view)

    # -- Landlords ------------------------------------------------------------------
    rents = (1, 10)  # the Lease it offers on every path it owns: barter productions, dollars
    toll = 10  # Corporations: the fee it votes for the paths it holds shares in
    numbers_wanted = 1  # Corporations: Experience numbers worth buying rolls for (ruling 180)

    def rolls(self, view: CrusoeView, me: PlayerView) -> int:
        """Corporations with the dividend: one roll while the corporation of the path it walks
        holds fewer numbers than it wants (each number held adds a die that may show a 1),
        none on another path; whatever is left is paid out to the holders (ruling 180)."""
        path = str(view.corporations.get("deciding", ""))
        held = len(view.corporations.get("experience", {}).get(path, []))
        walks = me.path == path or self.numbers_wanted > 1
        return 1 if walks and held < self.numbers_wanted else 0

    def wanted_rent(self, view: CrusoeView) -> int:
        money = view.scenario.split(" ")[0] in (*MONETARY_SCENARIOS, "market-socialism")  # 154
        return self.rents[1] if money else self.rents[0]

    def rent(self, view: CrusoeView) -> Order:
        """One Lease for everyone on every path it owns; under Rent Control it proposes that
        rent (at least 1) for every path."""
        if view.land.get("lawmaking"):
            return Order("rent", terms=(("all", max(1, self.wanted_rent(view))),))
        return Order("rent", terms=(("all", self.wanted_rent(view)),))

    def rent_ballot(self, view: CrusoeView) -> Order:
        """Rent Control: an owner votes for rents at least its own, a tenant for rents at most
        its own (on average over the paths)."""
        motion = list(view.land.get("motion", {}).values()) or [1]
        average = sum(motion) / len(motion)
        owns = view.seat in view.land.get("owners", {}).values()
        wanted = max(1, self.wanted_rent(view))
        return Order("yes") if (average >= wanted) == owns or average == wanted else Order("no")

    def rent_cost(self, view: CrusoeView, me: PlayerView, path: str) -> float:
        """What a Lease on ``path`` costs it, in the worth of a space's goods (a tenth of a
        dollar's VP in a money economy)."""
        rent = landlords.rent_in_view(view.land, me.seat, path)
        if view.scenario.split(" ")[0] in (*MONETARY_SCENARIOS, "market-socialism"):  # 154
            return rent / 10
        spaces = view.board[path]
        return rent * sum(self.space_value(s, me) for s in spaces) / max(1, len(spaces))

    def judge(self, view: CrusoeView) -> Order:
        """Its verdict; with Crippling in play, losers who hold nothing to fine are crippled;
        under Libertarianism losers none of whom is in default are fined (Diamonds, Spears)."""
        if confiscation_only(view) and self.verdict.word not in ("spare", "fine"):
            return Order("fine", all_goods=True)
        if self.verdict.word == "fine" and slavery.master_in_view(view):  # a master (256)
            return Order("enslave")  # all their goods, and all they acquire later (Slavery)
        if self.cripple_row and "crippling" in view.punishments and losers_hold_nothing(view):
            return Order("cripple", number=self.cripple_row)
        return self.verdict

    # -- Paternalistic Economy ---------------------------------------------------------
    def assign(self, view: CrusoeView, me: PlayerView) -> Order:
        """Itself on the path it would choose, the others spread over the paths open to them
        (the fewest already assigned first), so that no path is overburdened."""
        allowed = _assignable(view)
        counts = dict.fromkeys(PATHS, 0)
        chosen: dict[str, str] = {}
        best = self.best_path(view, me)
        if best in allowed.get(me.seat, []):
            chosen[me.seat] = best
            counts[best] += 1
        for seat, paths in allowed.items():
            if seat not in chosen:
                chosen[seat] = min(paths, key=lambda p: counts[p])
                counts[chosen[seat]] += 1
        return _assign_order(allowed, chosen)

    # -- Third World Country -------------------------------------------------------------
    def import_goods(self, view: CrusoeView, me: PlayerView) -> Order:
        """The foods it lacks most, one unit at a time, while the BR it holds pays for them."""
        resource = str(view.third_world.get("resource", ""))
        prices = third_world.CHART.get(resource, {})
        goods: dict[str, int] = {}
        held = dict(me.goods)
        for _ in range(6):
            wanted = [f for f in FOODS if f in prices and f not in roles.diet(me.roles)]
            wanted = [f for f in wanted if bank_in_view(view, f) > goods.get(f, 0)]
            if not wanted:
                break
            food = min(wanted, key=lambda f: (held[f], prices[f]))
            trial = {**goods, food: goods.get(food, 0) + 1}
            if third_world.commitment(resource, trial) > me.goods.get(resource, 0):
                break
            goods, held[food] = trial, held[food] + 1
        return Order("import", goods=tuple((g, goods[g]) for g in GOODS if goods.get(g)))

    # -- The Church ------------------------------------------------------------------
    def donate(self, view: CrusoeView, me: PlayerView) -> Order:
        """The cheapest items; the penance when banned and the Church has food or water."""
        held = church.item_counts(me.goods, me.leisure, me.radio)
        dues = church.dues_of(sum(held.values()), me.seat in view.banned)
        charity = any(view.church_goods.get(g, 0) for g in ("water", *FOODS))
        count = dues[-1] if charity else dues[0]
        return Order("donate", goods=church.cheapest(held, count))

    # -- Welfare Capitalism, the government's minimum wage ----------------------------
    def wanted_wage(self, view: CrusoeView) -> int:
        """The seed's package at this cycle's prices."""
        return minimum_wage(view.prices, view.market, view.wage_package or PACKAGE).amount

    def wage(self, view: CrusoeView) -> Order:
        """Propose the package's wage, or pass when it is in force."""
        wanted = self.wanted_wage(view)
        return PASS if view.wage == wanted else Order("wage", number=wanted)

    def wage_ballot(self, view: CrusoeView) -> Order:
        """Yes to a minimum wage within $20 of the package's."""
        motion = view.wage_motion or 0
        return Order("yes" if abs(motion - self.wanted_wage(view)) <= 20 else "no")

    # -- Market Socialism -------------------------------------------------------------
    plan_wage = 10
    plan_price = 10
    # bots_path_limits (ruling 228): the limit it proposes on water and each food for everyone,
    # the limit for whoever walks the path it favours, and the least it accepts for itself
    ration, path_ration, accepts = 2, 4, 2

    def favoured_path(self, view: CrusoeView, me: PlayerView) -> str:
        """The path whose walker its plan rations less: the one it means to walk."""
        return self.best_path(view, me)

    def wanted_plan(self, view: CrusoeView) -> dict[str, dict[str, int]]:
        """One wage and one price; with ``bots_path_limits`` a ration of water and food for
        everyone and a larger one for the favoured path (ruling 82), else no limit."""
        wanted = {"wage": dict.fromkeys(GOODS, self.plan_wage)}
        wanted |= {"price": dict.fromkeys(GOODS, self.plan_price), "limit": {}}
        if view.settings is not None and view.settings.bots_path_limits:
            wanted["limit"] = dict.fromkeys(RATIONED, self.ration)
            favoured = self.favoured_path(view, _me(view))
            wanted[f"limit.{favoured}"] = dict.fromkeys(RATIONED, self.path_ration)
        return wanted

    def plan(self, view: CrusoeView) -> Order:
        """Its own plan, or pass when it is in force."""
        wanted = self.wanted_plan(view)
        return PASS if view.plan == wanted else Order("plan", terms=plan_terms(wanted))

    def plan_ballot(self, view: CrusoeView) -> Order:
        """Yes when the prices are, on average, no more than $2 over the wages; with
        ``bots_path_limits`` no when the plan limits it, on the path it means to walk, to less
        than it accepts of water or a food."""
        wages = list(view.plan_motion.get("wage", {}).values()) or [0]
        prices = list(view.plan_motion.get("price", {}).values()) or [0]
        fair = sum(prices) / len(prices) <= sum(wages) / len(wages) + 2
        if fair and view.settings is not None and view.settings.bots_path_limits:
            path = self.best_path(view, _me(view))
            limits = [limit_for(view.plan_motion, path, good) for good in RATIONED]
            fair = all(limit is None or limit >= self.accepts for limit in limits)
        return Order("yes" if fair else "no")

    def buy(self, view: CrusoeView, me: PlayerView) -> Order:
        """The good it lacks most that it may buy, as many as it lacks; none when it lacks
        nothing it may buy."""
        targets = self.targets(me)
        choices = [str(g) for g in view.offer if targets.get(str(g), 0) > me.goods[str(g)]]
        if not choices:
            return Order("buy", name="none")
        good = max(choices, key=lambda g: self.good_value(g, me))
        units = min(targets[good] - me.goods[good], _room(view, me, good))
        return Order("buy", name=good, number=max(1, units))

    # -- State Capitalism -------------------------------------------------------------
    def unit_estimate(self, view: CrusoeView, good: str) -> float:
        """What a unit may fetch in the pot: the market's money over the units held."""
        money = view.market.get(good, 100)
        units = sum(p.goods[good] for p in view.players if p.alive) or 1
        return money / units

    def consign(self, view: CrusoeView, me: PlayerView) -> Order:
        """All its units to the first legal seller, for a little over half what they fetch."""
        good = view.good or "water"
        units = me.goods[good]
        if units < 1:  # nothing left to consign (a version 3 slave's take went to his master)
            return Order("destroy")
        dollars = int(units * self.unit_estimate(view, good) * 0.6)
        return Order("consign", name=str(view.offer[0]), number=units, dollars=dollars)

    def deal(self, view: CrusoeView, me: PlayerView) -> Order:
        """Yes when the dollars asked are no more than the units may fetch."""
        deal = next(d for d in view.deals if d["status"] == "open" and d["seller"] == me.seat)
        fair = int(str(deal["units"])) * self.unit_estimate(view, view.good or "water")
        return Order("yes" if int(str(deal["dollars"])) <= fair else "no")

    # -- National Capitalism ---------------------------------------------------------
    reward = 5  # the dollars it would pay per Radio Signal
    burdens: tuple[tuple[str, int], ...] = ()  # paths whose burden differs from 1

    def wanted_policy(self) -> dict[str, dict[str, int]]:
        burden = dict.fromkeys(PATHS, 1) | dict(self.burdens)
        return {"reward": dict.fromkeys(FREQUENCIES, self.reward), "burden": burden}

    def policy(self, view: CrusoeView) -> Order:
        """Propose its own policy, or pass when it is already in force."""
        wanted = self.wanted_policy()
        if view.policy == wanted:
            return PASS
        terms = {**wanted["reward"], **wanted["burden"]}
        return Order("policy", terms=tuple(terms.items()))

    def ballot(self, view: CrusoeView) -> Order:
        """Yes to a reward per signal within $6 of its own."""
        rewards = list(view.motion.get("reward", {}).values()) or [0]
        return Order("yes" if abs(sum(rewards) / len(rewards) - self.reward) <= 6 else "no")

    def targets(self, me: PlayerView) -> dict[str, int]:
        """How many of each good it would like to hold after the market."""
        return {"water": 2, "spear": 1, "diamond": 2} | dict.fromkeys(FOODS, 2)

    def bid(self, view: CrusoeView, me: PlayerView) -> Order:
        """Share its money over the goods still to be sold, by what it lacks; money left
        after the wholesale subphase is discarded, so it plans to spend it all."""
        good = view.good or "water"
        on_sale = [g for g in ELASTICITY[ELASTICITY.index(good) :] if view.pile.get(g, 0)]
        targets = self.targets(me)
        lack = {g: max(0, targets[g] - me.goods[g]) for g in on_sale}
        weight = {g: self.good_value(g, me) * max(1, lack[g]) + 0.1 for g in on_sale}
        budget = me.money * weight[good] / sum(weight.values())
        units = min(max(1, lack[good]), view.pile.get(good, 0))
        steps: list[tuple[int, int]] = []
        for q in range(1, units + 1):
            price = max(1, int(budget / q))
            if not steps or price < steps[-1][1]:
                steps.append((q, price))
        return Order("bid", name=good, bids=tuple(steps))

    def tax(self, view: CrusoeView, me: PlayerView) -> Order:
        """The Grasshopper takes the offered good worth most to him."""
        goods = [str(g) for g in view.offer[1:]]
        return Order("tax", name=max(goods, key=lambda g: self.good_value(g, me)))

    # -- Tribal Socialism ----------------------------------------------------------------
    def living_from_me(self, view: CrusoeView) -> list[str]:
        """The living of its side (Exile), in turn order from itself."""
        living = [s for s in view.order if any(p.seat == s and p.alive for p in view.players)]
        living = [s for s in living if not apart(view, view.seat, s)]
        start = living.index(view.seat) if view.seat in living else 0
        return living[start:] + living[:start]

    def divide(self, view: CrusoeView, me: PlayerView) -> Order:
        """An even division, the odd units starting with me."""
        return even_division(view.pile, self.living_from_me(view))

    def vote(self, view: CrusoeView, me: PlayerView, pool: dict[str, int] | None = None) -> Order:
        """Yes if my share is worth about what an even share would be (of the pool, or of a
        dead player's goods)."""
        mine = dict.fromkeys(GOODS, 0)
        mine.update(view.proposal.get(me.seat, {}))
        fair = dict.fromkeys(GOODS, 0)
        seats = self.living_from_me(view)
        even = even_division(view.pile if pool is None else pool, seats[1:] + seats[:1])
        fair.update(dict(dict(even.shares).get(me.seat, ())))
        margin = -1.0
        return Order("yes" if self.worth(mine, 0) >= self.worth(fair, 0) + margin else "no")

    # -- the Market ------------------------------------------------------------------
    accept_margin = 0.0  # accept only what leaves me strictly better off: trading always ends

    def worth(self, goods: dict[str, int], leisure: int) -> float:
        """What a bundle is worth to me now: this cycle's best meal, then what keeps."""
        held = (goods["water"], *(goods[f] for f in FOODS))
        meal = dict(best_meal(held, leisure))
        score = cycle_score(meal.get("water", 0), meal, leisure)["satisfaction"]
        later = sum(goods[f] - meal.get(f, 0) for f in FOODS)
        return score + 0.2 * later + self.diamond * goods["diamond"] + 0.5 * min(goods["spear"], 1)

    market_rounds = 4  # a bot goes home after this many rounds of one Market

    def trade(self, view: CrusoeView, me: PlayerView) -> Order:
        self.rounds[view.cycle] = self.rounds.get(view.cycle, 0) + 1
        if self.rounds[view.cycle] > self.market_rounds:
            return Order("home")
        now = self.worth(me.goods, me.leisure)
        mine = {str(o["taker"]) for o in view.offers if o["giver"] == me.seat}
        for offer in view.offers:
            if offer["taker"] != me.seat:
                continue
            if offer["giver"] in self.shunned and _pairs(offer["want"]):
                continue  # a prejudiced player gives nothing to the other race (Race)
            paths = any(g not in GOODS for g, _ in _pairs(offer["give"]) + _pairs(offer["want"]))
            if paths and not (view.settings and view.settings.bots_path_offers):
                continue  # a path in the offer (Landlords): it trades goods only
            if offer["giver"] in mine and view.order.index(me.seat) > view.order.index(
                str(offer["giver"])
            ):
                continue  # crossed offers: the earlier in turn order accepts, I wait
            after = dict(me.goods)
            for good, n in _pairs(offer["give"]):
                after[good] = after.get(good, 0) + n
            for good, n in _pairs(offer["want"]):
                after[good] = after.get(good, 0) - n
            gain = self.paths_gain(view, me, after) if paths else 0.0
            after = {g: after[g] for g in GOODS}
            if (
                min(after.values()) >= 0
                and self.worth(after, me.leisure) + gain > now + self.accept_margin
            ):
                return Order("accept", name=str(offer["giver"]))
        if any(o["giver"] == me.seat for o in view.offers):
            return Order("wait")
        return self.propose(view, me, now) or Order("home")

    def paths_gain(self, view: CrusoeView, me: PlayerView, after: dict[str, int]) -> float:
        """``bots_path_offers`` (Landlords, ruling 182): the paths it would receive less those
        it would give (in ``after``, +1 and -1), each worth a cycle of its Leases."""
        paths = [path for path in PATHS if after.get(path)]
        return sum(after[path] * self.path_worth(view, me, path) for path in paths)

    def path_worth(self, view: CrusoeView, me: PlayerView, path: str) -> float:
        """A cycle of owning ``path``, on the rent's scale (:meth:`rent_cost`): the Lease the
        owner asks of a tenant, from each other player walking it and from itself when it
        would walk it (it then pays nobody)."""
        others = [p.seat for p in view.players if p.alive and p.seat != me.seat]
        lease = max((landlords.rent_in_view(view.land, s, path) for s in others), default=0)
        walkers = sum(1 for p in view.players if p.alive and p.seat in others and p.path == path)
        walkers += self.best_path(view, me) == path
        if view.scenario.split(" ")[0] in (*MONETARY_SCENARIOS, "market-socialism"):  # 154
            return walkers * lease / 10
        spaces = view.board[path]
        return walkers * lease * sum(self.space_value(s, me) for s in spaces) / max(1, len(spaces))

    def propose(self, view: CrusoeView, me: PlayerView, now: float) -> Order | None:
        """One unit of my least useful good for one unit of the good I need most."""
        partners = [
            p
            for p in view.players
            if p.alive and p.seat != me.seat and p.seat not in view.home
            if p.seat not in self.shunned  # a prejudiced player trades within his race (Race)
            if not apart(view, me.seat, p.seat)  # nor across an Exile
        ]
        best: tuple[float, Order] | None = None
        for need in GOODS:
            for spare in GOODS:
                if need == spare or me.goods[spare] == 0:
                    continue
                after = dict(me.goods)
                after[need] += 1
                after[spare] -= 1
                gain = self.worth(after, me.leisure) - now
                give, want = ((spare, 1),), ((need, 1),)
                holder = next(
                    (p for p in partners if p.goods[need] > 1 and fits(view, me, p, give, want)),
                    None,
                )
                if holder and gain > 0 and (best is None or gain > best[0]):
                    best = (gain, Order("offer", name=holder.seat, goods=give, wants=want))
        return best[1] if best else None

    # -- values ------------------------------------------------------------------------
    def good_value(self, good: str, me: PlayerView) -> float:
        if good == "water":
            return (6.0, 2.5)[me.goods["water"]] if me.goods["water"] < 2 else 0.2
        if good in FOODS:
            food = sum(me.goods[f] for f in FOODS)
            base = 2.0 if food < 6 else 0.8
            return base + (0.5 if me.goods[good] == 0 else 0.0)
        if good == "diamond":
            return self.diamond
        if good == "spear":
            return 0.8 if me.goods["spear"] == 0 else 0.1
        if good == "leisure":
            return 1.0
        if good in FREQUENCIES:
            return self.radio_value
        return 0.0

    def group_values(self, space_text: str, me: PlayerView, crowd: int = 1) -> dict[str, float]:
        values: dict[str, float] = {}
        for icon, count in _space(space_text):
            group = "fruit" if icon in FRUITS else icon
            amount = max(0, count - (crowd - 1))
            if icon == "speared_fish":
                worth = amount * self.good_value("fish", me) if me.goods["spear"] else 0.0
            else:
                worth = amount * self.good_value(icon, me)
            values[group] = values.get(group, 0.0) + worth
        return values

    def space_value(self, space_text: str, me: PlayerView, crowd: int = 1) -> float:
        return max(self.group_values(space_text, me, crowd).values(), default=0.0)

    def best_path(self, view: CrusoeView, me: PlayerView) -> str:
        allowed = allowed_in(view)

        def worth(path: str) -> float:
            crowd = 1 + sum(
                1 for p in view.players if p.alive and p.path == path and p.seat != me.seat
            )
            if view.scenario.startswith("crusoes-economy"):
                crowd = 1
            values = [self.space_value(s, me, crowd) for s in view.board[path]]
            produced = LANDINGS * sum(values) + corporate_experience(view, path, values)
            return produced + self.good_value("leisure", me) * max(0, 12 - len(values)) * 0.25

        return max(allowed, key=lambda p: worth(p) - self.rent_cost(view, me, p) - toll(view, p))

    def best_move(self, view: CrusoeView, me: PlayerView) -> int:
        spaces = view.board[me.path or "ant"]

        def worth(distance: int) -> float:
            where = me.position + int(distance)
            return 0.5 if where > len(spaces) else self.space_value(spaces[where - 1], me)

        return int(max(view.offer, key=lambda d: worth(int(d))))

    def invoke(self, view: CrusoeView, me: PlayerView) -> Order:
        return PASS

    def violence(self, view: CrusoeView, me: PlayerView) -> Order:
        return PASS


class CooperativeBot(GreedyBot):
    """Works for the rescue, shares, defends the attacked and spares the beaten."""

    spare_food = 1  # Doll's House: feeds its wife a unit more than it owes of a food it can spare
    radio_value = 2.5
    condition = "altruistic"
    reward = 15
    burdens = (("firefly", 0),)
    estate_word = "split"
    rents = (0, 0)  # Landlords: free Leases for everyone
    toll = 0  # Corporations: no fee
    numbers_wanted = 3  # Corporations: Experience for whoever walks any path it holds
    verdict = Order("spare")
    cripple_row = None
    ration, path_ration, accepts = 2, 999, 1  # bots_path_limits: the Firefly walker unlimited

    def favoured_path(self, view: CrusoeView, me: PlayerView) -> str:
        """Whoever walks for the rescue (ruling 228): he produces signals, not the goods
        whose wages buy from the vault, so the others' ration leaves him the vault's food."""
        return "firefly"

    def best_path(self, view: CrusoeView, me: PlayerView) -> str:
        taken = any(p.alive and p.path == "firefly" for p in view.players)
        if not taken and "firefly" in allowed_in(view):
            return "firefly"
        return super().best_path(view, me)

    def violence(self, view: CrusoeView, me: PlayerView) -> Order:
        for battle in view.battles:
            defended = battle["defenders"][0] if battle["defenders"] else None
            if defended and me.seat not in battle["attackers"]:
                if apart(view, me.seat, defended) or slavery.kept_from(view, me.seat, defended):
                    continue  # Exile: his side only; Slavery: a supervised slave's limits
                return Order("join", name=defended)
        return PASS


class SelfishBot(GreedyBot):
    """Ignores the rescue and takes from the rich by force."""

    radio_value = 0.0
    condition = "cutthroat"
    verdict = Order("kill")
    rents = (2, 30)  # Landlords: dear Leases
    toll = 30  # Corporations: a dear fee
    numbers_wanted = 0  # Corporations: every dollar of the coffers paid out as a dividend
    cripple_row = None
    reward = 0
    ration, path_ration, accepts = 1, 999, 1  # bots_path_limits: one each, its own path none

    def target(self, view: CrusoeView, me: PlayerView) -> str | None:
        fighting = {s for b in view.battles for side in b.values() for s in side}
        others = [
            p
            for p in view.players
            if p.alive and p.seat != me.seat and p.seat not in fighting
            if not apart(view, me.seat, p.seat)  # Exile: his side only
            if not slavery.kept_from(view, me.seat, p.seat)  # Slavery: supervised, ruling 135
        ]
        free = me.seat == view.ruler or "warlord" in me.roles  # the ruler, a Warlord fight free
        free = free or "returned" in me.roles  # back from exile: free (Exile)
        if not others or (me.leisure < 1 and not free):
            return None
        if view.libertarian:  # Libertarianism: only those in default may be attacked
            others = [p for p in others if "in-default" in p.roles]
            if not others:
                return None
        richest = max(others, key=lambda p: sum(p.goods.values()))
        return richest.seat if sum(richest.goods.values()) >= sum(me.goods.values()) + 4 else None

    def invoke(self, view: CrusoeView, me: PlayerView) -> Order:
        ruler = me.seat == view.ruler or "warlord" in me.roles  # invokes free (Early Feudalism)
        if view.classes:  # Class Warfare: holding the most Diamonds, his call costs no Leisure
            most = max(p.goods["diamond"] for p in view.players if p.alive)
            ruler = ruler or (me.goods["diamond"] >= most and me.leisure >= 1)  # one to fight
        return Order("invoke") if self.target(view, me) and (me.leisure >= 2 or ruler) else PASS

    def violence(self, view: CrusoeView, me: PlayerView) -> Order:
        target = self.target(view, me)
        return Order("fight", name=target) if target else PASS


class RandomBot:
    """Any allowed choice at random."""

    def choose(self, view: CrusoeView, prompt: Prompt, rng: random.Random) -> Order:
        decide = view.decide or ""
        me = _me(view)
        living = [p.seat for p in view.players if p.alive]
        aside = slavery.bot_aside(view, rng)  # Slavery: freeing or handing at other moments
        if aside is not None:
            return aside
        if decide == "path":
            return Order("path", name=rng.choice(allowed_in(view)))
        if decide == "feed":  # Slavery: its slave named in the offer
            handed = slavery.bot_hand(view, rng)
            return handed or slavery.bot_feed(str(view.offer[0]), me.goods, rng)
        if decide == "estate-divide":  # pass, or each unit to a random heir (ruling 201)
            return PASS if rng.random() < 0.5 else _random_estate_division(view, me, rng)
        if decide == "estate-ballot":
            return rng.choice([Order("yes"), Order("no")])
        if decide == "husband":  # Doll's House: now and then a unit or two more (ruling 200)
            return feed_wife(view, me, rng.choice([0, 0, 1, 2]))
        if decide == "permit":  # Slavery: its slave's request to attack (ruling 168)
            return slavery.bot_permit(rng)
        if decide == "tax":
            return Order("tax", name=str(rng.choice(view.offer[1:] or ("none",))))
        if decide in ("move", "learn"):
            return Order(decide, number=int(rng.choice(view.offer)))
        if decide == "take":
            return Order("take", name=str(rng.choice(view.offer)))
        if decide == "eat":
            return eat(_random_meal(me, rng))
        if decide == "estate":
            heirs = [s for s in living if not apart(view, me.seat, s)]  # Exile: his side
            return rng.choice([Order("split"), Order("give", name=rng.choice(heirs))])
        if decide == "invoke":
            return rng.choice([Order("invoke"), PASS, PASS])
        if decide == "speech":
            return DONE
        if decide == "violence":
            return _random_violence(view, me, rng)
        if decide == "spear":
            return rng.choice([Order("spear"), Order("keep")])
        if decide == "draft":
            return Order("draft", name=rng.choice(sorted(view.pile)))
        if decide == "provide":
            return Order("provide", name=str(rng.choice(view.offer)))
        if decide == "divide":
            seats = [p.seat for p in view.players if p.alive and not apart(view, me.seat, p.seat)]
            return even_division(view.pile, rng.sample(seats, len(seats)))
        if decide == "vote":
            return rng.choice([Order("yes"), Order("no")])
        if decide == "trade":
            return _random_deed(view, me, rng) or _random_trade(view, me, rng)
        if decide == "policy":
            return _random_policy(rng)
        if decide == "ballot":
            return rng.choice([Order("yes"), Order("no")])
        if decide == "box":
            numbers = (0, 1, 2, 5, 10, 20, 60, 120)  # 60 and 120: a minimum wage's scale
            return bot_box(view.chart_case, view.cycle, rng.choice(numbers))
        if decide == "amend":
            return _random_amendment(view, rng)
        if decide == "amend-ballot":
            return rng.choice([Order("yes"), Order("no")])
        if decide == "sell":
            return Order("sell", number=int(rng.choice(view.offer)))
        if decide == "bid":
            return _random_bid(view, me, rng)
        if decide == "consign":
            return _random_consign(view, me, rng)
        if decide == "deal":
            return rng.choice([Order("yes"), Order("no")])
        if decide == "plan":
            return _random_plan(rng)
        if decide == "wage":
            return PASS if rng.random() < 0.3 else Order("wage", number=rng.randint(0, 150))
        if decide == "wage-ballot":
            return rng.choice([Order("yes"), Order("no")])
        if decide == "plan-ballot":
            return rng.choice([Order("yes"), Order("no")])
        if decide == "buy":
            if not view.offer or rng.random() < 0.25:
                return Order("buy", name="none")
            good = str(rng.choice(view.offer))
            return Order("buy", name=good, number=rng.randint(1, _room(view, me, good)))
        if decide == "elect":
            deposed = view.deposed or view.ruler  # two rulers: the office elected now (197)
            running = list(view.candidates) or [s for s in living if s != deposed] or living
            return Order("elect", name=rng.choice(electable(view, running)))
        if decide == "warlord":
            return Order("elect", name=str(rng.choice(view.offer)))
        if decide == "default":  # none, or one other living player of his side, at random
            others = [s for s in living if s != me.seat and not apart(view, me.seat, s)]  # 306
            if others and rng.random() < 0.4:
                return Order("default", terms=((rng.choice(others), 1),))
            return Order("default")
        if decide == "victory":
            return Order("victory", name=rng.choice(("altruistic", "self-interested", "cutthroat")))
        if decide == "donate":
            return _random_donation(view, me, rng)
        if decide == "assign":
            if rng.random() < 0.2:
                return PASS
            allowed = _assignable(view)
            return _assign_order(allowed, {s: rng.choice(p) for s, p in allowed.items()})
        if decide == "assign-ballot":
            return rng.choice([Order("yes"), Order("no")])
        if decide == "import":  # any goods the MNCs sell, a unit or two, whatever the debt
            resource = str(view.third_world.get("resource", ""))
            sold = sorted(third_world.CHART.get(resource, {}))
            picked = rng.sample(sold, rng.randint(0, min(2, len(sold))))
            drawn = [(g, rng.randint(1, 2)) for g in GOODS if g in picked]
            # no more than the bank holds (the rules refuse it); the draws as before
            counts = [(g, min(n, bank_in_view(view, g))) for g, n in drawn]
            return Order("import", goods=tuple((g, n) for g, n in counts if n))
        if decide == "repay":  # goods back in a random order until the difference is made up
            return repay_order(view, me, lambda held: rng.sample(sorted(held), len(held)))
        if decide == "campaign":
            may = me.leisure >= 1 or me.seat == (view.president or view.ruler)
            return rng.choice([Order("campaign"), PASS]) if may else PASS
        if decide == "exile-vote":
            return rng.choice(exile_ballots(view))
        if decide == "rent":
            return _random_rent(view, rng)
        if decide == "spend":  # Corporations: some Experience rolls the coffers allow
            coffers = int(
                view.corporations.get("coffers", {}).get(view.corporations["deciding"], 0)
            )
            return Order("experience", number=rng.randint(0, min(3, coffers // 10)))
        if decide == "corp-learn":
            return Order("learn", number=rng.randint(1, 6))
        if decide == "dividend":  # Corporations: any rolls, any dividend the coffers pay
            return _random_dividend(view, rng)
        if decide == "exchange":  # Corporations: now and then a gift of shares or money
            return _random_exchange(view, me, rng)
        if decide == "toll":  # Corporations: any fee or salary
            word = rng.choice(("fee", "salary"))
            return Order(word, number=rng.choice((0, 5, 20) if word == "fee" else (10, 40, 80)))
        if decide == "invest":  # Corporations: some whole shares of one path, or none
            dollars = 10 * rng.randint(0, me.money // 10)
            return Order("invest", terms=((rng.choice(PATHS), dollars),) if dollars else ())
        if decide == "rent-ballot":
            return rng.choice([Order("yes"), Order("no")])
        verdicts = [Order("kill"), Order("spare"), Order("fine", all_goods=True)]
        if confiscation_only(view):  # Libertarianism: no loser in default
            return rng.choice(verdicts[1:])
        if "crippling" in view.punishments:  # only then: its choices are as before without it
            verdicts.append(Order("cripple", number=rng.choice(CRIPPLING_ROWS)))
        if "exile" in view.punishments:
            verdicts.append(Order("exile"))
        if slavery.master_in_view(view):  # a free winner, not a wife: a master (124, 256)
            verdicts.append(Order("enslave"))
        return rng.choice(verdicts)


def bank_in_view(view: CrusoeView, good: str) -> int:
    """The bank's tokens of ``good`` as the table sees them (``CrusoeState.bank``): the shipped
    supply, which the view does not show (as the sampler assumes), less every player's, the
    Church's, the central pile's and the vault's."""
    held = sum(p.goods.get(good, 0) for p in view.players)
    held += view.church_goods.get(good, 0) + view.pile.get(good, 0) + view.vault.get(good, 0)
    return max(0, standard_board().supply[good] - held)


def _assignable(view: CrusoeView) -> dict[str, list[str]]:
    """Paternalistic Economy: each player to assign and the paths open to him (``seat:path``)."""
    allowed: dict[str, list[str]] = {}
    for pair in view.offer:
        seat, _, path = str(pair).partition(":")
        allowed.setdefault(seat, []).append(path)
    return allowed


def _assign_order(allowed: dict[str, list[str]], chosen: dict[str, str]) -> Order:
    return Order("assign", terms=tuple((s, PATHS.index(chosen[s])) for s in allowed))


def _random_donation(view: CrusoeView, me: PlayerView, rng: random.Random) -> Order:
    """The Church: the tithe or (banned) the penance, of items drawn at random."""
    held = church.item_counts(me.goods, me.leisure, me.radio)
    count = rng.choice(church.dues_of(sum(held.values()), me.seat in view.banned))
    pool = [item for item, n in held.items() for _ in range(n)]
    gift: dict[str, int] = {}
    for item in rng.sample(pool, count):
        gift[item] = gift.get(item, 0) + 1
    return Order("donate", goods=tuple((i, gift[i]) for i in church.ITEMS if i in gift))


def _estate(view: CrusoeView) -> dict[str, int]:
    """The first dead player's goods, as the table sees them (ruling 201)."""
    dead = next(p for p in view.players if p.seat == view.estates[0])
    return {g: n for g, n in dead.goods.items() if n}


def _random_estate_division(view: CrusoeView, me: PlayerView, rng: random.Random) -> Order:
    """Each unit of the dead player's goods to a random heir of its side (ruling 201)."""
    heirs = [p.seat for p in view.players if p.alive and not apart(view, me.seat, p.seat)]
    shares: dict[str, dict[str, int]] = {}
    for good, n in _estate(view).items():
        for _ in range(n):
            share = shares.setdefault(rng.choice(heirs), {})
            share[good] = share.get(good, 0) + 1
    return Order(
        "divide",
        shares=tuple(
            (s, tuple((g, shares[s][g]) for g in GOODS if g in shares[s])) for s in shares
        ),
    )


def feed_wife(view: CrusoeView, me: PlayerView, units: int) -> Order:
    """Doll's House (ruling 200): up to ``units`` more food for its wife (the offer), each of
    the food it holds most of beyond the three it eats itself, within what she may eat."""
    wife = str(view.offer[0])
    her = next(p for p in view.players if p.seat == wife)
    held = {f: me.goods.get(f, 0) for f in FOODS}
    given: dict[str, int] = {}
    for _ in range(units):
        spare = sum(held.values()) - 3 - 3  # its own meal, and the three it owes her
        room = [
            f
            for f in FOODS
            if held[f] > 0
            and her.goods.get(f, 0) + given.get(f, 0) < 3
            and f not in roles.diet(her.roles)
        ]
        if (
            spare <= 0
            or not room
            or sum(her.goods.get(f, 0) for f in FOODS) + sum(given.values()) >= 10
        ):
            break
        food = max(room, key=lambda f: held[f])
        held[food] -= 1
        given[food] = given.get(food, 0) + 1
    return Order("feed", name=wife, goods=tuple((g, given[g]) for g in GOODS if given.get(g)))


def repay_order(
    view: CrusoeView, me: PlayerView, order_of: Callable[[dict[str, int]], list[str]]
) -> Order:
    """Third World Country (ruling 199): the Agent's goods of the chart, taken in ``order_of``
    (its goods held -> the goods in the order it gives them up), unit by unit until their
    price makes up the difference it owes."""
    resource = str(view.third_world.get("resource", ""))
    prices = third_world.CHART.get(resource, {})
    short = Fraction(int(str(view.third_world.get("owed", 0))))
    held = {g: me.goods.get(g, 0) for g in prices if me.goods.get(g, 0)}
    back: dict[str, int] = {}
    for good in order_of(held):
        while short > 0 and back.get(good, 0) < held[good]:
            back[good] = back.get(good, 0) + 1
            short -= prices[good]
    while back and short + min(prices[g] for g in back) <= 0:  # no more than the difference
        cheapest = min(back, key=lambda g: prices[g])  # (ruling 245)
        short += prices[cheapest]
        back[cheapest] -= 1
        back = {g: n for g, n in back.items() if n}
    return Order("repay", goods=tuple((g, back[g]) for g in GOODS if back.get(g)))


def _random_deed(view: CrusoeView, me: PlayerView, rng: random.Random) -> Order | None:
    """Landlords: now and then a path it owns given to another at the Market (no draw at all
    when it owns none, so its other games are as before)."""
    owned = [p for p, s in view.land.get("owners", {}).items() if s == view.seat]
    if not owned or "exile" in me.roles:  # an exile's paths wait for his return (ruling 273)
        return None
    takers = [
        p.seat for p in view.players if p.alive and p.seat != me.seat and p.seat not in view.home
    ]
    takers = [s for s in takers if s not in view.land.get("abroad", ())]  # (ruling 272)
    if view.scenario.split(" ")[0] in (*MONETARY_SCENARIOS, "market-socialism"):  # retail
        takers = [s for s in takers if s in _neighbours(view, me.seat)]
    if "land" in view.gender_limits:  # women may not own land (ruling 198)
        women = {p.seat for p in view.players if "woman" in p.roles}
        takers = [s for s in takers if s not in women]
    if not takers or rng.random() >= 0.05:
        return None
    taker, path = rng.choice(takers), rng.choice(owned)
    barter = not view.scenario.startswith("traditional") or "exile" in me.roles  # ruling 185
    if rng.random() < 0.5 and barter:  # or in a barter offer, for a good or nothing (ruling 182)
        asked = ((rng.choice(GOODS), 1),) if rng.random() < 0.5 else ()
        return Order("offer", name=taker, goods=((path, 1),), wants=asked)
    return Order("deed", name=taker, terms=((path, 1),))


def _random_dividend(view: CrusoeView, rng: random.Random) -> Order:
    """Corporations: random rolls, then a random dividend the rest of the coffers pays."""
    ledger = view.corporations
    path = str(ledger.get("deciding", ""))
    coffers = int(ledger.get("coffers", {}).get(path, 0))
    rolls = rng.randint(0, min(3, coffers // 10))
    living = [p.seat for p in view.players if p.alive]
    shares = corporations.living_shares_in_view(ledger, path, living)
    top = (coffers - 10 * rolls) // shares if shares else 0
    return Order("experience", number=rolls, dollars=rng.randint(0, top))


def _random_exchange(view: CrusoeView, me: PlayerView, rng: random.Random) -> Order:
    """Corporations: one time in five, some of its money or one path's shares to another
    living player who trades (not a wife, Doll's House)."""
    takers = [
        p.seat
        for p in view.players
        if p.alive
        and p.seat != me.seat
        and not any(r.startswith("wife-of") for r in p.roles)
        and not slavery.bound(p.roles)  # a slave does not trade in a money economy (251)
        and "exile" not in p.roles  # nothing crosses the divide (Exile, ruling 328)
    ]
    held = [
        (path, int(n))
        for path, holders in view.corporations.get("shares", {}).items()
        for seat, n in holders.items()
        if seat == me.seat and n
    ]
    if not takers or rng.random() >= 0.2 or not (held or me.money):
        return Order("exchange")
    terms: tuple[tuple[str, int], ...] = ()
    if held and rng.random() < 0.5:
        path, n = rng.choice(held)
        terms = ((path, rng.randint(1, n)),)
    dollars = rng.randint(0, me.money) if me.money else 0
    if not terms and not dollars:
        return Order("exchange")
    taker = rng.choice(takers)
    others = [s for s in takers if s != taker]
    if others and dollars < me.money and rng.random() < 0.3:  # a second gift (ruling 183)
        more = ((rng.choice(others), (("$", rng.randint(1, me.money - dollars)),)),)
        return Order("exchange", name=taker, terms=terms, dollars=dollars, shares=more)
    return Order("exchange", name=taker, terms=terms, dollars=dollars)


def corporate_experience(view: CrusoeView, path: str, values: list[float]) -> float:
    """With ``bots_corporate_experience`` (ruling 229): what the Experience numbers of the
    path's corporation add to walking it (0 without the option, as before)."""
    if view.settings is None or not view.settings.bots_corporate_experience:
        return 0.0
    numbers = view.corporations.get("experience", {}).get(path, [])
    return experience_gain(values, [int(n) for n in numbers])


def toll(view: CrusoeView, path: str) -> float:
    """Corporations: what this cycle's cost to traverse ``path`` takes from the walker, on the
    rent's scale (a tenth of a dollar's VP): a fee, or under a salary the money its goods would
    fetch above the salary (each space's goods at the last commodity price, $20 unknown, times
    the chance of landing there)."""
    cost = corporations.cost_in_view(view.corporations, path)
    if cost is None:
        return 0.0
    if cost[0] == "fee":
        return cost[1] / 10
    fetched = LANDINGS * sum(
        n * _price(view, icon) for space in view.board[path] for icon, n in _space(space)
    )
    return max(0.0, fetched - cost[1]) / 10


def _price(view: CrusoeView, icon: str) -> int:
    if icon not in GOODS:
        return 0  # Leisure and Radio Signals are not sold
    return int(view.prices.get(icon, {}).get("commodity", 0) or 20)


def invest_all(me: PlayerView) -> Order:
    """Corporations: every whole $10 left into the corporation of the path it took (the money
    is discarded otherwise, and each share adds one to its violence rolls)."""
    dollars = me.money - me.money % 10
    return Order("invest", terms=((me.path or PATHS[0], dollars),) if dollars else ())


def _random_rent(view: CrusoeView, rng: random.Random) -> Order:
    """Landlords: each path it owns forbidden, or a rent at random (dollars or productions)."""
    money = view.scenario.split(" ")[0] in MONETARY_SCENARIOS
    if view.land.get("lawmaking"):  # Rent Control: a proposal, or none
        return PASS if rng.random() < 0.3 else Order("rent", terms=(("all", rng.randint(1, 3)),))
    owned = [p for p, s in view.land.get("owners", {}).items() if s == view.seat]
    terms = []
    for path in owned:
        forbid = rng.random() < 0.2
        terms.append((path, -1 if forbid else rng.randint(0, 40 if money else 3)))
    return Order("rent", terms=tuple(terms))


def _random_meal(me: PlayerView, rng: random.Random) -> dict[str, int]:
    meal = {"water": rng.randint(0, min(2, me.goods["water"]))}
    room = 10
    for food in FOODS:
        if food in roles.diet(me.roles):
            continue
        n = rng.randint(0, min(3, me.goods[food], room))
        meal[food], room = n, room - n
    return meal


def _random_amendment(view: CrusoeView, rng: random.Random) -> Order:
    """Mostly pass; else replace the first box of a decision with a number for this cycle
    (or, for the heir, the highest VP)."""
    if rng.random() < 0.7 or not view.chart:
        return PASS
    headers = [line for line in view.chart.split("\n") if line and not line.startswith(" ")]
    header = rng.choice(headers)
    name = header.split()[0].rstrip(":")
    box = bot_box(header, view.cycle + 1, rng.randint(0, 10)).name.replace("lowest", "highest")
    return Order("amend", name=f"{name} insert 1: {box}")


def _random_policy(rng: random.Random) -> Order:
    if rng.random() < 0.3:
        return PASS
    terms = {f: rng.choice((0, 5, 10, 20)) for f in FREQUENCIES}
    terms |= {p: rng.choice((0, 1, 1, 2, 4)) for p in PATHS}
    return Order("policy", terms=tuple(terms.items()))


def _random_bid(view: CrusoeView, me: PlayerView, rng: random.Random) -> Order:
    """A list of one to three steps, units rising and dollars falling, or none."""
    good = view.good or "water"
    if rng.random() < 0.2:
        return Order("bid", name=good)
    steps: list[tuple[int, int]] = []
    price = rng.randint(1, max(1, me.money) + 10)
    units = 0
    for _ in range(rng.randint(1, 3)):
        units += rng.randint(1, 2)
        steps.append((units, price))
        if price == 1:
            break
        price = rng.randint(1, price - 1)
    return Order("bid", name=good, bids=tuple(steps))


RATIONED = ("water", *FOODS)
"""What the bots' plans limit under ``bots_path_limits`` (ruling 228): what keeps a player
alive; spears and diamonds are left unlimited."""


def plan_terms(plan: dict[str, dict[str, int]]) -> tuple[tuple[str, int], ...]:
    """A plan's terms in the order a ``plan`` order is read (wages, prices, limits per good,
    then limits per good and path: ``orders.PATH_LIMITS``)."""
    terms = [(f"{k}.{g}", plan[k][g]) for k in PLAN_KINDS for g in GOODS if g in plan[k]]
    for key in PATH_LIMITS:  # limit.GOOD.PATH
        _, good, path = key.split(".")
        if good in plan.get(f"limit.{path}", {}):
            terms.append((key, plan[f"limit.{path}"][good]))
    return tuple(terms)


def _random_plan(rng: random.Random) -> Order:
    if rng.random() < 0.3:
        return PASS
    terms = [(f"wage.{g}", rng.choice((0, 5, 10, 20))) for g in GOODS]
    terms += [(f"price.{g}", rng.choice((1, 5, 10, 20))) for g in GOODS]
    terms += [(f"limit.{g}", rng.choice((1, 2, 3))) for g in GOODS if rng.random() < 0.3]
    if rng.random() < 0.3:  # a limit for one path (ruling 82)
        terms.append((f"limit.{rng.choice(GOODS)}.{rng.choice(PATHS)}", rng.choice((0, 2, 5))))
    return Order("plan", terms=tuple(terms))


def _room(view: CrusoeView, me: PlayerView, good: str) -> int:
    """How many units of ``good`` this seat may buy from the vault now (Market Socialism)."""
    units = view.vault.get(good, 0)
    limit = limit_for(view.plan, me.path, good)  # his path's limit, if the plan sets one
    if limit is not None:
        units = min(units, limit - view.bought.get(me.seat, {}).get(good, 0))
    price = view.plan.get("price", {}).get(good, 0)
    if price:
        units = min(units, me.money // price)
    return max(1, units)


def _random_consign(view: CrusoeView, me: PlayerView, rng: random.Random) -> Order:
    """Some of its units to a legal seller for a random price, or destroy."""
    held = me.goods[view.good or "water"]
    if rng.random() < 0.2 or held < 1:
        return Order("destroy")
    return Order(
        "consign",
        name=str(rng.choice(view.offer)),
        number=rng.randint(1, held),
        dollars=rng.randint(0, 60),
    )


def _random_violence(view: CrusoeView, me: PlayerView, rng: random.Random) -> Order:
    fighting = {s for b in view.battles for side in b.values() for s in side}
    choices = [PASS, PASS, PASS]
    free = me.seat == view.ruler or "warlord" in me.roles or "returned" in me.roles
    for p in view.players:
        if not p.alive or p.seat == me.seat or apart(view, me.seat, p.seat):
            continue
        if slavery.kept_from(view, me.seat, p.seat):  # Slavery: a supervised slave's limits
            continue
        if p.seat in fighting:
            choices.append(Order("join", name=p.seat))
        elif (me.leisure >= 1 or free) and (not view.libertarian or "in-default" in p.roles):
            choices.append(Order("fight", name=p.seat))  # the ruler, a Warlord fight free
    return rng.choice(choices)


def _random_trade(view: CrusoeView, me: PlayerView, rng: random.Random) -> Order:
    incoming = [str(o["giver"]) for o in view.offers if o["taker"] == me.seat]
    choices = [Order("wait"), Order("home"), Order("home")]
    choices += [Order("accept", name=seat) for seat in incoming]
    partners = [
        p.seat
        for p in view.players
        if p.alive and p.seat != me.seat and p.seat not in view.home
        if not apart(view, me.seat, p.seat)  # Exile: no trade across
    ]
    held = [g for g in GOODS if me.goods[g]]
    if partners and held:
        give = ((rng.choice(held), 1),)
        want = ((rng.choice(GOODS), rng.randint(1, 2)),)
        name = rng.choice(partners)
        partner = next(p for p in view.players if p.seat == name)
        if fits(view, me, partner, give, want):
            choices.append(Order("offer", name=partner.seat, goods=give, wants=want))
    return rng.choice(choices)


def confiscation_only(view: CrusoeView) -> bool:
    """Libertarianism: the losers of a battle this seat won include nobody in default."""
    if not view.libertarian:
        return False
    roles = {p.seat: p.roles for p in view.players}
    judged = [b for b in view.battles if view.seat in b["attackers"]]
    return any(not any("in-default" in roles.get(s, ()) for s in b["defenders"]) for b in judged)


def electable(view: CrusoeView, running: list[str]) -> list[str]:
    """No Suffrage: a deposed ruler's successor is never a woman (ruling 109), unless only
    women are left (rulers.candidates). Exile: never an exile (rulings 179, 278)."""
    if not view.candidates:
        home = [p.seat for p in view.players if p.seat in running and "exile" not in p.roles]
        running = home or running
    if view.candidates:
        return running
    # gender.voiceless: women under No Suffrage and Doll's House, men in the Golden Age
    if view.gender in ("no-suffrage", "dolls-house"):
        voiced = [p.seat for p in view.players if p.seat in running and "woman" not in p.roles]
    elif view.gender == "matriarchal-golden-age":
        voiced = [p.seat for p in view.players if p.seat in running and "woman" in p.roles]
    else:
        return running
    return voiced or running


def _path_for(view: CrusoeView) -> PlayerView:
    """Whose path is asked: the slave the offer names (his master chooses it: Slavery), else
    this seat. Only Men's Work's roles differ between them (ruling 220)."""
    named = str(view.offer[0]) if view.ask == "path" and view.offer else ""
    return next((p for p in view.players if p.seat == named), _me(view))


def allowed_in(view: CrusoeView) -> list[str]:
    """The paths this seat may choose now (the Traditional Economy's first cycle limits them;
    Men's Work bars some, and waives the Traditional limit that would leave none: ruling 108)."""
    walker = _path_for(view)  # a slave's Leases and track, if for him (rulings 220, 249)
    barred = roles.barred_paths(walker.roles)
    open_paths = [p for p in PATHS if p not in barred]
    master = view.seat if walker.seat != view.seat else ""
    if not view.scenario.startswith("traditional"):  # Leases (Landlords)
        return landlords.allowed_in_view(view.land, walker.seat, open_paths, master)
    if view.cycle > 1:  # Landlords: he declares his track (ruling 155), an exile any (173)
        bound = view.land and "exile" not in walker.roles
        track = [p for p in open_paths if p == walker.track] if bound else open_paths
        return landlords.allowed_in_view(view.land, walker.seat, track, master)
    living = [p for p in view.players if p.alive and "exile" not in p.roles]  # ranked (173)
    if "exile" in _me(view).roles:
        return landlords.allowed_in_view(view.land, view.seat, open_paths)
    chosen = [p.path for p in living if p.path is not None]
    allowed = allowed_paths(chosen, len(living) - len(chosen))
    untaken = [p for p in open_paths if p == "dung_beetle" or p not in chosen]
    ranked = [p for p in allowed if p not in barred] or untaken or open_paths
    return landlords.allowed_in_view(view.land, walker.seat, ranked, master)  # (ruling 155)


def fits(
    view: CrusoeView,
    me: PlayerView,
    partner: PlayerView,
    give: tuple[tuple[str, int], ...],
    want: tuple[tuple[str, int], ...],
) -> bool:
    """True if the Traditional Economy's limits allow this barter (always elsewhere)."""
    retail = view.scenario.split(" ")[0] in (*MONETARY_SCENARIOS, "market-socialism")
    if retail and "exile" not in me.roles:  # an exile's barter is no retail (ruling 211)
        return give != want and partner.seat in _neighbours(view, me.seat)
    if not view.scenario.startswith("traditional") or "exile" in me.roles:  # no ranks (173)
        return give != want
    return trade_limit(_rank(me), _rank(partner), give, want) is None


def _neighbours(view: CrusoeView, seat: str) -> set[str]:
    """Retail Subphase: the players to either side in turn order, among the living who trade
    (not a wife, Doll's House: ruling 161)."""
    ring = [
        s
        for s in view.order
        if any(
            p.seat == s
            and p.alive
            and not _wed(view, p)
            and not slavery.bound(p.roles)
            and "exile" not in p.roles  # not an exile (ruling 210)
            for p in view.players
        )
    ]
    if seat not in ring:
        return set()
    i = ring.index(seat)
    return {ring[i - 1], ring[(i + 1) % len(ring)]} - {seat}


def _wed(view: CrusoeView, player: PlayerView) -> bool:
    """Doll's House: a wife whose husband lives (her public role ``wife-of-N`` names his place
    at the table); she takes no part in the market (gender.in_market)."""
    for role in player.roles:
        if role.startswith("wife-of-"):
            n = int(role.removeprefix("wife-of-"))
            return n < len(view.players) and view.players[n].alive
    return False


def _rank(player: PlayerView) -> int:
    return RANKS.index(player.track) if player.track in RANKS else -1


def _pairs(goods: object) -> list[tuple[str, int]]:
    return [(str(g), int(n)) for g, n in goods.items()] if isinstance(goods, dict) else []


@lru_cache(maxsize=4096)
def _space(text: str) -> Space:
    """A space of the board as written in the view, read once."""
    return parse_space(text, ())


def _me(view: CrusoeView) -> PlayerView:
    return next(p for p in view.players if p.seat == view.seat)


__all__ = ["GOODS", "CooperativeBot", "GreedyBot", "RandomBot", "SelfishBot"]
