"""A downstream module of the testing kit, as docs/testing-kit.md and docs/laws.md show it."""

from typing import reveal_type

from fsudoku.testing import FSUDOKU, LAWS, Parts, check_laws, check_solver, law_tests

reveal_type([law.name for law in LAWS if "boxs" in law.uses])
# mypy reveals: list[str]
# pyright reveals: list[str]
wrong = Parts(rows=lambda m: m[1:], boxs=lambda m, n: tuple(reversed(m)))
reveal_type(wrong.rows(((1, 2), (3, 4))))
# mypy reveals: tuple[tuple[int, ...], ...]
# pyright reveals: tuple[tuple[int, ...], ...]
reveal_type(FSUDOKU.many(lambda k: max(k - 1, 0), 5))
# mypy reveals: int
# pyright reveals: int
reveal_type(check_laws(wrong, laws=[law for law in LAWS if "rows" in law.uses]))
# mypy reveals: None
# pyright reveals: None
test_laws = law_tests(wrong)


def mine(line: str) -> str | None:
    return None


reveal_type(check_solver(mine, order="any"))
# mypy reveals: None
# pyright reveals: None
