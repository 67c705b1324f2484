"""One suite over every game (issue 22, OpenSpiel's ``api_test`` habit): each test is
parametrised by the games the app lists (:func:`skipbo_widgets.widgets.registry.game_uis`),
so a new game is checked by being listed. See :mod:`.described` for how a game is reached.
"""
