"""Constraint propagation to a fixpoint before guessing (Project Euler 96 notes, index 2).

Following Peter Norvig's essay: each cell holds its candidate digits as a 9-bit mask;
one primitive, ``eliminate``, removes a digit from a cell and enforces the two rules
(naked single, hidden single); ``assign`` fixes a cell by eliminating its other
candidates. The cascade runs to a fixpoint, and only then does the search guess, on
the unsolved cell with the fewest candidates, each guess on a fresh copy of the state.

Glossary (Norvig's short names):

- ``s`` a square (cell index ``0``-``80``, row-major); ``d`` a digit ``1``-``9``;
  ``bit`` its mask ``1 << (d - 1)``;
- ``values`` the list of 81 candidate masks (Norvig's ``values`` dict);
- ``UNITS[s]`` the row, column and box of ``s`` (three tuples of 9 squares);
- ``PEERS[s]`` the 20 other squares sharing a unit with ``s``;
- ``COUNT[m]`` the number of candidates in mask ``m`` (a population count);
- ``todo`` the pending eliminations ``(s, bit)`` (the cascade, kept as a work list
  instead of Norvig's mutual recursion, so its depth is not bounded by Python's stack).

Sections follow the notes' order: the two propagation rules (``eliminate``,
``assign``), seeding with the clues, then "search only when stuck".

What counts as a node: one search node per guess (a digit tried in the chosen cell
on a fresh copy of the state). A puzzle solved by propagation alone takes 0 nodes.

>>> from fsudoku.grid_io import SAMPLE as PUZZLE
>>> solve(PUZZLE)
<Some: 693784512487512936125963874932651487568247391741398625319475268856129743274836159>
>>> first_solution("11" + "." * 79).solution is None
True
"""

from __future__ import annotations

from fsudoku.base.outcome import Found, maybe_solver
from fsudoku.base.units import ALL as ALL
from fsudoku.base.units import PEERS as PEERS
from fsudoku.base.units import POPCOUNT
from fsudoku.base.units import UNITS as BOARD_UNITS
from fsudoku.grid_io import is_puzzle

COUNT = POPCOUNT
"""Population count of every 9-bit mask."""

# --- Squares, units and peers -------------------------------------------------------

UNITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(u for u in BOARD_UNITS if s in u) for s in range(81)
)
"""The three units (row, column, box) of each square.

>>> UNITS[0][2]
(0, 1, 2, 9, 10, 11, 18, 19, 20)
"""

_DIGIT_OF: dict[int, str] = {1 << (d - 1): str(d) for d in range(1, 10)}

# --- The two propagation rules: eliminate and assign --------------------------------


def propagate(values: list[int], todo: list[tuple[int, int]]) -> bool:
    """Run the pending eliminations to a fixpoint in place; ``False`` on a contradiction.

    Each ``eliminate(s, bit)`` clears one bit; then (1) naked single: a square left
    with one candidate eliminates it from its 20 peers; (2) hidden single: in each
    unit of ``s``, a digit left with one place is assigned there (its other candidates
    eliminated). An empty square, or a digit with no place in a unit, is a
    contradiction (notes, index 2, "The two propagation rules").

    >>> values = [ALL] * 81
    >>> propagate(values, [(0, 1 << k) for k in range(1, 9)]), values[0], values[1]
    (True, 1, 510)
    >>> propagate([ALL] * 81, [(0, 1 << k) for k in range(9)])
    False
    """
    units_of = UNITS
    peers_of = PEERS
    pop = todo.pop
    push = todo.append
    while todo:
        s, bit = pop()
        v = values[s]
        if not v & bit:
            continue
        v ^= bit
        values[s] = v
        if not v:
            return False
        if not v & (v - 1):
            # Naked single: the one digit left leaves every peer.
            for q in peers_of[s]:
                if values[q] & v:
                    push((q, v))
        # Hidden single: where can ``bit`` still go in each unit of s?
        for u in units_of[s]:
            place = -1
            for q in u:
                if values[q] & bit:
                    if place >= 0:
                        break
                    place = q
            else:
                if place < 0:
                    return False
                w = values[place]
                if w != bit:
                    # assign(place, d): eliminate every other candidate.
                    rest = w ^ bit
                    while rest:
                        low = rest & -rest
                        push((place, low))
                        rest ^= low
    return True


def eliminate(values: list[int], s: int, bit: int) -> bool:
    """Remove the digit ``bit`` from square ``s``, in place, with the cascade to a fixpoint.

    ``False`` on a contradiction.

    Norvig: ``eliminate(values, s, d)`` -- "eliminate d from values[s]; propagate when
    values or places <= 2".

    >>> values = [ALL] * 81
    >>> eliminate(values, 0, 1), values[0]
    (True, 510)
    """
    return propagate(values, [(s, bit)])


