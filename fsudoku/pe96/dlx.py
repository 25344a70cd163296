"""Exact cover with Knuth's Algorithm X and Dancing Links (Project Euler 96 notes, index 1).

The puzzle becomes a 0/1 matrix: 324 constraint columns and one matrix row per
placement of a digit in a cell; a solved grid is a set of 81 rows that puts exactly
one 1 in every column. The matrix lives in seven parallel integer lists, and the
search covers and uncovers columns in place. All of that mutation stays inside one
call: :func:`first_solution`, :func:`solve` and :func:`exact_covers` take a puzzle line
and return values.

Glossary (short names, as in the notes and Knuth's paper):

- ``L``, ``R``, ``U``, ``D`` -- the ``left``, ``right``, ``up``, ``down`` links of a node;
- ``C`` -- ``column``: the header node of a node's column;
- ``S`` -- ``size``: how many 1s a column still has (meaningful for headers only);
- ``ROW`` -- ``row_id``: the placement a node belongs to, ``cell * 9 + digit - 1``
  (``-1`` for the root and the headers);
- node ``0`` is the root, nodes ``1``-``324`` the column headers, then four nodes per
  matrix row;
- ``c`` a column header, ``r`` a node of a chosen row, ``i``/``j`` nodes walked along
  a column or a row; ``chosen`` the stack of chosen row nodes (Knuth's ``O_k``);
- a *placement* ``p = cell * 9 + (digit - 1)``; a *line* is an 81-character puzzle,
  ``.`` for a blank.

Sections follow the notes' order: the constraint columns, building the mesh, the
search (cover/uncover, Knuth's S heuristic, decoding the chosen rows), then the
public interface.

What counts as a node: one search node per matrix row the search tries (a row chosen
for the column being covered), forced choices included. The clue rows are selected
before the search starts and are not counted.

>>> PUZZLE = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
>>> solve(PUZZLE)
<Some: 693784512487512936125963874932651487568247391741398625319475268856129743274836159>
>>> first_solution("11" + "." * 79).solution is None
True
"""

from __future__ import annotations

from fsudoku.base.outcome import Found, maybe_solver
from fsudoku.grid_io import is_puzzle

# --- The constraint columns ---------------------------------------------------------

N_COLUMNS = 324
"""81 "cell filled" + 81 "row has digit" + 81 "column has digit" + 81 "box has digit"."""


