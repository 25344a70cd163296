"""The laws of Bird's Sudoku lecture as property tests (law functions in fsudoku.testing.laws).

Each test's first comment line is the Haskell equation; its name and docstring say
which equality it checks. Findings: the naturality of ``expand`` for ``cols`` and
``boxs``, the ``expand1`` law and the two ``search`` laws hold as bags only (the
``*_is_not_a_list_law`` tests show counterexamples); every other law holds as lists.
Laws involving the exponential ``expand`` run on 4x4 boards (boxes of side 2) with
few open cells.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from fsudoku import bird
from fsudoku.bird import Matrix
from fsudoku.testing import laws
from fsudoku.testing.strategies import (
    choice_matrices,
    choice_rows,
    int_matrices,
    law_arguments,
    puzzles,
    solved_boards,
)

ints = st.lists(st.integers(-5, 5), max_size=8)
predicates = st.functions(like=lambda x: True, returns=st.booleans(), pure=True)
int_functions = st.functions(like=lambda x: 0, returns=st.integers(0, 5), pure=True)
small_lists = st.lists(st.lists(st.integers(0, 4), max_size=3), max_size=4)
choices4 = choice_matrices(2, max_open=4, allow_empty=True)
involutions = st.sampled_from(["rows", "cols", "boxs"])
INVOLUTIONS: dict[str, Callable[[Matrix[Any]], Matrix[Any]]] = {
    "rows": bird.rows,
    "cols": bird.cols,
    "boxs": lambda m: bird.boxs(m, 2),
}

EXPAND = settings(max_examples=60)
"""Tests that expand 4x4 choice matrices (at most 4^4 grids each)."""


def as_bag(xs: list[Any]) -> Counter[Any]:
    return Counter(xs)


# --- LFONC -----------------------------------------------------------------------


@given(ints)
def test_map_identity_as_lists(xs: list[int]) -> None:
    """LFONC, list equality."""
    # map id = id
    # list equality
    left, right = laws.map_identity(xs)
    assert left == right, (left, right)


@given(ints, int_functions, int_functions)
def test_map_fusion_as_lists(
    xs: list[int], f: Callable[[int], int], g: Callable[[int], int]
) -> None:
    """LFONC, list equality."""
    # map f . map g = map (f . g)
    # list equality
    left, right = laws.map_fusion(xs, f, g)
    assert left == right, (left, right)


# --- involutions -----------------------------------------------------------------


@given(int_matrices(2) | int_matrices(3))
def test_rows_involution_as_lists(m: Matrix[int]) -> None:
    """rows is an involution (4x4 and 9x9), list equality."""
    # rows . rows = id
    # list equality
    left, right = laws.rows_involution(m)
    assert left == right, (left, right)


@given(int_matrices(2) | int_matrices(3))
def test_cols_involution_as_lists(m: Matrix[int]) -> None:
    """cols is an involution (4x4 and 9x9), list equality."""
    # cols . cols = id
    # list equality
    left, right = laws.cols_involution(m)
    assert left == right, (left, right)


@given(st.sampled_from([2, 3]).flatmap(lambda n: st.tuples(st.just(n), int_matrices(n))))
def test_boxs_involution_as_lists(board: tuple[int, Matrix[int]]) -> None:
    """boxs is an involution (4x4 and 9x9), list equality."""
    # boxs . boxs = id
    # list equality
    n, m = board
    left, right = laws.boxs_involution(m, n)
    assert left == right, (left, right)


@given(law_arguments("group_ungroup"))
def test_group_after_ungroup_as_lists(kw: dict[str, Any]) -> None:
    """group k . ungroup is the identity on pieces of length k, list equality."""
    # group . ungroup = id   (on lists of pieces of length k > 0)
    # list equality
    left, right = laws.group_ungroup(kw["k"], kw["xss"])
    assert left == right, (left, right)


@given(st.integers(1, 4), st.lists(st.integers(0, 9), max_size=10).map(tuple))
def test_ungroup_after_group_as_lists(k: int, xs: tuple[int, ...]) -> None:
    """ungroup . group k is the identity for k > 0, list equality."""
    # ungroup . group = id
    # list equality
    left, right = laws.ungroup_group(k, xs)
    assert left == right, (left, right)


def test_group_after_ungroup_needs_the_right_shape() -> None:
    """Pieces of another length do not come back: the shape condition is needed."""
    # group . ungroup = id   (fails off its domain)
    left, right = laws.group_ungroup(2, ((1, 2, 3),))
    assert left != right, (left, right)


# --- LNAT ------------------------------------------------------------------------


@EXPAND
@given(choices4)
def test_rows_naturality_as_lists(m: Matrix[str]) -> None:
    """LNAT for rows, list equality (rows = id)."""
    # map rows . expand = expand . rows
    # list equality
    left, right = laws.rows_naturality(m)
    assert left == right, (left, right)


@EXPAND
@given(choices4)
def test_cols_naturality_as_bags(m: Matrix[str]) -> None:
    """LNAT for cols, bag equality."""
    # map cols . expand = expand . cols
    # bag equality (not a list law: see below)
    left, right = laws.cols_naturality(m)
    assert as_bag(left) == as_bag(right), (left, right)


@EXPAND
@given(choices4)
def test_boxs_naturality_as_bags(m: Matrix[str]) -> None:
    """LNAT for boxs, bag equality."""
    # map boxs . expand = expand . boxs
    # bag equality (not a list law: see below)
    left, right = laws.boxs_naturality(m, 2)
    assert as_bag(left) == as_bag(right), (left, right)


def test_cols_and_boxs_naturality_are_not_list_laws() -> None:
    """The orders differ: expand varies the last open cell in reading order fastest."""
    # map cols . expand = expand . cols   and   map boxs . expand = expand . boxs
    # bag equality holds, list equality does not
    # cols reads (1,0) before (0,1); boxs reads (1,0) before (0,2)
    rest = (("2", "1", "4", "3"), ("4", "3", "2", "1"))
    for_cols = (("1", "23", "3", "4"), ("34", "4", "1", "2"), *rest)
    for_boxs = (("1", "2", "34", "4"), ("34", "4", "1", "2"), *rest)
    for left, right in (laws.cols_naturality(for_cols), laws.boxs_naturality(for_boxs, 2)):
        assert as_bag(left) == as_bag(right), (left, right)
        assert left != right, (left, right)


@given(small_lists, int_functions)
def test_cp_naturality_as_lists(xss: list[list[int]], f: Callable[[int], int]) -> None:
    """LNAT for cp, list equality."""
    # map (map f) . cp = cp . map (map f)
    # list equality
    left, right = laws.cp_naturality(xss, f)
    assert left == right, (left, right)


# --- cp ---------------------------------------------------------------------------


def test_cp_of_no_lists_is_one_empty_choice() -> None:
    """cp [] = [[]], the unit of the product: with [] every product would be empty."""
    # cp [] = [[]]
    assert list(bird.cp([])) == [()]
    assert list(bird.cp([[1, 2], [3]])) == [(1, 3), (2, 3)]

    def cp_with_empty_unit(xss: list[list[int]]) -> list[tuple[int, ...]]:
        if not xss:
            return []
        return [(x, *ys) for x in xss[0] for ys in cp_with_empty_unit(xss[1:])]

    assert cp_with_empty_unit([[1, 2], [3]]) == []


# --- LFILCP ------------------------------------------------------------------------


@given(small_lists, predicates)
def test_filter_all_cp_as_lists(xss: list[list[int]], p: Callable[[int], bool]) -> None:
    """LFILCP, list equality."""
    # filter (all p) . cp = cp . map (filter p)
    # list equality
    left, right = laws.filter_all_cp(xss, p)
    assert left == right, (left, right)


# --- LFILINV -----------------------------------------------------------------------


@given(st.lists(solved_boards(2) | int_matrices(2), max_size=5), predicates, involutions)
def test_filter_involution_as_lists(
    xs: list[Matrix[Any]], p: Callable[[Matrix[Any]], bool], name: str
) -> None:
    """LFILINV for the involutions rows, cols and boxs, list equality."""
    # filter (p . f) = map f . filter p . map f   (f . f = id)
    # list equality
    left, right = laws.filter_involution(xs, p, INVOLUTIONS[name])
    assert left == right, (left, right)


@given(st.lists(solved_boards(2) | int_matrices(2), max_size=5), involutions)
def test_filter_involution_with_nodups_as_lists(xs: list[Matrix[Any]], name: str) -> None:
    """LFILINV with the lecture's predicate all nodups, list equality."""

    # filter (all nodups . f) = map f . filter (all nodups) . map f
    # list equality
    def all_nodups(m: Matrix[Any]) -> bool:
        return all(bird.nodups(r) for r in m)

    left, right = laws.filter_involution(xs, all_nodups, INVOLUTIONS[name])
    assert left == right, (left, right)


