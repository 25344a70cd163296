"""The public types as downstream checkers see them: ``mypy --strict`` and pyright strict.

Each file of ``cases/`` is a downstream module written from the docs (the top level, the
port, the testing kit). Under each ``reveal_type(...)`` line, a comment says what each
checker must reveal there (``# mypy reveals: ...``, ``# pyright reveals: ...``). A line
that must be an error carries both checkers' ignore comments (``# type: ignore[code]``,
``# pyright: ignore[rule]``): each checker reports an ignore it does not need, so the
error must be there. Anything else a checker reports fails the test. (The manner of
dry-python/returns' ``typesafety/``, with pyright beside mypy.)

mypy runs without fsudoku's configuration (a downstream project has its own), so without
the returns plugin; pyright is basedpyright, in strict mode, type-ignore comments off.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

CASES = Path(__file__).parent / "cases"
CHECKERS = ("mypy", "pyright")
PYTHON_VERSION = "3.11"
"""The oldest Python fsudoku supports: the stubs of the standard library are that version's."""

PYRIGHT_CONFIG = {
    "typeCheckingMode": "strict",
    "pythonVersion": PYTHON_VERSION,
    "enableTypeIgnoreComments": False,
    "reportUnnecessaryTypeIgnoreComment": "error",
}

REVEAL = re.compile(r"\s*reveal_type\(")
EXPECTED = re.compile(r"\s*# (mypy|pyright) reveals: (.+)")
MYPY_LINE = re.compile(r"(?P<file>[^:\s]+\.py):(?P<line>\d+): (?P<severity>\w+): (?P<message>.*)")
MYPY_REVEALED = re.compile(r'Revealed type is "(.*)"')
PYRIGHT_REVEALED = re.compile(r'Type of ".*" is "(.*)"')

Key = tuple[str, int, str]
"""A file's name, a line (from 1) and a checker."""


@dataclass(frozen=True)
class Report:
    """What the checkers said: the types revealed, by line, and every other diagnostic."""

    revealed: dict[Key, str]
    others: list[str]


def expectations(path: Path) -> dict[Key, str]:
    """What each checker must reveal on each ``reveal_type`` line of a case file.

    A ``reveal_type`` line without an expectation for each checker is an error here.
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    found: dict[Key, str] = {}
    for number, line in enumerate(lines, 1):
        if not REVEAL.match(line):
            continue
        after = number
        while after < len(lines) and (expected := EXPECTED.fullmatch(lines[after])):
            found[(path.name, number, expected[1])] = expected[2]
            after += 1
        missing = [c for c in CHECKERS if (path.name, number, c) not in found]
        assert not missing, f"{path.name}:{number}: no expected type for {missing}"
    return found


def parse_mypy(out: str) -> Report:
    """The types mypy revealed, and its other messages."""
    revealed: dict[Key, str] = {}
    others: list[str] = []
    for line in out.splitlines():
        found = MYPY_LINE.fullmatch(line)
        if found is None:
            continue
        shown = MYPY_REVEALED.fullmatch(found["message"])
        if found["severity"] == "note" and shown is not None:
            revealed[(Path(found["file"]).name, int(found["line"]), "mypy")] = shown[1]
        else:
            others.append(line)
    return Report(revealed, others)


def parse_pyright(out: str) -> Report:
    """The types pyright revealed (its ``--outputjson`` report), and its other diagnostics."""
    revealed: dict[Key, str] = {}
    others: list[str] = []
    for diagnostic in json.loads(out)["generalDiagnostics"]:
        name = Path(diagnostic["file"]).name
        line = diagnostic["range"]["start"]["line"] + 1
        shown = PYRIGHT_REVEALED.fullmatch(diagnostic["message"])
        if diagnostic["severity"] == "information" and shown is not None:
            revealed[(name, line, "pyright")] = shown[1]
        else:
            rule = diagnostic.get("rule", "")
            others.append(
                f"{name}:{line}: {diagnostic['severity']}: {diagnostic['message']} {rule}"
            )
    return Report(revealed, others)


def run_mypy(files: list[Path], cwd: Path) -> Report:
    """``mypy --strict`` on the files, as a downstream project without a configuration runs it."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file=/dev/null",  # not fsudoku's own configuration
            f"--python-version={PYTHON_VERSION}",
            "--no-incremental",
            "--cache-dir=/dev/null",
            "--hide-error-context",
            "--no-error-summary",
            "--show-error-codes",
            *map(str, files),
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return parse_mypy(result.stdout)


