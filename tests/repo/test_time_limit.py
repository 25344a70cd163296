"""The suite's time limit (``tests/conftest.py``): a planted endless loop fails with the
test's name and the Hypothesis example it was running, and the run goes on."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support import ROOT

PLANTED = textwrap.dedent(
    """
    import time

    import pytest
    from hypothesis import given, settings, strategies as st


    @pytest.mark.timeout(2)
    @settings(max_examples=50, database=None)
    @given(n=st.integers(0, 100))
    def test_loops_past_ten(n):
        while n > 10:  # the planted bug: never ends for n > 10
            time.sleep(0.01)


    @pytest.mark.timeout(2)
    @settings(max_examples=5, database=None)
    @given(data=st.data())
    def test_loops_on_a_drawn_line(data):
        line = data.draw(st.just("0" * 81))
        while line:  # never ends
            time.sleep(0.01)


    def test_after_them_runs():
        assert True
    """
)


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_planted_endless_loop_fails_with_its_name_and_example(tmp_path: Path) -> None:
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_planted.py").write_text(PLANTED)
    (tmp_path / "pytest.ini").write_text("[pytest]\ntimeout = 60\ntimeout_method = signal\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HYPOTHESIS", "PYTEST"))}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=100,
        check=False,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "2 failed, 1 passed" in out, out
    assert "test_planted.py::test_loops_past_ten ran past its 2 s limit" in out, out
    assert "in the Hypothesis example n=" in out, out
    shown = out.split("in the Hypothesis example n=")[1].split()[0].rstrip(";")
    assert int(shown) > 10, out  # the example that loops, not a passing one
    assert "test_loops_on_a_drawn_line ran past its 2 s limit" in out, out
    assert "drew '" + "0" * 81 + "'" in out, out
