"""A solver or an engine is named in full: a prefix of a name (``"dl"`` for ``dlx``,
``"e"`` for ``exclusives``), the empty string or a name with another case is an
:class:`~fsudoku.base.validate.UnknownName`, wherever a name is taken.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fsudoku.base import validate
from fsudoku.base.names import SOLVERS, SolverName
from fsudoku.base.validate import UnknownName
from fsudoku.grid_io import SAMPLE
from fsudoku.pe96.formats import Entry
from fsudoku.run import batch, registry

NOT_NAMES = ["dl", "e", "", "exclusive", "DLX", "dlx ", "simple-"]

TAKERS: dict[str, Callable[[str], object]] = {
    "record": registry.record,
    "solve_line": lambda name: registry.solve_line(name, SAMPLE),  # type: ignore[arg-type]
    "outcomes": lambda name: next(batch.outcomes([Entry(SAMPLE, "1")], name)),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("taker", TAKERS)
@pytest.mark.parametrize("name", NOT_NAMES)
def test_a_prefix_or_a_near_name_of_a_solver_is_unknown(name: str, taker: str) -> None:
    with pytest.raises(UnknownName, match="unknown solver"):
        TAKERS[taker](name)


@pytest.mark.parametrize("engine", ["f", "ref", "", "Fast", "au"])
def test_a_prefix_of_an_engine_is_unknown(engine: str) -> None:
    with pytest.raises(UnknownName, match="unknown engine"):
        validate.options("exclusives", engine)


@pytest.mark.parametrize("name", SOLVERS)
def test_each_name_in_full_is_known(name: SolverName) -> None:
    assert registry.record(name) is registry.REGISTRY[name]
