"""``python -m skipbo_widgets.bench [--quick] [--games N] [--seed S] [--json] [--section NAME]``."""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from typing import Any

from . import Settings, sections


def main(argv: list[str] | None = None) -> int:
    available = sections()
    parser = argparse.ArgumentParser(
        prog="python -m skipbo_widgets.bench",
        description="Time the Skip-Bo and Skyjo engines, the bots and the app on this machine.",
    )
    parser.add_argument("--quick", action="store_true", help="fewer games and repetitions")
    parser.add_argument("--games", type=int, default=None, metavar="N",
                        help="full games per section (default: the section's own)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="first game seed")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--section", action="append", choices=sorted(available),
                        help="run only this section (repeatable)")
    args = parser.parse_args(argv)
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    settings = Settings(quick=args.quick, games=args.games, seed=args.seed)
    chosen = [name for name in available if not args.section or name in args.section]
    results: dict[str, Any] = {}
    if not args.json:
        print(f"skipbo_widgets bench: Python {platform.python_version()} "
              f"({platform.python_implementation()}), {os.cpu_count()} cores, "
              f"{platform.system()} {platform.machine()}")
    for name in chosen:
        results[name] = available[name](settings)
        if not args.json:
            print(f"\n[{name}]")
            _print(results[name])
    if args.json:
        json.dump(results, sys.stdout)
        print()
    return 0


def _print(value: Any) -> None:
    rows = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in rows:
        if isinstance(item, bool) or not isinstance(item, (int, float)):
            shown = json.dumps(item)
        else:
            shown = f"{item:,.2f}" if isinstance(item, float) else f"{item:,}"
        print(f"  {key!s:<24} {shown:>14}")


if __name__ == "__main__":
    raise SystemExit(main())
