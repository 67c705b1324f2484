"""Skyjo on the card table: its view, its anywidget and its adapter for the one controller."""
