"""Helpers of the browser tests of the referee: a question asked on its page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

LANGS = ["en", "de"]


def ask(page: Any, question: str, **fields: str | bool) -> Any:
    """Fill one question's form, press Ask, and return its section once the answer is in."""
    section = page.locator(f"#q-{question}")
    for name, value in fields.items():
        field = section.locator(f"[name={name}]")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(value)
    section.locator("button[type=submit]").click()
    section = page.locator(f"#q-{question}")
    expect(section.locator(".answer")).not_to_be_empty()
    return section


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