def assign(values: list[int], s: int, bit: int) -> bool:
    """Fix square ``s`` to the digit ``bit`` by eliminating its other candidates, in place.

    With the cascade to a fixpoint; ``False`` on a contradiction.

    Norvig: ``assign(values, s, d)`` -- "eliminate all the other values (except d)
    from values[s] and propagate".

    >>> values = [ALL] * 81
    >>> assign(values, 0, 1 << 4), values[0], values[1] & (1 << 4)
    (True, 16, 0)
    """
    todo: list[tuple[int, int]] = []
    rest = values[s] & ~bit
    while rest:
        low = rest & -rest
        todo.append((s, low))
        rest ^= low
    if not values[s] & bit:
        return False
    return propagate(values, todo)


# --- Seeding the grid with the clues ------------------------------------------------


def parse(puzzle: str) -> list[int] | None:
    """The candidate masks after assigning every clue (to the fixpoint).

    ``None`` when the clues contradict each other.

    Notes: "Seeding the grid is just ``assign``-ing each clue, which triggers the
    cascade".

    >>> values = parse("1" + "." * 80)
    >>> values is not None and values[0] == 1 and values[1] == ALL - 1
    True
    >>> parse("11" + "." * 79) is None
    True
    """
    values = [ALL] * 81
    for s, ch in enumerate(puzzle):
        if ch != "." and not assign(values, s, 1 << (int(ch) - 1)):
            return None
    return values


# --- Search only when stuck ---------------------------------------------------------


def search(values: list[int], max_nodes: int | None = None) -> tuple[list[int] | None, int, bool]:
    """Depth-first search over guesses.

    The result: the solved masks (or ``None``), the node count, and whether the search gave
    up at ``max_nodes``. ``values`` is not modified.

    Picks the unsolved square with the fewest candidates (MRV) and tries each digit,
    smallest first, on a fresh copy of the state, propagating every guess to a new
    fixpoint (notes, index 2, "Search only when stuck"). Iterative: the stack holds
    the untried digits of each open square.

    >>> values = parse("." * 81)
    >>> solved, nodes, gave_up = search(values)
    >>> all(COUNT[m] == 1 for m in solved), nodes, gave_up
    (True, 47, False)
    """
    count = COUNT
    bound = -1 if max_nodes is None else max_nodes
    nodes = 0
    s = _fewest(values)
    if s < 0:
        return values, 0, False
    stack: list[tuple[list[int], int, int]] = [(values, s, values[s])]
    while stack:
        parent, s, untried = stack.pop()
        bit = untried & -untried
        untried ^= bit
        if untried:
            stack.append((parent, s, untried))
        if nodes == bound:
            return None, nodes, True
        nodes += 1
        child = parent[:]
        if not assign(child, s, bit):
            continue
        # MRV: the unsolved square with the fewest candidates (-1: solved).
        best = -1
        low = 10
        for q in range(81):
            n = count[child[q]]
            if 1 < n < low:
                low = n
                best = q
                if n == 2:
                    break
        if best < 0:
            return child, nodes, False
        stack.append((child, best, child[best]))
    return None, nodes, False


def _fewest(values: list[int]) -> int:
    """The unsolved square with the fewest candidates, or ``-1`` when all are solved."""
    best = -1
    low = 10
    for q, m in enumerate(values):
        n = COUNT[m]
        if 1 < n < low:
            low = n
            best = q
    return best


# --- The public interface -----------------------------------------------------------


def first_solution(puzzle: str, max_nodes: int | None = None) -> Found | None:
    """Propagate the clues of a line, then search; ``None`` if it is not a puzzle.

    The notes' third solver, index 2: the first solution and the guesses made. Clues
    that clash while seeding give no solution with 0 nodes. The arguments are not
    checked (:mod:`fsudoku.base.validate`; ``fsudoku.solve(line, "norvig")`` checks them).

    >>> first_solution("1" * 81)
    Found(solution=None, nodes=0, gave_up=False)
    >>> first_solution("." * 81, max_nodes=3)
    Found(solution=None, nodes=3, gave_up=True)
    """
    if not is_puzzle(puzzle):
        return None
    values = parse(puzzle)
    if values is None:
        return Found(None, 0)
    solved, nodes, gave_up = search(values, max_nodes)
    solution = None if solved is None else "".join(_DIGIT_OF[m] for m in solved)
    return Found(solution, nodes, gave_up)


solve = maybe_solver(first_solution)
"""The first solution of an input line, or ``Nothing`` (no solution, or not a puzzle)."""
