"""The README stays short, and every link between the project's documents resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "bench" / "README.md", *(ROOT / "docs").glob("*.md")])
# [text](target) and ![alt](target); code spans are taken out first.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _prose(text: str) -> str:
    """The text without fenced code blocks and code spans (where brackets are code, not links)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file."""
    found = set()
    for heading in re.findall(r"^#{1,6} (.+)$", _prose(path.read_text(encoding="utf-8")), flags=re.M):
        found.add(re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-"))
    return found


def relative_links(path: Path) -> list[str]:
    links = LINK.findall(_prose(path.read_text(encoding="utf-8")))
    return [link for link in links if not re.match(r"[a-z][a-z0-9+.-]*:", link)]


def test_the_readme_is_read_in_two_minutes() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8")) <= 16_000


def test_the_readme_names_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in text and "make test" in text and "5000" in text


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_path_the_text_names_exists(document: Path) -> None:
    """A file or folder of the repository named in code (`scorepad/game/service.py`) is there:
    moving a module means mending the documents that name it."""
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", document.read_text(encoding="utf-8"),
                                                flags=re.S))
    named = {m.group(0) for span in spans
             if (m := re.match(r"(scorepad|tests|bench|static|tools|templates|docs)/[^\s:?`]*", span))}
    assert sorted(p for p in named if not (ROOT / p).exists()) == []


def test_the_documents_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in DOCUMENTS}
    assert {"README.md", "bench/README.md", "docs/serving.md", "docs/testing.md",
            "docs/decisions.md"} <= names


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_points_to_an_existing_file(document: Path) -> None:
    broken = []
    for link in relative_links(document):
        target, _, anchor = link.partition("#")
        file = (document.parent / target).resolve() if target else document
        if not file.exists():
            broken.append(f"{link}: no file {file}")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{link}: no heading #{anchor} in {file.name}")
    assert not broken, "\n".join(broken)


def test_the_readme_links_every_document_of_docs() -> None:
    linked = {(ROOT / link.partition("#")[0]).resolve() for link in relative_links(ROOT / "README.md")}
    assert set((ROOT / "docs").glob("*.md")) <= linked


def test_the_readme_pictures_are_small_pngs() -> None:
    pictures = [ROOT / link for link in relative_links(ROOT / "README.md") if link.endswith(".png")]
    assert 3 <= len(pictures) <= 5
    for picture in pictures:
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert picture.stat().st_size < 150_000, picture.name


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_document_sends_the_reader_outside_the_repository(document: Path) -> None:
    """A reader of the repository has nothing beside it: no link, and no path in the text
    (``../shared/...``), leads out of the repository."""
    text = document.read_text(encoding="utf-8")
    paths = [*relative_links(document), *re.findall(r"(?<![\w/])(?:\.\./)+[\w.-][\w./-]*", text)]
    # A path in the text may be meant from the document's folder or from the checkout's:
    # from one of them it must name something that is in the repository.
    outside = [p for p in paths if not any(
        (target := (base / p.partition("#")[0]).resolve()).is_relative_to(ROOT) and target.exists()
        for base in (document.parent, ROOT))]
    assert outside == []


def test_every_module_the_scripts_and_templates_name_exists() -> None:
    """A comment of a script or template that names a module (``scorepad/web/times.py``)
    names one that is there: moving a module means mending the comments that name it."""
    named = {(path.relative_to(ROOT).as_posix(), module)
             for folder in ("static", "templates") for path in sorted((ROOT / folder).rglob("*"))
             if path.suffix in (".js", ".html", ".css")
             for module in re.findall(r"scorepad/[\w/]+\.py", path.read_text(encoding="utf-8"))}
    assert sorted((where, m) for where, m in named if not (ROOT / m).exists()) == []
