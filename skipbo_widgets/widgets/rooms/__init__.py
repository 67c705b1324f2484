"""Rooms on the page: one table shared by several people, each at their own device.

:mod:`.messages` words a room's refusals, :mod:`.controller` plays a seat of a room
through :class:`~skipbo_widgets.rooms.Rooms`, :mod:`.screens` are the forms (make a
room, the waiting room, sit down) and :mod:`.flow` leads a page through them. See
docs/rooms.md.
"""
