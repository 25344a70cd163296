"""Constraint propagation to a fixpoint (naked and hidden singles), then MRV search."""

from __future__ import annotations

from hypothesis import given, settings

from fsudoku.base.oracle import is_solution
from fsudoku.base.outcome import Outcome
from fsudoku.pe96 import norvig
from fsudoku.pe96.norvig import ALL, COUNT, PEERS, UNITS
from fsudoku.run.registry import solve_line
from fsudoku.testing.strategies import (
    SAMPLE_PUZZLE,
    SAMPLE_SOLUTION,
    contradictory_puzzles,
    puzzles,
    puzzles_with_solutions,
)


def bit(d: int) -> int:
    return 1 << (d - 1)


def test_units_and_peers() -> None:
    for s in range(81):
        assert len(UNITS[s]) == 3 and all(len(u) == 9 and s in u for u in UNITS[s])
        assert len(PEERS[s]) == 20 and s not in PEERS[s]
        # set equality: the peers are the union of the units, minus the square
        assert set(PEERS[s]) == {q for u in UNITS[s] for q in u} - {s}


def test_naked_single_leaves_the_peers() -> None:
    values = [ALL] * 81
    assert norvig.assign(values, 40, bit(5))
    assert values[40] == bit(5)
    assert all(not values[q] & bit(5) for q in PEERS[40])
    assert all(values[q] == ALL for q in range(81) if q != 40 and q not in PEERS[40])


def test_eliminate_is_one_pending_elimination() -> None:
    # eliminate v s d = propagate v [(s, d)]   (list equality of the masks)
    left, right = [ALL] * 81, [ALL] * 81
    for d in range(2, 10):
        assert norvig.eliminate(left, 3, bit(d)) == norvig.propagate(right, [(3, bit(d))])
    assert left == right, (left, right)
    assert left[3] == bit(1) and not any(left[q] & bit(1) for q in PEERS[3])


def test_hidden_single_is_assigned() -> None:
    # Digit 1 leaves squares 1..8 of row 0: its only place in the row is square 0.
    values = [ALL] * 81
    assert norvig.propagate(values, [(s, bit(1)) for s in range(1, 9)])
    assert values[0] == bit(1), bin(values[0])
    assert all(not values[q] & bit(1) for q in PEERS[0])


def test_contradictions() -> None:
    # An empty square.
    assert not norvig.propagate([ALL] * 81, [(0, bit(d)) for d in range(1, 10)])
    # A digit with no place in a unit (row 0 loses every 1).
    assert not norvig.propagate([ALL] * 81, [(s, bit(1)) for s in range(9)])
    # Assigning a digit the square no longer has.
    values = [ALL] * 81
    values[0] = bit(2) | bit(3)
    assert not norvig.assign(values, 0, bit(1))


@given(contradictory_puzzles())
@settings(max_examples=60)
def test_clashing_clues_fail_while_seeding(puzzle: str) -> None:
    # parse p = None when some unit holds a digit twice
    assert norvig.parse(puzzle) is None
    assert solve_line("norvig", puzzle) == Outcome.no_solution(0)


@given(puzzles_with_solutions(0, 81))
@settings(max_examples=80)
def test_propagation_reaches_a_sound_fixpoint(pair: tuple[str, str]) -> None:
    # parse p = the fixpoint of naked and hidden singles, keeping every solution's digits
    puzzle, solution = pair
    values = norvig.parse(puzzle)
    assert values is not None
    for s in range(81):
        # sound: the known solution's digit is still a candidate
        assert values[s] & bit(int(solution[s])), (s, bin(values[s]), solution[s])
        # naked singles propagated: a solved square's digit is gone from its peers
        if COUNT[values[s]] == 1:
            assert all(not values[q] & values[s] for q in PEERS[s]), s
    for s in range(0, 81, 10):
        for u in UNITS[s]:
            for d in range(1, 10):
                places = [q for q in u if values[q] & bit(d)]
                # hidden singles assigned: a digit with one place is placed there
                assert len(places) >= 1
                if len(places) == 1:
                    assert values[places[0]] == bit(d), (u, d)


@given(puzzles(0, 3))
@settings(max_examples=50)
def test_three_blanks_need_no_guess(puzzle: str) -> None:
    # solve_line p = solved s 0   when p has at most 3 blanks (propagation alone)
    outcome = solve_line("norvig", puzzle)
    assert outcome.status == "solved" and outcome.nodes == 0, outcome
    assert outcome.solution is not None and is_solution(outcome.solution, puzzle)


def test_search_leaves_its_input_alone() -> None:
    values = norvig.parse("." * 81)
    assert values == [ALL] * 81
    solved, nodes, gave_up = norvig.search(values)
    assert values == [ALL] * 81
    assert solved is not None and not gave_up and nodes > 0
    line = "".join(str(m.bit_length()) for m in solved)
    assert all(COUNT[m] == 1 for m in solved) and is_solution(line, "." * 81), line


def test_sample_is_solved_by_propagation_alone() -> None:
    values = norvig.parse(SAMPLE_PUZZLE)
    assert values is not None
    line = "".join(str(m.bit_length()) if COUNT[m] == 1 else "." for m in values)
    assert line == SAMPLE_SOLUTION, line
    assert solve_line("norvig", SAMPLE_PUZZLE) == Outcome.solved(SAMPLE_SOLUTION, 0)