@given(ints, predicates, int_functions)
def test_filter_map_as_lists(
    xs: list[int], p: Callable[[int], bool], f: Callable[[int], int]
) -> None:
    """The lemma of LFILINV's proof, list equality."""
    # filter p . map f = map f . filter (p . f)
    # list equality
    left, right = laws.filter_map(xs, p, f)
    assert left == right, (left, right)


@given(ints, predicates, predicates)
def test_filter_commute_as_lists(
    xs: list[int], p: Callable[[int], bool], q: Callable[[int], bool]
) -> None:
    """Filters by total predicates commute, list equality."""
    # filter p . filter q = filter q . filter p
    # list equality
    left, right = laws.filter_commute(xs, p, q)
    assert left == right, (left, right)


@given(ints, predicates)
def test_filter_via_test_as_lists(xs: list[int], p: Callable[[int], bool]) -> None:
    """The lecture's definition of filter through test, list equality."""
    # filter p = concat . map (test p)
    # list equality
    left, right = laws.filter_via_test(xs, p)
    assert left == right, (left, right)
    assert bird.filter_(p, xs) == left


# --- LPRUNE ------------------------------------------------------------------------


@given(choice_rows(4) | choice_rows(5, "12345"))
def test_lprune_as_lists(row: tuple[str, ...]) -> None:
    """LPRUNE on arbitrary rows of choices, list equality."""
    # filter nodups . cp = filter nodups . cp . pruneRow
    # list equality
    left, right = laws.lprune(row)
    assert left == right, (left, right)


