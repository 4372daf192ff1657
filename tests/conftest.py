"""Shared test settings: Hypothesis runs without deadlines (speed lives in bench/)."""

from hypothesis import settings

settings.register_profile("sealed", deadline=None, max_examples=30)
settings.load_profile("sealed")
