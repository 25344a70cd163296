"""The generator: distinct puzzles with exactly one solution, the same for the same seed,
from many different grids; clear refusals; and ``fsudoku generate``."""

from __future__ import annotations

import subprocess
import sys
from random import Random

import pytest
from support import run_cli

import fsudoku
from fsudoku import count_solutions
from fsudoku.run.generate import GenerateGaveUp, generate, is_minimal, random_grid


@pytest.mark.slow
def test_the_command_prints_distinct_unique_puzzles_the_same_on_every_run() -> None:
    code, text = run_cli(["generate", "8", "--clues", "24", "--seed", "1"])
    assert code == 0
    lines = text.splitlines()
    assert len(lines) == len(set(lines)) == 8
    for line in lines:
        assert len(line) == 81 and 81 - line.count(".") == 24
        assert count_solutions(line, limit=2) == 1
    assert lines == fsudoku.generate(8, clues=24, seed=1)  # the library gives the same


@pytest.mark.slow
def test_a_hundred_puzzles_with_24_clues() -> None:
    """The issue's check: ``fsudoku generate 100 --clues 24 --seed 1``, run twice."""
    command = [sys.executable, "-m", "fsudoku", "generate", "100", "--clues", "24", "--seed", "1"]
    runs = [
        subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
        for _ in "ab"
    ]
    lines = runs[0].stdout.splitlines()
    assert runs[0].stdout == runs[1].stdout
    assert len(set(lines)) == 100
    assert all(count_solutions(line, limit=2) == 1 and line.count(".") == 57 for line in lines)


def test_minimal_puzzles_and_many_grids() -> None:
    grids = {random_grid(Random(seed)) for seed in range(20)}
    assert len(grids) == 20
    (puzzle,) = generate(1, seed=4)
    assert is_minimal(puzzle) and 17 <= 81 - puzzle.count(".") <= 30


def test_symmetric_and_not_unique() -> None:
    (puzzle,) = generate(1, clues=30, seed=2, symmetric=True)
    assert all((puzzle[i] == ".") == (puzzle[80 - i] == ".") for i in range(81))
    (free,) = generate(1, clues=10, seed=2, unique=False)
    assert 81 - free.count(".") == 10 and count_solutions(free, limit=2) == 2


def test_too_few_clues_are_refused_or_reported() -> None:
    with pytest.raises(ValueError, match="between 17 and 81"):
        generate(clues=16)
    with pytest.raises(ValueError, match="clues is needed when unique=False"):
        generate(unique=False)
    with pytest.raises(GenerateGaveUp, match="no puzzle with 19 clues in 3 attempts") as raised:
        generate(clues=19, seed=1, attempts=3)
    assert raised.value.fewest > 19
    code, _ = run_cli(["generate", "1", "--clues", "19", "--seed", "1", "--attempts", "2"])
    assert code == 1
    assert run_cli(["generate", "1", "--clues", "16"])[0] == 2
