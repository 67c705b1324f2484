"""Skyjo (RULES.md section 2): the engine; bots and lessons follow."""
