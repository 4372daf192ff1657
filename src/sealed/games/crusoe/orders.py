"""Crusoe's Planet orders and their notation.

One word starts every order; the decision open now says which are due::

    path ant                 choose this cycle's path (Ant, Dung Beetle ...: ant, dung_beetle,
                             spider, sand_crab, firefly, bookworm, grasshopper)
    move 3                   how far to move after an Experience number came up
    take fruit               which icon type to interact with on a space (fruit, water, egg,
                             fish, spear, diamond, leisure, speared_fish, cb, military, top40)
    learn 4                  the Experience number gained at the Market
    eat water 2 apple 1 egg 2    what to consume (eat nothing: nothing at all)
    invoke / pass            invoke government (or not); pass also declines violence
    done                     a speech is over
    fight ben / join ben     start a fight against ben (1 Leisure) / join ben's side
    spear / keep             discard a Spear for +1 in the battle, or keep it
    kill / spare / fine all / fine water 1 fish 2     the winners' verdict on the losers
    cripple 9 / cripple 9 ben cy    Crippling (punishments=crippling): a row of the Disabilities
                             table (not 6, 7, 8) inflicted on every loser, or on those named
    exile                    Exile (punishments=exile): the winners' verdict, losers to exile
    establish tribal-capitalism / return    Exile: the exiles' unanimous vote (or pass)
    split / give ben         a dead player's goods: shared among the living, or all to ben
    draft apple              Tribal Communism: take one good of the central pile
    offer ben water 1 for apple 2    Market: propose a one-on-one barter (for nothing: a gift)
    offer ben ant for apple 2    Landlords: a path you own in a barter offer (or asked for;
                             a path's count is 1; ruling 182)
    accept ben               take up ben's standing offer to you
    wait / home              stay at the Market this round / go home (not revocable)
    divide ana water 2 apple 1 ben egg 3    Tribal Socialism: propose who gets how much of the
                             common pool (every unit handed out)
    yes / no                 the vote on a proposed division
    tax apple / tax none     Traditional Economy: the Grasshopper's tax on the player named
    provide egg              Traditional Economy: the Grasshopper gives the Firefly one unit
                             of this food (when he must bring him up to three food)
    swap                     Traditional Economy: the winners' verdict, losers swap tracks
    policy reward 10 burden 4 firefly 0    National Capitalism: propose the dollars paid per
                             Radio Signal (reward N for every frequency, or cb N, military N,
                             top40 N) and each path's tax burden (burden N for every path, or
                             ant N, firefly N ...); what is not named: reward 0, burden 1
    sell 2                   Monetary Markets: how many older units of the good named to put
                             back into its commodity market
    consign ben 2 for $30    State Capitalism: offer ben (who may sell the good named) 2 units
                             of it for $30 in all, paid when they go into the pot (yes / no)
    destroy                  State Capitalism: destroy this cycle's units of the good instead
    plan wage 10 price 12 limit.apple 2    Market Socialism: propose the government's wages and
                             prices per unit (wage N, price N for every good; wage.GOOD N,
                             price.GOOD N for one) and purchase limits (limit N or none for
                             every good, limit.GOOD N or none); what is not named: $10, no limit
    buy apple 2 / buy none   Market Socialism: buy from the government vault (none: done)
    wage 60                  Welfare Capitalism (minimum_wage=government): propose the minimum
                             wage in dollars (then yes / no)
    elect ben                the new Dictator (the winners of a battle he lost) or President
    campaign / pass          Representative Democracy: stand for President (1 Leisure)
    victory cutthroat        Variant Victory Conditions: altruistic, self-interested, cutthroat
    box if cycle == 2: 7     Bureaucracy: the first player decides what the flow chart cannot,
                             by the box it is extended with (a box of the chart's language)
    amend tax_burden replace 2: if cycle == 1: 8    Bureaucracy: the first player's amendment
                             to one box (replace N: BOX, insert N: BOX, delete N), or pass
    rent all 2 ant forbid ant@ben 5    Landlords: this cycle's Lease on each path you own (all:
                             every path; PATH@SEAT: one player, not under Fair Housing); N
                             dollars (money) or productions (barter); forbid, or not named:
                             no Lease (rent none: every path forbidden)
    deed ben ant             Landlords: give ben the path you own (at the Market, as a trade)
    invest ant 20 sand_crab 10   Corporations: dollars invested in each path's corporation ($10
                             a share; invest none: nothing)
    fee 10 / salary 60       Corporations: a stockholder's vote on the cost to traverse the path
                             (a fee paid, or at most that much kept of his production's money)
    experience 2             Corporations: a stockholder's vote on the Experience rolls bought
                             ($10 each, from the coffers); learn N then names a number gained
    experience 1 dividend 3  Corporations with corporations_dividend: the rolls and the dollars
                             a share paid out (dividend 3: no roll; ruling 180)
    exchange ben ant 2 $15 cy $5    Corporations with corporations_exchange: shares and
                             dollars given to each player named at the start of the investment
                             subphase (rulings 181, 183), or exchange none
    assign ana ant ben spider    Paternalistic Economy: the government's path for every player
                             (then yes / no under an Athenian Democracy), or pass
    import apple 2 egg 1     Third World Country: the Agent's goods from the MNCs, paid later
                             in the Basic Resource (import nothing: none)
    donate cb 1 spear 1      The Church: the goods and markers (leisure, cb, military, top40)
                             given just before the trade phase (donate nothing: none due)
    water 1@31 2@17          Monetary Markets, wholesale: the sealed list of how many units of
                             the good you would buy at which prices (water none: no bid);
                             bid water 1@31 2@17 reads the same

Parsing knows nothing of the state; whether an order is due and legal is a
rule (``rules.check``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sealed.core.errors import OrderSyntaxError
from sealed.core.suggest import did_you_mean
from sealed.games.crusoe.state import FOODS, FREQUENCIES, GOODS, PATHS
from sealed.games.crusoe.victory import parse_condition

GROUPS = (
    "fruit",
    "water",
    "egg",
    "fish",
    "spear",
    "diamond",
    "leisure",
    "speared_fish",
    *FREQUENCIES,
)
"""What a player may choose to interact with on a space (all fruit is one type)."""
TAKEN = (*GROUPS, "nothing")  # what a take order may name (nothing: Slavery, ruling 134)

ORDER_WORDS = (
    "path",
    "move",
    "take",
    "learn",
    "eat",
    "invoke",
    "pass",
    "done",
    "fight",
    "join",
    "spear",
    "keep",
    "kill",
    "spare",
    "fine",
    "cripple",
    "exile",
    "enslave",
    "feed",
    "free",
    "hand",
    "establish",
    "return",
    "split",
    "give",
    "draft",
    "offer",
    "accept",
    "wait",
    "home",
    "divide",
    "yes",
    "no",
    "tax",
    "provide",
    "swap",
    "policy",
    "sell",
    "bid",
    "consign",
    "destroy",
    "plan",
    "buy",
    "wage",
    "elect",
    "campaign",
    "victory",
    "box",
    "amend",
    "donate",
    "rent",
    "deed",
    "invest",
    "fee",
    "salary",
    "experience",
    "dividend",
    "exchange",
    "assign",
    "import",
    "repay",
    "default",
)
WORDS = (*ORDER_WORDS, *(g for g in GOODS if g != "spear"))  # a wholesale list starts with its good


@dataclass(frozen=True, slots=True)
class Order:
    """One decision: ``word`` and what it names (a path, a number, a seat, goods)."""

    word: str
    name: str = ""  # a path, an icon type or a seat
    number: int = 0  # a move or an Experience number
    goods: tuple[tuple[str, int], ...] = ()  # eat / fine: (good, count) in GOODS order
    all_goods: bool = False  # fine all
    wants: tuple[tuple[str, int], ...] = ()  # offer: what is asked in return
    shares: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # divide: seat -> goods
    terms: tuple[tuple[str, int], ...] = ()  # policy: every frequency's reward, path's burden
    bids: tuple[tuple[int, int], ...] = ()  # bid: (units, dollars), units up, dollars down
    dollars: int = 0  # consign: the price agreed for all the units


NAMED = (
    "path",
    "take",
    "fight",
    "join",
    "give",
    "accept",
    "draft",
    "tax",
    "provide",
    "elect",
    "victory",
    "establish",
)
"""The orders written as the word and one name."""
PASS = Order("pass")
DONE = Order("done")


def eat(counts: dict[str, int]) -> Order:
    return Order("eat", goods=_ordered(counts))


def fine(counts: dict[str, int]) -> Order:
    return Order("fine", goods=_ordered(counts))


def _ordered(counts: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((g, counts[g]) for g in GOODS if counts.get(g, 0) > 0)


def format_order(order: Order) -> str:
    """The canonical text (``parse_order(format_order(o)) == o``)."""
    if order.word == "offer":
        asked = _goods_text(order.wants) or "nothing"
        return f"offer {order.name} {_goods_text(order.goods) or 'nothing'} for {asked}"
    if order.word == "divide":
        parts = [f"{seat} {_goods_text(goods) or 'nothing'}" for seat, goods in order.shares]
        return "divide " + " ".join(parts)
    if order.word in NAMED or order.word in CHART_WORDS:
        return f"{order.word} {order.name}"
    if order.word == "experience" and order.dollars:  # Corporations' dividend (ruling 180)
        return f"experience {order.number} dividend {order.dollars}"
    if order.word in ("move", "learn", "sell", "wage", "fee", "salary", "experience"):
        return f"{order.word} {order.number}"
    if order.word == "exchange":  # Corporations' exchange of shares and money (181, 183)
        if not order.name:
            return "exchange none"
        first = (*order.terms, *((("$", order.dollars),) if order.dollars else ()))
        gifts = ((order.name, first), *order.shares)
        return "exchange " + " ".join(f"{seat} {_gift_items(items)}" for seat, items in gifts)
    if order.word == "cripple":
        return f"cripple {order.number}" + (f" {order.name}" if order.name else "")
    if order.word in ("feed", "free"):  # Slavery
        return f"{order.word} {order.name} {_goods_text(order.goods) or 'nothing'}"
    if order.word == "hand":  # Slavery
        return f"hand {order.name}"
    if order.word == "consign":
        return f"consign {order.name} {order.number} for ${order.dollars}"
    if order.word == "plan":
        return "plan " + _plan_text(dict(order.terms))
    if order.word == "buy":
        return "buy none" if order.name == "none" else f"buy {order.name} {order.number}"
    if order.word == "bid":
        return f"{order.name} " + (" ".join(f"{q}@{p}" for q, p in order.bids) or "none")
    if order.word == "policy":
        return "policy " + _terms_text(dict(order.terms))
    if order.word == "eat":
        return "eat " + (_goods_text(order.goods) or "nothing")
    if order.word == "donate":
        return "donate " + (_goods_text(order.goods) or "nothing")
    if order.word == "import":
        return "import " + (_goods_text(order.goods) or "nothing")
    if order.word == "repay":  # no goods: ruling 104's dearest first (ruling 199)
        return "repay " + (_goods_text(order.goods) or "dearest")
    if order.word == "default":
        return "default " + (" ".join(seat for seat, _ in order.terms) or "none")
    if order.word == "assign":
        return "assign " + " ".join(f"{seat} {PATHS[i]}" for seat, i in order.terms)
    if order.word == "deed":
        return f"deed {order.name} {order.terms[0][0]}"
    if order.word == "invest":
        return "invest " + (" ".join(f"{p} {n}" for p, n in order.terms) or "none")
    if order.word == "rent":
        text = " ".join(f"{k} {'forbid' if n < 0 else n}" for k, n in order.terms)
        return "rent " + (text or "none")
    if order.word == "fine":
        return "fine all" if order.all_goods else "fine " + (_goods_text(order.goods) or "nothing")
    return order.word


CHART_WORDS = ("box", "amend")
CHART_HELP = {
    "box": "write box and the box the chart is extended with (box if cycle == 2: 7)",
    "amend": "write amend and one box's change (amend tax_burden replace 2: if cycle == 1: 8)",
}


def _chart_order(text: str) -> Order | None:
    """``box ...`` / ``amend ...``: the rest is a line of the Bureaucracy's chart, kept whole
    (commas and colons are its own), read against the chart when it is checked (legal.py)."""
    words = text.split(None, 1)
    if not words or words[0].lower() not in CHART_WORDS:
        return None
    word = words[0].lower()
    rest = " ".join(words[1].split()).lower() if len(words) > 1 else ""
    if not rest or len(rest) > 400:
        raise OrderSyntaxError(CHART_HELP[word] + " (at most 400 characters)")
    return Order(word, name=rest)


def _gift_items(items: tuple[tuple[str, int], ...]) -> str:
    """``ant 2 $15``: an exchange's shares of each path, then its dollars (the item ``$``)."""
    return " ".join(f"${n}" if item == "$" else f"{item} {n}" for item, n in items)


