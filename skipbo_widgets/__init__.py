"""skipbo_widgets: learn and play Skip-Bo in Jupyter."""

__version__ = "0.1.0"
