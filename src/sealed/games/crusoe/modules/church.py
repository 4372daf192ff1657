"""The Church (Advanced Tack-on Modules, Other Modules).

"Just before the trade phase each player must donate 10% (round up) of all his goods and
markers to the Church (his choice as to which items). The Church holds any goods donated, and
those goods take no part in the trade phase. Donated Leisure markers are lost. Donated Radio
Signals are left with the player "donating" them ..."

"During the consumption phase the Church will distribute food and water to those who need
it." "If the Church has any spears then one is given to each player entering the Sandcrab
path (as he enters), if he does not already have more than one. If the Church holds any
diamonds they remain out of play permanently."

"The More Devout Church forbids violence, and so the government phase is skipped." "The Less
Devout Church does not ban violence entirely. Instead anyone who initiates violence or who
joins in with an initiator is banned from the charity of the church until he makes penance by
donating 20% of his goods and markers at the beginning of a trade phase."

Options (as Mad Jack emits them): ``church=more-devout`` or ``church=less-devout``. The
Church's goods (``church.goods``) and the banned (``church.banned``) are on the table, in
every view. The rulings are 96-101 in the manual.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.game import Options

if TYPE_CHECKING:
    from sealed.core.chance import Chance
    from sealed.games.crusoe.state import CrusoeState, Player

Events = list[Event] | None

VARIANTS = ("none", "more-devout", "less-devout")
GOODS = ("water", "banana", "apple", "grape", "egg", "fish", "spear", "diamond")
FOODS = ("banana", "apple", "grape", "egg", "fish")
FRUITS = ("banana", "apple", "grape")
FREQUENCIES = ("cb", "military", "top40")
ITEMS = (*GOODS, "leisure", *FREQUENCIES)
"""What a player may donate: his goods and his markers (Leisure, Radio Signals)."""
KEEPS_ON = {"banana": 1, "fish": 1, "grape": 3, "apple": 5, "egg": 5}
"""Preservation Rolls (state.KEEPS_ON): the lower, the more perishable."""
WATER_LEVELS = (1, 2)  # "everyone is brought up to one unit before anyone is brought up to two"
MOST_FOOD = 5  # "no one is brought above 5 units"
TITHE, PENANCE = 10, 20  # per cent of all goods and markers
SANDCRAB = "sand_crab"
EXILE = "exile"  # Exile's public role (modules/punishments.py)
SLAVE = "slave-of-"  # Slavery's public role (modules/slavery.py)


def read_options(options: Options) -> str:
    """``church``: none, more-devout or less-devout."""
    variant = str(options.get("church", "none"))
    if variant not in VARIANTS:
        raise OptionError(f"church {variant}: one of {', '.join(VARIANTS)} (The Church)")
    return variant


def in_play(state: CrusoeState) -> bool:
    return state.settings.church != "none"


def _members(state: CrusoeState) -> list[str]:
    """The living at the main encampment, whose Church it is: an exile neither donates nor
    receives its charity (Exile, ruling 177), nor does a slave, who owns nothing and eats
    only what his master provides (Slavery, ruling 216)."""
    return [s for s in state.living() if not _outside(state.players[s].roles)]


def _outside(roles: tuple[str, ...]) -> bool:
    """An exile (ruling 177) or a slave (ruling 216): no tithe, no charity, no spear."""
    return EXILE in roles or any(r.startswith(SLAVE) for r in roles)


# -- the donation, just before the trade phase ------------------------------------------------


def holdings(player: Player) -> int:
    """All his goods and markers (Leisure and Radio Signals), counted one item each."""
    return sum(player.goods.values()) + player.leisure + sum(player.radio.values())


def due(items: int, per_cent: int) -> int:
    """``per_cent`` of ``items``, rounded up ("10% (round up)")."""
    return -(-items * per_cent // 100)


def dues(player: Player, banned: bool) -> tuple[int, ...]:
    """The donations he may make: the tithe, or (banned) the tithe or the penance (ruling 97)."""
    return dues_of(holdings(player), banned)


def dues_of(items: int, banned: bool) -> tuple[int, ...]:
    if banned and due(items, PENANCE) != due(items, TITHE):
        return (due(items, TITHE), due(items, PENANCE))
    return (due(items, TITHE),)


def donate_phase(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Every living player who holds anything donates at once, each sealing his choice."""
    living = _members(state)  # not the exiles (Exile, ruling 177)
    owing = tuple(s for s in living if dues(state.players[s], s in state.banned)[0] > 0)
    if owing:
        state.ask, state.waiting = "donate", owing
        return
    state.phase = "donated"


def donate_problem(state: CrusoeState, seat: str, items: Mapping[str, int]) -> str | None:
    """Why this donation is not allowed, naming the rule; None if it is."""
    player = state.players[seat]
    for item, n in items.items():
        held = held_of(player, item)
        if n > held:
            return f"you hold {held} {item}, not {n}"
    given, allowed = sum(items.values()), dues(player, seat in state.banned)
    if given not in allowed:
        words = " or ".join(str(n) for n in allowed)
        penance = " (20%, penance, lifts the ban)" if len(allowed) > 1 else ""
        return (
            f"The Church: donate {words} items{penance}, 10% of your "
            f"{holdings(player)} goods and markers rounded up, not {given}"
        )
    return None


