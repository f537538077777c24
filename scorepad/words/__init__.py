"""What people read: house rules in words and the rules page, all through gettext."""
