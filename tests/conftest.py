"""Shared test settings: Hypothesis runs without deadlines (speed lives in bench/).

Locally every run draws new examples, which is how the property tests find bugs. Under CI
(``CI=true``, as ``.ci/run`` sets it) the examples are derandomized: a landing is judged on
the same examples every time, not on what one run happened to draw. Run the suite without
``CI`` to explore.
"""

import os

from hypothesis import settings

settings.register_profile("sealed", deadline=None, max_examples=30)
settings.register_profile("sealed-ci", deadline=None, max_examples=30, derandomize=True)
settings.load_profile("sealed-ci" if os.environ.get("CI") == "true" else "sealed")
