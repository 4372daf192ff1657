"""Class Warfare Capitalism's arithmetic, pure and **not yet wired into the game** (the scenario
is refused by name): social classes by Diamonds, the CEOs' blocks of industries and their
transfers, the CEO's share of a sale, and the tax shares by class.

Seed (Class Warfare Capitalism): "Any given Capitalist is the CEO of a block of industries in
elasticity order ... When a new Capitalist comes into being he takes half (round up) of the
tail end Capitalist's industries ... If a Capitalist falls to the Middle Class then half his
industries are taken by the CEO to either side, with the odd industry going to the one
behind. If more than one player becomes a CEO at the same time, they should be processed one
at a time in turn order, and all CEOs who fall to the middle class should be processed
before any new CEOs are." "If the player is Middle Class the CEO takes 1/3 (round off), and
if the player is Working Class the CEO takes 2/3." "If a player has at least three Diamonds
he is a Capitalist, if he has one or two he is Middle Class, and otherwise he is Working
Class." "Capitalists are automatically immune to paying taxes to support Radio Signals,
while all members of the middle class pay two shares and those of the working class pay
one share."

What is not here and still to build before the scenario can be played: the drawing of the
first classes, the votes and battle dice by Diamonds, and the changed cost of invoking
government (the manual's "Not built").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from sealed.games.crusoe.state import ELASTICITY

CAPITALIST, MIDDLE, WORKING = "capitalist", "middle", "working"
Blocks = tuple[tuple[str, tuple[str, ...]], ...]
"""The CEOs in line, each with his block of industries (goods in order of elasticity)."""
TAX_SHARES = {CAPITALIST: 0, MIDDLE: 2, WORKING: 1}
"""Each class's tax burden in shares (Capitalists are immune)."""


def social_class(diamonds: int) -> str:
    """At least three Diamonds: Capitalist; one or two: Middle Class; none: Working Class."""
    if diamonds >= 3:
        return CAPITALIST
    return MIDDLE if diamonds >= 1 else WORKING


def round_off(value: Fraction) -> int:
    """ "round off": to the nearest whole number, a half up."""
    return int(value + Fraction(1, 2)) if value >= 0 else -round_off(-value)


def ceo_share(sales: int, klass: str) -> int:
    """The CEO's portion of one player's block of sales of his goods: 1/3 of a Middle Class
    player's (round off), 2/3 of a Working Class player's; nothing of a Capitalist's."""
    portion = {MIDDLE: Fraction(1, 3), WORKING: Fraction(2, 3)}.get(klass, Fraction(0))
    return round_off(sales * portion)


def ceo_of(blocks: Blocks, good: str) -> str | None:
    return next((ceo for ceo, goods in blocks if good in goods), None)


def ceo_shares(sales: Mapping[str, int], klass: str, blocks: Blocks, seller: str) -> dict[str, int]:
    """What each CEO takes from ``seller``'s sales (dollars per good): the sales of each CEO's
    goods are one block, and the share is taken of each block (the seed's Ted: (20+50)/3)."""
    per_ceo: dict[str, int] = {}
    for good, dollars in sales.items():
        ceo = ceo_of(blocks, good)
        if ceo is not None and ceo != seller:
            per_ceo[ceo] = per_ceo.get(ceo, 0) + dollars
    return {ceo: ceo_share(total, klass) for ceo, total in per_ceo.items()}


def promote(blocks: Blocks, seat: str) -> Blocks:
    """A new Capitalist joins the end of the line and takes half (round up) of the tail end of
    the last CEO's industries; with no CEO in line he takes every industry (ruling: nobody
    else holds them)."""
    if not blocks:
        return ((seat, tuple(ELASTICITY)),)
    *front, (tail, goods) = blocks
    taken = (len(goods) + 1) // 2
    kept = goods[: len(goods) - taken]
    return (*front, (tail, kept), (seat, goods[len(goods) - taken :]))


def demote(blocks: Blocks, seat: str) -> Blocks:
    """A Capitalist who falls leaves the line; the CEO in front takes the front half of his
    industries, the one behind the back half and the odd one; with nobody on one side the
    other takes them all; with nobody on either, they are nobody's until a new Capitalist."""
    line = [ceo for ceo, _ in blocks]
    i = line.index(seat)
    goods = blocks[i][1]
    front = blocks[i - 1] if i > 0 else None
    behind = blocks[i + 1] if i + 1 < len(blocks) else None
    to_front = len(goods) // 2 if behind else len(goods)
    to_front = to_front if front else 0
    out = list(blocks)
    if front:
        out[i - 1] = (front[0], (*front[1], *goods[:to_front]))
    if behind:
        out[i + 1] = (behind[0], (*goods[to_front:], *behind[1]))
    del out[i]
    return tuple(out)


def reassign(
    blocks: Blocks, diamonds: Mapping[str, int], turn_order: Sequence[str]
) -> tuple[dict[str, str], Blocks]:
    """The consumption phase's reassignment: every player's class by his Diamonds; CEOs who
    fall are processed first, then the new ones, each group in turn order."""
    classes = {seat: social_class(diamonds.get(seat, 0)) for seat in turn_order}
    ceos = [ceo for ceo, _ in blocks]
    for seat in (s for s in turn_order if s in ceos and classes[s] != CAPITALIST):
        blocks = demote(blocks, seat)
    for seat in (s for s in turn_order if s not in ceos and classes[s] == CAPITALIST):
        blocks = promote(blocks, seat)
    return classes, blocks


def working_class_count(players: int) -> int:
    """ "Of the remaining players 1/3 (round off, min 1) are selected to be Working Class"."""
    return max(1, round_off(Fraction(players - 1, 3)))