def _goods_text(goods: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{g} {n}" for g, n in goods)


def parse_order(text: str) -> Order:
    """Read one order, any case and spacing.

    :raises OrderSyntaxError: an unknown word (with a suggestion) or a malformed order.
    """
    chart = _chart_order(text)
    if chart is not None:
        return chart
    raw = text.replace(",", " ").split()
    words = [w.lower() for w in raw]
    if not words:
        raise OrderSyntaxError(f"empty order: write an order or a good's list{ORDERS_LISTED}")
    word, rest = words[0], words[1:]
    if word == "bid" or (_singular(word) in GOODS and (rest or word != "spear")):
        if word == "bid":
            if not rest:
                raise OrderSyntaxError(BID_HELP)
            word, rest = rest[0], rest[1:]
        return _bid(word, rest)
    if word not in WORDS:
        # A suggestion is enough; without one the manual's list is named: the order words
        # themselves (over forty, and each module adds some) no longer fit one short line.
        hint = did_you_mean(word, WORDS) or ORDERS_LISTED
        raise OrderSyntaxError(f"unknown order {_shown(word)}{hint}")
    if word in ("path", "take"):
        # Slavery: a supervised slave may take nothing (ruling 134); offered to him only
        return Order(word, name=_one_of(word, rest, PATHS if word == "path" else TAKEN))
    if word in ("move", "learn"):
        return Order(word, number=_number(word, rest))
    if word == "sell":
        return Order(word, number=_number(word, rest, "sell 2: the older units put back"))
    if word == "cripple":
        return _cripple(raw[1:], rest)
    if word == "establish":
        return Order(word, name=_one_of(word, rest, TRIBAL_ECONOMIES))
    if word in ("feed", "free"):  # Slavery: feed ben water 1 fish 3; free ben [goods]
        if not rest:
            raise OrderSyntaxError(f"write {word}, your slave and the goods ({word} ben water 1)")
        return Order(word, name=raw[1], goods=_goods(word, rest[1:], GOODS))
    if word == "hand":  # Slavery: hand ben cy (the slave, his new master)
        if len(rest) != 2:
            raise OrderSyntaxError("write hand, your slave and his new master (hand ben cy)")
        return Order(word, name=f"{raw[1]} {raw[2]}")
    if word == "wage":
        if len(rest) != 1 or not _whole(rest[0].removeprefix("$")) or len(rest[0]) > 5:
            raise OrderSyntaxError("write wage and the minimum wage in dollars (wage 60)")
        return Order(word, number=int(rest[0].removeprefix("$")))
    if word == "policy":
        return _policy(rest)
    if word == "deed":
        if len(rest) != 2:
            raise OrderSyntaxError("write deed, a player and a path you own (deed ben ant)")
        return Order("deed", name=raw[1], terms=((_one_of(word, rest[1:], PATHS), 1),))
    if word == "rent":
        return _rent(raw[1:])
    if word == "invest":
        return _invest(rest)
    if word in ("experience", "dividend"):  # Corporations: rolls, and a dividend (180)
        return _experience(word, rest)
    if word == "exchange":
        return _exchange(raw[1:], rest)
    if word in ("fee", "salary"):  # Corporations: a cost to traverse
        if len(rest) != 1 or not _whole(rest[0].removeprefix("$")):
            raise OrderSyntaxError(f"write {word} and a number of dollars ({word} 10)")
        return Order(word, number=int(rest[0].removeprefix("$")))
    if word == "victory":
        return Order("victory", name=parse_condition(" ".join(rest)))
    if word in ("fight", "join", "give", "accept", "elect"):
        if len(rest) != 1:
            raise OrderSyntaxError(f"write {word} and one player's name ({word} ben)")
        return Order(word, name=raw[1])
    if word == "tax":
        return Order("tax", name=_one_of(word, [_singular(w) for w in rest], (*GOODS, "none")))
    if word == "draft":
        return Order("draft", name=_one_of(word, [_singular(w) for w in rest], GOODS))
    if word == "provide":
        return Order("provide", name=_one_of(word, [_singular(w) for w in rest], FOODS))
    if word == "offer":
        return _offer(raw[1:], rest)
    if word == "consign":
        return _consign(raw[1:], rest)
    if word == "plan":
        return _plan(rest)
    if word == "buy":
        return _buy(rest)
    if word == "divide":
        return _divide(raw[1:])
    if word == "eat":
        return Order("eat", goods=_goods(word, rest, ("water", *FOODS)))
    if word == "donate":
        return Order("donate", goods=_donation(rest))
    if word == "assign":
        return _assign(raw[1:])
    if word == "default":
        return _default(raw[1:])
    if word == "import":
        return Order("import", goods=_goods(word, rest, GOODS[1:]))
    if word == "repay":  # Third World Country: the goods the Agent returns (ruling 199)
        goods = () if rest == ["dearest"] else _goods(word, rest, GOODS[1:])
        if not goods and rest != ["dearest"]:  # no goods is not read as dearest (ruling 245)
            raise OrderSyntaxError(
                "repay: name the goods you return (repay apple 2 fish 1), or repay dearest "
                "(Third World Country, rulings 199, 245)"
            )
        return Order("repay", goods=goods)
    if word == "fine":
        if rest == ["all"]:
            return Order("fine", all_goods=True)
        return Order("fine", goods=_goods(word, rest, GOODS))
    if rest:
        raise OrderSyntaxError(f"{word} takes nothing after it (write {word})")
    return Order(word)


PLAN_KINDS = ("wage", "price", "limit")
PATH_LIMITS = tuple(f"limit.{g}.{p}" for g in GOODS for p in PATHS)
"""Market Socialism: a good's limit for whoever walks a path (ruling 82)."""
PLAN_KEYS = (*PLAN_KINDS, *(f"{k}.{g}" for k in PLAN_KINDS for g in GOODS), *PATH_LIMITS)
PLAN_HELP = (
    "write plan and KEY N pairs: wage N, price N, limit N or none (every good), wage.GOOD N, "
    "price.GOOD N, limit.GOOD N or none, limit.GOOD.PATH N (plan wage 10 price 12 limit.apple 2 "
    "limit.apple.firefly 4)"
)
PLAN_DEFAULT = 10


def _plan(rest: list[str]) -> Order:
    """``plan wage 10 price 12 limit.apple 2``: general values first, then the named goods."""
    if not rest or len(rest) % 2:
        raise OrderSyntaxError(PLAN_HELP)
    given: dict[str, int | None] = {}
    for key, value in zip(rest[::2], rest[1::2], strict=True):
        if key not in PLAN_KEYS:
            raise OrderSyntaxError(f"plan: {key[:24]!r} is not a key{did_you_mean(key, PLAN_KEYS)}")
        if key in given:
            raise OrderSyntaxError(f"plan: {key} is named twice")
        if value == "none" and key.startswith("limit") and key not in PATH_LIMITS:
            given[key] = None
        elif value.isascii() and value.isdigit() and len(value) <= 3:
            given[key] = int(value)
        else:
            raise OrderSyntaxError(f"plan: {key} {value[:12]}: a number from 0 to 999")
    terms: list[tuple[str, int]] = []
    for kind in PLAN_KINDS:
        default = None if kind == "limit" else PLAN_DEFAULT
        for good in GOODS:
            amount = given.get(f"{kind}.{good}", given.get(kind, default))
            if amount is not None:
                terms.append((f"{kind}.{good}", amount))
    terms += [(key, n) for key in PATH_LIMITS if (n := given.get(key)) is not None]
    return Order("plan", terms=tuple(terms))


def _plan_text(terms: dict[str, int]) -> str:
    """The canonical text: each kind's commonest value for every good, then the others."""
    parts: list[str] = []
    for kind in PLAN_KINDS:
        values = [terms.get(f"{kind}.{g}") for g in GOODS]
        common = max(values, key=lambda v: (values.count(v), -1 if v is None else -v))
        if common is not None:
            parts.append(f"{kind} {common}")
        parts += [
            f"{kind}.{g} {'none' if v is None else v}"
            for g, v in zip(GOODS, values, strict=True)
            if v != common
        ]
    parts += [f"{key} {terms[key]}" for key in PATH_LIMITS if key in terms]
    return " ".join(parts)


def _buy(rest: list[str]) -> Order:
    """``buy apple 2`` or ``buy none``."""
    if rest in (["none"], ["nothing"]):
        return Order("buy", name="none")
    if len(rest) != 2 or not _whole(rest[1]):
        raise OrderSyntaxError("write buy, a good and how many (buy apple 2), or buy none")
    good = _one_of("buy", [_singular(rest[0])], GOODS)
    return Order("buy", name=good, number=int(rest[1]))


CONSIGN_HELP = "write consign, a seller, the units and the dollars for all (consign ben 2 for $30)"


def _consign(raw: list[str], rest: list[str]) -> Order:
    """``consign ben 2 for $30``: State Capitalism's deal offered to a legal seller."""
    if len(rest) != 4 or rest[2] != "for":
        raise OrderSyntaxError(CONSIGN_HELP)
    units, dollars = rest[1], rest[3].removeprefix("$")
    if not _whole(units) or not (dollars.isascii() and dollars.isdigit() and len(dollars) <= 6):
        raise OrderSyntaxError(CONSIGN_HELP)
    if not 1 <= int(units) <= 999:
        raise OrderSyntaxError("consign: units are 1-999")
    return Order("consign", name=raw[0], number=int(units), dollars=int(dollars))


ORDERS_LISTED = " (the orders: 'sealed rules crusoe', Notation)"


def _shown(word: str) -> str:
    """A word quoted in an error, short even when it is full of escapes."""
    quoted = repr(word[:24])
    return quoted if len(quoted) <= 26 else quoted[:22] + "...'"


def _offer(raw: list[str], rest: list[str]) -> Order:
    """``offer ben water 1 apple 2 for egg 2``: the goods given, then ``for`` and those asked."""
    if len(rest) < 2 or "for" not in rest:
        raise OrderSyntaxError("write offer SEAT GOODS for GOODS (offer ben water 1 for apple 2)")
    cut = rest.index("for")
    give = _offered(rest[1:cut])
    want = _offered(rest[cut + 1 :])
    return Order("offer", name=raw[0], goods=give, wants=want)


def _offered(rest: list[str]) -> tuple[tuple[str, int], ...]:
    """An offer's side: goods, and (Landlords) whole paths, each written as its name (``ant``
    or ``ant 1``), after the goods in board order (ruling 182); ``nothing``: none."""
    if rest in (["nothing"], []):
        return ()
    counts = _counted("offer", rest, (*GOODS, *PATHS))
    whole = [p for p in PATHS if counts.get(p, 0) > 1]
    if whole:
        raise OrderSyntaxError(f"offer: {whole[0]} {counts[whole[0]]}: a path is given whole (1)")
    paths = tuple((p, 1) for p in PATHS if counts.get(p, 0))
    return _ordered(counts) + paths


DIVIDE_HELP = "write divide SEAT GOODS SEAT GOODS ... (divide ana water 2 ben egg 1)"


def _divide(raw: list[str]) -> Order:
    """``divide ana water 2 apple 1 ben egg 3``: a word that is no good or count names a seat."""
    shares: list[tuple[str, list[str]]] = []
    for word in raw:
        lower = _singular(word.lower())
        if lower in GOODS or lower == "nothing" or (word.isascii() and word.isdigit()):
            if not shares:
                raise OrderSyntaxError(
                    "write divide SEAT GOODS SEAT GOODS ... (divide ana water 2)"
                )
            shares[-1][1].append(lower)
        else:
            if any(seat == word for seat, _ in shares):
                raise OrderSyntaxError(f"divide: {word[:40]} is named twice")
            shares.append((word, []))
    if not shares:
        raise OrderSyntaxError(DIVIDE_HELP)
    return Order("divide", shares=tuple((s, _goods("divide", g, GOODS)) for s, g in shares))


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and word[:-1] in GOODS else word


def _one_of(word: str, rest: list[str], choices: tuple[str, ...]) -> str:
    name = "_".join(rest)
    if name not in choices:
        raise OrderSyntaxError(
            f"{word} {name[:40]!r}: not one of {', '.join(choices)}{did_you_mean(name, choices)}"
        )
    return name


def _number(word: str, rest: list[str], example: str = "") -> int:
    if len(rest) != 1 or not (rest[0].isascii() and rest[0].isdigit()) or len(rest[0]) > 2:
        raise OrderSyntaxError(f"write {word} and a number ({example or word + ' 3'})")
    return int(rest[0])


TRIBAL_ECONOMIES = ("tribal-capitalism", "tribal-communism", "tribal-socialism")
"""Exile: the economies the exiles may establish (the three introductory tribal scenarios)."""


def _cripple(raw: list[str], rest: list[str]) -> Order:
    """``cripple 9`` (every loser) or ``cripple 9 ben cy`` (the losers named, kept in sorted
    order, so that the same choice is the same ballot whatever order it names them in)."""
    example = "cripple 9, or cripple 9 ben cy: a row of the Disabilities table and the losers"
    if not rest:
        raise OrderSyntaxError(f"write {example}")
    row = _number("cripple", rest[:1], example)
    names = sorted(raw[1:])
    if len(set(names)) < len(names):
        raise OrderSyntaxError(f"cripple: a loser is named twice ({' '.join(names)[:60]})")
    return Order("cripple", number=row, name=" ".join(names))


BID_HELP = "write the good and UNITS@DOLLARS ... (water 1@31 2@17), or the good and none"
MAX_DOLLARS = 99_999


def _bid(good_word: str, rest: list[str]) -> Order:
    """``water 1@31 2@17``: one unit at $31 or less, two at $17 or less; ``water none``.

    Units must rise and dollars fall along the list (a wholesale list, Monetary Markets).
    """
    good = _singular(good_word)
    if good not in GOODS:
        raise OrderSyntaxError(
            f"bid: {good[:40]!r} is not one of {', '.join(GOODS)}{did_you_mean(good, GOODS)}"
        )
    if rest == ["none"] or rest == ["nothing"]:
        return Order("bid", name=good)
    if not rest:
        raise OrderSyntaxError(BID_HELP)
    steps: list[tuple[int, int]] = []
    for item in rest:
        units, at, dollars = item.partition("@")
        dollars = dollars.removeprefix("$")
        if not at or not _whole(units) or not _whole(dollars):
            raise OrderSyntaxError(f"{good} {item[:20]!r}: {BID_HELP}")
        q, p = int(units), int(dollars)
        if not 1 <= q <= 999 or not 1 <= p <= MAX_DOLLARS:
            raise OrderSyntaxError(
                f"{good} {item[:20]}: units are 1-999 and dollars 1-{MAX_DOLLARS}"
            )
        if steps and (q <= steps[-1][0] or p >= steps[-1][1]):
            raise OrderSyntaxError(
                f"{good} {item[:20]}: along a list the units rise and the dollars fall "
                f"(after {steps[-1][0]}@{steps[-1][1]})"
            )
        steps.append((q, p))
    return Order("bid", name=good, bids=tuple(steps))


def _whole(text: str) -> bool:
    return text.isascii() and text.isdigit() and 0 < len(text) <= 6


POLICY_HELP = (
    "write policy and KEY N pairs: reward N (every frequency), cb N, military N, top40 N, "
    "burden N (every path), ant N, firefly N ... (policy reward 10 burden 4 firefly 0)"
)
POLICY_KEYS = ("reward", *FREQUENCIES, "burden", *PATHS)


def _policy(rest: list[str]) -> Order:
    """``policy reward 10 burden 4 firefly 0``: general values first, then the named ones."""
    if not rest or len(rest) % 2:
        raise OrderSyntaxError(POLICY_HELP)
    given: dict[str, int] = {}
    for key, value in zip(rest[::2], rest[1::2], strict=True):
        if key not in POLICY_KEYS:
            raise OrderSyntaxError(
                f"policy: {key[:40]!r} is not one of {', '.join(POLICY_KEYS)}"
                f"{did_you_mean(key, POLICY_KEYS)}"
            )
        if key in given:
            raise OrderSyntaxError(f"policy: {key} is named twice")
        if not (value.isascii() and value.isdigit()) or len(value) > 3:
            raise OrderSyntaxError(f"policy: {key} {value[:12]}: dollars from 0 to 999")
        given[key] = int(value)
    terms = {f: given.get(f, given.get("reward", 0)) for f in FREQUENCIES}
    terms.update({p: given.get(p, given.get("burden", 1)) for p in PATHS})
    return Order("policy", terms=tuple(terms.items()))


RENT_HELP = (
    "write rent and KEY N|forbid pairs: all (every path you own), a path, or PATH@SEAT "
    "(rent all 2 ant forbid ant@ben 5), or rent none"
)


def _rent(raw: list[str]) -> Order:
    """``rent all 2 ant forbid ant@ben 5`` (Landlords): the terms as written, forbid as -1."""
    if [w.lower() for w in raw] == ["none"]:
        return Order("rent")
    if not raw or len(raw) % 2:
        raise OrderSyntaxError(RENT_HELP)
    terms: list[tuple[str, int]] = []
    for key, value in zip(raw[::2], raw[1::2], strict=True):
        path, at, seat = key.partition("@")
        path = path.lower()
        if path not in ("all", *PATHS) or (at and (not seat or path == "all")):
            raise OrderSyntaxError(
                f"rent: {key[:40]!r} is not all, a path or PATH@SEAT{did_you_mean(path, PATHS)}"
            )
        name = f"{path}@{seat}" if at else path
        if any(k == name for k, _ in terms):
            raise OrderSyntaxError(f"rent: {name} is named twice")
        if value.lower() == "forbid":
            terms.append((name, -1))
        elif value.isascii() and value.isdigit() and len(value) <= 3:
            terms.append((name, int(value)))
        else:
            raise OrderSyntaxError(f"rent: {name} {value[:12]}: a number from 0 to 999 or forbid")
    return Order("rent", terms=tuple(terms))


INVEST_HELP = "write invest and PATH DOLLARS pairs (invest ant 20 sand_crab 10), or invest none"


def _invest(rest: list[str]) -> Order:
    """``invest ant 20 sand_crab 10`` (Corporations): dollars per path, in board order."""
    if rest == ["none"]:
        return Order("invest")
    if not rest or len(rest) % 2:
        raise OrderSyntaxError(INVEST_HELP)
    dollars: dict[str, int] = {}
    for path, value in zip(rest[::2], rest[1::2], strict=True):
        if path not in PATHS:
            raise OrderSyntaxError(
                f"invest: {path[:40]!r} is not a path{did_you_mean(path, PATHS)}"
            )
        if path in dollars:
            raise OrderSyntaxError(f"invest: {path} is named twice")
        if not _whole(value.removeprefix("$")):
            raise OrderSyntaxError(f"invest: {path} {value[:12]}: a number of dollars")
        dollars[path] = int(value.removeprefix("$"))
    return Order("invest", terms=tuple((p, dollars[p]) for p in PATHS if dollars.get(p)))


EXPERIENCE_HELP = "write experience N, dividend N, or both (experience 1 dividend 3)"


def _experience(word: str, rest: list[str]) -> Order:
    """``experience 1 dividend 3`` (Corporations): the rolls bought and the dollars a share
    paid out, either first, each at most once; a word left out is 0."""
    if len(rest) not in (1, 3):
        raise OrderSyntaxError(EXPERIENCE_HELP)
    words, values = [word, *rest[1:2]], rest[::2]
    if len(set(words)) != len(words) or any(w not in ("experience", "dividend") for w in words):
        raise OrderSyntaxError(EXPERIENCE_HELP)
    numbers: dict[str, int] = {}
    for name, value in zip(words, values, strict=True):
        if not _whole(value.removeprefix("$")):
            raise OrderSyntaxError(f"write {name} and a number ({name} 2)")
        numbers[name] = int(value.removeprefix("$"))
    return Order(
        "experience", number=numbers.get("experience", 0), dollars=numbers.get("dividend", 0)
    )


EXCHANGE_HELP = (
    "write exchange, then each player and the PATH SHARES and $DOLLARS you give him "
    "(exchange ben ant 2 $15 cy $5), or exchange none"
)


def _exchange(raw: list[str], rest: list[str]) -> Order:
    """``exchange ben ant 2 $15 cy $5`` (Corporations): the shares of each path and the dollars
    given to each player at the start of the investment subphase (rulings 181, 183). The first
    player's gift is ``name``/``terms``/``dollars`` (as with one player); each further one is in
    ``shares``, its dollars as the item ``$``. A word that is not a path followed by a number,
    nor ``$N``, starts the next player's gift."""
    if rest == ["none"]:
        return Order("exchange")
    if len(rest) < 2:
        raise OrderSyntaxError(EXCHANGE_HELP)
    gifts: list[tuple[str, dict[str, int], int]] = []
    i = 0
    while i < len(rest):
        seat, shares, dollars, i = _gift(raw, rest, i + 1)
        if any(seat == given for given, _, _ in gifts):
            raise OrderSyntaxError(f"exchange: {seat[:40]} is named twice (one gift each)")
        gifts.append((seat, shares, dollars))
    (name, first, dollars), others = gifts[0], gifts[1:]
    further = tuple(
        (seat, (*_in_board_order(shares), *((("$", d),) if d else ())))
        for seat, shares, d in others
    )
    return Order(
        "exchange", name=name, terms=_in_board_order(first), dollars=dollars, shares=further
    )


def _gift(raw: list[str], rest: list[str], i: int) -> tuple[str, dict[str, int], int, int]:
    """One player's gift from word ``i`` on: the shares and dollars, and the next word's index.

    :raises OrderSyntaxError: a gift of nothing, dollars twice, a path twice or without a count."""
    seat, shares, dollars = raw[i - 1], {}, -1
    while i < len(rest):
        word = rest[i]
        if word.startswith("$"):
            if dollars >= 0 or not _whole(word[1:]):
                raise OrderSyntaxError(f"exchange: {word[:12]}: dollars once a player, as $N")
            dollars, i = int(word[1:]), i + 1
        elif word in PATHS and i + 1 < len(rest) and _whole(rest[i + 1]):
            if word in shares:
                raise OrderSyntaxError(f"exchange: {seat[:40]} {word}: each path once")
            shares[word], i = int(rest[i + 1]), i + 2
        elif word in PATHS or not (shares or dollars >= 0):
            hint = "" if word in PATHS else did_you_mean(word, PATHS)
            raise OrderSyntaxError(
                f"exchange: {seat[:40]} {word[:40]}: a path with a number of shares, or $N{hint}"
            )
        else:
            break  # the next player's gift
    if not any(shares.values()) and dollars <= 0:
        raise OrderSyntaxError(f"exchange: {seat[:40]}: a gift of nothing; {EXCHANGE_HELP}")
    return seat, shares, max(dollars, 0), i


def _in_board_order(shares: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((p, shares[p]) for p in PATHS if shares.get(p))


def _terms_text(terms: dict[str, int]) -> str:
    """The shortest canonical text: the commonest value as reward / burden, then the others."""
    parts: list[str] = []
    for general, names in (("reward", FREQUENCIES), ("burden", PATHS)):
        values = [terms[n] for n in names]
        common = max(values, key=lambda v: (values.count(v), -v))
        parts.append(f"{general} {common}")
        parts += [f"{n} {terms[n]}" for n in names if terms[n] != common]
    return " ".join(parts)


ASSIGN_HELP = "write assign and a seat and a path for each player (assign ana ant ben spider)"


def _assign(raw: list[str]) -> Order:
    """``assign ana ant ben spider``: each seat named once, then its path."""
    if not raw or len(raw) % 2:
        raise OrderSyntaxError(ASSIGN_HELP)
    terms: list[tuple[str, int]] = []
    for seat, path in zip(raw[::2], raw[1::2], strict=True):
        name = _one_of("assign", [path.lower()], PATHS)
        if any(seat == named for named, _ in terms):
            raise OrderSyntaxError(f"assign: {seat[:40]} is named twice")
        terms.append((seat, PATHS.index(name)))
    return Order("assign", terms=tuple(terms))


def _default(raw: list[str]) -> Order:
    """``default ana ben`` (each seat once) or ``default none`` (Libertarianism)."""
    if [w.lower() for w in raw] == ["none"]:
        return Order("default")
    if not raw:
        raise OrderSyntaxError("write default and the seats in default, or default none")
    seats: list[str] = []
    for seat in raw:
        if seat in seats:
            raise OrderSyntaxError(f"default: {seat[:40]} is named twice")
        seats.append(seat)
    return Order("default", terms=tuple((seat, 1) for seat in seats))


DONATIONS = (*GOODS, "leisure", *FREQUENCIES)
"""The Church: what may be donated, in the order a donation is written."""


def _donation(rest: list[str]) -> tuple[tuple[str, int], ...]:
    """``donate cb 1 spear 1``: goods and markers (``_goods`` keeps goods only)."""
    counts = _counted("donate", rest, DONATIONS)
    return tuple((item, counts[item]) for item in DONATIONS if counts.get(item, 0) > 0)


def _goods(word: str, rest: list[str], allowed: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """``water 2 apple 1`` (a count after each good; a good alone counts 1); ``nothing``."""
    if rest in (["nothing"], []) and word == "offer":
        return ()
    return _ordered(_counted(word, rest, allowed))


def _counted(word: str, rest: list[str], allowed: tuple[str, ...]) -> dict[str, int]:
    """The count of each item named (``nothing``: none)."""
    counts: dict[str, int] = {}
    if rest == ["nothing"]:
        return counts
    i = 0
    while i < len(rest):
        good = rest[i].rstrip("s") if rest[i].rstrip("s") in allowed else rest[i]
        if good not in allowed:
            raise OrderSyntaxError(
                f"{word}: {good[:40]!r} is not one of {', '.join(allowed)}"
                f"{did_you_mean(good, allowed)}"
            )
        count = 1
        if i + 1 < len(rest) and rest[i + 1].isascii() and rest[i + 1].isdigit():
            if len(rest[i + 1]) > 3:
                raise OrderSyntaxError(f"{word}: {rest[i + 1][:12]}... is too many {good}")
            count = int(rest[i + 1])
            i += 1
        if good in counts:
            raise OrderSyntaxError(f"{word}: {good} is named twice")
        counts[good] = count
        i += 1
    return counts
