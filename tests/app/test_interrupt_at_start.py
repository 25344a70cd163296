"""Ctrl-C from the first line of fsudoku's code on, through the installed ``fsudoku`` script.

Two sweeps. The exact one lands a SIGINT at each moment of a run, one run a moment: an
audit hook (``sitecustomize``, on the child's ``PYTHONPATH``) counts the imports and
module executions from the first one of fsudoku's code on and, at the chosen one, marks
SIGINT as arrived, from C (``PyErr_SetInterruptEx``, reached through a property, so
that no Python frame of the hook checks for it): Python then handles it at its next
check, in whatever code runs next, as it handles a real signal that arrives there.
Every run must end with the one line ``fsudoku: interrupted`` and status 130. The
other sweep sends real signals at moments spread over the start-up of processes that
a CPU hog slows down, and finds no traceback through fsudoku's code; what the
interpreter prints before fsudoku's first line runs is out of reach (docs/cli.md).
"""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
import tomllib
from pathlib import Path

import pytest
from support import ROOT

import fsudoku

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="signals and audit hooks as on Linux"
)

TIMEOUT = 60
"""Seconds a run may take (a signal that was lost shows as a run that does not end)."""

HOOK = textwrap.dedent(
    """
    import ctypes, functools, os, sys

    _mark = ctypes.pythonapi.PyErr_SetInterruptEx
    _mark.argtypes = [ctypes.c_int, ctypes.py_object]
    _mark.restype = ctypes.c_int


    class _Signal:
        arrives = property(functools.partial(_mark, 2))  # called from C, by LOAD_ATTR


    _SIGNAL = _Signal()
    _OURS = tuple(os.environ["HOOK_OURS"].split(os.pathsep))
    _AT = int(os.environ.get("HOOK_AT", "-1"))
    _LOG = os.environ["HOOK_LOG"]
    _seen = [False, 0]


    def _note(text):
        fd = os.open(_LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        os.write(fd, text.encode("utf-8", "replace") + b"\\n")
        os.close(fd)


    def _hook(event, args):
        if event not in ("import", "exec"):
            return
        if not _seen[0]:
            name = getattr(args[0], "co_filename", "")
            if event == "exec" and name.startswith(_OURS):
                _seen[0] = True
                _note("first " + name)
            return
        moment = _seen[1]
        _seen[1] = moment + 1
        if _AT < 0:
            _note(f"{moment} {event} {getattr(args[0], 'co_filename', args[0])}")
        elif moment == _AT:
            _note(f"signal {moment}")
            _SIGNAL.arrives


    sys.addaudithook(_hook)
    """
)
"""The child's ``sitecustomize``: each moment, or the signal at moment ``HOOK_AT``."""


def console_script() -> Path:
    """The installed ``fsudoku`` script, which must import the module pyproject names."""
    script = Path(sys.executable).parent / "fsudoku"
    if not script.is_file():
        pytest.skip(f"no {script}: the package is not installed (pip install -e .)")
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module = entry["fsudoku"].split(":")[0]
    assert f"from {module} import" in script.read_text(), (
        f"{script} does not import {module}, as pyproject.toml says it does: "
        "reinstall (python3 -m pip install -e .)"
    )
    return script


def ours() -> str:
    """Where fsudoku's code is: the package, and the console script's first module."""
    places = [str(Path(fsudoku.__file__).parent) + os.sep]
    entry = importlib.util.find_spec("_fsudoku_entry")
    if entry is not None and entry.origin:
        places.append(entry.origin)
    return os.pathsep.join(places)