@given(choice_matrices(3, max_open=4).flatmap(st.sampled_from))
def test_lprune_on_9x9_rows_as_lists(row: tuple[str, ...]) -> None:
    """LPRUNE on rows of 9x9 choice matrices, list equality."""
    # filter nodups . cp = filter nodups . cp . pruneRow
    # list equality
    left, right = laws.lprune(row)
    assert left == right, (left, right)


# --- prune, many -------------------------------------------------------------------


@given(choices4)
def test_prune_from_parts_is_prune(m: Matrix[str]) -> None:
    """The law module's prune built from its parts is Bird's prune (value equality)."""
    # prune = pruneBy rows . pruneBy cols . pruneBy boxs
    assert laws.prune_from(2)(m) == bird.prune(m, 2)


@EXPAND
@given(choices4)
def test_prune_keeps_solutions_as_lists(m: Matrix[str]) -> None:
    """The lecture's pruning theorem, list equality (verified: not only as bags)."""
    # filter valid . expand = filter valid . expand . prune
    # list equality
    left, right = laws.prune_keeps_solutions(m, 2)
    assert left == right, (left, right)


@settings(max_examples=40)
@given(choice_matrices(2, max_open=10, allow_empty=True))
def test_many_prune_is_a_fixpoint_4x4(m: Matrix[str]) -> None:
    """many prune returns a fixpoint of prune (value equality)."""
    # prune (many prune m) = many prune m
    # value equality
    left, right = laws.many_prune_fixpoint(m, 2)
    assert left == right, (left, right)


@settings(max_examples=20)
@given(puzzles(40, 64))
def test_many_prune_is_a_fixpoint_9x9(puzzle: str) -> None:
    """many prune on the choices of 9x9 puzzles returns a fixpoint of prune."""
    # prune (many prune m) = many prune m
    # value equality
    left, right = laws.many_prune_fixpoint(bird.choices(bird.line_to_grid(puzzle)))
    assert left == right, (left, right)


# --- expand1 -----------------------------------------------------------------------


@EXPAND
@given(choices4)
def test_expand1_law_as_bags(m: Matrix[str]) -> None:
    """The expand1 law on incomplete matrices, bag equality."""
    # expand = concat . map expand . expand1   (m incomplete)
    # bag equality (not a list law: see below)
    assume(not bird.complete(m))
    left, right = laws.expand1_law(m)
    assert as_bag(left) == as_bag(right), (left, right)


def test_expand1_law_is_not_a_list_law() -> None:
    """expand1 splits the cell with the fewest choices, not the first open cell."""
    # expand = concat . map expand . expand1
    # bag equality holds, list equality does not
    m = (("123", "4"), ("12", "3"))
    left, right = laws.expand1_law(m)
    assert as_bag(left) == as_bag(right), (left, right)
    assert left != right, (left, right)


def test_expand1_answers_r1_and_r2() -> None:
    """(R1) an empty choice gives []; (R2) a matrix of singletons is an error."""
    # expand1 m = []            when m holds an empty choice
    # expand1 m = minimum []    when every cell of m is a singleton
    assert bird.expand1((("12", ""), ("3", "45"))) == []
    with pytest.raises(ValueError, match="minimum"):
        bird.expand1((("1", "2"), ("3", "4")))


