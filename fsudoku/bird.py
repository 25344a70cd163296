"""Richard Bird's Sudoku solver ("Thinking Functionally with Haskell"), ported faithfully.

The source is a literate-Haskell lecture (``sudoku.lhs``) that derives Bird's solver from an
executable specification by equational reasoning. Its parts are cited as sections, in order:
§types, §specification, §validity, §laws (LFONC, LNAT, LFILCP, LFILINV, LPRUNE, in
:data:`fsudoku.testing.LAWS`; ``filter`` through ``test``), §pruning, §many, §expand1, §search,
§data. Names are the Haskell ones in snake_case, primes spelled out: ``solve'`` is
:func:`solve_pruned`, ``solve''`` :func:`solve_many_pruned`, ``solve'''`` :func:`solve_search`.

A matrix is a tuple of rows, a row a tuple; a digit a one-character string, ``'1'``..``'9'``,
``'0'`` for a blank, as in Bird; a cell of a choice matrix (``[Digit]``) a string of digits,
so a choice matrix is a ``Matrix[str]``. Lazy lists become generators where the lecture relies
on laziness, yielding in Haskell's order: ``next(solve_search(g))`` stops at the first
solution. Functions that depend on the box size take a keyword ``n`` (a box's side, 3 by
default), so the laws can be checked on 4x4 boards (``n=2``); ``n=3`` is exactly the Haskell.

>>> g = s2g("000000010400000000020000000000050407008000300001090000300400200050100000000806000")
>>> "".join(ungroup(next(solve_search(g))))
'693784512487512936125963874932651487568247391741398625319475268856129743274836159'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import chain
from typing import Generic, TypeAlias, TypeVar

from fsudoku.fp import fix
from fsudoku.tz import compose, fmap

A = TypeVar("A")

# --------------------------------------------------------------------------- §types
Row: TypeAlias = tuple[A, ...]
"""``type Row a = [a]`` (§types)."""
Matrix: TypeAlias = tuple[tuple[A, ...], ...]
"""``type Matrix a = [Row a]`` (§types)."""
Digit: TypeAlias = str
"""``type Digit = Char``: one character, ``'1'``..``'9'``, or ``'0'`` for a blank (§types)."""
Grid: TypeAlias = Matrix[Digit]
"""``type Grid = Matrix Digit`` (§types)."""


def digits(n: int = 3) -> str:
    """The digits of a board with boxes of side ``n``: ``'1'``..``'9'`` when ``n=3``.

    Haskell (§types): ``digits :: [Char]``

    >>> digits(), digits(n=2)
    ('123456789', '1234')
    """
    size = n * n
    if not 1 <= size <= 9:
        raise ValueError(f"digits: boxes of side {n} need {size} one-character digits")
    return "".join(str(d) for d in range(1, size + 1))


def blank(d: Digit) -> bool:
    """Whether a cell of a grid is blank (``'0'``).

    Haskell (§types): ``blank :: Digit -> Bool``

    >>> blank('0'), blank('7')
    (True, False)
    """
    return d == "0"


# ------------------------------------------------------------------- §specification
def choice(d: Digit, n: int = 3) -> str:
    """The choices of one cell: every digit for a blank, the digit itself otherwise.

    Haskell (§specification): ``choice :: Digit -> [Digit]``

    >>> choice('0'), choice('5'), choice('0', n=2)
    ('123456789', '5', '1234')
    """
    return digits(n) if blank(d) else d


def choices(g: Grid, n: int = 3) -> Matrix[str]:
    """The choice matrix of a grid: each cell replaced by the digits it may hold.

    Haskell (§specification): ``choices :: Grid -> Matrix [Digit]``

    >>> choices((('1', '0'), ('0', '2')), n=1)
    (('1', '1'), ('1', '2'))
    """
    return tuple(tuple(choice(d, n) for d in row) for row in g)


class _Reiterable(Generic[A]):
    """A lazy list that ``cp`` can traverse once per prefix (Haskell shares ``yss``).

    Each traversal recomputes it: the memory stays flat on the products ``expand`` makes.
    """

    def __init__(self, make: Callable[[], Iterator[A]]) -> None:
        self._make = make

    def __iter__(self) -> Iterator[A]:
        return self._make()


def cp(xss: Sequence[Iterable[A]]) -> Iterator[Row[A]]:
    """The cartesian product of a list of lists, lazily, first list varying slowest.

    Haskell (§specification): ``cp :: [[a]] -> [[a]]``

    Why the product of no lists is one empty choice, not none (the lecture's question): it is
    the unit of the product (one way to choose nothing from no list); with none, the recursion
    would have nothing to extend, and every product would be empty. A one-shot iterator is
    cached first (the inner lists are traversed once per prefix).

    >>> [list(ys) for ys in cp([[1, 2, 3], [2], [1, 3]])]
    [[1, 2, 1], [1, 2, 3], [2, 2, 1], [2, 2, 3], [3, 2, 1], [3, 2, 3]]
    >>> list(cp([[2], [1, 3]])), list(cp([])), list(cp([[1, 2], []]))
    ([(2, 1), (2, 3)], [()], [])
    """
    lists = [tuple(xs) if iter(xs) is xs else xs for xs in xss]  # a one-shot iterator: cached
    return _cp_from(lists, 0)


def _cp_from(xss: Sequence[Iterable[A]], i: int) -> Iterator[Row[A]]:
    """``cp (drop i xss)``, the recursion of :func:`cp`."""
    if i == len(xss):
        yield ()
        return
    for x in xss[i]:
        for ys in _cp_from(xss, i + 1):
            yield (x, *ys)


def expand(m: Matrix[str]) -> Iterator[Grid]:
    """Every grid a choice matrix stands for, lazily, in Haskell's order.

    Haskell (§specification): ``expand :: Matrix [Digit] -> [Grid]``

    >>> ["".join(ungroup(g)) for g in expand((("12", "3"), ("4", "56")))]
    ['1345', '1346', '2345', '2346']
    >>> list(expand((("1", ""),)))
    []
    """
    return cp([_Reiterable(partial(cp, row)) for row in m])


def completions(g: Grid, n: int = 3) -> Iterator[Grid]:
    """Every way to fill the blanks of a grid with digits, lazily.

    Haskell (§specification): ``completions :: Grid -> [Grid]``

    >>> len(list(completions((("1", "0"), ("0", "0")), n=1)))
    1
    """
    return expand(choices(g, n))


def solve(g: Grid, n: int = 3) -> Iterator[Grid]:
    """The solutions of a grid by the executable specification (exponential).

    Haskell (§specification): ``solve :: Grid -> [Grid]``

    >>> ["".join(ungroup(s)) for s in solve(s2g("0034341200434321", n=2), n=2)]
    ['1234341221434321', '2134341212434321']
    """
    return filter(partial(valid, n=n), completions(g, n))


def test(p: Callable[[A], bool], x: A) -> list[A]:
    """``[x]`` when ``x`` satisfies ``p``, else ``[]``: the step of ``filter``'s definition.

    Haskell (§laws, a comment of the lecture): ``test :: (a -> Bool) -> a -> [a]``

    >>> test(bool, 3), test(bool, 0)
    ([3], [])
    """
    return [x] if p(x) else []


test.__test__ = False  # type: ignore[attr-defined]  # a law helper, not a pytest test


def filter_(p: Callable[[A], bool], xs: Iterable[A]) -> list[A]:
    """``filter`` as the lecture defines it, through ``test`` (same result as ``filter``).

    Haskell (§laws, a comment of the lecture): ``filter :: (a -> Bool) -> [a] -> [a]``

    >>> filter_(lambda x: x % 2 == 1, [1, 2, 3, 4, 5])
    [1, 3, 5]
    """
    return list(chain.from_iterable(test(p, x) for x in xs))


# ------------------------------------------------------------------------ §validity
def nodups(xs: Sequence[A]) -> bool:
    """Whether a list holds no element twice.

    Haskell (§validity): ``nodups :: (Eq a) => [a] -> Bool``

    Its complexity (the lecture's question): k(k-1)/2 comparisons for k elements, as it needs
    only ``Eq``; sorting first (``Ord``) gives O(k log k), a bit set O(k): not worth it for 9.

    >>> nodups("123"), nodups("121"), nodups("")
    (True, False, True)
    """
    for i, x in enumerate(xs):  # noqa: SIM110 (the recursion, one x at a time)
        if x in xs[i + 1 :]:  # not (all (/= x) xs)
            return False
    return True


def rows(m: Matrix[A]) -> Matrix[A]:
    """The rows of a matrix: the matrix itself.

    Haskell (§validity): ``rows :: Matrix a -> Matrix a``

    >>> rows(((1, 2), (3, 4)))
    ((1, 2), (3, 4))
    """
    return m


def cols(m: Matrix[A]) -> Matrix[A]:
    """The columns of a matrix (a transposition that truncates to the shortest row).

    Haskell (§validity): ``cols :: Matrix a -> Matrix a``, without recursion (``zip``
    truncates as ``zipWith``); the empty matrix, which no equation matches, raises ``ValueError``.

    >>> cols(((1, 2, 3), (4, 5, 6))), cols(((1, 2, 3),)), cols(((1, 2), (3,)))
    (((1, 4), (2, 5), (3, 6)), ((1,), (2,), (3,)), ((1, 3),))
    >>> cols(())
    Traceback (most recent call last):
    ...
    ValueError: cols []: no equation matches the empty matrix (undefined in Haskell)
    """
    if not m:
        raise ValueError("cols []: no equation matches the empty matrix (undefined in Haskell)")
    return tuple(zip(*m, strict=False))


def group(k: int, xs: Sequence[A]) -> Matrix[A]:
    """A list cut into consecutive pieces of length ``k`` (the last may be shorter).

    Haskell (§validity): ``group :: Int -> [a] -> [[a]]``. Haskell loops forever on
    ``group 0`` of a non-empty list: this raises ``ValueError``.

    >>> group(2, "abcde"), group(3, [])
    ((('a', 'b'), ('c', 'd'), ('e',)), ())
    """
    if k <= 0:
        if len(xs) > 0:
            raise ValueError(f"group {k} of a non-empty list does not terminate")
        return ()
    return tuple([tuple(xs[i : i + k]) for i in range(0, len(xs), k)])


def group3(xs: Sequence[A], n: int = 3) -> Matrix[A]:
    """A list cut into pieces of one box side (3 by default).

    Haskell (§validity): ``group3 :: [a] -> [[a]]``

    >>> group3("abcdef")
    (('a', 'b', 'c'), ('d', 'e', 'f'))
    """
    return group(n, xs)


def ungroup(xss: Iterable[Sequence[A]]) -> Row[A]:
    """The pieces of a list joined back together.

    Haskell (§validity): ``ungroup :: [[a]] -> [a]``

    >>> ungroup(((1, 2), (3,)))
    (1, 2, 3)
    """
    return tuple(chain.from_iterable(xss))


def boxs(m: Matrix[A], n: int = 3) -> Matrix[A]:
    """The boxes of a matrix, each as a row (box-major, cells in reading order).

    Haskell (§validity): ``boxs :: Matrix a -> Matrix a``

    >>> ["".join(b) for b in boxs(group(4, "abcdefghijklmnop"), n=2)]
    ['abef', 'cdgh', 'ijmn', 'klop']
    """
    by_box: Matrix[A] = compose(
        fmap(ungroup), ungroup, fmap(cols), partial(group3, n=n), fmap(partial(group3, n=n))
    )(m)
    return by_box


def valid(g: Grid, n: int = 3) -> bool:
    """Whether no row, column or box of a grid holds a digit twice.

    Haskell (§validity): ``valid :: Grid -> Bool``

    >>> valid(s2g("1234341221434321", n=2), n=2)
    True
    >>> valid(s2g("1234341221344312", n=2), n=2), valid(s2g("1234123421434321", n=2), n=2)
    (False, False)
    """
    return (
        all(nodups(r) for r in rows(g))
        and all(nodups(c) for c in cols(g))
        and all(nodups(b) for b in boxs(g, n))
    )


# ------------------------------------------------------------------------- §pruning
def remove(ds: Sequence[Digit], xs: str) -> str:
    """The choices of a cell without the digits ``ds``, a singleton being kept as it is.

    Haskell (§pruning): ``remove :: [Digit] -> [Digit] -> [Digit]``

    >>> remove("13", "1234"), remove("13", "1"), remove("12", "12")
    ('24', '1', '')
    """
    if len(xs) == 1:
        return xs
    return "".join([x for x in xs if x not in ds])


MEMO_SIZE = 1 << 16
"""How many rows :func:`prune_row` and :func:`ok` remember (rows recur from node to node)."""


@lru_cache(maxsize=MEMO_SIZE)
def prune_row(r: Row[str]) -> Row[str]:
    """A row of choices with the digits of its singletons removed from its other cells.

    Haskell (§pruning): ``pruneRow :: Row [Digit] -> Row [Digit]``; cached (``lru_cache``).

    >>> prune_row(("6", "12", "36", "1"))
    ('6', '2', '3', '1')
    """
    singles = "".join([d for d in r if len(d) == 1])  # the digits of the singletons
    return tuple([remove(singles, xs) for xs in r])


def prune_by(f: Callable[[Matrix[str]], Matrix[str]], m: Matrix[str]) -> Matrix[str]:
    """Pruning of each unit that the involution ``f`` turns into a row.

    Haskell (§pruning):
    ``pruneBy :: (Matrix [Digit] -> Matrix [Digit]) -> Matrix [Digit] -> Matrix [Digit]``

    >>> prune_by(cols, (("1", "2"), ("12", "12")))
    (('1', '2'), ('2', '1'))
    """
    pruned: Matrix[str] = compose(f, fmap(prune_row), f)(m)
    return pruned


def prune(m: Matrix[str], n: int = 3) -> Matrix[str]:
    """One pruning pass: by boxes, then by columns, then by rows.

    Haskell (§pruning): ``prune :: Matrix [Digit] -> Matrix [Digit]``

    >>> prune((("1", "1234", "1234", "1234"),) + (("1234",) * 4,) * 3, n=2)[0]
    ('1', '234', '234', '234')
    """
    pruned: Matrix[str] = compose(
        partial(prune_by, rows), partial(prune_by, cols), partial(prune_by, partial(boxs, n=n))
    )(m)
    return pruned


def solve_pruned(g: Grid, n: int = 3) -> Iterator[Grid]:
    """The solutions of a grid, pruning the choices once before expanding (``solve'``).

    Haskell (§pruning): ``solve' :: Grid -> [Grid]``

    >>> ["".join(ungroup(s)) for s in solve_pruned(s2g("1234341221430000", n=2), n=2)]
    ['1234341221434321']
    """
    return filter(partial(valid, n=n), expand(prune(choices(g, n), n)))


# ---------------------------------------------------------------------------- §many
def many(f: Callable[[A], A], x: A) -> A:
    """The first fixpoint of ``f`` reached from ``x`` by repeated application.

    Haskell (§many): ``many :: (Eq a) => (a -> a) -> a -> a``; a loop (the Haskell's tail call).

    >>> many(lambda k: max(k - 1, 0), 5000)
    0
    """
    while True:
        y = f(x)
        if x == y:
            return x
        x = y


def solve_many_pruned(g: Grid, n: int = 3) -> Iterator[Grid]:
    """The solutions of a grid, pruning to a fixpoint before expanding (``solve''``).

    Haskell (§many): ``solve'' :: Grid -> [Grid]``

    >>> ["".join(ungroup(s)) for s in solve_many_pruned(s2g("0034341200434321", n=2), n=2)]
    ['1234341221434321', '2134341212434321']
    """
    return filter(partial(valid, n=n), expand(many(partial(prune, n=n), choices(g, n))))


# ------------------------------------------------------------------------- §expand1
def single(xs: Sequence[A]) -> bool:
    """Whether a list has exactly one element.

    Haskell (§expand1): ``single :: [a] -> Bool``

    >>> single("5"), single("56"), single("")
    (True, False, False)
    """
    return len(xs) == 1


def counts(m: Matrix[str]) -> list[int]:
    """The numbers of choices of the cells that are not singletons (empty ones included).

    Haskell (§expand1): ``counts :: Matrix [Digit] -> [Int]``

    >>> counts((("1", "23"), ("", "456")))
    [2, 0, 3]
    """
    return [k for k in (len(cs) for cs in ungroup(m)) if k != 1]


def smallest_cell(m: Matrix[str]) -> tuple[int, int]:
    """The row and column of the first cell with the fewest choices, singletons aside.

    Haskell (§expand1): the ``where`` of ``expand1 :: Matrix [Digit] -> [Matrix [Digit]]``; an
    empty cell, if any; ``ValueError`` when every cell is a singleton (``minimum []``).

    >>> smallest_cell((("1", "234"), ("56", "78")))
    (1, 0)
    """
    sizes = counts(m)
    if not sizes:
        raise ValueError("expand1: minimum [] (every cell is a singleton: the matrix is complete)")
    k = min(sizes)  # the Haskell's n

    def smallest(cs: str) -> bool:
        return len(cs) == k

    i = next(i for i, row in enumerate(m) if any(smallest(cs) for cs in row))
    j = next(j for j, cs in enumerate(m[i]) if smallest(cs))
    return i, j


def expand1(m: Matrix[str]) -> list[Matrix[str]]:
    """The matrices made by fixing each choice, in turn, of the first fewest-choice cell.

    Haskell (§expand1): ``expand1 :: Matrix [Digit] -> [Matrix [Digit]]``; the cell is that of
    :func:`smallest_cell`. The lecture's questions: (R1) with an empty choice, ``counts`` holds
    a 0, so that empty cell is chosen and the result is ``[]``. (R2) on a matrix of singletons
    only, ``counts`` is empty and ``minimum []`` fails: this raises ``ValueError``.

    >>> expand1((("1", "23"), ("456", "78")))
    [(('1', '2'), ('456', '78')), (('1', '3'), ('456', '78'))]
    >>> expand1((("12", ""), ("3", "45")))
    []
    >>> expand1((("1", "2"),))
    Traceback (most recent call last):
    ...
    ValueError: expand1: minimum [] (every cell is a singleton: the matrix is complete)
    """
    i, j = smallest_cell(m)
    rows1, row, rows2 = m[:i], m[i], m[i + 1 :]
    row1, cs, row2 = row[:j], row[j], row[j + 1 :]
    return [(*rows1, (*row1, c, *row2), *rows2) for c in cs]


# -------------------------------------------------------------------------- §search
def complete(m: Matrix[str]) -> bool:
    """Whether every cell of a choice matrix is a singleton.

    Haskell (§search): ``complete :: Matrix [Digit] -> Bool``

    >>> complete((("1", "2"),)), complete((("1", "23"),))
    (True, False)
    """
    return all(all(single(cs) for cs in row) for row in m)


@lru_cache(maxsize=MEMO_SIZE)
def ok(row: Row[str]) -> bool:
    """Whether the singletons of a unit hold no digit twice.

    Haskell (§search): ``ok :: Row [Digit] -> Bool``; cached (``lru_cache``).

    >>> ok(("1", "12", "2")), ok(("1", "23", "1"))
    (True, False)
    """
    return nodups([x for x in row if len(x) == 1])


def safe(m: Matrix[str], n: int = 3) -> bool:
    """Whether no row, column or box of a choice matrix has two equal singletons.

    Haskell (§search): ``safe :: Matrix [Digit] -> Bool``

    >>> safe((("1", "234", "1234", "1234"),) + (("1234",) * 4,) * 3, n=2)
    True
    >>> safe((("1", "234", "1234", "1"),) + (("1234",) * 4,) * 3, n=2)
    False
    """
    return (
        all(ok(r) for r in rows(m))
        and all(ok(c) for c in cols(m))
        and all(ok(b) for b in boxs(m, n))
    )


def extract(m: Matrix[str]) -> Grid:
    """The grid of a complete choice matrix (the head of each cell).

    Haskell (§search): ``extract :: Matrix [Digit] -> Grid``

    >>> extract((("1", "2"), ("3", "4")))
    (('1', '2'), ('3', '4'))
    """
    return tuple(tuple(cs[0] for cs in row) for row in m)


Search: TypeAlias = Callable[["Matrix[str]"], Iterator[Grid]]
"""``Matrix [Digit] -> [Grid]``, the type of ``search`` (at box side ``n``)."""


@dataclass(frozen=True, slots=True)
class SearchParts:
    """What a node of ``search`` calls (§search), ``prune`` to ``expand1``, as a record."""

    prune: Callable[[Matrix[str], int], Matrix[str]] = prune
    safe: Callable[[Matrix[str], int], bool] = safe
    complete: Callable[[Matrix[str]], bool] = complete
    extract: Callable[[Matrix[str]], Grid] = extract
    expand1: Callable[[Matrix[str]], Iterable[Matrix[str]]] = expand1


SEARCH_PARTS = SearchParts()
"""The lecture's functions (this module's)."""


def search_with(search: Search, n: int = 3, parts: SearchParts = SEARCH_PARTS) -> Search:
    """One node of the search: prune, then stop, extract, or search each matrix of ``expand1``.

    Haskell (§search): ``search :: Matrix [Digit] -> [Grid]``: the three guards over ``pm = prune
    m``, lazily, in Haskell's order. Its recursive call is the parameter ``search`` (:func:`search`
    ties the knot; counting, bounds and tracing wrap it), the functions it calls ``parts``.
    """

    def search_(m: Matrix[str]) -> Iterator[Grid]:
        pm = parts.prune(m, n)
        if not parts.safe(pm, n):
            return
        if parts.complete(pm):
            yield parts.extract(pm)
            return
        yield from chain.from_iterable(map(search, parts.expand1(pm)))

    return search_


def search(m: Matrix[str], n: int = 3) -> Iterator[Grid]:
    """The solutions of a choice matrix, lazily, in Haskell's order.

    Haskell (§search): ``search :: Matrix [Digit] -> [Grid]``; the knot of
    :func:`search_with`. The recursion is at most as deep as the number of open cells.

    >>> ["".join(ungroup(s)) for s in search(choices(s2g("0034341200434321", n=2), n=2), n=2)]
    ['1234341221434321', '2134341212434321']
    """
    return fix(lambda self: search_with(self, n))(m)


def solve_search(g: Grid, n: int = 3) -> Iterator[Grid]:
    """The solutions of a grid by pruning and single-cell expansion (``solve'''``).

    Haskell (§search): ``solve''' :: Grid -> [Grid]``

    >>> [valid(s, n=2) for s in solve_search(s2g("1000000000000000", n=2), n=2)][:3]
    [True, True, True]
    """
    return search(choices(g, n), n)


# ---------------------------------------------------------------------------- §data
def s2g(s: str, n: int = 3) -> Grid:
    """A grid from one line of digits (``'0'`` for a blank), cut into rows.

    Haskell (§data): ``s2g :: String -> Grid``

    >>> s2g("1234", n=1)
    (('1',), ('2',), ('3',), ('4',))
    """
    return group(n * n, s)
