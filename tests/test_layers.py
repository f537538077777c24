"""The layers of the house, as the imports of every module say them (../shared/STYLE.md,
"Where the house goes next"; the allowed imports of ``make test``).

Every ``import`` of every module in ``scorepad/`` is read from its source (the AST, so an
import inside a function counts as much as one at the top), and checked against the layers:

    rules    the engine: the standard library only
    reader   the card reader: rules, numpy, Pillow and onnxruntime; nothing of the web or
             the database
    game     models, scoreboard, service ...: rules and the database; no request, no
             template, no form (``flask.current_app`` only, for the app's settings, as the
             database handle itself needs the app)
    words    what people read: rules, game
    sheets   score sheets: rules, game, words
    web      what the views share (app infrastructure, device, forms, helpers ...):
             everything below it
    view     one module of ``scorepad/web/views``: everything below it, never another view
    app      ``web/app.py`` and the ``web/views`` package that registers the views: all above
    top      ``scorepad`` itself, ``cli.py``, ``schema.py``: anything

and no import cycle exists between any two modules, in a layer or across.
Alembic's scripts in ``scorepad/migrations`` are not modules of the package (Alembic
loads them) and are left out.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "scorepad"

ORDER = ("rules", "reader", "game", "words", "sheets", "web", "view", "app", "top")
# What a layer may import besides itself (a view: never another view).
ALLOWED = {layer: set(ORDER[:i + 1]) for i, layer in enumerate(ORDER)}
ALLOWED["view"] = set(ORDER[:ORDER.index("view")])

# Request, template and form machinery, which the layers under ``web`` do without.
WEB_MACHINERY = {"werkzeug", "jinja2", "markupsafe", "wtforms", "flask_wtf", "flask_limiter",
                 "flask_compress"}
# Names of ``flask`` a layer may import (None: any).
FLASK_NAMES: dict[str, set[str] | None] = {
    "rules": set(), "reader": set(), "game": {"current_app"}, "words": set()}
# Words may mark up what they say (the card chip is safe HTML, Markup), nothing more of the web.
FORBIDDEN_PACKAGES = {"reader": WEB_MACHINERY | {"weasyprint", "sqlalchemy", "flask_sqlalchemy"},
                      "game": WEB_MACHINERY | {"weasyprint"}, "words": WEB_MACHINERY - {"markupsafe"},
                      "sheets": {"wtforms", "flask_wtf"}}


@dataclass(frozen=True)
class Import:
    source: str
    target: str  # a module of scorepad, or a top-level package outside it
    names: tuple[str, ...]
    line: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line} imports {self.target}"


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if "migrations" in parts:
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports(known: dict[str, Path]) -> list[Import]:
    """Every import statement of every module, resolved to the module it loads."""
    found = []
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.append(Import(name, _resolve(alias.name, known), (), node.lineno))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                names = tuple(a.name for a in node.names)
                targets = {_resolve(f"{base}.{n}", known) if f"{base}.{n}" in known
                           else _resolve(base, known) for n in names}
                found += [Import(name, t, names, node.lineno) for t in sorted(targets)]
    return found


def _resolve(dotted: str, known: dict[str, Path]) -> str:
    """The module of ``scorepad`` that ``dotted`` names (or its nearest package); else the
    top-level package outside it."""
    parts = dotted.split(".")
    if parts[0] != "scorepad":
        return parts[0]
    while ".".join(parts) not in known:
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in ("cli", "schema"):
        return "top"
    if parts[1] in ("rules", "reader", "game", "words", "sheets"):
        return parts[1]
    if module in ("scorepad.web.app", "scorepad.web.views"):
        return "app"
    return "view" if parts[2:3] == ["views"] else "web"


def layer_problems(found: list[Import]) -> list[str]:
    """Each import that reaches a layer its module may not use."""
    problems = []
    for imp in found:
        source = layer(imp.source)
        if imp.target.startswith("scorepad"):
            target = layer(imp.target)
            if target == "view" and source == "view" and imp.target != imp.source:
                problems.append(f"{imp}: a view imports another view")
            elif target not in ALLOWED[source]:
                problems.append(f"{imp}: {source} may not import {target}")
        elif source == "rules" and imp.target not in sys.stdlib_module_names:
            problems.append(f"{imp}: the engine uses the standard library only")
        elif imp.target in FORBIDDEN_PACKAGES.get(source, ()):
            problems.append(f"{imp}: {source} does without it")
        elif imp.target == "flask" and FLASK_NAMES.get(source) is not None:
            allowed = FLASK_NAMES[source] or set()
            if not imp.names or not set(imp.names) <= allowed:
                problems.append(f"{imp} {', '.join(imp.names) or '(all)'}: {source} may use "
                                f"{', '.join(sorted(allowed)) or 'nothing'} of flask")
    return problems


def cycles(found: list[Import]) -> list[list[str]]:
    """The import cycles: each set of modules that import each other, directly or not
    (Tarjan's strongly connected components), with more than one module."""
    graph: dict[str, set[str]] = {}
    for imp in found:
        if imp.target.startswith("scorepad") and imp.target != imp.source:
            graph.setdefault(imp.source, set()).add(imp.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_every_layer_imports_only_the_layers_below_it() -> None:
    found = imports(modules())
    assert len(found) > 200  # the package's imports were read, not an empty tree
    problems = layer_problems(found)
    assert not problems, "\n".join(problems)


def shortest_cycle(found: list[Import], group: list[str]) -> list[str]:
    """One shortest way round from the first module of ``group`` back to itself."""
    inside = {(i.source, i.target) for i in found if i.source in group and i.target in group}
    start, paths = group[0], [[group[0]]]
    while paths:
        path = paths.pop(0)
        for source, target in sorted(inside):
            if source == path[-1]:
                if target == start:
                    return path + [start]
                if target not in path:
                    paths.append(path + [target])
    return group


def test_no_module_imports_itself_back_through_others() -> None:
    found = imports(modules())
    groups = cycles(found)
    assert not groups, "\n".join(" -> ".join(shortest_cycle(found, g)) for g in groups)


def test_the_checks_find_what_they_forbid() -> None:
    """The rules above, on made-up imports: a view importing a view, the game importing a
    view or flask's request, the engine importing flask, and a cycle of three."""
    made_up = [
        Import("scorepad.web.views.live", "scorepad.web.views.together", ("x",), 1),
        Import("scorepad.game.service", "scorepad.web.device", ("x",), 2),
        Import("scorepad.game.service", "flask", ("request",), 3),
        Import("scorepad.rules.cards", "flask", ("Flask",), 4),
        Import("scorepad.words.rulebook", "scorepad.sheets.pdf", ("x",), 5),
        Import("scorepad.web.helpers", "scorepad.web.views.games", ("x",), 6),
    ]
    assert len(layer_problems(made_up)) == len(made_up)
    allowed = [Import("scorepad.game.service", "flask", ("current_app",), 1),
               Import("scorepad.web.views.games", "scorepad.web.device", ("x",), 2),
               Import("scorepad.web.app", "scorepad.web.views.api", ("x",), 3),
               Import("scorepad.sheets.pdf", "scorepad.words.house_rules", ("x",), 4)]
    assert layer_problems(allowed) == []
    ring = [Import("scorepad.game.a", "scorepad.game.b", (), 1),
            Import("scorepad.game.b", "scorepad.game.c", (), 1),
            Import("scorepad.game.c", "scorepad.game.a", (), 1),
            Import("scorepad.game.c", "scorepad.rules", (), 1)]
    assert cycles(ring) == [["scorepad.game.a", "scorepad.game.b", "scorepad.game.c"]]


def test_an_import_inside_a_function_is_read() -> None:
    found = imports(modules())
    assert any(i.source == "scorepad" and i.target == "scorepad.web.app" for i in found)
