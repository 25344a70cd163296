"""A grid with its possibilities as a plain SVG picture (no dependency: SVG is text).

Fixed digits are drawn large: the puzzle's clues bold and black, the digits the solver
fixed in blue (when the picture is told which cells were clues); a non-fixed cell shows
its possible digits small, each in its place of a 3x3 keypad; a cell with no digit left
is shaded red; the pivot (if any) is highlighted. The title wraps onto as many lines as
it needs: its width is estimated generously (:func:`text_width`), so no renderer clips it.

>>> from fsudoku.grid_io import read_grid, SAMPLE
>>> clues = clue_cells(SAMPLE)
>>> text = svg_grid(read_grid(SAMPLE).unwrap(), pivot=0, title="sample", clues=clues)
>>> text.startswith("<svg") and text.rstrip().endswith("</svg>")
True
>>> text.count('class="clue"'), text.count('class="deduced"'), text.count('class="pivot"')
(17, 0, 1)
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Collection
from xml.sax.saxutils import escape

from fsudoku.app.messages import shown
from fsudoku.cell import Fixed, Grid

CELL = 48
"""The side of a cell, in SVG units (pixels)."""

MARGIN = 8
"""The blank border around the picture."""

DIGIT_SIZE = 30
"""The font size of a fixed digit."""

MAYBE_SIZE = 12
"""The font size of a possible digit."""

TITLE_SIZE = 14
"""The font size of the title and of the legend."""

LINE = 18
"""The height of one line of the title or the legend."""

CLUE_COLOUR = "#111111"
DEDUCED_COLOUR = "#1f5fbf"

_WIDE = frozenset("ABCDGHKMNOQRUVWXYmw@%&")
"""Characters counted a full em wide by :func:`text_width` (the others: two thirds)."""


def text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` at font size ``size``.

    Wide letters one em, every other character two thirds of one (sans-serif fonts, DejaVu
    Sans the widest of the common ones, stay below it).


    >>> text_width("mm", 10), text_width("ab", 12)
    (20.0, 16.0)
    """
    wide = sum(c in _WIDE for c in text)
    return size * (wide + (len(text) - wide) * 2 / 3)


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at font size ``size``.

    Widths are by :func:`text_width`; breaks are at spaces, and inside a word too long for a
    line.


    >>> wrap("node 3: pruneGrid settled", 100, 14)
    ['node 3:', 'pruneGrid', 'settled']
    >>> wrap("abcdefghij", 40, 12), wrap("", 100, 14)
    (['abcde', 'fghij'], [])
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        while text_width(word, size) > width:  # longer than a line: cut it
            if line:
                lines.append(line)
                line = ""
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut], size) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        if not word:
            continue
        joined = f"{line} {word}" if line else word
        if text_width(joined, size) <= width:
            line = joined
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def clue_cells(puzzle: str) -> frozenset[int]:
    """The row-major indices of the clues of a puzzle line (``1``-``9``).

    >>> sorted(clue_cells("1" + "." * 79 + "9"))
    [0, 80]
    """
    return frozenset(i for i, c in enumerate(puzzle[:81]) if c in "123456789")


