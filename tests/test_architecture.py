"""The import-linter contracts in pyproject.toml hold: the core needs no screen and no hardware; and no module
grows past the length a reader takes in."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_the_import_contracts_are_kept():
    result = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


LONGEST_MODULE = 399
"""Lines a module may have: one that would grow past it is split along a seam first."""
PACKAGES = ("companion", "drivers", "firmware_bridge", "hw_mocks", "bench", "tests")


def test_every_module_is_under_400_lines():
    modules = [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]
    lines = {str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines()) for path in modules}
    over = {module: count for module, count in lines.items() if count > LONGEST_MODULE}
    assert over == {}, f"split these modules (lines each) below 400: {over}"
