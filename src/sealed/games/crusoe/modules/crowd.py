"""More Than Eight Players (Optional Rules).

"With more than eight players the number required to overburden a path is increased by one for
every five or fraction players over eight, so for 9-13 players two can go down the same path
without overburdening, for 14-18 three can, and so on. For each eight or fraction players an
additional set of commodity tokens should be added to the mix."

No option: with eight players or fewer nothing changes, so the rule simply holds for a larger
table (ruling 60), up to :data:`MAX_PLAYERS`.
"""

from __future__ import annotations

from sealed.games.crusoe.state import GOODS, Board

BASE_TABLE = 8  # the players the game ships for
MAX_PLAYERS = 24  # ruling 60: the program's limit, not the seed's
PER_MORE_ROOM = 5  # "one for every five or fraction players over eight"


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def commons_room(players: int) -> int:
    """How many more players a path holds before overburdening, at a table of ``players``."""
    return _ceil_div(players - BASE_TABLE, PER_MORE_ROOM) if players > BASE_TABLE else 0


def token_sets(players: int) -> int:
    """Sets of commodity tokens: one "for each eight or fraction players"."""
    return max(1, _ceil_div(players, BASE_TABLE))


def board_for(board: Board, players: int) -> Board:
    """The shipped board with a set of commodity tokens (the goods) per eight players."""
    sets = token_sets(players)
    if sets == 1:
        return board
    supply = {k: n * sets if k in GOODS else n for k, n in board.supply.items()}
    return Board(board.paths, supply)
