"""A house-rule profile as a JSON document, and back.

The document names the profile, its variant and only the switches that differ
from the variant's defaults. Reading one checks every part the way a game
import does (:mod:`scorepad.game.files`): the same JSON parser, the switches
through :func:`scorepad.game.service.check_house_rules`; nothing is stored unless
the whole file is sound.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l

from scorepad.game.checks import check_house_rules
from scorepad.game.errors import InvalidRequest
from scorepad.game.files import GameFileError
from scorepad.game.models import Profile
from scorepad.game.names import check_profile_name
from scorepad.rules import UnknownVariantError, find_variant

FORMAT = "scorepad-profile"
VERSION = 1
MAX_BYTES = 64 * 1024
_KEYS = {"format", "version", "name", "variant", "house_rules"}


@dataclass(frozen=True, slots=True)
class ProfileData:
    name: str
    variant: str
    house_rules: dict[str, Any]


def export_profile(profile: Profile) -> dict[str, Any]:
    """The profile as a JSON-ready document."""
    return {"format": FORMAT, "version": VERSION, "name": profile.name,
            "variant": profile.variant, "house_rules": profile.house_rules}


def read_profile(document: Any) -> ProfileData:
    """The profile a document describes; raises :class:`GameFileError` with every problem."""
    if not isinstance(document, dict):
        raise GameFileError([_l("The file is not a Scorepad house-rule profile.")])
    if document.get("format") != FORMAT:
        raise GameFileError([_l("The file is not a Scorepad house-rule profile.")])
    problems: list[Any] = []
    if document.get("version") != VERSION:
        problems.append(_l("This profile was written by another version of Scorepad "
                           "(version %(v)s).", v=str(document.get("version"))[:12]))
    unknown = sorted(set(document) - _KEYS)
    if unknown:
        problems.append(_l("The file holds fields a profile does not have: %(keys)s.",
                           keys=", ".join(k[:40] for k in unknown[:5])))
    name = ""
    try:
        name = check_profile_name(document.get("name"))
    except InvalidRequest as e:
        problems.append(e.message)
    house: dict[str, Any] = {}
    variant_id = document.get("variant")
    try:
        if not isinstance(variant_id, str):
            raise UnknownVariantError(str(variant_id)[:40])
        variant = find_variant(variant_id)
    except UnknownVariantError:
        problems.append(_l("Unknown variant."))
    else:
        variant_id = variant.id
        try:
            house = check_house_rules(variant, document.get("house_rules", {}))
        except InvalidRequest as e:
            problems.append(e.message)
    if problems:
        raise GameFileError(problems)
    return ProfileData(name, str(variant_id), house)
