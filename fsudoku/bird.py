"""Richard Bird's Sudoku solver ("Thinking Functionally with Haskell"), ported faithfully.

The source is a literate-Haskell lecture (``sudoku.lhs``) that derives Bird's solver
from an executable specification by equational reasoning. Its parts, cited below as
sections:

* §types: ``Matrix``, ``Row``, ``Grid``, ``Digit``, ``digits``, ``blank``;
* §specification: ``solve = filter valid . completions``, ``completions``, ``choices``,
  ``choice``, ``cp``, ``expand``;
* §validity: ``valid``, ``nodups``, ``rows``, ``cols``, ``group``, ``ungroup``, ``group3``,
  ``boxs``;
* §laws: LFONC, LNAT, LFILCP, LFILINV, LPRUNE and the definition of ``filter`` through
  ``test`` (the laws themselves are in :mod:`fsudoku.testing.laws`);
* §pruning: ``prune``, ``pruneRow``, ``remove``, ``pruneBy``, ``solve'``;
* §many: ``many``, ``solve''``;
* §expand1: ``expand1``, ``single``, ``counts``;
* §search: ``complete``, ``safe``, ``ok``, ``extract``, ``search``, ``solve'''``;
* §data: ``s2g`` (the sudoku17 test data).

Names are the Haskell ones in snake_case; primes are spelled out (``solve'`` is
:func:`solve_pruned`, ``solve''`` is :func:`solve_many_pruned`, ``solve'''`` is
:func:`solve_search`).

Representation. A matrix is a tuple of rows, a row a tuple. A digit is a one-character
string, ``'1'``..``'9'``, and ``'0'`` is a blank, as in Bird. A cell of a choice matrix
(Haskell ``[Digit]``) is a string of digits, e.g. ``"123456789"`` or ``"5"``, so a choice
matrix is a ``Matrix[str]``. Haskell's lazy lists become generators wherever the
lecture relies on laziness (``cp``, ``expand``, ``completions``, the solvers and
``search``); they yield in exactly Haskell's order, so ``next(solve_search(g))`` stops
at the first solution.

Box size. Functions whose behaviour depends on the box size take a keyword ``n`` (the
side of a box, 3 by default), so that the laws can be checked exhaustively on 4x4 boards
(``n=2``, digits ``'1'``..``'4'``). With ``n=3`` everything is exactly the Haskell.

>>> g = s2g("000000010400000000020000000000050407008000300001090000300400200050100000000806000")
>>> "".join(ungroup(next(solve_search(g))))
'693784512487512936125963874932651487568247391741398625319475268856129743274836159'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import chain
from typing import Generic, TypeAlias, TypeVar

from fsudoku.outcome import GaveUp, Outcome

A = TypeVar("A")
B = TypeVar("B")
K = TypeVar("K")
V = TypeVar("V")

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

    Haskell (§types): ``digits :: [Char]; digits = ['1' .. '9']``

    >>> digits()
    '123456789'
    >>> digits(n=2)
    '1234'
    """
    size = n * n
    if not 1 <= size <= 9:
        raise ValueError(f"digits: boxes of side {n} need {size} one-character digits")
    return "".join(str(d) for d in range(1, size + 1))


def blank(d: Digit) -> bool:
    """Whether a cell of a grid is blank (``'0'``).

    Haskell (§types): ``blank :: Digit -> Bool; blank = (== '0')``

    >>> blank('0'), blank('7')
    (True, False)
    """
    return d == "0"


# ------------------------------------------------------------------- §specification


def choice(d: Digit, n: int = 3) -> str:
    """The choices of one cell: every digit for a blank, the digit itself otherwise.

    Haskell (§specification): ``choice :: Digit -> [Digit]``;
    ``choice d = if blank d then digits else [d]``

    >>> choice('0'), choice('5'), choice('0', n=2)
    ('123456789', '5', '1234')
    """
    return digits(n) if blank(d) else d


