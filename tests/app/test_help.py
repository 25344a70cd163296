"""``--help`` and docs/cli.md: every command's exit statuses, choices and defaults; the page
names every command and option of the parser."""

from __future__ import annotations

import argparse
import re

import pytest
from support import ROOT, run_cli

from fsudoku.app import process
from fsudoku.app.cli import build_parser
from fsudoku.base.names import SARKAR_RULES, SOLVERS


def commands() -> dict[str, argparse.ArgumentParser]:
    """Each subcommand's parser, by name."""
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if not isinstance(a, argparse._HelpAction)]


def listed_statuses(help_text: str) -> list[int]:
    """The statuses of the ``exit status:`` list that ends a help."""
    epilog = help_text[help_text.index("\nexit status:\n") :]
    return [int(m) for m in re.findall(r"^  (\d+) ", epilog, re.MULTILINE)]


def test_the_statuses_are_every_status_of_the_program() -> None:
    constants = {v for k, v in vars(process).items() if k.startswith("EXIT_")}
    assert set(process.STATUSES) == constants
    assert list(process.STATUSES) == sorted(constants)


def help_of(command: str | None, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``fsudoku [COMMAND] --help`` prints (status 0)."""
    code, _ = run_cli([command, "--help"] if command else ["--help"])
    assert code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", [None, *commands()])
def test_every_help_ends_with_the_exit_statuses(
    command: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    out = help_of(command, capsys)
    expected = [s for s in process.STATUSES if not (command == "demo" and s == 1)]
    assert listed_statuses(out) == expected, out
    assert out.rstrip().endswith("SIGTERM"), out  # the list is the help's end


def test_each_command_words_its_own_0_and_1(capsys: pytest.CaptureFixture[str]) -> None:
    check, explain = help_of("check", capsys), help_of("explain", capsys)
    assert "0    every puzzle has exactly one solution" in check
    assert "0    the trace reached a solution" in explain


@pytest.mark.parametrize("command", list(commands()))
def test_every_default_and_every_choice_is_shown(command: str) -> None:
    parser = commands()[command]
    text = parser.format_help()
    for action in options(parser):
        if action.default not in (None, False, argparse.SUPPRESS) and action.option_strings:
            assert action.help and "default" in action.help, (command, action.option_strings)
        for choice in action.choices or ():
            assert str(choice) in text, (command, action.option_strings, choice)


def test_explain_solver_has_help_and_its_default() -> None:
    (solver,) = [a for a in options(commands()["explain"]) if "--solver" in a.option_strings]
    assert solver.help and "(default: exclusives)" in solver.help % {"default": solver.default}


def test_demo_help_offers_only_the_solvers_the_demo_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = help_of("demo", capsys)
    offered = re.search(r"--solver \{([^}]*)\}", out)
    assert offered is not None and tuple(offered.group(1).split(",")) == SARKAR_RULES, out
    assert not any(name in out for name in SOLVERS if name not in SARKAR_RULES), out


# ------------------------------------------------------------------ the page


def unnamed(page: str, parsers: dict[str, argparse.ArgumentParser]) -> list[str]:
    """The commands and options of ``parsers`` that ``page`` does not name."""
    words = set(re.findall(r"-{0,2}[A-Za-z0-9][\w-]*", page))
    missing = [name for name in parsers if name not in words]
    for name, parser in parsers.items():
        missing += [
            f"{name} {option}"
            for action in options(parser)
            for option in action.option_strings
            if option not in words
        ]
    return missing


def test_the_page_names_every_command_and_option() -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    missing = unnamed(page, commands())
    assert not missing, f"docs/cli.md does not name: {', '.join(missing)}"


def test_the_page_check_sees_a_missing_command_and_option() -> None:
    parsers = commands()
    parsers["solve"].add_argument("--not-on-the-page", action="store_true")
    parsers["nowhere"] = argparse.ArgumentParser()
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert unnamed(page, parsers) == ["nowhere", "solve --not-on-the-page"]
