"""Crusoe's Planet's tack-on modules and optional rules (Advanced Tack-on Modules, Optional Rules).

One file per module or rule. Each reads its own options (``read_options``, called from
``Settings.from_options``, raising :class:`~sealed.core.errors.OptionError` for a value or a
combination the seed rules out or that is not built yet) and is asked by the cycle at a fixed
point through a small hook, so that modules compose without the cycle knowing them:

- ``diamonds.diamond_vp``: the value of the diamonds of the rescued (Variable Values for
  Diamonds: Lottery, Yuppies), asked by ``cycle._rescue``.
"""
