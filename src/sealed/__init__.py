"""sealed: a game master for games of sealed orders.

Every player decides in secret, the orders are opened together, and the rules
resolve them at once. See ``sealed.core`` for the protocol every game
implements and ``sealed.games`` for the games.
"""

__version__ = "0.1.0"
