"""The app's screens: the app (:mod:`.app`), the forms, the game, lesson, demo and
hot-seat screens, and the settings and sessions every game's settings build on."""
