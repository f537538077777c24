"""What people read: house rules in words and the rules page, all through gettext."""

LANGUAGES = ("en", "de", "fr")
"""The languages of the app, each a catalog in ``scorepad/translations``."""
