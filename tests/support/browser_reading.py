"""What a player reads wrong on a drawn page, found in the browser.

:data:`WRAPPED_NUMBERS_JS` finds every number (two digits or more: a total, a score, a
distance) that the page draws over two lines, as body's ``overflow-wrap: anywhere`` would
break "140" into "14" and "0" in a tile too narrow for it. Used by the table view's test and
by the combination test at phone and tablet sizes.
"""

from __future__ import annotations

from typing import Any

# Phone and tablet sizes a family brings to the table (Playwright's own descriptors).
SIZES = {
    "Pixel 5": {"viewport": {"width": 393, "height": 727}, "device_scale_factor": 2.75},
    "Galaxy Tab S4": {"viewport": {"width": 712, "height": 1138}, "device_scale_factor": 2.25},
    "Galaxy Tab S4 landscape": {"viewport": {"width": 1138, "height": 712},
                                "device_scale_factor": 2.25},
    "iPad landscape": {"viewport": {"width": 1024, "height": 768}, "device_scale_factor": 2},
}

WRAPPED_NUMBERS_JS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  // A sign belongs to a number only where no word or digit stands before it ("3-13" is a
  // name's hyphen, which may break; "-130" is a number, which may not).
  const number = /(?<![\\w])[+\\-\\u2212]?\\d(?:[\\d.,\\u202f\\u00a0']*\\d)?/g;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, textarea, [hidden]')) continue;
    const style = getComputedStyle(parent);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    for (const m of node.textContent.matchAll(number)) {
      if (m[0].replace(/\\D/g, '').length < 2) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                             .map(r => Math.round(r.top)));
      if (tops.size > 1) {
        const where = (parent.closest('li, td, th, p, div') || parent);
        found.push(`"${m[0]}" over ${tops.size} lines in ${where.tagName.toLowerCase()}`
                   + `.${(where.className || '').toString().trim().replace(/\\s+/g, '.')}`
                   + ` "${(where.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 60)}"`);
      }
    }
  }
  return found;
}"""


def wrapped_numbers(page: Any) -> list[str]:
    """Every number the page draws over more than one line."""
    return list(page.evaluate(WRAPPED_NUMBERS_JS))
