"""The games: one folder each, with the same shape (state, orders, rules, views, bots)."""
