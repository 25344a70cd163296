"""What ``fsudoku.testing`` exposes: every public module of its folder, found from the
folder itself, and nothing that is not there."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from support import ROOT

FOLDER = ROOT / "fsudoku" / "testing"
PUBLIC = sorted(p.stem for p in FOLDER.glob("*.py") if not p.name.startswith("_"))

PROBE = """
import json, sys
import fsudoku.testing as testing
names = json.loads(sys.argv[1])
loaded = [getattr(testing, name).__name__ for name in names]
print(json.dumps({"all": testing.__all__, "loaded": loaded}))
"""


def test_every_public_submodule_is_exposed_and_listed() -> None:
    assert len(PUBLIC) > 10 and "kit" in PUBLIC and "laws" in PUBLIC  # the folder was read
    # a fresh interpreter: each submodule comes through the package's lazy attributes
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(PUBLIC)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["loaded"] == [f"fsudoku.testing.{name}" for name in PUBLIC]
    missing = set(PUBLIC) - set(found["all"])
    assert not missing, sorted(missing)


def test_a_name_that_is_no_submodule_is_an_attribute_error() -> None:
    import fsudoku.testing

    with pytest.raises(AttributeError, match="no_such_module"):
        fsudoku.testing.no_such_module  # noqa: B018
    assert not any(n.startswith("_") for n in getattr(fsudoku.testing, "__all__"))  # noqa: B009