def svg_grid(
    grid: Grid,
    pivot: int | None = None,
    title: str = "",
    clues: Collection[int] | None = None,
) -> str:
    """The grid as an SVG document.

    A picture of ``showGridWithPossibilities``.

    ``pivot`` is a row-major cell index to highlight; ``clues``, the indices of the
    puzzle's clues: their digits are drawn bold and black, the other fixed cells' in blue,
    with a legend under the grid (``None``: clues unknown, every fixed digit drawn alike).
    """
    size = 9 * CELL
    width = size + 2 * MARGIN
    title_lines = wrap(title, width - 2 * MARGIN, TITLE_SIZE)
    legend = "bold black: the puzzle's clues; blue: digits the solver fixed"
    legend_lines = [] if clues is None else wrap(legend, width - 2 * MARGIN, TITLE_SIZE)
    top = MARGIN + LINE * len(title_lines) + (MARGIN if title_lines else 0)
    height = top + size + MARGIN + (LINE * len(legend_lines) + MARGIN if legend_lines else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        f"<style>.clue,.fixed{{font-size:{DIGIT_SIZE}px;font-weight:bold;fill:{CLUE_COLOUR}}}"
        f".deduced{{font-size:{DIGIT_SIZE}px;fill:{DEDUCED_COLOUR}}}"
        f".maybe{{font-size:{MAYBE_SIZE}px;fill:#555}}"
        f".title{{font-size:{TITLE_SIZE}px;fill:#111}}</style>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
    ]
    for k, line in enumerate(title_lines):
        y = MARGIN + LINE * k + TITLE_SIZE
        parts.append(f'<text class="title" x="{MARGIN}" y="{y}">{escape(line)}</text>')
    for i in range(81):
        r, c = divmod(i, 9)
        x, y = MARGIN + c * CELL, top + r * CELL
        cell = grid[r][c]
        if i == pivot:
            parts.append(
                f'<rect class="pivot" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#ffe680"/>'
            )
        if isinstance(cell, Fixed):
            kind = "fixed" if clues is None else "clue" if i in clues else "deduced"
            parts.append(
                f'<text class="{kind}" x="{x + CELL / 2}" y="{y + CELL / 2 + 10}" '
                f'text-anchor="middle">{cell.value}</text>'
            )
            continue
        if not cell.values:
            parts.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                f'fill="#f4b6b6"/>'
            )
        for d in cell.values:
            dr, dc = divmod(d - 1, 3)
            parts.append(
                f'<text class="maybe" x="{x + 8 + dc * 16}" y="{y + 13 + dr * 15}" '
                f'text-anchor="middle">{d}</text>'
            )
    for k in range(10):
        stroke = 3 if k % 3 == 0 else 1
        pos = k * CELL
        parts.append(
            f'<line x1="{MARGIN + pos}" y1="{top}" x2="{MARGIN + pos}" y2="{top + size}" '
            f'stroke="#222" stroke-width="{stroke}"/>'
        )
        parts.append(
            f'<line x1="{MARGIN}" y1="{top + pos}" x2="{MARGIN + size}" y2="{top + pos}" '
            f'stroke="#222" stroke-width="{stroke}"/>'
        )
    for k, line in enumerate(legend_lines):
        y = top + size + MARGIN + LINE * k + TITLE_SIZE
        parts.append(f'<text class="title" x="{MARGIN}" y="{y}">{escape(line)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


_STEP = re.compile(r"step-\d+\.svg")


class PictureError(Exception):
    """A picture of ``--svg`` could not be written (the message names the file)."""

    def __init__(self, path: str, error: OSError) -> None:
        reason = error.strerror or str(error) or type(error).__name__
        super().__init__(f"cannot write {shown(path)}: {reason[:1].lower()}{reason[1:]}")


class Folder:
    """The pictures of one trace, in a folder, and a page that shows them in order.

    ``step-NNNN.svg`` (numbered wide enough for ``cap`` steps, so they sort; seven digits
    without a cap), then ``index.html``.

    Each file is written under a temporary name and renamed into place: an interrupted
    run leaves no half picture, and a link planted under a picture's name is replaced,
    not followed. A previous run's pictures are removed first, so the folder holds one
    trace.
    """

    def __init__(self, path: str, cap: int | None) -> None:
        self.path = path
        self.width = max(4, len(str(cap))) if cap is not None else 7
        umask = os.umask(0o022)
        os.umask(umask)
        self.mode = 0o666 & ~umask  # what a new file gets under this process's umask
        self.steps: list[tuple[str, str]] = []
        for name in os.listdir(path):
            if _STEP.fullmatch(name) or name == "index.html":
                full = os.path.join(path, name)
                if not os.path.isdir(full) or os.path.islink(full):
                    try:
                        os.unlink(full)
                    except OSError as error:
                        raise PictureError(full, error) from None

    def add(self, step: int, title: str, text: str) -> None:
        """Write one step's picture."""
        name = f"step-{step:0{self.width}d}.svg"
        self._put(name, text)
        self.steps.append((name, title))

    def close(self) -> None:
        """Write the index of the pictures written."""
        items = "\n".join(
            f'<li><p>{escape(title)}</p><img src="{name}" alt="{escape(title)}"></li>'
            for name, title in self.steps
        )
        self._put(
            "index.html",
            '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>fsudoku explain'
            f"</title></head>\n<body><ol>\n{items}\n</ol></body></html>\n",
        )

    def _put(self, name: str, text: str) -> None:
        final = os.path.join(self.path, name)
        try:
            fd, temporary = tempfile.mkstemp(dir=self.path, prefix=".step-", suffix=".tmp")
        except OSError as error:
            raise PictureError(final, error) from None
        try:
            os.fchmod(fd, self.mode)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(temporary, final)
        except BaseException as error:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            if isinstance(error, OSError):
                raise PictureError(final, error) from None
            raise
