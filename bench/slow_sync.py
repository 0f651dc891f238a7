"""Builds the slow-storage shim (slow_sync.c) with the system C compiler into a temporary folder."""

import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
SYNC_MS = 20


def build(folder: Path) -> tuple[Path | None, str]:
    """(the shim's path, "") or (None, why it could not be built)."""
    compiler = shutil.which("cc")
    if compiler is None:
        return None, "no C compiler (cc) on this machine: slow-storage benchmarks skipped (apt install gcc)"
    library = folder / "libslow_sync.so"
    built = subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", str(library), str(HERE / "slow_sync.c"), "-ldl"],
                           capture_output=True, text=True)
    if built.returncode != 0:
        return None, f"the slow-storage shim did not build ({built.stderr.strip().splitlines()[-1:]}): skipped"
    return library, ""


def environment(library: Path, base: dict[str, str]) -> dict[str, str]:
    """`base` with the shim preloaded: every fsync and fdatasync then takes SYNC_MS longer."""
    preload = " ".join(filter(None, [str(library), base.get("LD_PRELOAD", "")]))
    return {**base, "LD_PRELOAD": preload, "SLOW_SYNC_MS": str(SYNC_MS)}
