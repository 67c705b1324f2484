"""What each card table hands the page: one whole module, the helpers both tables share
put in place of its import line (widgets/table/esm.py), and the self-check that sees it shipped."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from skipbo_widgets import selfcheck
from skipbo_widgets.widgets.skipbo.table import SkipBoTable
from skipbo_widgets.widgets.skyjo.table import SkyjoTable
from skipbo_widgets.widgets.table.esm import bundle


@pytest.mark.parametrize("table", [SkipBoTable, SkyjoTable])
def test_each_table_sends_one_module_with_the_shared_helpers_in_it(table: type,
                                                                   tmp_path: Path) -> None:
    script = str(table._esm)
    assert not re.search(r"^import ", script, re.MULTILINE)
    assert script.count("function flyCard(") == 1 and "export function" not in script
    assert script.count("export default") == 1
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node here to parse the module")
    (tmp_path / "table.mjs").write_text(script, encoding="utf-8")
    subprocess.run([node, "--check", str(tmp_path / "table.mjs")], check=True)


def test_a_relative_import_becomes_the_file_and_a_missing_one_fails(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "two.js").write_text("export const two = () => 2;\n", encoding="utf-8")
    main = tmp_path / "main.js"
    main.write_text('import { two } from "./lib/two.js";\nexport default two();\n',
                    encoding="utf-8")
    assert bundle(main) == "const two = () => 2;\nexport default two();\n"
    main.write_text('import { three } from "./three.js";\n', encoding="utf-8")
    with pytest.raises(FileNotFoundError):
        bundle(main)


def test_the_self_check_sees_both_tables_and_fails_on_a_script_not_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = selfcheck.CHECKS["static files"]()
    assert "SkipBoTable" in shipped and "SkyjoTable" in shipped
    monkeypatch.setattr(SkyjoTable, "_esm", 'import { flyCard } from "../table/fly.js";\n'
                        "export default {};\n")
    with pytest.raises(RuntimeError, match="SkyjoTable"):
        selfcheck.CHECKS["static files"]()
    monkeypatch.setattr(SkyjoTable, "_esm", "export default {};\n")
    monkeypatch.setattr(SkyjoTable, "_css", " \n")
    with pytest.raises(RuntimeError, match="SkyjoTable's styles"):
        selfcheck.CHECKS["static files"]()
