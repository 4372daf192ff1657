"""Which orders the open decision allows: the checks (each refusal names its rule) and the
enumeration of the finite choices."""

from __future__ import annotations

from functools import partial

from sealed.core.errors import IllegalOrderError
from sealed.core.suggest import did_you_mean
from sealed.games.crusoe import bureaucracy, estate_shares, rulers
from sealed.games.crusoe.cycle import eat_limits
from sealed.games.crusoe.market import neighbours
from sealed.games.crusoe.modules import (
    church,
    corporations,
    gender,
    landlords,
    paternalistic,
    punishments,
    roles,
    slavery,
    third_world,
)
from sealed.games.crusoe.orders import DONE, PASS, Order
from sealed.games.crusoe.socialism import check_division
from sealed.games.crusoe.socialist_market import buy_problem
from sealed.games.crusoe.state import CONDITIONS, GOODS, PATHS, CrusoeState
from sealed.games.crusoe.trade import standing
from sealed.games.crusoe.traditional import offer_problem, path_problem
from sealed.games.crusoe.violence import involved

WORDS_DUE = {
    "path": ("path",),
    "move": ("move",),
    "take": ("take",),
    "learn": ("learn",),
    "eat": ("eat",),
    "estate": ("split", "give", "divide"),
    "estate-divide": ("divide", "pass"),
    "estate-ballot": ("yes", "no"),
    "invoke": ("invoke", "pass"),
    "speech": ("done",),
    "violence": ("fight", "join", "pass"),
    "spear": ("spear", "keep"),
    "verdict": ("kill", "spare", "fine", "swap", "cripple", "exile", "enslave"),
    "feed": ("feed", "free", "hand"),
    "husband": ("feed",),
    "permit": ("yes", "no"),
    "exile-vote": ("establish", "return", "pass"),
    "draft": ("draft",),
    "trade": ("offer", "accept", "wait", "home", "deed"),
    "divide": ("divide",),
    "vote": ("yes", "no"),
    "tax": ("tax",),
    "provide": ("provide",),
    "policy": ("policy", "pass"),
    "box": ("box",),
    "amend": ("amend", "pass"),
    "amend-ballot": ("yes", "no"),
    "ballot": ("yes", "no"),
    "sell": ("sell",),
    "bid": ("bid",),
    "consign": ("consign", "destroy"),
    "deal": ("yes", "no"),
    "plan": ("plan", "pass"),
    "plan-ballot": ("yes", "no"),
    "buy": ("buy",),
    "wage": ("wage", "pass"),
    "wage-ballot": ("yes", "no"),
    "elect": ("elect",),
    "warlord": ("elect",),
    "default": ("default",),
    "campaign": ("campaign", "pass"),
    "victory": ("victory",),
    "rent": ("rent", "pass"),
    "rent-ballot": ("yes", "no"),
    "donate": ("donate",),
    "assign": ("assign", "pass"),
    "assign-ballot": ("yes", "no"),
    "import": ("import",),
    "repay": ("repay",),
    "invest": ("invest",),
    "toll": ("fee", "salary"),
    "spend": ("experience",),
    "dividend": ("experience",),
    "exchange": ("exchange",),
    "corp-learn": ("learn",),
}
DUE_HELP = {
    "path": "path NAME: ant, dung_beetle, spider, sand_crab, firefly, bookworm, grasshopper",
    "move": "move N: how far, within your Experience range",
    "take": "take ICON: the icon type to use on this space",
    "learn": "learn N: the Experience number to add (1-6)",
    "eat": "eat water N FOOD N ... (at most 2 water, 3 of a food, 10 food), or eat nothing",
    "estate": "split (shared in turn order) or give SEAT (all to one living player)",
    "estate-divide": "divide SEAT GOODS SEAT GOODS ...: every unit of the dead player's goods "
    "to living heirs (ruling 201), or pass",
    "estate-ballot": "yes or no: the division of the dead player's goods proposed",
    "invoke": "invoke (1 Leisure, free when Indigent) or pass",
    "speech": "done, when your speech is over",
    "violence": "fight SEAT (1 Leisure), join SEAT (that player's side), or pass",
    "spear": "spear (discard one for +1 in the battle) or keep",
    "verdict": "kill, spare, fine all, or fine GOOD N ... (with Crippling: cripple ROW [SEAT ...]; "
    "with Exile: exile; with Slavery: enslave)",
    "feed": "feed SLAVE GOODS (what he may eat), free SLAVE GOODS, or hand SLAVE SEAT (to a new "
    "master, without goods): your slaves in turn order",
    "husband": "feed WIFE GOODS: water and food for your wife beyond what you owe her "
    "(Doll's House), or feed WIFE nothing",
    "permit": "yes (your slave may attack the player named) or no (his turn passes)",
    "exile-vote": "establish tribal-capitalism (or tribal-communism, tribal-socialism), return "
    "(when the exiles outnumber the others), or pass: the exiles' unanimous vote",
    "draft": "draft GOOD: one item of the central pile",
    "trade": "offer SEAT GOODS for GOODS, accept SEAT, wait, or home (done trading); "
    "Landlords: deed SEAT PATH gives him a path you own",
    "divide": "divide SEAT GOODS SEAT GOODS ...: who gets how much of the whole pool",
    "vote": "yes or no: the division proposed",
    "tax": "tax GOOD (one unit produced this cycle) or tax none",
    "provide": "provide FOOD: one unit of your food for the Firefly, who must have three",
    "policy": "policy reward N burden N [PATH N ...] [cb N military N top40 N], or pass",
    "ballot": "yes or no: the policy proposed",
    "box": "box if CONDITION: RESULT (or otherwise: RESULT): the chart cannot decide the case "
    "shown; your box, put in where it stopped, must decide it",
    "amend": "amend DECISION replace N: BOX, insert N: BOX or delete N (one box of the chart), "
    "or pass",
    "amend-ballot": "yes or no: the amendment to the chart (it passes only if all say yes)",
    "sell": "sell N: how many older units of this good to put back into its market",
    "bid": "GOOD UNITS@DOLLARS ... (water 1@31 2@17: one at $31 or less, two at $17 or less), "
    "or GOOD none",
    "consign": "consign SELLER UNITS for $DOLLARS (all the units, paid when they go into the "
    "pot), or destroy (this cycle's units)",
    "deal": "yes or no: the units offered to you for the dollars named",
    "plan": "plan wage N price N [limit N] [wage.GOOD N price.GOOD N limit.GOOD N|none ...], "
    "or pass",
    "plan-ballot": "yes or no: the plan proposed",
    "buy": "buy GOOD N (one good from the government vault, within your limit and money), or "
    "buy none (done buying)",
    "wage": "wage N: the minimum wage in dollars you propose, or pass",
    "wage-ballot": "yes or no: the minimum wage proposed",
    "elect": "elect SEAT: the new Dictator or President (one of the candidates)",
    "warlord": "elect SEAT: the new Warlord (any living player never deposed as Warlord)",
    "default": "default SEAT ...: the players in default of a contract with you since the last "
    "Government phase, or default none (Libertarianism)",
    "campaign": "campaign (stand for President: 1 Leisure, free for the President) or pass",
    "victory": "victory altruistic, victory self-interested or victory cutthroat (secret)",
    "rent": "rent all N [PATH N|forbid] [PATH@SEAT N|forbid]: this cycle's Lease on each path "
    "you own (N dollars, or N productions in barter); not named: forbidden; or rent none "
    "(Rent Control: the rents you propose, rent all N [PATH N], at least 1, or pass)",
    "rent-ballot": "yes or no: the rents proposed (Rent Control)",
    "invest": "invest PATH DOLLARS ... ($10 a share of the path's corporation), or invest none "
    "(Corporations)",
    "toll": "fee N or salary N: your vote, weighted by your shares, on this cycle's cost to "
    "traverse the path named (Corporations)",
    "spend": "experience N: your vote, weighted by your shares, on the Experience rolls the "
    "corporation buys ($10 each from its coffers; Corporations)",
    "corp-learn": "learn N: your vote on the corporation's new Experience number (1-6)",
    "dividend": "experience N dividend D: your vote, weighted by your shares, on the Experience "
    "rolls the corporation buys ($10 each) and the dollars it pays out on each share, owed "
    "until you next hold money (Corporations, ruling 180)",
    "exchange": "exchange SEAT PATH N $D SEAT $D ...: the shares and dollars you give each "
    "player (a sale is his gift back), or exchange none (Corporations, rulings 181, 183)",
    "donate": "donate ITEM N ...: 10% of your goods and markers, rounded up (goods, leisure, "
    "cb, military, top40); banned by the Church, 20% makes penance",
    "assign": "assign SEAT PATH SEAT PATH ...: the path of every player who has none yet "
    "(Paternalistic Economy), or pass",
    "assign-ballot": "yes or no: the paths proposed",
    "import": "import GOOD N ...: goods from the MNCs for a commitment in the Basic Resource "
    "(the chart's prices), or import nothing",
    "repay": "repay GOOD N ...: goods back to the MNCs whose price makes up the difference "
    "(Third World Country), or repay dearest (the dearest first)",
}


