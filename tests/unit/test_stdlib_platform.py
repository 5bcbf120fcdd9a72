"""``platform/`` is a source folder, never an import name (see docs/architecture.md)."""

from __future__ import annotations

import platform
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_platform_is_the_standard_library_module() -> None:
    assert Path(platform.__file__).parent == Path(sysconfig.get_paths()["stdlib"])
    assert callable(platform.system)


def test_the_platform_folder_has_no_init_module() -> None:
    assert not (ROOT / "platform" / "__init__.py").exists()


def test_python_from_the_repo_root_still_gets_the_standard_platform_and_uuid() -> None:
    code = "import platform, uuid; print(platform.system(), uuid.uuid4().version)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.split()[1] == "4"