# --- search ------------------------------------------------------------------------


@EXPAND
@given(solved_boards(2).map(lambda g: bird.choices(g, 2)))
def test_complete_safe_matrix_has_its_extract_as_only_solution(m: Matrix[str]) -> None:
    """A complete and safe matrix expands to one valid grid, its extract (list equality)."""
    # filter valid (expand m) = [extract m]   (m complete and safe)
    # list equality
    assert bird.complete(m) and bird.safe(m, 2)
    left, right = laws.complete_safe_extract(m, 2)
    assert left == right, (left, right)


def test_complete_unsafe_matrix_has_no_solution() -> None:
    """Why the law needs safe: a complete unsafe matrix expands to no valid grid."""
    # filter valid (expand m) = []   (m complete, not safe)
    m = (("1", "1", "2", "3"),) + (("1", "2", "3", "4"),) * 3
    assert bird.complete(m) and not bird.safe(m, 2)
    left, right = laws.complete_safe_extract(m, 2)
    assert left == [] and right == [bird.extract(m)]


@EXPAND
@given(choice_matrices(2, max_open=6))
def test_search_expand1_as_bags(m: Matrix[str]) -> None:
    """search on incomplete safe matrices, bag equality."""
    # search = concat . map search . expand1   (m incomplete and safe)
    # bag equality (not a list law: see below)
    assume(not bird.complete(m) and bird.safe(m, 2))
    left, right = laws.search_expand1(m, 2)
    assert as_bag(left) == as_bag(right), (left, right)


@EXPAND
@given(choices4)
def test_search_specification_as_bags(m: Matrix[str]) -> None:
    """search finds the valid expansions of the pruned matrix, bag equality."""
    # search = filter valid . expand . prune
    # bag equality (not a list law: see below)
    left, right = laws.search_specification(m, 2)
    assert as_bag(left) == as_bag(right), (left, right)


def test_search_laws_are_not_list_laws() -> None:
    """search splits the pruned matrix, so its order differs from both right-hand sides."""
    # search = concat . map search . expand1   and   search = filter valid . expand . prune
    # bag equality holds, list equality does not
    for_expand1 = (
        ("124", "12", "3", "4"),
        ("13", "134", "2", "1"),
        ("4", "3", "1", "2"),
        ("1234", "1234", "4", "3"),
    )
    for_spec = (
        ("1234", "234", "1234", "1"),
        ("1234", "1", "3", "134"),
        ("34", "1234", "13", "2"),
        ("1", "2", "124", "23"),
    )
    assert not bird.complete(for_expand1) and bird.safe(for_expand1, 2)
    for left, right in (
        laws.search_expand1(for_expand1, 2),
        laws.search_specification(for_spec, 2),
    ):
        assert len(left) == 2
        assert as_bag(left) == as_bag(right), (left, right)
        assert left != right, (left, right)


# --- the table of laws -------------------------------------------------------------


def test_laws_table_names_every_law_once() -> None:
    """Every law function of the module is in the table, under its own name."""
    names = [law.name for law in laws.LAWS]
    assert len(names) == len(set(names))
    assert all(getattr(laws, law.name) is law.function for law in laws.LAWS)
    assert {"boxs", "prune_row", "expand1", "many"} <= set().union(
        *(law.parameters for law in laws.LAWS)
    )


@pytest.mark.parametrize("law", laws.LAWS, ids=lambda law: law.name)
def test_laws_table_holds_on_its_arguments(law: laws.Law) -> None:
    """Each law of the table holds, with its equality, on its generated arguments."""

    @settings(max_examples=8)
    @given(law_arguments(law.name))
    def check(kw: dict[str, Any]) -> None:
        left, right = law.function(**kw)
        assert laws.holds(law.equality, left, right), (left, right)

    check()


def test_laws_table_catches_a_wrong_boxs() -> None:
    """Substituting a wrong boxs (two cells swapped) breaks the involution law."""

    def swapped_boxs(m: Matrix[Any], n: int = 3) -> Matrix[Any]:
        b = [list(row) for row in bird.boxs(m, n)]
        b[0][1], b[1][0] = b[1][0], b[0][1]
        return tuple(tuple(row) for row in b)

    m = tuple(tuple(range(r * 4, r * 4 + 4)) for r in range(4))
    law = next(law for law in laws.LAWS if law.name == "boxs_involution")
    assert law.check(m, 2)
    assert not law.check(m, 2, boxs=swapped_boxs)