def check(state: CrusoeState, seat: str, order: Order) -> None:
    """:raises IllegalOrderError: naming the rule the order breaks."""
    ask = state.ask or ""
    due = WORDS_DUE.get(ask, ())
    if order.word not in due and not slavery.aside_due(state, ask, order.word):  # ruling 169
        raise IllegalOrderError(
            f"{order.word!r} is not due now: {DUE_HELP.get(ask, 'nothing is due')}"
        )
    reason = _problem(state, seat, order)
    if reason:
        raise IllegalOrderError(reason)


def _problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    player = state.players[seat]
    if order.word in ("move", "take"):
        value = order.number if order.word == "move" else order.name
        if value not in state.offer:
            allowed = " ".join(str(v) for v in state.offer)
            return f"{order.word} {value}: not one of {allowed} (Experience / Path Icons)"
    if order.word == "learn" and not 1 <= order.number <= 6:
        return "an Experience number is one of 1-6"
    if order.word == "eat":
        return eat_limits(player, dict(order.goods))
    if order.word == "box":
        return bureaucracy.box_problem(state, order)
    if order.word == "amend":
        return bureaucracy.amendment_problem(state, order)
    if order.word == "donate":
        return church.donate_problem(state, seat, dict(order.goods))
    if order.word == "assign":
        return paternalistic.assignment_problem(state, paternalistic.decode(order.terms))
    if order.word == "import":
        return third_world.import_problem(state, dict(order.goods))
    if order.word == "repay":
        return third_world.repay_problem(state, seat, dict(order.goods))
    if order.word == "give" and state.ask == "estate" and state.estates:
        apart = punishments.apart_problem(state, state.estates[0], order.name)
        if apart:
            return apart
    if order.word == "give":
        return _living_other(state, seat, order.name, allow_self=True)
    if order.word == "default":
        return roles.default_problem(state, seat, order)
    if state.ask == "verdict":  # Libertarianism: losers none of whom is in default
        battle = state.battles[state.battle]
        losers = [s for s in battle.defenders if state.players[s].alive]
        refusal = roles.verdict_problem(state, losers, order)
        if refusal:
            return refusal
    if order.word == "elect" and state.ask == "warlord":  # Early Feudalism: a new Warlord
        if order.name in state.offer:
            return None
        names = [str(s) for s in state.offer]
        return (
            f"elect {order.name}: not a candidate; the winners elect a new Warlord among "
            f"{', '.join(names)} (Early Feudalism){did_you_mean(order.name, names)}"
        )
    if order.word == "elect" and order.name not in rulers.candidates(state):
        names = rulers.candidates(state)
        return (
            f"elect {order.name}: not a candidate; the winners select a new "
            f"{rulers.electing_title(state)} among {', '.join(names)}"
            f"{did_you_mean(order.name, names)}"
        )
    if order.word == "campaign" and not rulers.may_campaign(state, seat):
        return "campaigning for President costs one Leisure, and you have none"
    if order.word in ("fight", "join", "offer"):
        apart = punishments.apart_problem(state, seat, order.name)
        if apart:
            return apart
    if order.word in ("fight", "join"):  # Slavery: a supervised slave's targets (ruling 135)
        limit = slavery.attack_problem(state, seat, order.word, order.name)
        if limit:
            return limit
    if order.word == "fight":
        free = rulers.rules_free(state, seat) or roles.free_violence(state, seat)
        if player.leisure < 1 and not free:
            return "starting a fight costs one Leisure, and you have none"
        problem = _living_other(state, seat, order.name)
        if problem is None and involved(state, order.name):
            return f"{order.name} is already in a battle: join it instead (join {order.name})"
        return problem or roles.fight_problem(state, order.name)  # Libertarianism
    if order.word == "join" and not involved(state, order.name):
        return f"{order.name} is not in a battle: there is no side to join"
    if order.word == "draft" and state.pile.get(order.name, 0) < 1:
        kinds = " ".join(g for g in GOODS if state.pile.get(g, 0)) or "nothing"
        return f"the central pile holds no {order.name} (it holds {kinds})"
    if order.word == "offer":
        return _offer_problem(state, seat, order) or offer_problem(state, seat, order)
    if order.word == "divide" and state.ask in ("estate", "estate-divide"):  # ruling 201
        return estate_shares.division_problem(state, seat, order)
    if order.word == "divide":
        return check_division(state, order)
    if order.word == "path":  # for his slave under Men's Work, the slave's rules (ruling 220)
        return path_rule(state, slavery.path_subject(state, seat), order.name)
    if order.word == "invest":
        return corporations.invest_problem(state, seat, order.terms)
    if order.word == "experience":
        return corporations.spend_problem(state, order.number, order.dollars)
    if order.word == "exchange":
        return corporations.exchange_problem(state, seat, order)
    if order.word == "deed":
        return landlords.deed_problem(state, seat, order.name, order.terms[0][0])
    if order.word == "rent":
        return landlords.rent_problem(state, seat, order.terms)
    if order.word == "pass" and state.ask == "rent" and not state.land.lawmaking:
        return "Landlords: write rent none to give no Lease (pass is for the government's rents)"
    if order.word == "tax" and order.name != "none" and order.name not in state.offer[1:]:
        allowed = " ".join(str(g) for g in state.offer[1:])
        return (
            f"tax {order.name}: not one of {allowed} (a unit produced this cycle, never "
            "leaving zero water or less than three food)"
        )
    if order.word == "provide" and order.name not in state.offer:
        allowed = " ".join(str(f) for f in state.offer)
        return f"provide {order.name}: you may give the Firefly {allowed} (the food you hold)"
    if order.word == "sell" and order.number not in state.offer:
        return (
            f"you hold {max(state.offer, default=0)} older {state.good} (not produced this "
            f"cycle): sell 0 to {max(state.offer, default=0)}"
        )
    if order.word == "bid" and order.name != state.good:
        return f"the good on sale now is {state.good}, not {order.name} ({state.good} 1@20 ...)"
    if order.word == "consign":
        return _consign_problem(state, seat, order)
    if order.word == "buy":
        return buy_problem(state, seat, order)
    if order.word == "cripple":
        return punishments.cripple_problem(state, order)
    if order.word == "enslave":
        return slavery.enslave_problem(state)
    if order.word == "feed" and state.ask == "husband":  # Doll's House (ruling 200)
        return gender.feed_problem(state, seat, order.name, dict(order.goods))
    if order.word in ("feed", "free", "hand"):
        return slavery.feed_problem(state, seat, order)
    if order.word == "exile" and not punishments.exile_in_play(state):
        return "Exile is an optional rule not in play (option punishments=exile)"
    if order.word in ("establish", "return"):
        return punishments.vote_problem(state, order)
    if order.word == "swap" and state.settings.scenario != "traditional":
        return "only the Traditional Economy swaps tracks"
    if order.word == "swap":
        return punishments.swap_problem(state, seat)  # exiles swap no tracks (Exile, 173)
    if order.word == "accept" and standing(state, order.name, seat) is None:
        return f"{order.name} has no offer standing to you"
    return None


