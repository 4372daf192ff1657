"""What the bots read off their view for the optional rules: a diamond's worth under the rule
for diamonds agreed before the game, whom a prejudiced player is prejudiced against (Race),
the verdict a winner chooses when Crippling is in play, who is on the other side of an
Exile, and the exiles' vote.

The bots weigh goods in their own units, in which a standard diamond (3 VP) is 1.5: a VP is
half a unit. Only the view is read, so a bot knows what the table knows.
"""

from __future__ import annotations

from sealed.games.crusoe.modules.diamonds import STANDARD_VP
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.views import CrusoeView, PlayerView

UNITS_PER_VP = 0.5
STANDARD = STANDARD_VP * UNITS_PER_VP  # 1.5: what the bots have always valued a diamond at
BOAT_FEAR = 3.0  # Small Boat: left behind "comes in dead last": a seat is worth a great deal


def diamond_worth(view: CrusoeView, me: PlayerView) -> float:
    """One more diamond's worth to ``me`` now, by the rule in force.

    Standard and Lottery: 3 VP ("The average value of diamonds under this scheme is the same
    as under the standard rules"). Yuppies: what one more adds to ``count x players with
    fewer``. Small Boat: 3 VP, and more while ``me`` is not sure of a seat, the more the closer
    one diamond brings him to the last seat."""
    others = [p.goods["diamond"] for p in view.players if p.alive and p.seat != me.seat]
    mine = me.goods["diamond"]
    if view.diamonds == "yuppies":
        before = mine * sum(1 for n in others if n < mine)
        after = (mine + 1) * sum(1 for n in others if n < mine + 1)
        return (after - before) * UNITS_PER_VP
    if view.diamonds == "small-boat" and view.boat_seats:
        rivals = sorted(others, reverse=True)
        if len(rivals) < view.boat_seats:
            return STANDARD  # a seat for everyone left alive
        last_seat = rivals[view.boat_seats - 1]  # the count that must be beaten to be sure
        if mine > last_seat:
            return STANDARD
        return STANDARD + BOAT_FEAR / (last_seat - mine + 1)
    return STANDARD


def prejudice_targets(view: CrusoeView, me: PlayerView) -> set[str]:
    """Race: the players of the other race, when ``me`` is prejudiced (roles are public)."""
    if "prejudiced" not in me.roles:
        return set()
    mine = "minority" in me.roles
    return {p.seat for p in view.players if ("minority" in p.roles) != mine}


def losers_hold_nothing(view: CrusoeView) -> bool:
    """The losers of the battles this seat won hold no goods a fine could take."""
    judged = [b for b in view.battles if view.seat in b["attackers"]]
    losers = {s for b in judged for s in b["defenders"]}
    return all(sum(p.goods.values()) == 0 for p in view.players if p.seat in losers and p.alive)


def apart(view: CrusoeView, seat: str, other: str) -> bool:
    """Exile: one of the two is in exile and the other is not (roles are public)."""
    roles = {p.seat: p.roles for p in view.players}
    return ("exile" in roles.get(seat, ())) != ("exile" in roles.get(other, ()))


def exile_vote(view: CrusoeView) -> Order:
    """The exiles' vote: back to the main encampment when they outnumber the others (and may
    fight free there), else Tribal Capitalism among themselves (trade helps every trader)."""
    living = [p for p in view.players if p.alive]
    exiles = sum(1 for p in living if "exile" in p.roles)
    if exiles > len(living) - exiles:
        return Order("return")
    return Order("establish", name="tribal-capitalism")


def exile_ballots(view: CrusoeView) -> list[Order]:
    """Every ballot the exiles' vote allows now (rulings 122, 123, 172), for a random bot."""
    ballots = [Order("establish", name="tribal-capitalism")]
    piles = ("tribal-communism", "tribal-socialism")  # a second central pile too (ruling 172)
    ballots += [Order("establish", name=economy) for economy in piles]
    if exile_vote(view) == Order("return"):
        ballots.append(Order("return"))
    return [*ballots, Order("pass")]


def experience_gain(values: list[float], numbers: list[int]) -> float:
    """Corporations (option ``bots_corporate_experience``, ruling 229): what a path's corporate
    Experience adds to walking it, in the units of :func:`GreedyBot.best_path`'s worth.

    ``values`` are the path's spaces as the bot values them, ``numbers`` the corporation's
    Experience numbers (each one held lets a roll showing it be moved one more space either
    way: ruling 145). Each move (about one per 3.5 spaces) rolls a given held number with
    chance 1/6, and the landing may then be chosen among ``2 x times + 1`` spaces: the bot
    reckons a number held once as half the way from the path's average space to its best, held
    twice or more as the whole way."""
    if not values or not numbers:
        return 0.0
    moves = len(values) / 3.5
    reach = sum(min(1.0, numbers.count(n) / 2) for n in set(numbers)) / 6  # a roll it may move
    spread = max(values) - sum(values) / len(values)
    return moves * reach * spread
