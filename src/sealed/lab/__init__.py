"""The playtest lab: bots playing thousands of games, and what they show."""
