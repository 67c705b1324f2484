"""Rooms: several people at one table from several kernels, through a shared store.

:mod:`.store` is the store's interface and :func:`open_store`; :mod:`.sqlite_store`
and :mod:`.redis_store` are its back ends. Standard-library Python (the Redis back
end alone imports ``redis``, when chosen); no widgets. See docs/rooms.md.
"""

from .store import Record, Store, StoreUnavailable, data_folder, open_store

__all__ = ["Record", "Store", "StoreUnavailable", "data_folder", "open_store"]
