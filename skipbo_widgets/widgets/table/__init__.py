"""The table machinery every game uses: the adapters' protocols, the controllers, the
widget base, the coach's ladder, the move log and the view checks they share."""