def placement_columns(cell: int, digit: int) -> tuple[int, int, int, int]:
    """The four constraint columns (1-based header ids) a placement discharges.

    Notes, index 1: "each matrix *row* is a single placement of a digit in a cell,
    marking the exactly four constraints it discharges".

    >>> placement_columns(0, 1)
    (1, 82, 163, 244)
    >>> placement_columns(80, 9)
    (81, 162, 243, 324)
    """
    row, col = divmod(cell, 9)
    box = (row // 3) * 3 + col // 3
    d = digit - 1
    return (1 + cell, 82 + row * 9 + d, 163 + col * 9 + d, 244 + box * 9 + d)


_COLUMNS: tuple[tuple[int, int, int, int], ...] = tuple(
    placement_columns(p // 9, p % 9 + 1) for p in range(729)
)
"""The columns of each placement ``p = cell * 9 + digit - 1``."""

_DIGIT_CODE = {str(d): d - 1 for d in range(1, 10)}

# --- Building the mesh --------------------------------------------------------------

Mesh = tuple[list[int], list[int], list[int], list[int], list[int], list[int], list[int]]
"""``(L, R, U, D, C, S, ROW)``: the seven parallel arrays of the notes."""


def build(puzzle: str) -> tuple[Mesh, list[int]] | None:
    """The exact-cover mesh of a puzzle and its clue rows, or ``None`` for clashing clues.

    A clue emits only the row of its own digit, an empty cell all nine (notes,
    index 1). Two clue rows that cover the same column cannot be in any exact cover:
    that is detected here and gives ``None``.

    >>> mesh, clues = build(".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...")
    >>> len(clues), len(mesh[0]) == 1 + 324 + 4 * (17 + 64 * 9)
    (17, True)
    >>> build("11" + "." * 79) is None
    True
    """
    n = N_COLUMNS
    left = list(range(-1, n))
    left[0] = n
    right = list(range(1, n + 2))
    right[n] = 0
    up = list(range(n + 1))
    down = list(range(n + 1))
    column = list(range(n + 1))
    size = [0] * (n + 1)
    row_id = [-1] * (n + 1)
    clue_nodes: list[int] = []
    taken = [False] * (n + 1)
    node = n + 1
    for cell, ch in enumerate(puzzle):
        if ch == ".":
            placements = range(cell * 9, cell * 9 + 9)
        else:
            p = cell * 9 + _DIGIT_CODE[ch]
            for c in _COLUMNS[p]:
                if taken[c]:
                    return None
                taken[c] = True
            placements = range(p, p + 1)
            clue_nodes.append(node)
        for p in placements:
            first = node
            for c in _COLUMNS[p]:
                last = up[c]
                up.append(last)
                down.append(c)
                down[last] = node
                up[c] = node
                column.append(c)
                size[c] += 1
                row_id.append(p)
                left.append(node - 1)
                right.append(node + 1)
                node += 1
            left[first] = node - 1
            right[node - 1] = first
    return (left, right, up, down, column, size, row_id), clue_nodes


# --- The search: Algorithm X with cover/uncover and the S heuristic ----------------


def exact_covers(
    puzzle: str, limit: int | None = 1, max_nodes: int | None = None
) -> tuple[list[str], int, bool]:
    """Up to ``limit`` solutions (all when ``None``), the node count, and whether it gave up.

    The search gives up at ``max_nodes`` nodes.

    >>> sols, nodes, gave_up = exact_covers("." * 81, limit=3)
    >>> len(sols), len(set(sols)), gave_up
    (3, 3, False)
    >>> exact_covers("." * 81, limit=None, max_nodes=10)[1:]
    (10, True)

    The arguments are not checked: a puzzle line, a ``limit`` of ``None`` or at least 1,
    a ``max_nodes`` of ``None`` or at least 0 (:mod:`fsudoku.base.validate`).
    """
    _found, solutions, nodes, gave_up = algorithm_x(puzzle, limit, max_nodes, True)
    return solutions, nodes, gave_up


def count_covers(
    puzzle: str, limit: int | None = None, max_nodes: int | None = None
) -> tuple[int, int, bool]:
    """How many exact covers there are (up to ``limit``), the node count, and whether it gave up.

    The covers are not decoded; the search gives up at ``max_nodes`` nodes.

    >>> count_covers("." * 81, limit=5)
    (5, 112, False)
    >>> count_covers("11" + "." * 79)
    (0, 0, False)

    The arguments are not checked, as for :func:`exact_covers`.
    """
    found, _solutions, nodes, gave_up = algorithm_x(puzzle, limit, max_nodes, False)
    return found, nodes, gave_up


def algorithm_x(
    puzzle: str, limit: int | None, max_nodes: int | None, record: bool
) -> tuple[int, list[str], int, bool]:
    """Algorithm X on a puzzle line's matrix: covers found, decoded covers, nodes, gave up.

    Returns the number of covers found (at most ``limit``), the decoded ones (when
    ``record``), the node count, and whether the search gave up at ``max_nodes``. The
    search behind :func:`exact_covers`, :func:`count_covers` and :func:`first_solution`;
    it trusts its arguments (a puzzle line, a ``limit`` of ``None`` or at least 1, a
    ``max_nodes`` of ``None`` or at least 0). The clue rows are selected first (they
    are forced), then :meth:`_AlgorithmX.search` runs.
    """
    built = build(puzzle)
    if built is None:
        return 0, [], 0, False
    mesh, clue_nodes = built
    algorithm = _AlgorithmX(mesh, puzzle, limit, record)
    for r in clue_nodes:  # the clue rows are forced
        algorithm.cover(algorithm.C[r])
        algorithm.cover_row(r)
    if limit == 0:
        return 0, [], 0, False
    return algorithm.search(-1 if max_nodes is None else max_nodes)


class _AlgorithmX:
    """One run of Algorithm X over a mesh: cover/uncover, the S heuristic, the search loop."""

    def __init__(self, mesh: Mesh, puzzle: str, limit: int | None, record: bool) -> None:
        self.L, self.R, self.U, self.D, self.C, self.S, self.ROW = mesh
        self.base = list(puzzle)
        self.want = -1 if limit is None else limit
        self.record = record
        self.found = 0
        self.solutions: list[str] = []

    def cover(self, c: int) -> None:
        """Take column ``c`` out of the header ring and each of its rows out of other columns."""
        L, R, U, D, C, S = self.L, self.R, self.U, self.D, self.C, self.S
        L[R[c]] = L[c]
        R[L[c]] = R[c]
        i = D[c]
        while i != c:
            j = R[i]
            while j != i:
                dj = D[j]
                uj = U[j]
                U[dj] = uj
                D[uj] = dj
                S[C[j]] -= 1
                j = R[j]
            i = D[i]

    def uncover(self, c: int) -> None:
        """Undo :meth:`cover` of column ``c``, in the reverse order (the dancing links)."""
        L, R, U, D, C, S = self.L, self.R, self.U, self.D, self.C, self.S
        i = U[c]
        while i != c:
            j = L[i]
            while j != i:
                S[C[j]] += 1
                U[D[j]] = j
                D[U[j]] = j
                j = L[j]
            i = U[i]
        L[R[c]] = c
        R[L[c]] = c

    def cover_row(self, r: int) -> None:
        """Cover the other columns of row node ``r``, left to right (choosing its row)."""
        R, C = self.R, self.C
        j = R[r]
        while j != r:
            self.cover(C[j])
            j = R[j]

    def uncover_row(self, r: int) -> None:
        """Undo :meth:`cover_row`: uncover the other columns of ``r``, right to left."""
        L, C = self.L, self.C
        j = L[r]
        while j != r:
            self.uncover(C[j])
            j = L[j]

    def smallest(self) -> int:
        """Knuth's S heuristic: the first column with the fewest rows (0 or 1 cannot be beaten)."""
        R, S = self.R, self.S
        c = R[0]
        best = c
        s = S[c]
        while c and s > 1:
            sc = S[c]
            if sc < s:
                s = sc
                best = c
            c = R[c]
        return best

    def decode(self, chosen: list[int]) -> str:
        """The puzzle line with the placements of the chosen rows filled in."""
        cells = self.base[:]
        for x in chosen:
            p = self.ROW[x]
            cells[p // 9] = "123456789"[p % 9]
        return "".join(cells)

    def solved(self, chosen: list[int]) -> bool:
        """Count (and record) the exact cover ``chosen``; whether ``limit`` is reached."""
        self.found += 1
        if self.record:
            self.solutions.append(self.decode(chosen))
        return self.found == self.want

    def search(self, bound: int) -> tuple[int, list[str], int, bool]:
        """The search, iteratively, after the clues; ``bound``: ``max_nodes``, -1 for none.

        Cover the column of smallest size, try each of its rows (a node: cover the row's
        other columns, descend); on a dead end or a recorded solution take the row back
        and try the next; a column exhausted is uncovered and the search backtracks to
        the previous level. The root's ring empty means every constraint is met.
        """
        R, D, C, S = self.R, self.D, self.C, self.S
        chosen: list[int] = []  # Knuth's O_k: the chosen row nodes
        if R[0] == 0:  # the clues alone are a solution
            self.solved(chosen)
            return self.found, self.solutions, 0, False
        c = self.smallest()
        if S[c] == 0:
            return 0, self.solutions, 0, False
        nodes = 0
        self.cover(c)
        r = D[c]
        while True:
            if r == c:  # column c exhausted: uncover it, back to the previous level
                self.uncover(c)
                if not chosen:
                    break
                r = chosen.pop()
                self.uncover_row(r)
                c, r = C[r], D[r]
                continue
            if nodes == bound:
                return self.found, self.solutions, nodes, True
            nodes += 1
            chosen.append(r)
            self.cover_row(r)
            if R[0] == 0:
                if self.solved(chosen):
                    break
                best = 0
            else:
                best = self.smallest()
            if best == 0 or S[best] == 0:  # a solution recorded or a dead end: next row
                chosen.pop()
                self.uncover_row(r)
                r = D[r]
                continue
            c = best
            self.cover(c)
            r = D[c]
        return self.found, self.solutions, nodes, False


# --- The public interface ----------------------------------------------------------


def first_solution(puzzle: str, max_nodes: int | None = None) -> Found | None:
    """The first exact cover of a line's matrix, read back as a solution; ``None`` if it is not a puzzle.

    The notes' second solver (index 1); the nodes are the matrix rows tried, clue rows
    not included. The arguments are not checked (:mod:`fsudoku.base.validate`;
    ``fsudoku.solve(line, "dlx")`` checks them).

    >>> first_solution("1" * 81)
    Found(solution=None, nodes=0, gave_up=False)
    >>> first_solution("." * 81, max_nodes=5)
    Found(solution=None, nodes=5, gave_up=True)
    """
    if not is_puzzle(puzzle):
        return None
    _found, solutions, nodes, gave_up = algorithm_x(puzzle, 1, max_nodes, True)
    return Found(solutions[0] if solutions else None, nodes, gave_up)


solve = maybe_solver(first_solution)
"""The first solution of an input line, or ``Nothing`` (no solution, or not a puzzle)."""
