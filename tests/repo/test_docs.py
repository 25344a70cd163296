"""The API reference: pdoc builds it from the docstrings without a warning, every public
submodule gets its page, and every cross-reference of a docstring names something.

docs/development.md's command is ``python3 -m pdoc -o ../fsudoku-api fsudoku``; the first test runs
it into a temporary folder; the others read the docstrings through pdoc's Python API.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdoc
import pdoc.doc
import pytest
from support import ROOT

import fsudoku

ROLE = re.compile(r":(func|class|mod|data|meth|attr|exc|obj|const):`([^`]+)`")
"""A reST cross-reference, as the docstrings write them (pdoc turns them into links)."""


def build(tmp_path: Path) -> list[str]:
    """docs/development.md's command, into ``tmp_path``: pdoc's warnings (and errors)."""
    done = subprocess.run(
        [sys.executable, "-m", "pdoc", "-o", str(tmp_path / "api"), "fsudoku"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    problems = [line for line in done.stderr.splitlines() if line.strip()]
    if done.returncode != 0:
        problems.append(f"pdoc exited with status {done.returncode}")
    return problems


def public_modules() -> list[str]:
    """Every module of the library (not the program, no private module)."""
    package = ROOT / "fsudoku"
    found = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if "app" in parts or any(p.startswith("_") for p in parts):
            continue
        found.append(".".join(parts))
    return found


@pytest.mark.slow
def test_pdoc_builds_the_reference_without_a_warning(tmp_path: Path) -> None:
    problems = build(tmp_path)
    assert not problems, "\n".join(problems)
    pages = {p.relative_to(tmp_path / "api").as_posix() for p in tmp_path.rglob("*.html")}
    expected = {f"{name.replace('.', '/')}.html" for name in public_modules()}
    assert expected <= pages, sorted(expected - pages)
    top = (tmp_path / "api" / "fsudoku.html").read_text(encoding="utf-8")
    for name in ("solve", "solve_many", "count_solutions", "read_grid", "Outcome", "SolverName"):
        assert f'id="{name}"' in top, name


def docs(doc: pdoc.doc.Doc[Any]) -> Iterator[pdoc.doc.Doc[Any]]:
    """A documented object and everything documented inside it."""
    yield doc
    if isinstance(doc, pdoc.doc.Namespace):
        for member in doc.own_members:
            yield from docs(member)


def lookup(dotted: str) -> bool:
    """Whether a dotted name is a module, or an attribute path from one."""
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:k]))
        except ImportError:
            continue
        for attr in parts[k:]:
            if not hasattr(found, attr):
                return False
            found = getattr(found, attr)
        return True
    return False


def resolves(target: str, modulename: str, qualname: str) -> bool:
    """Whether a cross-reference names something, as a reader of ``modulename`` (inside
    ``qualname``) would look it up: as written, in the module, or in an enclosing class."""
    name = target.rsplit("<", 1)[-1].rstrip(">").lstrip("~.!").strip().removesuffix("()")
    scopes = qualname.split(".") if qualname else []
    candidates = [name, f"{modulename}.{name}", f"builtins.{name}"]
    candidates += [f"{modulename}.{'.'.join(scopes[:k])}.{name}" for k in range(1, len(scopes) + 1)]
    return any(lookup(c) for c in candidates)


def broken_references(module_names: list[str]) -> list[str]:
    found = []
    for module_name in module_names:
        for doc in docs(pdoc.doc.Module.from_name(module_name)):
            # read a docstring where it is written: the module documented, where an
            # imported name is defined, or (a variable holding a function shows the
            # function's docstring) where that function is
            contexts = [doc.taken_from, (doc.modulename, doc.qualname)]
            owner = getattr(doc.obj, "__module__", None)
            if isinstance(owner, str):
                contexts.append((owner, str(getattr(doc.obj, "__qualname__", ""))))
            for _, target in ROLE.findall(doc.docstring):
                if not any(resolves(target, home, qualname) for home, qualname in contexts):
                    found.append(f"{doc.modulename}.{doc.qualname}: {target}")
    return found


def every_module() -> list[str]:
    """Every module of the package, the command line's included."""
    found = pkgutil.walk_packages(fsudoku.__path__, "fsudoku.")
    return ["fsudoku", *sorted(m.name for m in found if not m.name.endswith("__main__"))]


def test_every_cross_reference_names_something() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pdoc's warnings are the test above's
        broken = broken_references(every_module())
    assert not broken, "\n".join(broken)


def test_the_checker_sees_a_broken_reference() -> None:
    # the check can fail: a reference to a name that is nowhere
    assert resolves("fsudoku.sarkar1.prune_grid", "fsudoku.run.trace", "")
    assert resolves("GaveUp", "fsudoku.run.trace", "run_sarkar")  # imported into the module
    assert resolves("~fsudoku.base.outcome.Outcome", "fsudoku", "solve")
    assert resolves("node", "fsudoku.run.trace", "SarkarEvents.pivot")  # a sibling method
    assert not resolves("fsudoku.sarkar1.no_such_function", "fsudoku.run.trace", "")
    assert not resolves("NoSuchName", "fsudoku.run.trace", "run_sarkar")
