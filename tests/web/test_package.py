"""The wheel carries everything the app needs, and the installed package serves without a checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from scorepad import ROOT

SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "scorepad", "templates", "static")


def _tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".mo")}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the checkout's sources (the checkout stays clean)."""
    folder = tmp_path_factory.mktemp("wheel")
    source = folder / "source"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.pyc"))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--verbose", "--no-deps",
                           "--no-build-isolation", "--wheel-dir", str(folder / "dist"), str(source)],
                          check=True, capture_output=True, text=True, timeout=600)
    (folder / "build.log").write_text(done.stdout + done.stderr)
    (built,) = (folder / "dist").glob("scorepad-*.whl")
    return built


def test_the_build_warns_of_no_folder_left_out(wheel: Path) -> None:
    """Every folder of data files is a package in pyproject.toml: setuptools' warnings
    ("Package would be ignored", a screen each) are not what a first `make run` shows."""
    log = (wheel.parent.parent / "build.log").read_text()
    assert [line for line in log.splitlines()
            if "would be ignored" in line or "absent from the `packages`" in line] == []


def test_the_wheel_names_its_licence(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        metadata = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        assert "License-Expression: MIT" in z.read(metadata).decode().splitlines()
        assert any(n.endswith(".dist-info/licenses/LICENSE") for n in z.namelist())


def _key(text: Any) -> Any:
    """A message id or string; plural forms as a tuple (lists in one reader, tuples in the other)."""
    return text if isinstance(text, str) else tuple(text)


def _names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def test_the_wheel_carries_every_template_and_static_file(wheel: Path) -> None:
    names = _names(wheel)
    for folder in ("templates", "static"):
        files = _tree(ROOT / folder)
        assert files, folder
        assert {f"scorepad/{folder}/{f}" for f in files} <= names, folder


def test_the_wheel_carries_the_code_and_the_migrations(wheel: Path) -> None:
    names = _names(wheel)
    code = {f"scorepad/{f}" for f in _tree(ROOT / "scorepad") if not f.endswith(".po")}
    assert code <= names
    assert {"scorepad/migrations/env.py", "scorepad/migrations/alembic.ini",
            "scorepad/migrations/script.py.mako"} <= names
    assert any(n.startswith("scorepad/migrations/versions/") for n in names)
    assert not [n for n in names if n.startswith(("tests/", "bench/")) or "__pycache__" in n]


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_wheel_carries_the_translations_compiled(wheel: Path, tmp_path: Path,
                                                     lang: str) -> None:
    names = _names(wheel)
    mo = f"scorepad/translations/{lang}/LC_MESSAGES/messages.mo"
    assert mo in names and mo.replace(".mo", ".po") in names
    with zipfile.ZipFile(wheel) as z:
        (tmp_path / "messages.mo").write_bytes(z.read(mo))
    with (tmp_path / "messages.mo").open("rb") as f:
        compiled = read_mo(f)
    with (ROOT / mo.replace(".mo", ".po")).open("rb") as f:
        written = read_po(f)
    translated = {_key(m.id): _key(m.string) for m in written  # a plural needs every form
                  if m.id and (m.string if isinstance(m.string, str) else all(m.string))
                  and not m.fuzzy}
    assert len(translated) > 100
    assert {_key(m.id): _key(m.string) for m in compiled if _key(m.id) in translated} == translated


def test_the_wheel_names_the_scorepad_command(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        points = next(z.read(n).decode() for n in z.namelist() if n.endswith("entry_points.txt"))
    assert "scorepad = scorepad.cli:main" in points


def test_the_installed_package_serves_pages_and_static_files_without_a_checkout(
        wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(wheel)], check=True, capture_output=True,
                   timeout=300)
    script = """
import re, scorepad
from scorepad import create_app
from scorepad.cli import migrate
app = create_app()
migrate(app)
client = app.test_client()
page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
assert "Neues Spiel" in page, page[:500]
for url in re.findall(r'(?:href|src)="(/static/[^"]+)"', page):
    assert client.get(url).status_code == 200, url
from scorepad.web.assets import instance_folder
import sys
# Without SCOREPAD_INSTANCE, an installed app keeps its data under the environment, not in site-packages.
assert str(instance_folder()) == sys.prefix + "/var/scorepad-instance", instance_folder()
print(scorepad.__file__, app.template_folder, app.static_folder, app.instance_path)
"""
    env = os.environ | {"PYTHONPATH": str(target), "SCOREPAD_INSTANCE": str(tmp_path / "instance")}
    env.pop("DATABASE_URL", None)
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path, check=True,
                         capture_output=True, text=True, timeout=120).stdout.split()
    assert all(path.startswith(str(target)) for path in out[:3]), out
    assert (tmp_path / "instance" / "scorepad.sqlite").is_file()
