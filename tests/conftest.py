"""Shared test settings: the Hypothesis profiles and the per-test time limit (the
shared helpers and data paths are in ``support.py``)."""

from __future__ import annotations

import faulthandler
import functools
import os
import reprlib
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# How many examples a property draws. A test's own ``max_examples`` (or, without one, the
# profile's) is its full strength, which the ``full`` profile runs. The default run is
# for every edit, locally (``dev``, random) and in CI (``ci``: Hypothesis' own profile,
# derandomized, no deadline): it draws SHARE of each count, at least FLOOR (or the
# count, when smaller). ``thorough`` draws ten times the full strength.
FULL = settings.get_profile("default").max_examples  # 100, Hypothesis' default
SHARE = {"dev": 0.2, "ci": 0.2, "full": 1.0, "thorough": 10.0}
FLOOR = 2
settings.register_profile(
    "full", deadline=None, max_examples=FULL, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", settings.get_profile("full"), max_examples=round(SHARE["dev"] * FULL)
)
settings.register_profile(
    "ci",
    settings.get_profile("ci"),
    max_examples=round(SHARE["ci"] * FULL),
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", settings.get_profile("full"), max_examples=round(SHARE["thorough"] * FULL)
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev")
)


def examples(own: int, share: float) -> int:
    """The examples a test that asks for ``own`` draws under a profile's ``share``.

    >>> examples(40, 0.3), examples(5, 0.3), examples(1, 0.3), examples(6, 10.0)
    (12, 2, 1, 60)
    """
    return max(min(own, FLOOR), round(own * share))


LONG = 600
"""The time limit of a test marked ``slow`` or ``corpus`` that does not set its own."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests' limit; and a test that sets its own ``max_examples`` draws the
    profile's share of it (a test without one already gets the profile's count)."""
    for item in items:
        long = item.get_closest_marker("slow") or item.get_closest_marker("corpus")
        if long and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(LONG))
    name = settings.get_current_profile_name()
    share = SHARE.get(name, 1.0)
    if share == 1.0:
        return
    profile = settings.get_profile(name).max_examples
    seen: set[int] = set()
    for item in items:
        test = getattr(item, "obj", None)
        # where @settings and @given keep a test's settings (Hypothesis' own attribute)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if not isinstance(own, settings) or id(test) in seen or own.max_examples == profile:
            continue
        seen.add(id(test))
        scaled = settings(own, max_examples=examples(own.max_examples, share))
        test._hypothesis_internal_use_settings = scaled  # type: ignore[union-attr]


# ---------------------------------------------------------------- the time limit
#
# pytest-timeout gives every test a limit (``timeout`` in pyproject.toml, or
# ``@pytest.mark.timeout(N)``); the timer below is how it is enforced for the tests of
# this folder. When the limit passes, a watchdog thread sends SIGUSR2 to the main thread,
# whose handler raises :class:`TimedOut`: the test fails with its name, the time, and the
# Hypothesis example it was running (its arguments and what it drew), and the run goes on.
# TimedOut is a BaseException, so Hypothesis does not take it for a failing example to
# shrink (which would run the slow example again), and SIGUSR2 leaves SIGALRM to the
# tests' and proofs' own shorter limits. A test that a signal cannot reach (the main
# thread stuck in C code) is ended GRACE seconds later, as pytest-timeout's thread method
# does: every thread's stack on stderr, then the whole run exits.

GRACE = 15.0
"""Seconds between the signal and the end of the run, for a test the signal cannot stop."""


class TimedOut(BaseException):
    """A test ran past its time limit (the message says which, and in which example)."""


_EXAMPLE: dict[str, object] = {}
"""The Hypothesis example being run: its arguments, and what it drew with ``st.data()``."""

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 200
_SHORT.maxlist = _SHORT.maxtuple = 12


def _recording(inner: Callable[..., Any]) -> Callable[..., Any]:
    """Hypothesis' inner test, made to note each example's arguments and draws first."""

    @functools.wraps(inner)
    def recorded(*args: Any, **kwargs: Any) -> Any:
        draws: list[object] = []
        _EXAMPLE.clear()
        _EXAMPLE.update(arguments=kwargs or args, draws=draws)
        for value in kwargs.values():
            draw = getattr(value, "draw", None)
            if type(value).__name__ == "DataObject" and callable(draw):

                def noted(strategy: Any, label: object = None, _draw: Any = draw) -> Any:
                    drawn = _draw(strategy, label)
                    draws.append(drawn)
                    return drawn

                value.draw = noted
        return inner(*args, **kwargs)

    recorded._records_examples = True  # type: ignore[attr-defined]
    return recorded


