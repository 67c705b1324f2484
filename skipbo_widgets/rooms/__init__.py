"""Rooms: several people at one table from several kernels, through a shared store.

:mod:`.store` is the store's interface and :func:`open_store`; :mod:`.sqlite_store`
and :mod:`.redis_store` are its back ends; :mod:`.authority` is the room logic on any
store (:class:`Rooms`, on :mod:`.records`, :mod:`.seats` and :mod:`.play`), :mod:`.adapters`
what it needs of each game. Standard-library Python (the Redis back
end alone imports ``redis``, when chosen); no widgets. See docs/rooms.md.
"""

from .adapters import ADAPTERS, GameAdapter, leaders
from .authority import Moved, RoomError, RoomReason, Rooms, Seated
from .store import Record, Store, StoreUnavailable, data_folder, open_store

__all__ = [
    "ADAPTERS", "GameAdapter", "Moved", "Record", "RoomError", "RoomReason", "Rooms", "Seated",
    "Store", "StoreUnavailable", "data_folder", "leaders", "open_store",
]
