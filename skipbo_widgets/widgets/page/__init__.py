"""The page's plumbing, each Python file beside its script: the checked page widget, the
browser store, the file picker, test ids and language, the rule-sheet link, Voilà's request."""
