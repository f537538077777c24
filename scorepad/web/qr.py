"""A link as a QR code (games, evenings and profiles show their links so)."""

from __future__ import annotations

from markupsafe import Markup


def qr_svg(url: str, label: str) -> Markup:
    """The link as a QR code, inline SVG with an accessible name."""
    import segno  # here, not at start: the first page comes sooner (docs/serving.md, "Cold start")

    svg = segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff",
                                                 svgclass="qr", title=label)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{Markup.escape(label)}" ', 1))
