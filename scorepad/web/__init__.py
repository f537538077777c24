"""The web app: the factory (app.py), infrastructure (extensions, times, worker), what the
views share (device, forms, helpers: every template filter and global, links, live_context, qr,
taken) and the views, none of which imports another (tests/test_layers.py)."""
