"""The laws of Bird's Sudoku lecture (and of Sarkar's articles), each declared once.

The functions under test are one record, :class:`Parts` (:mod:`fsudoku.testing.lawbook`), whose fields default to
fsudoku's own (:data:`FSUDOKU`); a planted bug, or your own version of a function, is
the record with that field replaced::

    wrong = dataclasses.replace(FSUDOKU, boxs=wrong_boxs)

Each law is declared by :func:`law` on the function computing both of its sides from
the parts and its arguments: its name (the function's), its Haskell equation, its
equality (:mod:`fsudoku.testing.equality`), the parts it uses, the domain of its
arguments (a name for :func:`fsudoku.testing.strategies.law_arguments`) and, for a law
that holds on part of that domain only, the condition (stated with the parts: a wrong
``safe`` or ``complete`` shows up too). :data:`LAWS` is every law, in the order declared;
:func:`fsudoku.testing.kit.check_laws` checks them with Hypothesis. This module needs
no Hypothesis.

Which equality each law satisfies was found by testing and is the strongest that
holds: the naturality of ``expand`` for ``cols`` and ``boxs``, the law of ``expand1`` and
the two laws of ``search`` hold as bags but not as lists (``tests/test_laws.py`` shows
counterexamples); that ``pruneGrid`` keeps every solution is stated as bags, because
the solutions are enumerated by a search whose order is not the law's business; every
other law holds as lists.

>>> m = (("123", "45"),)
>>> BAG.same(*expand1_law(FSUDOKU, m=m)), LIST.same(*expand1_law(FSUDOKU, m=m))
(True, False)
>>> boxs_involution
Law(boxs_involution: boxs . boxs = id, list equality)
"""

from __future__ import annotations

from fsudoku.testing import bird_laws, sarkar_laws
from fsudoku.testing.bird_laws import (
    boxs_involution as boxs_involution,
)
from fsudoku.testing.bird_laws import (
    boxs_naturality as boxs_naturality,
)
from fsudoku.testing.bird_laws import (
    cols_involution as cols_involution,
)
from fsudoku.testing.bird_laws import (
    cols_naturality as cols_naturality,
)
from fsudoku.testing.bird_laws import (
    complete_safe_extract as complete_safe_extract,
)
from fsudoku.testing.bird_laws import (
    cp_naturality as cp_naturality,
)
from fsudoku.testing.bird_laws import (
    expand1_law as expand1_law,
)
from fsudoku.testing.bird_laws import (
    filter_all_cp as filter_all_cp,
)
from fsudoku.testing.bird_laws import (
    filter_commute as filter_commute,
)
from fsudoku.testing.bird_laws import (
    filter_involution as filter_involution,
)
from fsudoku.testing.bird_laws import (
    filter_map as filter_map,
)
from fsudoku.testing.bird_laws import (
    filter_via_test as filter_via_test,
)
from fsudoku.testing.bird_laws import (
    group_ungroup as group_ungroup,
)
from fsudoku.testing.bird_laws import (
    lprune as lprune,
)
from fsudoku.testing.bird_laws import (
    many_prune_fixpoint as many_prune_fixpoint,
)
from fsudoku.testing.bird_laws import (
    map_fusion as map_fusion,
)
from fsudoku.testing.bird_laws import (
    map_identity as map_identity,
)
from fsudoku.testing.bird_laws import (
    prune_by_definition as prune_by_definition,
)
from fsudoku.testing.bird_laws import (
    prune_definition as prune_definition,
)
from fsudoku.testing.bird_laws import (
    prune_keeps_solutions as prune_keeps_solutions,
)
from fsudoku.testing.bird_laws import (
    rows_involution as rows_involution,
)
from fsudoku.testing.bird_laws import (
    rows_naturality as rows_naturality,
)
from fsudoku.testing.bird_laws import (
    search_expand1 as search_expand1,
)
from fsudoku.testing.bird_laws import (
    search_specification as search_specification,
)
from fsudoku.testing.bird_laws import (
    ungroup_group as ungroup_group,
)
from fsudoku.testing.bird_laws import (
    valid_by_units as valid_by_units,
)
from fsudoku.testing.equality import BAG as BAG
from fsudoku.testing.equality import LIST as LIST
from fsudoku.testing.lawbook import FSUDOKU as FSUDOKU
from fsudoku.testing.lawbook import PART_NAMES as PART_NAMES
from fsudoku.testing.lawbook import SARKAR2 as SARKAR2
from fsudoku.testing.lawbook import Choices as Choices
from fsudoku.testing.lawbook import Diverged as Diverged
from fsudoku.testing.lawbook import Law as Law
from fsudoku.testing.lawbook import Parts as Parts
from fsudoku.testing.lawbook import Sides as Sides
from fsudoku.testing.lawbook import law as law
from fsudoku.testing.lawbook import unit as unit
from fsudoku.testing.sarkar_laws import (
    prune_cells_keeps_solutions as prune_cells_keeps_solutions,
)
from fsudoku.testing.sarkar_laws import (
    prune_cells_removes_only as prune_cells_removes_only,
)
from fsudoku.testing.sarkar_laws import (
    prune_grid_fixpoint as prune_grid_fixpoint,
)
from fsudoku.testing.sarkar_laws import (
    prune_grid_keeps_solutions as prune_grid_keeps_solutions,
)
from fsudoku.testing.sarkar_laws import (
    prune_grid_once_definition as prune_grid_once_definition,
)
from fsudoku.testing.sarkar_laws import (
    prune_grid_removes_only as prune_grid_removes_only,
)
from fsudoku.testing.sarkar_laws import (
    sub_grids_to_rows_involution as sub_grids_to_rows_involution,
)
from fsudoku.testing.sarkar_laws import (
    transpose_involution as transpose_involution,
)

__all__ = [
    "FSUDOKU",
    "LAWS",
    "PART_NAMES",
    "SARKAR2",
    "Choices",
    "Diverged",
    "Law",
    "Parts",
    "Sides",
    "law",
    "unit",
]

LAWS: tuple[Law, ...] = bird_laws.LAWS + sarkar_laws.LAWS
"""Every law: Bird's (:mod:`fsudoku.testing.bird_laws`), then Sarkar's
(:mod:`fsudoku.testing.sarkar_laws`), each in the order declared."""
