"""The error ladder.

Every error a user can cause is a :class:`SealedError`: the command line
prints its message on one line and exits non-zero, never a traceback. Each
error carries a stable ``code`` (``"order/illegal"``) so that a server can
answer with structured rejections.
"""

from __future__ import annotations


class SealedError(Exception):
    """An error caused by input; its message is meant for the user."""

    code = "error"


class OrderError(SealedError, ValueError):
    """An order was refused. The state is unchanged."""

    code = "order/error"


class OrderSyntaxError(OrderError):
    """The text is not an order of this game (unknown word, bad card, ...)."""

    code = "order/syntax"


class StaleStepError(OrderError):
    """An order written for a step that is not the open one (already resolved, or not yet open)."""

    code = "order/stale_step"


class PressError(SealedError):
    """A message the rules or the table do not allow (unknown recipient, press forbidden now)."""

    code = "press/refused"


class IllegalOrderError(OrderError):
    """A well-formed order that the rules forbid now; the message names the rule."""

    code = "order/illegal"


class AmbiguousOrderError(OrderError):
    """The text could mean more than one order."""

    code = "order/ambiguous"


class NoOrderDueError(OrderError):
    """The seat has nothing to decide now (not prompted, or the game is over)."""

    code = "order/not_due"


class UnknownSeatError(OrderError):
    """A seat name that is not at this table."""

    code = "order/unknown_seat"


class UnknownGameError(SealedError):
    """A game name that is not registered."""

    code = "game/unknown"


class OptionError(SealedError):
    """A rule option that does not exist or has a bad value."""

    code = "game/option"


class SetupError(SealedError):
    """A state or setup that the game cannot start from.

    ``path`` names the offending value inside the setup data (empty when the
    error is about the whole), so that a file loader can give its line.
    """

    code = "game/setup"
    path: tuple[str, ...] = ()


class ChanceError(SealedError):
    """A chance outcome that is missing or does not fit what was asked."""

    code = "chance/error"


class RecordError(SealedError):
    """A game record that cannot be read."""

    code = "record/malformed"


class ReplayDivergence(RecordError):
    """Replaying a record does not reproduce what the record says happened."""

    code = "record/divergence"


class ScenarioError(SealedError):
    """A scenario file that is malformed or whose run failed."""

    code = "scenario/error"
