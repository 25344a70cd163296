"""CI (``.ci/run``): a shell script that runs, and the Pythons it runs the suite on are
the ones the package claims."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib

import pytest
from support import ROOT

CI = ROOT / ".ci" / "run"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def claimed() -> list[str]:
    prefix = "Programming Language :: Python :: "
    return [
        c.removeprefix(prefix)
        for c in PROJECT["classifiers"]
        if re.fullmatch(re.escape(prefix) + r"3\.\d+", c)
    ]


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_the_script_is_bash_without_a_syntax_error() -> None:
    subprocess.run(["bash", "-n", str(CI)], check=True, timeout=60)


def test_the_claimed_pythons_start_at_the_required_one_and_have_no_gap() -> None:
    versions = claimed()
    minors = [int(v.split(".")[1]) for v in versions]
    assert PROJECT["requires-python"] == f">=3.{minors[0]}", (PROJECT["requires-python"], versions)
    assert minors == list(range(minors[0], minors[0] + len(minors))), versions
    assert len(versions) >= 3, versions


def test_the_script_takes_the_pythons_from_the_classifiers_and_can_insist() -> None:
    text = CI.read_text(encoding="utf-8")
    assert '["classifiers"]' in text and "Programming Language :: Python :: 3." in text
    assert "FSUDOKU_CI_ALL_PYTHONS" in text
    assert "python3 -m pytest -q -p no:cacheprovider -m slow" in text
