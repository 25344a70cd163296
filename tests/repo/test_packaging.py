"""The distribution: ``python3 -m build`` makes an sdist and a wheel (the wheel built from
the sdist), the sdist holds what a package needs and no data, and the wheel installs into
a fresh virtual environment where ``fsudoku demo`` runs and a downstream module
typechecks against it with ``mypy --strict``.

These tests need PyPI (the build backend, and the wheel's dependencies);
``-m 'not corpus and not network'`` leaves them out.
"""

from __future__ import annotations

import email.parser
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest
from support import ROOT, TOP_LEVEL_CONSUMER, check_top_level_consumer

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]

pytestmark = pytest.mark.network

DATA_FILES = {"sudoku17.txt", "p096_sudoku.txt"}
"""The data the tests use, kept out of the repository and of the sdist."""


def run(*command: str | Path, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(c) for c in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel, built as README says (``python3 -m build``)."""
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--outdir", out, ROOT, cwd=out)
    return out


@pytest.fixture(scope="module")
def installed(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed (and its dependencies)."""
    env = tmp_path_factory.mktemp("venv")
    venv.create(env, with_pip=True)
    wheel = dist / f"fsudoku-{VERSION}-py3-none-any.whl"
    run(env / "bin" / "python", "-m", "pip", "install", "--quiet", wheel, cwd=env)
    return env


def test_the_sdist_holds_what_a_package_needs_and_no_data(dist: Path) -> None:
    with tarfile.open(dist / f"fsudoku-{VERSION}.tar.gz") as sdist:
        members = {m.name.split("/", 1)[1]: m.size for m in sdist.getmembers() if "/" in m.name}
    names = set(members)
    needed = {"LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "PKG-INFO"}
    needed |= {"fsudoku/py.typed", "fsudoku/__init__.py", "fsudoku/sarkar1.py"}
    assert needed <= names, sorted(needed - names)
    # the puzzle collections stay outside (tests read them from ../shared/data)
    data = [n for n in names if Path(n).name in DATA_FILES or members[n] > 256 * 1024]
    assert not data, data
    junk = [n for n in names if "__pycache__" in n or ".hypothesis" in n or n.endswith(".pyc")]
    assert not junk, junk


def test_the_wheel_carries_the_license_the_types_and_the_metadata(dist: Path) -> None:
    with zipfile.ZipFile(dist / f"fsudoku-{VERSION}-py3-none-any.whl") as wheel:
        names = set(wheel.namelist())
        info = f"fsudoku-{VERSION}.dist-info"
        metadata = email.parser.Parser().parsestr(wheel.read(f"{info}/METADATA").decode())
    assert "fsudoku/py.typed" in names and f"{info}/licenses/LICENSE" in names
    assert not [n for n in names if n.startswith(("tests/", "proofs/", "stubs/"))]
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Author"]
    assert "Typing :: Typed" in metadata.get_all("Classifier", [])
    urls = " ".join(metadata.get_all("Project-URL", []))
    for url in (
        "https://abhinavsarkar.net/posts/fast-sudoku-solver-in-haskell-1/",
        "https://abhinavsarkar.net/posts/fast-sudoku-solver-in-haskell-2/",
        "https://projecteuler.net/problem=96",
    ):
        assert url in urls, url
    assert metadata["Keywords"] and "sudoku" in metadata["Keywords"]


def test_the_installed_wheel_runs_the_demo(installed: Path, tmp_path: Path) -> None:
    where = run(
        installed / "bin" / "python", "-c", "import fsudoku; print(fsudoku.__file__)", cwd=tmp_path
    )
    assert where.stdout.strip().startswith(str(installed)), where.stdout
    demo = run(installed / "bin" / "fsudoku", "demo", cwd=tmp_path, timeout=120)
    assert "| 6 9 3 | 7 8 4 | 5 1 2 |" in demo.stdout
    assert (
        run(installed / "bin" / "fsudoku", "--version", cwd=tmp_path).stdout
        == f"fsudoku {VERSION}\n"
    )


def test_a_downstream_module_typechecks_against_the_installed_wheel(
    installed: Path, tmp_path: Path
) -> None:
    (tmp_path / "consumer.py").write_text(TOP_LEVEL_CONSUMER)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--config-file",
            "/dev/null",
            "--python-executable",
            str(installed / "bin" / "python"),
            "--verbose",
            "consumer.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    check_top_level_consumer(done.stdout)
    # the fsudoku mypy read is the installed one (its py.typed), not the checkout
    parsed = [line for line in done.stderr.splitlines() if "fsudoku/__init__.py" in line]
    assert parsed and all(str(installed) in line for line in parsed), parsed
