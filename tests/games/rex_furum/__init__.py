"""Rex Furum tests (a package so that test module names stay unique across games)."""
