"""Corporations (Advanced Tack-on Modules, Economic Modules): refused by name, not built yet.

"This tack-on explores the accumulation of capital as a means of economic growth, and it can
only be added to economies that use money (since money and banking are essential
prerequisites of corporate economics)."

Option (as Mad Jack emits it): ``corporations=true``. With a barter economy it is refused as
the seed rules it out; with a money economy it is refused as not built yet (the investment
subphase, the stockholders' votes, the cost to traverse each path, dividends and corporate
experience, shares in violence: docs/games/crusoe.md, Not built and known gaps).
"""

from __future__ import annotations

from sealed.core.errors import OptionError
from sealed.core.game import Options

MONEY_SCENARIOS = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "state-capitalism",
    "centralized-communism",
    "market-socialism",
)
"""The economies that use money (the Monetary Market rules, and Market Socialism's wages)."""


def read_options(options: Options) -> bool:
    """:raises OptionError: with a barter economy (the seed rules it out), or not built yet."""
    if not options.get("corporations", False):
        return False
    scenario = str(options.get("scenario", "crusoes-economy"))
    if scenario not in MONEY_SCENARIOS:
        raise OptionError(
            f"corporations with {scenario}: Corporations can only be added to economies that "
            "use money"
        )
    raise OptionError("corporations: not built yet; see docs/games/crusoe.md")