def held_of(player: Player, item: str) -> int:
    if item == "leisure":
        return player.leisure
    if item in FREQUENCIES:
        return player.radio[item]
    return player.goods[item]


def on_donate(
    state: CrusoeState, orders: Mapping[str, tuple[tuple[str, int], ...]], events: Events
) -> None:
    """Goods go to the Church, Leisure is lost, Radio Signals stay with the donor."""
    for seat in state.seats:
        if seat not in orders:
            continue
        items = dict(orders[seat])
        owed = due(holdings(state.players[seat]), PENANCE)
        penance = seat in state.banned and sum(items.values()) >= owed  # 20% given (ruling 97)
        _give(state, seat, items)
        if penance:
            state.banned.remove(seat)
        if events is not None:
            text = ", ".join(f"{n} {i}" for i, n in items.items() if n) or "nothing"
            made = "; penance made, the ban is lifted" if penance else ""
            events.append(
                Event(
                    "donate",
                    f"{seat} donates {text} to the Church{made}.",
                    data={"seat": seat, "items": items, "penance": penance},
                )
            )
    state.phase = "donated"


def _give(state: CrusoeState, seat: str, items: Mapping[str, int]) -> None:
    player = state.players[seat]
    for item, n in items.items():
        if item == "leisure":
            player.leisure -= n  # "Donated Leisure markers are lost"
        elif item in GOODS:
            player.goods[item] -= n
            state.church[item] = state.church.get(item, 0) + n
        # a Radio Signal is "left with the player 'donating' it" (ruling 96)


CHEAPEST_FIRST = (
    *FREQUENCIES,
    *("spear", "diamond", "grape", "apple", "egg", "banana", "fish", "water", "leisure"),
)
"""The deadline's donation, what costs the donor least first: Radio Signals (they stay with
him), spears, diamonds, then the foods, water and Leisure last (ruling 96)."""


def item_counts(goods: Mapping[str, int], leisure: int, radio: Mapping[str, int]) -> dict[str, int]:
    """Every item a player may donate and how many he holds (from a player or a view)."""
    return {**goods, "leisure": leisure, **radio}


def cheapest(held: Mapping[str, int], count: int) -> tuple[tuple[str, int], ...]:
    """``count`` of the items ``held``, the cheapest first, written in the order of ``ITEMS``."""
    gift: dict[str, int] = {}
    for item in CHEAPEST_FIRST:
        n = min(count, held.get(item, 0))
        if n:
            gift[item], count = n, count - n
    return tuple((item, gift[item]) for item in ITEMS if item in gift)


def suggested(state: CrusoeState, seat: str) -> tuple[tuple[str, int], ...]:
    """The tithe, cheapest first (the deadline's default; never the penance)."""
    player = state.players[seat]
    held = item_counts(player.goods, player.leisure, player.radio)
    return cheapest(held, dues(player, seat in state.banned)[0])


def due_text(state: CrusoeState, seat: str) -> str:
    player = state.players[seat]
    allowed = dues(player, seat in state.banned)
    text = f"donate {allowed[0]} of your {holdings(player)} goods and markers (10%, rounded up)"
    if len(allowed) > 1:
        text += f", or {allowed[1]} (20%) as penance to lift the Church's ban"
    return text


# -- the Church's charity in the consumption phase -------------------------------------------


def distribute(state: CrusoeState, chance: Chance, events: Events) -> None:
    """Water, then food, to those who need it, in the seed's priority (ruling 98)."""
    if not in_play(state) or not any(state.church.get(g, 0) for g in ("water", *FOODS)):
        return
    needy = [s for s in _members(state) if s not in state.banned]  # no exile (177)
    if not needy:
        return
    dice = _dice(state, chance, needy)
    given: dict[str, dict[str, int]] = {}
    _water(state, needy, dice, given)
    _food(state, needy, dice, given)
    if events is not None and given:
        text = "; ".join(
            f"{s}: " + ", ".join(f"{n} {g}" for g, n in got.items()) for s, got in given.items()
        )
        events.append(Event("charity", f"The Church gives {text}.", data={"given": given}))


def _dice(state: CrusoeState, chance: Chance, needy: list[str]) -> dict[str, int]:
    """The last tie-break, "then to dice": one shuffle of those who may receive, drawn only when
    two or more may (ruling 98); the first of it is served first."""
    if len(needy) < 2:
        return {needy[0]: 0}
    drawn = chance.shuffle(
        f"cycle {state.cycle}: the Church's dice for ties, first served first", list(needy)
    )
    return {seat: i for i, seat in enumerate(drawn)}


def _food_held(player: Player) -> int:
    from sealed.games.crusoe.modules import roles

    barred = roles.cannot_eat(player)
    return sum(n for f, n in player.goods.items() if f in FOODS and f not in barred)