def choices(g: Grid, n: int = 3) -> Matrix[str]:
    """The choice matrix of a grid: each cell replaced by the digits it may hold.

    Haskell (§specification): ``choices :: Grid -> Matrix [Digit]; choices = map (map choice)``

    >>> choices((('1', '0'), ('0', '2')), n=1)
    (('1', '1'), ('1', '2'))
    """
    return tuple(tuple(choice(d, n) for d in row) for row in g)


class _Reiterable(Generic[A]):
    """A lazy list that can be traversed again: each traversal recomputes it.

    Haskell shares ``yss = cp xss`` between the ``x`` of ``cp``; a Python generator can be
    traversed only once, so ``cp`` needs its inner lists re-iterable. Recomputing (rather
    than caching) keeps the memory flat on the large products ``expand`` makes.
    """

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[], Iterator[A]]) -> None:
        self._make = make

    def __iter__(self) -> Iterator[A]:
        return self._make()


def cp(xss: Sequence[Iterable[A]]) -> Iterator[Row[A]]:
    """The cartesian product of a list of lists, lazily, first list varying slowest.

    Haskell (§specification)::

        cp :: [[a]] -> [[a]]
        cp [] = [[]]
        cp (xs:xss) = [x:ys | x <- xs, ys <- yss] where yss = cp xss

    Why ``cp [] = [[]]`` and not ``[]`` (the lecture's question): ``[[]]`` is the unit of
    the product (there is exactly one way to choose nothing from no list). With
    ``cp [] = []`` the comprehension would find no ``ys`` at the bottom of the recursion,
    so every product would be empty.

    The inner lists are traversed once per prefix (Haskell shares ``yss``): pass
    sequences or re-iterable values; a one-shot iterator is cached first.

    >>> [list(ys) for ys in cp([[1, 2, 3], [2], [1, 3]])]
    [[1, 2, 1], [1, 2, 3], [2, 2, 1], [2, 2, 3], [3, 2, 1], [3, 2, 3]]
    >>> list(cp([[2], [1, 3]]))
    [(2, 1), (2, 3)]
    >>> list(cp([]))
    [()]
    >>> list(cp([[1, 2], []]))
    []
    """
    lists: list[Iterable[A]] = [
        tuple(xs) if iter(xs) is xs else xs  # a one-shot iterator: cache it
        for xs in xss
    ]
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

    Haskell (§specification): ``expand :: Matrix [Digit] -> [Grid]; expand = cp . map cp``

    >>> [grid_to_line(g) for g in expand((("12", "3"), ("4", "56")))]
    ['1345', '1346', '2345', '2346']
    >>> next(expand((("12", "3"), ("4", "56"))))
    (('1', '3'), ('4', '5'))
    >>> list(expand((("12", ""),)))
    []
    """
    return cp([_Reiterable(partial(cp, row)) for row in m])


def completions(g: Grid, n: int = 3) -> Iterator[Grid]:
    """Every way to fill the blanks of a grid with digits, lazily.

    Haskell (§specification): ``completions :: Grid -> [Grid]; completions = expand . choices``

    >>> len(list(completions((("1", "0"), ("0", "0")), n=1)))
    1
    """
    return expand(choices(g, n))


def solve(g: Grid, n: int = 3) -> Iterator[Grid]:
    """The solutions of a grid by the executable specification (exponential).

    Haskell (§specification): ``solve :: Grid -> [Grid]; solve = filter valid . completions``

    >>> ["".join(ungroup(s)) for s in solve(s2g("0034341200434321", n=2), n=2)]
    ['1234341221434321', '2134341212434321']
    """
    return filter(partial(valid, n=n), completions(g, n))


def test(p: Callable[[A], bool], x: A) -> list[A]:
    """``[x]`` when ``x`` satisfies ``p``, else ``[]``: the step of ``filter``'s definition.

    Haskell (§laws, a comment in the lecture): ``test :: (a -> Bool) -> a -> [a]``;
    ``test p x = if p x then [x] else []``

    >>> test(bool, 3), test(bool, 0)
    ([3], [])
    """
    return [x] if p(x) else []


test.__test__ = False  # type: ignore[attr-defined]  # a law helper, not a pytest test


def filter_(p: Callable[[A], bool], xs: Iterable[A]) -> list[A]:
    """``filter`` as the lecture defines it, through ``test`` (same result as ``filter``).

    Haskell (§laws, a comment in the lecture): ``filter :: (a -> Bool) -> [a] -> [a]``;
    ``filter p = concat . map (test p)``

    >>> filter_(lambda x: x % 2 == 1, [1, 2, 3, 4, 5])
    [1, 3, 5]
    """
    return list(chain.from_iterable(test(p, x) for x in xs))


# ------------------------------------------------------------------------ §validity


def nodups(xs: Sequence[A]) -> bool:
    """Whether a list holds no element twice.

    Haskell (§validity)::

        nodups :: (Eq a) => [a] -> Bool
        nodups [] = True
        nodups (x:xs) = all (/=x) xs && nodups xs

    Complexity (the lecture's question): quadratic, k(k-1)/2 comparisons on a list of
    length k, since it needs only ``Eq``. Sorting first (``Ord``) would make it
    O(k log k), and a bit set of the digits O(k); for a unit of 9 cells that is 36
    comparisons at most, so the gain is not worth it.

    >>> nodups("123"), nodups("121"), nodups("")
    (True, False, True)
    """
    for i, x in enumerate(xs):
        if x in xs[i + 1 :]:  # not (all (/= x) xs)
            return False
    return True


def rows(m: Matrix[A]) -> Matrix[A]:
    """The rows of a matrix: the matrix itself.

    Haskell (§validity): ``rows :: Matrix a -> Matrix a; rows = id``

    >>> rows(((1, 2), (3, 4)))
    ((1, 2), (3, 4))
    """
    return m


def cols(m: Matrix[A]) -> Matrix[A]:
    """The columns of a matrix (a transposition that truncates to the shortest row).

    Haskell (§validity)::

        cols :: Matrix a -> Matrix a
        cols [xs] = [[x] | x <- xs]
        cols (xs:xss) = zipWith (:) xs (cols xss)

    ``cols []`` matches no equation (undefined in Haskell): it raises ``ValueError``.
    Written without recursion; ``zip`` truncates exactly as ``zipWith`` does.

    >>> cols(((1, 2, 3), (4, 5, 6)))
    ((1, 4), (2, 5), (3, 6))
    >>> cols(((1, 2, 3),))
    ((1,), (2,), (3,))
    >>> cols(((1, 2), (3,)))
    ((1, 3),)
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

    Haskell (§validity)::

        group :: Int -> [a] -> [[a]]
        group _ [] = []
        group n xs = take n xs : group n (drop n xs)

    Haskell loops forever on ``group 0`` of a non-empty list: this raises ``ValueError``.

    >>> group(2, "abcde")
    (('a', 'b'), ('c', 'd'), ('e',))
    >>> group(3, [])
    ()
    """
    if k <= 0:
        if len(xs) > 0:
            raise ValueError(f"group {k} of a non-empty list does not terminate")
        return ()
    return tuple([tuple(xs[i : i + k]) for i in range(0, len(xs), k)])


def group3(xs: Sequence[A], n: int = 3) -> Matrix[A]:
    """A list cut into pieces of one box side (3 by default).

    Haskell (§validity): ``group3 :: [a] -> [[a]]``; ``group3 = group 3``

    >>> group3("abcdef")
    (('a', 'b', 'c'), ('d', 'e', 'f'))
    """
    return group(n, xs)


def ungroup(xss: Iterable[Sequence[A]]) -> Row[A]:
    """The pieces of a list joined back together.

    Haskell (§validity): ``ungroup :: [[a]] -> [a]; ungroup = concat``

    >>> ungroup(((1, 2), (3,)))
    (1, 2, 3)
    """
    return tuple(chain.from_iterable(xss))


def boxs(m: Matrix[A], n: int = 3) -> Matrix[A]:
    """The boxes of a matrix, each as a row (box-major, cells in reading order).

    Haskell (§validity): ``boxs :: Matrix a -> Matrix a``;
    ``boxs = map ungroup . ungroup . map cols . group3 . map group3``

    >>> m = group(4, "abcdefghijklmnop")
    >>> ["".join(b) for b in boxs(m, n=2)]
    ['abef', 'cdgh', 'ijmn', 'klop']
    """
    split = tuple([group3(row, n) for row in m])
    return tuple([ungroup(b) for b in ungroup([cols(band) for band in group3(split, n)])])


def valid(g: Grid, n: int = 3) -> bool:
    """Whether no row, column or box of a grid holds a digit twice.

    Haskell (§validity)::

        valid g = all nodups (rows g) && all nodups (cols g) && all nodups (boxs g)

    >>> valid(s2g("1234341221434321", n=2), n=2)
    True
    >>> valid(s2g("1234341221344312", n=2), n=2)  # two 1s in the third box
    False
    >>> valid(s2g("1234123421434321", n=2), n=2)
    False
    """
    return (
        all(nodups(r) for r in rows(g))
        and all(nodups(c) for c in cols(g))
        and all(nodups(b) for b in boxs(g, n))
    )


# ------------------------------------------------------------------------- §pruning


def remove(ds: Sequence[Digit], xs: str) -> str:
    """The choices of a cell without the digits ``ds``, a singleton being kept as it is.

    Haskell (§pruning)::

        remove :: [Digit] -> [Digit] -> [Digit]
        remove ds [x] = [x]
        remove ds xs  = filter (`notElem` ds) xs

    >>> remove("13", "1234"), remove("13", "1"), remove("12", "12")
    ('24', '1', '')
    """
    if len(xs) == 1:
        return xs
    return "".join([x for x in xs if x not in ds])


def prune_row(r: Row[str]) -> Row[str]:
    """A row of choices with the digits of its singletons removed from its other cells.

    Haskell (§pruning): ``pruneRow :: Row [Digit] -> Row [Digit]``;
    ``pruneRow r = map (remove singles) r where singles = [d | [d] <- r]``

    >>> prune_row(("6", "12", "36", "1"))
    ('6', '2', '3', '1')
    """
    pruned = _PRUNE_ROW_MEMO.get(r)
    if pruned is None:
        singles = "".join([d for d in r if len(d) == 1])  # a [Digit]
        pruned = tuple([remove(singles, xs) for xs in r])
        _remember(_PRUNE_ROW_MEMO, r, pruned)
    return pruned


_MEMO_SIZE = 1 << 16
_PRUNE_ROW_MEMO: dict[Row[str], Row[str]] = {}
_OK_MEMO: dict[Row[str], bool] = {}


def _remember(memo: dict[K, V], key: K, value: V) -> None:
    """Keep a pure function's result (rows recur from node to node); bounded memory."""
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = value


def prune_by(f: Callable[[Matrix[str]], Matrix[str]], m: Matrix[str]) -> Matrix[str]:
    """Pruning of each unit that the involution ``f`` turns into a row.

    Haskell (§pruning):
    ``pruneBy :: (Matrix [Digit] -> Matrix [Digit]) -> Matrix [Digit] -> Matrix [Digit]``;
    ``pruneBy f = f . map pruneRow . f``

    >>> prune_by(cols, (("1", "2"), ("12", "12")))
    (('1', '2'), ('2', '1'))
    """
    return f(tuple([prune_row(r) for r in f(m)]))


def prune(m: Matrix[str], n: int = 3) -> Matrix[str]:
    """One pruning pass: by boxes, then by columns, then by rows.

    Haskell (§pruning): ``prune :: Matrix [Digit] -> Matrix [Digit]``;
    ``prune = pruneBy rows . pruneBy cols . pruneBy boxs``

    >>> prune((("1", "1234", "1234", "1234"),) + (("1234",) * 4,) * 3, n=2)[0]
    ('1', '234', '234', '234')
    """
    return prune_by(rows, prune_by(cols, prune_by(partial(boxs, n=n), m)))


def solve_pruned(g: Grid, n: int = 3) -> Iterator[Grid]:
    """The solutions of a grid, pruning the choices once before expanding (``solve'``).

    Haskell (§pruning): ``solve' :: Grid -> [Grid]``;
    ``solve' = filter valid . expand . prune . choices``

    >>> ["".join(ungroup(s)) for s in solve_pruned(s2g("1234341221430000", n=2), n=2)]
    ['1234341221434321']
    """
    return filter(partial(valid, n=n), expand(prune(choices(g, n), n)))


# ---------------------------------------------------------------------------- §many


def many(f: Callable[[A], A], x: A) -> A:
    """The first fixpoint of ``f`` reached from ``x`` by repeated application.

    Haskell (§many)::

        many :: (Eq a) => (a -> a) -> a -> a
        many f x = if x == y then x else many f y where y = f x

    Written as a loop (the Haskell is tail recursive), so no recursion limit applies.

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

    Haskell (§many): ``solve'' :: Grid -> [Grid]``;
    ``solve'' = filter valid . expand . many prune . choices``

    >>> ["".join(ungroup(s)) for s in solve_many_pruned(s2g("0034341200434321", n=2), n=2)]
    ['1234341221434321', '2134341212434321']
    """
    return filter(partial(valid, n=n), expand(many(partial(prune, n=n), choices(g, n))))


# ------------------------------------------------------------------------- §expand1


def single(xs: Sequence[A]) -> bool:
    """Whether a list has exactly one element.

    Haskell (§expand1): ``single :: [a] -> Bool``; ``single [_] = True; single _ = False``

    >>> single("5"), single("56"), single("")
    (True, False, False)
    """
    return len(xs) == 1


def counts(m: Matrix[str]) -> list[int]:
    """The numbers of choices of the cells that are not singletons (empty ones included).

    Haskell (§expand1): ``counts :: Matrix [Digit] -> [Int]``;
    ``counts = filter (/= 1) . map length . concat``

    >>> counts((("1", "23"), ("", "456")))
    [2, 0, 3]
    """
    return [k for k in (len(cs) for cs in ungroup(m)) if k != 1]


def expand1(m: Matrix[str]) -> list[Matrix[str]]:
    """The matrices made by fixing each choice, in turn, of the first fewest-choice cell.

    The cell split is the first, in reading order, among the non-singleton cells with
    the fewest choices (an empty cell, if any).

    Haskell (§expand1)::

        expand1 :: Matrix [Digit] -> [Matrix [Digit]]
        expand1 rows = [rows1 ++ [row1 ++ [c]:row2] ++ rows2 | c <- cs]
          where (rows1,row:rows2) = break (any smallest) rows
                (row1,cs:row2)    = break smallest row
                smallest cs       = length cs == n
                n                 = minimum (counts rows)

    The lecture's questions: (R1) on a matrix with an empty choice, ``counts`` holds a
    0, so the cell chosen is that empty one and the result is ``[]``. (R2) on a matrix of
    singletons only, ``counts`` is empty and ``minimum []`` fails: this raises
    ``ValueError``.

    >>> expand1((("1", "23"), ("456", "78")))
    [(('1', '2'), ('456', '78')), (('1', '3'), ('456', '78'))]
    >>> expand1((("12", ""), ("3", "45")))
    []
    >>> expand1((("1", "2"),))
    Traceback (most recent call last):
    ...
    ValueError: expand1: minimum [] (every cell is a singleton: the matrix is complete)
    """
    sizes = counts(m)
    if not sizes:
        raise ValueError("expand1: minimum [] (every cell is a singleton: the matrix is complete)")
    k = min(sizes)  # the Haskell's n

    def smallest(cs: str) -> bool:
        return len(cs) == k

    i = next(i for i, row in enumerate(m) if any(smallest(cs) for cs in row))
    rows1, row, rows2 = m[:i], m[i], m[i + 1 :]
    j = next(j for j, cs in enumerate(row) if smallest(cs))
    row1, cs, row2 = row[:j], row[j], row[j + 1 :]
    return [(*rows1, (*row1, c, *row2), *rows2) for c in cs]


# -------------------------------------------------------------------------- §search


def complete(m: Matrix[str]) -> bool:
    """Whether every cell of a choice matrix is a singleton.

    Haskell (§search): ``complete :: Matrix [Digit] -> Bool; complete = all (all single)``

    >>> complete((("1", "2"),)), complete((("1", "23"),))
    (True, False)
    """
    return all(all(single(cs) for cs in row) for row in m)


def ok(row: Row[str]) -> bool:
    """Whether the singletons of a unit hold no digit twice.

    Haskell (§search): ``ok :: Row [Digit] -> Bool``; ``ok row = nodups [x | [x] <- row]``

    >>> ok(("1", "12", "2")), ok(("1", "23", "1"))
    (True, False)
    """
    result = _OK_MEMO.get(row)
    if result is None:
        result = nodups([x for x in row if len(x) == 1])
        _remember(_OK_MEMO, row, result)
    return result


def safe(m: Matrix[str], n: int = 3) -> bool:
    """Whether no row, column or box of a choice matrix has two equal singletons.

    Haskell (§search): ``safe :: Matrix [Digit] -> Bool``;
    ``safe m = all ok (rows m) && all ok (cols m) && all ok (boxs m)``

    >>> safe((("1", "234", "1234", "1234"),) * 1 + (("1234",) * 4,) * 3, n=2)
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

    Haskell (§search): ``extract :: Matrix [Digit] -> Grid; extract = map (map head)``

    >>> extract((("1", "2"), ("3", "4")))
    (('1', '2'), ('3', '4'))
    """
    return tuple(tuple(cs[0] for cs in row) for row in m)


BirdTrace = Callable[[str, "Matrix[str]"], None]
"""A callback told each step of :func:`search`: ``("node", m)``, ``("pruned", pm)``,
``("unsafe", pm)``, ``("complete", pm)``, ``("branch", m1)`` (for ``fsudoku explain``)."""


def search(
    m: Matrix[str],
    n: int = 3,
    on_node: Callable[[], None] | None = None,
    trace: BirdTrace | None = None,
) -> Iterator[Grid]:
    """The solutions of a choice matrix: prune, stop if unsafe, extract if complete,
    otherwise search each matrix of ``expand1``, lazily and in Haskell's order.

    Haskell (§search)::

        search m
          | not (safe pm) = []
          | complete pm   = [extract pm]
          | otherwise     = concat $ map search $ expand1 pm
          where pm = prune m

    ``on_node`` (not in the Haskell) is called once at every call of ``search``: the
    solvers use it to count nodes and to give up (by raising :class:`GaveUp`).
    ``trace`` (not in the Haskell either) is told each step, for ``fsudoku explain``.
    The recursion is at most as deep as the number of open cells (81), as each
    ``expand1`` fixes one of them.

    >>> m = choices(s2g("0034341200434321", n=2), n=2)
    >>> ["".join(ungroup(s)) for s in search(m, n=2)]
    ['1234341221434321', '2134341212434321']
    """
    if on_node is not None:
        on_node()
    if trace is not None:
        trace("node", m)
    pm = prune(m, n)
    if trace is not None:
        trace("pruned", pm)
    if not safe(pm, n):
        if trace is not None:
            trace("unsafe", pm)
        return
    if complete(pm):
        if trace is not None:
            trace("complete", pm)
        yield extract(pm)
        return
    for m1 in expand1(pm):
        if trace is not None:
            trace("branch", m1)
        yield from search(m1, n, on_node, trace)


def solve_search(g: Grid, n: int = 3) -> Iterator[Grid]:
    """The solutions of a grid by pruning and single-cell expansion (``solve'''``).

    Haskell (§search): ``solve''' :: Grid -> [Grid]``; ``solve''' = search . choices``

    >>> [valid(s, n=2) for s in solve_search(s2g("1000000000000000", n=2), n=2)][:3]
    [True, True, True]
    """
    return search(choices(g, n), n)


# ---------------------------------------------------------------------------- §data


def s2g(s: str, n: int = 3) -> Grid:
    """A grid from one line of digits (``'0'`` for a blank), cut into rows.

    Haskell (§data): ``s2g :: String -> Grid; s2g = group 9``

    >>> s2g("1234", n=1)
    (('1',), ('2',), ('3',), ('4',))
    """
    return group(n * n, s)


# ------------------------------------------------------------ command-line adapters


def grid_to_line(g: Grid) -> str:
    """The digits of a grid as one line, row by row (the inverse of :func:`s2g`).

    No Haskell counterpart: a command-line adapter.

    >>> grid_to_line(s2g("12341234"[:4], n=1))
    '1234'
    """
    return "".join(ungroup(g))


def line_to_grid(puzzle: str, n: int = 3) -> Grid:
    """The Bird grid of a puzzle line with ``.`` blanks (``.`` becomes ``'0'``).

    No Haskell counterpart: a command-line adapter (``s2g`` after reading ``.`` as ``'0'``).

    >>> line_to_grid("1..4", n=1)
    (('1',), ('0',), ('0',), ('4',))
    """
    return s2g(puzzle.replace(".", "0"), n)


def count_blanks(puzzle: str) -> int:
    """The number of blanks (``.`` or ``0``) of a puzzle line.

    No Haskell counterpart: a command-line helper (``bird-naive`` refuses many blanks).

    >>> count_blanks("1.3.0")
    3
    """
    return sum(1 for ch in puzzle if ch in ".0")


class _NodeCounter:
    """Counts search nodes; raises :class:`GaveUp` before exceeding the bound."""

    __slots__ = ("bound", "nodes")

    def __init__(self, bound: int | None) -> None:
        self.nodes = 0
        self.bound = bound

    def __call__(self) -> None:
        if self.bound is not None and self.nodes >= self.bound:
            raise GaveUp(self.nodes)
        self.nodes += 1


def solve_line(puzzle: str, max_nodes: int | None = None) -> Outcome:
    """The first solution of ``solve'''`` for an 81-character puzzle line (``.`` blanks).

    No Haskell counterpart: the command line's adapter, ``head (solve''' (s2g line))``
    with a node count.

    ``nodes`` is the number of calls of :func:`search`. With ``max_nodes``, at most that
    many calls are made; needing more gives ``Outcome.gave_up(max_nodes)``.

    >>> solve_line("." * 80 + "1").status
    'solved'
    >>> solve_line("11" + "." * 79)
    Outcome(status='no_solution', solution=None, nodes=1)
    >>> solve_line("." * 81, max_nodes=2)
    Outcome(status='gave_up', solution=None, nodes=2)
    """
    counter = _NodeCounter(max_nodes)
    try:
        first = next(search(choices(line_to_grid(puzzle)), on_node=counter), None)
    except GaveUp as stop:
        return Outcome.gave_up(stop.nodes)
    if first is None:
        return Outcome.no_solution(counter.nodes)
    return Outcome.solved(grid_to_line(first), counter.nodes)


def solve_naive_line(puzzle: str, max_nodes: int | None = None) -> Outcome:
    """The first solution of the specification ``filter valid . completions``.

    No Haskell counterpart: the command line's adapter, ``head (solve (s2g line))``.

    ``nodes`` is the number of completions examined; the specification tries up to
    9^blanks of them, so give ``max_nodes`` unless the puzzle has very few blanks.

    >>> p = "693784512487512936125963874932651487568247391741398625319475268856129743274836..."
    >>> o = solve_naive_line(p)
    >>> o.solution[-3:], o.nodes
    ('159', 45)
    >>> solve_naive_line("." * 81, max_nodes=10).status
    'gave_up'
    """
    nodes = 0
    for g in completions(line_to_grid(puzzle)):
        if max_nodes is not None and nodes >= max_nodes:
            return Outcome.gave_up(nodes)
        nodes += 1
        if valid(g):
            return Outcome.solved(grid_to_line(g), nodes)
    return Outcome.no_solution(nodes)


def all_solutions(puzzle: str) -> Iterator[str]:
    """Every solution of ``solve'''`` for a puzzle line, as 81-digit lines, lazily.

    >>> p = "693784512487512936125963874932651487568247391741398625319475268856129743274836..."
    >>> [s[-3:] for s in all_solutions(p)]
    ['159']
    """
    return (grid_to_line(g) for g in solve_search(line_to_grid(puzzle)))
