"""The wheel's compiled translations: everything else is declared in pyproject.toml.

The source tree keeps only the .po catalogs (a .mo is generated, never committed); a
checkout compiles them with ``make translations``. A wheel must run without a build
step of its own, and site-packages may be read-only, so the build compiles each catalog
next to its .po inside the wheel.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """``build_py`` that also writes ``messages.mo`` for every ``messages.po`` it ships."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout, compiled by make
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path("scorepad", "translations").glob("*/LC_MESSAGES/*.po")):
            mo = Path(self.build_lib) / po.with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parts[-3])
            with mo.open("wb") as target:
                write_mo(target, catalog)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        catalogs = [str(Path(self.build_lib) / po.with_suffix(".mo"))
                    for po in Path("scorepad", "translations").glob("*/LC_MESSAGES/*.po")]
        return list(super().get_outputs(include_bytecode)) + catalogs


setup(cmdclass={"build_py": BuildWithCatalogs})