def path_rule(state: CrusoeState, seat: str, path: str) -> str | None:
    """Why ``seat`` may not go down ``path`` (the Traditional Economy's first cycle, Men's Work,
    Landlords); None if he may. A government's assignment is held to it too (Paternalistic)."""
    scenario_rule = partial(path_problem, state, seat)  # Men's Work may waive it (108)
    refusal = roles.path_problem(state, seat, path, scenario_rule)
    return refusal or landlords.path_problem(state, seat, path)


def _consign_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    """State Capitalism: a legal seller not yet asked; no more units than held."""
    good = state.good or ""
    if order.name not in state.offer:
        may = " or ".join(str(s) for s in state.offer)
        return (
            f"State Capitalism: only the players who possess the most {good} may sell it to "
            f"the pot; offer {may}{did_you_mean(order.name, [str(s) for s in state.offer])}"
        )
    held = state.players[seat].goods.get(good, 0)
    if order.number > held:
        return f"you hold {held} {good}, not {order.number}"
    if order.number < 1:  # the notation's range: such an order could not be read back
        return f"consign: units are 1-999 (you hold {held} {good}; destroy offers none)"
    return None


def _offer_problem(state: CrusoeState, seat: str, order: Order) -> str | None:
    problem = _living_other(state, seat, order.name)
    if problem is not None:
        return problem.replace("fight", "trade with")
    if order.name in state.home:
        return f"{order.name} has gone home: trading is over for him"
    if punishments.retail_bound(state, seat) and order.name not in neighbours(state, seat):
        return (
            f"Retail Subphase: you may trade only with your neighbours in turn order "
            f"({' and '.join(neighbours(state, seat)) or 'nobody'})"
        )
    if not order.goods and not order.wants:
        return "an offer gives or asks something"
    for path in (g for g, _ in order.goods if g in PATHS):  # Landlords (ruling 182)
        problem = landlords.deed_problem(state, seat, order.name, path)
        if problem is not None:
            return problem
    for path in (g for g, _ in order.wants if g in PATHS):
        problem = landlords.deed_problem(state, order.name, seat, path)
        if problem is not None:
            return problem.replace("you do not own", f"{order.name} does not own")
    for good, n in ((g, n) for g, n in order.goods if g in GOODS):
        if state.players[seat].goods[good] < n:
            return f"you hold {state.players[seat].goods[good]} {good}, not {n}"
    return None


