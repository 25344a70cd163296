"""A grid with its possibilities as a plain SVG picture (no dependency: SVG is text).

Fixed digits are drawn large; a non-fixed cell shows its possible digits small, each in
its place of a 3x3 keypad; the pivot (if any) is highlighted.

>>> from fsudoku.grid_io import read_grid, SAMPLE
>>> text = svg_grid(read_grid(SAMPLE).unwrap(), pivot=0, title="sample")
>>> text.startswith("<svg") and text.rstrip().endswith("</svg>")
True
>>> text.count('class="fixed"'), text.count('class="pivot"')
(17, 1)
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from fsudoku.cell import Fixed, Grid

CELL = 48
MARGIN = 8
TITLE = 24


def svg_grid(grid: Grid, pivot: int | None = None, title: str = "") -> str:
    """The grid as an SVG document; ``pivot`` is a row-major cell index to highlight."""
    size = 9 * CELL
    width, height = size + 2 * MARGIN, size + 2 * MARGIN + TITLE
    top = MARGIN + TITLE
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        "<style>.fixed{font-size:30px;font-weight:bold;fill:#111}"
        ".maybe{font-size:12px;fill:#555}.title{font-size:14px;fill:#111}</style>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
        f'<text class="title" x="{MARGIN}" y="{MARGIN + 14}">{escape(title)}</text>',
    ]
    for i in range(81):
        r, c = divmod(i, 9)
        x, y = MARGIN + c * CELL, top + r * CELL
        cell = grid[r][c]
        if i == pivot:
            parts.append(
                f'<rect class="pivot" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#ffe680"/>'
            )
        if isinstance(cell, Fixed):
            parts.append(
                f'<text class="fixed" x="{x + CELL / 2}" y="{y + CELL / 2 + 10}" '
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
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
