"""What a start prepares: compiled templates kept between starts, and the warm-up that loads
every template and starts the sheet renderer before a phone asks."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import DictLoader, Environment
from jinja2.bccache import bc_magic

from scorepad import cli
from scorepad.sheets import pdf
from scorepad.web.assets import TemplateCache

from ..support.web import new_game


def cached_code(cache: TemplateCache, env: Environment, name: str) -> Path:
    """The file where ``cache`` keeps the compiled code of template ``name``."""
    _, filename, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
    return Path(cache.directory) / (cache.pattern % cache.get_cache_key(name, filename))


@pytest.fixture
def cache(tmp_path: Path) -> TemplateCache:
    cache = TemplateCache(str(tmp_path / "templates"))
    Path(cache.directory).mkdir()
    return cache


def env_with(cache: TemplateCache, template: str) -> Environment:
    return Environment(loader=DictLoader({"page.html": template}), bytecode_cache=cache)


def test_the_app_keeps_compiled_templates_for_the_next_start(app: Flask, client: FlaskClient) -> None:
    cache = app.jinja_env.bytecode_cache
    assert isinstance(cache, TemplateCache)
    client.get("/")
    assert cached_code(cache, app.jinja_env, "games/home.html").is_file()


def test_a_template_compiled_by_an_earlier_start_is_read_and_a_changed_one_compiled_again(
        cache: TemplateCache) -> None:
    env_with(cache, "Anna {{ points }}").get_template("page.html")
    compiled = []
    later = env_with(cache, "Anna {{ points }}")
    later.compile = lambda *a, **k: compiled.append(a) or Environment.compile(later, *a, **k)  # type: ignore[method-assign]
    assert later.get_template("page.html").render(points=110) == "Anna 110"
    assert compiled == []
    changed = env_with(cache, "Ben {{ points }}")
    assert changed.get_template("page.html").render(points=30) == "Ben 30"


def test_a_broken_or_unwritable_template_cache_is_no_error(cache: TemplateCache) -> None:
    env = env_with(cache, "Anna {{ points }}")
    env.get_template("page.html")
    # Jinja's own header, then not what Jinja wrote (a disk that failed half-way).
    cached_code(cache, env, "page.html").write_bytes(bc_magic + b"\x80\x04 broken")
    assert env_with(cache, "Anna {{ points }}").get_template("page.html").render(points=1) == "Anna 1"
    Path(cache.directory).rename(Path(cache.directory).with_name("gone"))  # cannot be written
    assert env_with(cache, "Anna {{ points }}").get_template("page.html").render(points=2) == "Anna 2"


@pytest.fixture
def warmed(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    monkeypatch.setattr(cli, "WARM_AFTER", 0)
    cli.warm(app)
    for thread in threading.enumerate():
        if thread.name == "scorepad-warm":
            thread.join(timeout=60)
    yield app


def test_after_the_warm_up_no_page_loads_a_template_and_the_renderer_runs(
        warmed: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded: list[str] = []
    loader = warmed.jinja_env.loader
    assert loader is not None
    get_source = loader.get_source
    monkeypatch.setattr(loader, "get_source",
                        lambda env, name: loaded.append(name) or get_source(env, name))
    game = new_game(client, "romme_de", ["Anna", "Ben"])
    for path in ("/", "/games/new?variant=romme_de", game, f"{game}/rounds/new", "/referee/",
                 "/rules/romme_de", f"{game}/settings", f"{game}/together", "/players", "/games/import"):
        assert client.get(path).status_code == 200, path
    assert loaded == []
    with warmed.app_context():
        assert pdf.sheet_renderer().pid is not None
