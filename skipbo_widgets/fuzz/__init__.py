"""Fuzzers of the app's files, each a command with a fixed-seed run in the test suite.

``python -m skipbo_widgets.fuzz --per-format 20000`` runs Skyjo's (:mod:`.skyjo`).
"""