def _living_other(state: CrusoeState, seat: str, name: str, allow_self: bool = False) -> str | None:
    if name not in state.players:
        return f"no player {name!r}{did_you_mean(name, state.seats)}"
    if not state.players[name].alive:
        return f"{name} is dead"
    if name == seat and not allow_self:
        return "a player cannot fight himself"
    return None


def legal_orders(state: CrusoeState, seat: str) -> list[Order] | None:
    """The finite choices of the open decision; None for consumption and fines (too many)."""
    if seat not in state.waiting:
        return []
    ask = state.ask or ""
    if ask == "path":
        paths = [Order("path", name=p) for p in PATHS]
        subject = slavery.path_subject(state, seat)  # a slave's, under Men's Work (220)
        return [o for o in paths if path_rule(state, subject, o.name) is None]
    if ask == "tax":
        return [Order("tax", name=str(g)) for g in state.offer[1:]] + [Order("tax", name="none")]
    if ask == "move":
        return [Order("move", number=int(n)) for n in state.offer]
    if ask == "take":
        return [Order("take", name=str(g)) for g in state.offer]
    if ask == "learn":
        return [Order("learn", number=n) for n in range(1, 7)]
    if ask == "estate":
        heirs = [s for s in state.living() if not punishments.apart(state, state.estates[0], s)]
        return [Order("split"), *(Order("give", name=s) for s in heirs)]
    if ask == "invoke":
        return [Order("invoke"), PASS]
    if ask == "speech":
        return [DONE]
    if ask == "spear":
        return [Order("spear"), Order("keep")]
    ballots: tuple[str, ...] = ("vote", "ballot", "deal", "plan-ballot", "wage-ballot")
    ballots = (*ballots, "assign-ballot", "estate-ballot")  # estate-ballot: ruling 201
    if ask in (*ballots, "amend-ballot"):
        return [Order("yes"), Order("no")]
    if ask in ("rent-ballot", "permit"):  # Landlords, Rent Control; Slavery (ruling 168)
        return [Order("yes"), Order("no")]
    if ask == "sell":
        return [Order("sell", number=int(n)) for n in state.offer]
    if ask == "elect":
        return [Order("elect", name=s) for s in rulers.candidates(state)]
    if ask == "warlord":
        return [Order("elect", name=str(s)) for s in state.offer]
    if ask == "default":
        others = [s for s in state.living() if s != seat]
        return [Order("default"), *(Order("default", terms=((s, 1),)) for s in others)]
    if ask == "victory":
        return [Order("victory", name=c) for c in CONDITIONS]
    if ask == "campaign":
        return [Order("campaign"), PASS] if rulers.may_campaign(state, seat) else [PASS]
    if ask == "draft":
        return [Order("draft", name=g) for g in GOODS if state.pile.get(g, 0) > 0]
    if ask == "provide":
        return [Order("provide", name=str(f)) for f in state.offer]
    if ask == "violence":
        return _violence_orders(state, seat)
    if ask == "exile-vote":
        votes = [Order("establish", name=e) for e in punishments.BUILT_TRIBAL]
        return [*votes, *([Order("return")] if punishments.may_return(state) else []), PASS]
    return None


def _violence_orders(state: CrusoeState, seat: str) -> list[Order]:
    orders = [PASS]
    for other in state.living():
        if other == seat or punishments.apart(state, seat, other):
            continue
        word = "join" if involved(state, other) else "fight"
        if slavery.attack_problem(state, seat, word, other):  # a supervised slave's limits
            continue
        if involved(state, other):
            orders.append(Order("join", name=other))
        elif (
            state.players[seat].leisure >= 1
            or rulers.rules_free(state, seat)
            or roles.free_violence(state, seat)
        ) and roles.fight_problem(state, other) is None:
            orders.append(Order("fight", name=other))
    return orders
