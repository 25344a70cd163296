"""The sdist carries what its own tests need: built, unpacked, its default suite passes.

The sdist holds every folder and file of the repository (``[tool.hatch.build.targets.sdist]``
in pyproject.toml), so a test that reads the pages, the CI script, the benchmarks or the
tools finds them there too; the data files stay outside, and the tests that need them
skip. The build runs ``python3 -m build --sdist --no-isolation``: hatchling comes with
the ``dev`` extra, so it needs no network; unpacking and running the suite takes
minutes (``-m slow``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest
from support import ROOT

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
INCLUDED = set(PROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"])
VERSION = PROJECT["project"]["version"]


def tracked() -> set[str]:
    """The top-level files and folders git tracks (or skip: not a git checkout)."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout (an unpacked sdist): nothing to compare with")
    done = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
    )
    return {line.split("/", 1)[0] for line in done.stdout.splitlines()}


def test_the_sdist_includes_every_tracked_folder_and_file() -> None:
    assert tracked() - INCLUDED == set(), "left out of the sdist"
    assert INCLUDED - tracked() == set(), "named for the sdist but not in the repository"


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_the_unpacked_sdist_passes_its_own_default_suite(tmp_path: Path) -> None:
    pytest.importorskip("hatchling", reason="the build needs hatchling (the dev extra)")
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir", dist, ROOT],
        cwd=tmp_path,
        capture_output=True,
        timeout=600,
        check=True,
    )
    with tarfile.open(dist / f"fsudoku-{VERSION}.tar.gz") as sdist:
        sdist.extractall(tmp_path, filter="data")
    unpacked = tmp_path / f"fsudoku-{VERSION}"
    # the unpacked copy's fsudoku, in this process and in the programs the tests start
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=unpacked,
        env=env,
        capture_output=True,
        text=True,
        timeout=1700,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1], done.stdout[-2000:]