def _example() -> str:
    """The Hypothesis example in progress, in words (or nothing)."""
    if not _EXAMPLE:
        return ""
    arguments = _EXAMPLE.get("arguments")
    shown = (
        ", ".join(f"{k}={_SHORT.repr(v)}" for k, v in arguments.items())
        if isinstance(arguments, dict)
        else _SHORT.repr(arguments)
    )
    draws = _EXAMPLE.get("draws") or []
    drawn = f"; drew {', '.join(_SHORT.repr(d) for d in draws)}" if draws else ""  # type: ignore[attr-defined]
    return f" in the Hypothesis example {shown}{drawn}"


class _Timer:
    """The limit of one test: the signal at ``limit`` seconds, the end of the run later."""

    def __init__(self, item: pytest.Item, limit: float) -> None:
        self.item = item
        self.limit = limit
        self.started = time.monotonic()
        self.done = threading.Event()
        self.previous = signal.signal(signal.SIGUSR2, self._raise)
        self.thread = threading.Thread(target=self._watch, name="test-time-limit", daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        if self.done.wait(self.limit):
            return
        main = threading.main_thread().ident
        if main is not None:
            signal.pthread_kill(main, signal.SIGUSR2)
        if self.done.wait(GRACE):
            return
        capture = self.item.config.pluginmanager.getplugin("capturemanager")
        if capture is not None:
            capture.suspend_global_capture(in_=True)  # so that the words reach the terminal
        sys.stderr.write(
            f"\n{self.item.nodeid}: past its {self.limit:g} s limit, and the signal could not "
            f"stop it{_example()}; every thread's stack:\n"
        )
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        os._exit(1)

    def _raise(self, signum: int, frame: FrameType | None) -> None:
        __tracebackhide__ = True
        elapsed = time.monotonic() - self.started
        raise TimedOut(
            f"{self.item.nodeid} ran past its {self.limit:g} s limit ({elapsed:.1f} s){_example()}"
        )

    def cancel(self) -> None:
        self.done.set()
        signal.signal(signal.SIGUSR2, self.previous)


_TIMERS: dict[str, _Timer] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    """pytest-timeout's limit, enforced by :class:`_Timer` (signal method only)."""
    if settings.method != "signal" or threading.current_thread() is not threading.main_thread():
        return None
    test = getattr(item, "obj", None)
    handle = getattr(test, "hypothesis", None)
    inner = getattr(handle, "inner_test", None)
    if inner is not None and not getattr(inner, "_records_examples", False):
        handle.inner_test = _recording(inner)  # type: ignore[union-attr]
    _EXAMPLE.clear()
    _TIMERS[item.nodeid] = _Timer(item, float(settings.timeout))
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_cancel_timer(item: pytest.Item) -> bool | None:
    """The end of a test's limit."""
    timer = _TIMERS.pop(item.nodeid, None)
    if timer is None:
        return None
    timer.cancel()
    _EXAMPLE.clear()
    return True


# ---------------------------------------------------------------- processes
#
# A run started in the background by a script (``&``, ``nohup``) starts with SIGINT or
# SIGHUP ignored, and an ignored signal stays ignored in every process the tests start:
# the tests of Ctrl-C and hang-ups would then see a program that cannot receive them.
# A handler that does nothing keeps this run as immune as it was asked to be, and lets
# the programs it starts begin with the default (a handler, unlike "ignored", is reset
# by exec).


def _immune(signum: int, frame: FrameType | None) -> None:
    """Nothing: the signal was ignored when the run started."""


for _signum in (signal.SIGINT, signal.SIGHUP):
    if signal.getsignal(_signum) == signal.SIG_IGN:
        signal.signal(_signum, _immune)


def _children() -> set[int]:
    """The processes whose parent is this one (from /proc).

    Each thread's ``children`` file lists them at once; a kernel without those files
    has every process's ``stat`` read instead (a few milliseconds, twice a test).
    """
    try:
        found: set[int] = set()
        for thread in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{thread}/children", "rb") as listed:
                found.update(int(pid) for pid in listed.read().split())
        return found
    except FileNotFoundError:  # no children files (CONFIG_PROC_CHILDREN off)
        return _children_by_stat()


def _children_by_stat() -> set[int]:
    """The processes whose parent is this one, from every process's ``/proc/<pid>/stat``."""
    me, found = str(os.getpid()), set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[1].decode() == me:
                found.add(int(entry))
    return found


@pytest.fixture(autouse=True)
def _no_process_left_behind() -> Iterator[None]:
    """A process a test started and left running (a failed assertion before its wait) is
    killed when the test ends, so that it cannot load the machine for the rest of the run."""
    if not sys.platform.startswith("linux"):
        yield
        return
    before = _children()
    yield
    for pid in _children() - before:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