def run_pyright(files: list[Path], cwd: Path) -> Report:
    """basedpyright in strict mode on the files, its report as JSON."""
    config = cwd / "pyrightconfig.json"
    config.write_text(json.dumps(PYRIGHT_CONFIG), encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "basedpyright",
            "--outputjson",
            "--project",
            str(config),
            "--pythonpath",
            sys.executable,
            *map(str, files),
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode in (0, 1) and result.stdout.lstrip().startswith("{"), result.stderr
    return parse_pyright(result.stdout)


def differences(expected: dict[Key, str], report: Report, checker: str) -> list[str]:
    """Each revealed type that is not the expected one, and each other diagnostic."""
    wrong = [
        f"{name}:{line}: {checker} reveals {report.revealed.get(key, '(nothing)')!r}, "
        f"not {expected[key]!r}"
        for key in sorted(k for k in expected if k[2] == checker)
        for name, line, _ in [key]
        if report.revealed.get(key) != expected[key]
    ]
    unexpected = [
        f"{name}:{line}: {checker} reveals {shown!r} where no type is expected"
        for (name, line, _), shown in sorted(report.revealed.items())
        if (name, line, checker) not in expected
    ]
    return wrong + unexpected + report.others


def pyright_installed() -> None:
    """Skip without basedpyright (the ``dev`` extra installs it), except in CI, where it is due."""
    if importlib.util.find_spec("basedpyright") is None:
        assert not os.environ.get("CI"), "CI installs the dev extra, basedpyright with it"
        pytest.skip("basedpyright is not installed (pip install -e '.[dev]')")


CASE_FILES = sorted(CASES.glob("*.py"))


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("checker", CHECKERS)
def test_the_checkers_reveal_the_documented_types(checker: str, tmp_path: Path) -> None:
    if checker == "pyright":
        pyright_installed()
    expected = {k: v for path in CASE_FILES for k, v in expectations(path).items()}
    run = run_mypy if checker == "mypy" else run_pyright
    report = run(CASE_FILES, tmp_path)
    wrong = differences(expected, report, checker)
    assert not wrong, "\n".join(wrong)


# --------------------------------------------------------- the reading of the reports


def test_every_reveal_of_the_cases_has_an_expected_type_for_each_checker() -> None:
    found = [key for path in CASE_FILES for key in expectations(path)]
    assert len(CASE_FILES) >= 3 and len(found) >= 80, len(found)


def test_a_reveal_without_its_expected_types_is_refused(tmp_path: Path) -> None:
    case = tmp_path / "case.py"
    case.write_text("reveal_type(1)\n# mypy reveals: int\nx = 2\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"case.py:1: no expected type for \['pyright'\]"):
        expectations(case)


def test_a_wrong_type_a_missing_reveal_and_an_error_are_each_reported() -> None:
    mypy_out = (
        'case.py:1: note: Revealed type is "builtins.str"\n'
        'case.py:5: note: Revealed type is "builtins.int"\n'
        'case.py:7: error: Unused "type: ignore" comment  [unused-ignore]\n'
    )
    expected = {("case.py", 1, "mypy"): "builtins.int", ("case.py", 3, "mypy"): "builtins.int"}
    assert differences(expected, parse_mypy(mypy_out), "mypy") == [
        "case.py:1: mypy reveals 'builtins.str', not 'builtins.int'",
        "case.py:3: mypy reveals '(nothing)', not 'builtins.int'",
        "case.py:5: mypy reveals 'builtins.int' where no type is expected",
        'case.py:7: error: Unused "type: ignore" comment  [unused-ignore]',
    ]


def test_pyrights_json_report_is_read() -> None:
    out = json.dumps(
        {
            "generalDiagnostics": [
                {
                    "file": "/x/case.py",
                    "severity": "information",
                    "message": 'Type of "f("a")" is "list[str]"',
                    "range": {"start": {"line": 0, "character": 12}},
                },
                {
                    "file": "/x/case.py",
                    "severity": "error",
                    "message": 'Type of "bind" is partially unknown',
                    "range": {"start": {"line": 3, "character": 5}},
                    "rule": "reportUnknownMemberType",
                },
            ]
        }
    )
    report = parse_pyright(out)
    assert report.revealed == {("case.py", 1, "pyright"): "list[str]"}
    assert report.others == [
        'case.py:4: error: Type of "bind" is partially unknown reportUnknownMemberType'
    ]