def run(tmp_path: Path, at: int) -> tuple[subprocess.CompletedProcess[bytes], list[str]]:
    """The script's ``solve`` on an empty input, with the hook: the run and its log."""
    hook = tmp_path / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(HOOK)
    log = tmp_path / f"log-{at}"
    path = os.pathsep.join(filter(None, [str(hook), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path, "HOOK_OURS": ours(), "HOOK_LOG": str(log)}
    env["HOOK_AT"] = str(at)
    done = subprocess.run(
        [str(console_script()), "solve"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        env=env,
        timeout=TIMEOUT,
        check=False,
    )
    return done, log.read_text().splitlines() if log.exists() else []


def moments(tmp_path: Path) -> list[str]:
    """Each moment of a run from fsudoku's first line on (an import, a module run)."""
    done, log = run(tmp_path, -1)
    assert done.returncode == 0, done.stderr
    assert log and log[0].startswith("first "), log[:3]
    return log[1:]


def sweep(tmp_path: Path, chosen: list[int]) -> None:
    """A signal at each chosen moment: each run ends with one line and status 130."""
    failures = []
    for at in chosen:
        done, log = run(tmp_path, at)
        if f"signal {at}" not in log:
            continue  # a moment this run did not reach: no signal, nothing to judge
        err = done.stderr.decode(errors="replace")
        if (done.returncode, err, done.stdout) != (130, "fsudoku: interrupted\n", b""):
            failures.append(f"moment {at}: status {done.returncode}\n{err}")
    assert not failures, "\n".join(failures[:3])


def test_a_signal_at_the_first_moments_and_across_the_start_up_ends_quietly(
    tmp_path: Path,
) -> None:
    # the first moments after fsudoku's first line, then a few spread over the rest
    every = moments(tmp_path)
    count = len(every)
    sweep(tmp_path, sorted({*range(min(4, count)), *range(4, count, max(1, count // 5))}))


@pytest.mark.slow
def test_a_signal_at_any_moment_of_the_start_up_ends_quietly(tmp_path: Path) -> None:
    count = len(moments(tmp_path))  # about 500: the first 16, then one in two
    sweep(tmp_path, sorted({*range(min(16, count)), *range(16, count, 2)}))


# ------------------------------------------------------------------ real signals

RUNS = 60
"""Real signals sent, at moments spread over a start-up."""

_FRAME = re.compile(r'File "([^"]+)", line (\d+)')


def through_our_code(err: str) -> list[str]:
    """The frames of a traceback in fsudoku's code.

    The first module's line 0 is its first instruction, before its first line: a signal
    raised there arrived before any of fsudoku's code ran.
    """
    places = tuple(ours().split(os.pathsep))
    return [
        f"{name}:{line}"
        for name, line in _FRAME.findall(err)
        if name.startswith(places) and not (name.endswith("_fsudoku_entry.py") and line == "0")
    ]


def test_the_frames_of_our_code_are_told_apart() -> None:
    entry = importlib.util.find_spec("_fsudoku_entry")
    inside = str(Path(fsudoku.__file__).parent / "app" / "cli.py")
    err = f'File "<frozen site>", line 73, in <module>\nFile "{inside}", line 9, in <module>\n'
    assert through_our_code(err) == [f"{inside}:9"]
    if entry is not None and entry.origin:
        assert through_our_code(f'File "{entry.origin}", line 0, in <module>') == []


@pytest.mark.slow
def test_real_signals_across_a_loaded_start_up_leave_no_traceback_through_our_code(
    tmp_path: Path,
) -> None:
    script = console_script()
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        started = time.monotonic()  # how long a start-up takes under this load
        subprocess.run([str(script), "solve"], stdin=subprocess.DEVNULL, timeout=TIMEOUT)
        span = time.monotonic() - started
        failures = []
        for i in range(RUNS):
            process = subprocess.Popen(
                [str(script), "solve"],
                stdin=subprocess.PIPE,  # held open until the signal is sent
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            time.sleep(span * i / RUNS)
            process.send_signal(signal.SIGINT)
            # the input ends now: a run whose signal was lost ends with status 0
            _, err_bytes = process.communicate(timeout=TIMEOUT)
            err = err_bytes.decode(errors="replace")
            if "fsudoku: interrupted" in err:  # taken by fsudoku: its line, its status
                if (process.returncode, err) != (130, "fsudoku: interrupted\n"):
                    failures.append(f"status {process.returncode}\n{err}")
            elif through_our_code(err):
                failures.append(f"a traceback through {through_our_code(err)}\n{err}")
            elif process.returncode == 0:
                failures.append(f"after {span * i / RUNS:.3f} s: the signal was lost")
    finally:
        hog.kill()
        hog.wait()
    assert not failures, "\n".join(failures[:3])
