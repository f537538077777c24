"""The web app: the factory, infrastructure, the device cookie, forms and the views."""
