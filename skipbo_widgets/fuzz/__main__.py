"""``python -m skipbo_widgets.fuzz --per-format 20000``: Skyjo's file fuzzer, a long run."""

import sys

from .skyjo import main

sys.exit(main())
