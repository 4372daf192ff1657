"""The goods on the table shared out evenly: Tribal Communism's split (and Socialism's fallback)."""

from __future__ import annotations

from sealed.core.events import Event
from sealed.games.crusoe.state import GOODS, CrusoeState

Events = list[Event] | None


def split_evenly(state: CrusoeState, events: Events, among: list[str] | None = None) -> None:
    """Share the goods on the table (``state.pile``) evenly among ``among`` (by default every
    living player, in turn order); the odd ones stay in the pile."""
    living = among if among is not None else [s for s in state.order if state.players[s].alive]
    if not living:  # Exile: nobody left on the side that shares (the pile is theirs: empty)
        return
    pile = dict.fromkeys(GOODS, 0)
    for good in GOODS:
        total = state.pile.get(good, 0)
        share, odd = divmod(total, len(living))
        for seat in living:
            state.players[seat].goods[good] += share
        pile[good] = odd
    state.pile = pile
    if events is not None:
        odd_goods = ", ".join(f"{n} {g}" for g, n in pile.items() if n) or "nothing"
        events.append(
            Event(
                "split",
                f"Every good is shared out evenly; the central pile holds {odd_goods}.",
                data={"pile": dict(pile)},
            )
        )
