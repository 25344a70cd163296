"""The SVG pictures of ``fsudoku explain --svg``: well-formed XML, every text inside the
picture (titles wrapped, never clipped), and the clues drawn apart from deduced digits."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from fsudoku.app import explain, svg
from fsudoku.cell import Fixed
from fsudoku.grid_io import SAMPLE, read_grid
from fsudoku.sarkar1 import prune_grid

NS = "{http://www.w3.org/2000/svg}"
LONG_TITLE = (
    "123: node 45, pruneGrid' pass 3: after pruning sub-grids, with a title far longer "
    "than one line of the picture could ever hold, WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"
    "WWWWWWWWWWWWWWWWWW and MMMMMMMM too"
)

WIDE = set("ABCDGHKMNOQRUVWXYmw@%&")


def width_bound(text: str, size: float) -> float:
    """An upper bound of the width of ``text`` in common sans-serif fonts, stated here on
    its own: a wide letter is one em, any other character two thirds of one."""
    return sum(size if c in WIDE else size * 2 / 3 for c in text)


def font_sizes(root: ET.Element) -> dict[str, float]:
    style = root.find(f"{NS}style")
    assert style is not None and style.text
    sizes = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", style.text):
        found = re.search(r"font-size:(\d+(?:\.\d+)?)px", body)
        if found:
            for selector in selectors.split(","):
                sizes[selector.strip().lstrip(".")] = float(found.group(1))
    return sizes


def outside(document: str) -> list[str]:
    """The texts of an SVG document that do not fit its viewBox (by :func:`width_bound`)."""
    root = ET.fromstring(document)  # raises on malformed XML
    assert root.tag == f"{NS}svg"
    x0, y0, width, height = map(float, root.attrib["viewBox"].split())
    assert (x0, y0) == (0, 0)
    assert (float(root.attrib["width"]), float(root.attrib["height"])) == (width, height)
    sizes = font_sizes(root)
    bad = []
    for text in root.iter(f"{NS}text"):
        content = "".join(text.itertext())
        size = sizes[text.attrib["class"]]
        x, y = float(text.attrib["x"]), float(text.attrib["y"])
        w = width_bound(content, size)
        anchor = text.attrib.get("text-anchor", "start")
        left = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
        if left < 0 or left + w > width or y - size < 0 or y > height:
            bad.append(f"{content!r} at ({x}, {y}), about {w:.0f} wide, in {width}x{height}")
    return bad


def test_a_long_title_wraps_inside_the_picture() -> None:
    grid = read_grid(SAMPLE).unwrap()
    document = svg.svg_grid(grid, pivot=3, title=LONG_TITLE, clues=svg.clue_cells(SAMPLE))
    assert not outside(document)
    root = ET.fromstring(document)
    titles = ["".join(t.itertext()) for t in root.iter(f"{NS}text") if t.get("class") == "title"]
    assert len(titles) >= 4  # wrapped: several lines, and the legend
    shown = "".join(titles).replace(" ", "")
    assert LONG_TITLE.replace(" ", "") in shown  # nothing of the title is lost


def test_the_checker_sees_a_clipped_text() -> None:
    # the check can fail: a title drawn on one line, as the pictures were before
    document = svg.svg_grid(read_grid(SAMPLE).unwrap(), title="x")
    clipped = document.replace(">x</text>", f">{LONG_TITLE}</text>")
    assert outside(clipped)


def test_clues_are_drawn_apart_from_deduced_digits() -> None:
    grid = read_grid(SAMPLE).unwrap()
    settled = prune_grid(grid).unwrap()  # 18 fixed cells: 17 clues and one deduced
    root = ET.fromstring(svg.svg_grid(settled, clues=svg.clue_cells(SAMPLE)))
    kinds: dict[str, list[str]] = {}
    for text in root.iter(f"{NS}text"):
        kinds.setdefault(text.attrib["class"], []).append(text.text or "")
    assert len(kinds["clue"]) == 17
    fixed = sum(isinstance(cell, Fixed) for row in settled for cell in row)
    assert len(kinds["deduced"]) == fixed - 17 == 1
    style = root.find(f"{NS}style")
    assert style is not None and style.text
    colours = dict(re.findall(r"\.(clue|deduced)[^{]*\{[^}]*fill:(#[0-9a-f]+)", style.text))
    assert colours["clue"] != colours["deduced"]


def test_explain_writes_pictures_that_parse_fit_and_know_the_clues(tmp_path: Path) -> None:
    puzzle = "6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
    pictures_folder = svg.Folder(str(tmp_path), 40)
    explain.explain(puzzle, "simple", io.StringIO(), max_steps=40, pictures=pictures_folder)
    pictures = sorted(tmp_path.glob("*.svg"))
    assert len(pictures) >= 30  # the steps that show a grid
    for picture in pictures:
        document = picture.read_text(encoding="utf-8")
        assert not outside(document), picture.name
        root = ET.fromstring(document)
        clues = [t for t in root.iter(f"{NS}text") if t.get("class") == "clue"]
        assert len(clues) == 18, picture.name  # the puzzle's 18 clues, in every picture
    last = ET.fromstring(pictures[-1].read_text(encoding="utf-8"))  # after some pruning
    assert any(t.get("class") == "deduced" for t in last.iter(f"{NS}text"))


@given(st.text(alphabet=st.characters(codec="ascii", exclude_categories=["Cc"]), max_size=400))
def test_wrapped_lines_fit_and_keep_every_character(title: str) -> None:
    width = 432
    lines = svg.wrap(title, width, 14)
    assert all(svg.text_width(line, 14) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == title.replace(" ", "")
    assert not outside(svg.svg_grid(read_grid(SAMPLE).unwrap(), title=title))