def _water(
    state: CrusoeState, needy: list[str], dice: Mapping[str, int], given: dict[str, dict[str, int]]
) -> None:
    """The most water-needy first; ties: least Leisure, least food, dice; up to one unit each
    before anyone is brought up to two."""
    for level in WATER_LEVELS:
        below = [s for s in needy if state.players[s].goods["water"] < level]
        below.sort(
            key=lambda s: (
                state.players[s].goods["water"],
                state.players[s].leisure,
                _food_held(state.players[s]),
                dice[s],
            )
        )
        for seat in below:
            if state.church.get("water", 0) == 0:
                return
            _hand(state, seat, "water", given)


def _food(
    state: CrusoeState, needy: list[str], dice: Mapping[str, int], given: dict[str, dict[str, int]]
) -> None:
    """One unit at a time to the least fed (ties: least Leisure, least water, dice), of the most
    perishable food the Church holds that he may eat; nobody above five units."""
    while True:
        takers = [
            s
            for s in needy
            if _food_held(state.players[s]) < MOST_FOOD and _food_for(state, s) is not None
        ]
        if not takers:
            return
        seat = min(
            takers,
            key=lambda s: (
                _food_held(state.players[s]),
                state.players[s].leisure,
                state.players[s].goods["water"],
                dice[s],
            ),
        )
        _hand(state, seat, _food_for(state, seat) or "", given)


def _food_for(state: CrusoeState, seat: str) -> str | None:
    """The most perishable food the Church holds that ``seat`` may eat; between two that keep
    alike ("with choice for ties") the one that balances his diet, else the fruit (ruling 98)."""
    from sealed.games.crusoe.modules import roles

    player = state.players[seat]
    barred = roles.cannot_eat(player)
    held = [f for f in FOODS if state.church.get(f, 0) and f not in barred]
    if not held:
        return None
    has_fruit = any(player.goods[f] for f in FRUITS)
    has_protein = any(player.goods[f] for f in FOODS if f not in FRUITS)

    def rank(food: str) -> tuple[int, int, int]:
        wanted = (food in FRUITS and not has_fruit) or (food not in FRUITS and not has_protein)
        return (KEEPS_ON[food], 0 if wanted else 1, FOODS.index(food))

    return min(held, key=rank)


def _hand(state: CrusoeState, seat: str, good: str, given: dict[str, dict[str, int]]) -> None:
    state.church[good] -= 1
    state.players[seat].goods[good] += 1
    got = given.setdefault(seat, {})
    got[good] = got.get(good, 0) + 1


def preserve(state: CrusoeState, chance: Chance, events: Events) -> None:
    """The Church's goods keep as a player's do after consumption: water never, food on its
    Preservation Roll, spears and diamonds always (ruling 99)."""
    if not in_play(state):
        return
    state.church.pop("water", None)
    for food in FOODS:
        units = state.church.get(food, 0)
        if not units:
            continue
        rolled = chance.dice(f"cycle {state.cycle}: the Church's preservation rolls, {food}", units)
        kept = sum(1 for die in rolled if die <= KEEPS_ON[food])
        state.church[food] = kept
        if events is not None:
            events.append(
                Event(
                    "preserve",
                    f"The Church's {units} {food}: rolls {' '.join(map(str, rolled))}, "
                    f"{kept} kept.",
                    data={"seat": "church", "good": food, "dice": rolled, "kept": kept},
                )
            )
    state.church = {g: n for g, n in state.church.items() if n}


# -- spears on the Sandcrab path, violence ---------------------------------------------------


def spear_on_entering(state: CrusoeState, seat: str, events: Events) -> None:
    """A spear to a player entering the Sandcrab path, "if he does not already have more than
    one" (ruling 100: as he makes his first move down it; a banned player gets none, the spear
    being the Church's charity too)."""
    player = state.players[seat]
    if not in_play(state) or player.path != SANDCRAB or player.position != 0:
        return
    if seat in state.banned or _outside(player.roles):  # nor an exile's nor a slave's (177, 216)
        return
    if state.church.get("spear", 0) == 0 or player.goods["spear"] > 1:
        return
    state.church["spear"] -= 1
    player.goods["spear"] += 1
    if events is not None:
        events.append(
            Event(
                "charity",
                f"The Church gives {seat} a spear as he enters the Sand Crab path.",
                data={"given": {seat: {"spear": 1}}},
            )
        )


def forbids_violence(church: str) -> bool:
    """The More Devout Church: "the government phase is skipped" (ruling 101)."""
    return church == "more-devout"


def ban(state: CrusoeState, seat: str, events: Events) -> None:
    """The Less Devout Church bans him who initiates violence or joins an initiator's side."""
    if state.settings.church != "less-devout" or seat in state.banned:
        return
    if EXILE in state.players[seat].roles:  # violence among the exiles is not hers (177)
        return
    state.banned.append(seat)
    if events is not None:
        events.append(
            Event(
                "banned",
                f"{seat} is banned from the Church's charity until he makes penance (20%).",
                data={"seat": seat},
            )
        )


def to_json(state: CrusoeState) -> dict[str, object]:
    return {"goods": {g: n for g, n in state.church.items() if n}, "banned": list(state.banned)}
