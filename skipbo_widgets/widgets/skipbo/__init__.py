"""Skip-Bo at the table: what the one controller needs to know of this game."""
