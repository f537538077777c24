"""The links a page shares with the other phones (a game's, an evening's, a profile's, and
their QR codes), built from an address those phones can reach.

Which base a shared link gets, first match:

1. ``SCOREPAD_PUBLIC_URL`` (``https://scores.example.org``, a path prefix kept): always that;
2. a page opened on a loopback address (``localhost``, ``127.x``, ``::1``: the host's own
   laptop): this machine's LAN address, the one of the default route unless the page asked
   for another of its addresses (``?via=``), with the request's scheme and port (not when
   ``scorepad serve`` listens on one address only, ``SCOREPAD_LAN_LINKS`` false: then the
   LAN address would not answer);
3. else the address the phone itself used (behind a reverse proxy that the configuration
   trusts, ``SCOREPAD_TRUSTED_PROXIES``: the proxy's ``X-Forwarded-Proto``/``Host``, which
   Werkzeug's ProxyFix puts in their place; never by default, so a forged header changes
   nothing). A machine with no LAN address falls back to this too.

Why: ``url_for(..., _external=True)`` alone gave ``http://localhost:5000/g/…`` to the laptop
that opened its own game, a link no other phone can open (docs/serving.md).
"""

from __future__ import annotations

import ipaddress
import socket
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request, url_for

# An address of TEST-NET-1 (RFC 5737): a UDP socket "connected" to it is given the source
# address of the default route; connecting a UDP socket sends nothing.
_PROBE = ("192.0.2.1", 9)
# Addresses are read again after this many seconds (a laptop changes networks).
_FRESH_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class Lan:
    """This machine's IPv4 addresses that other phones can reach, and which one the default
    route leaves by (None: no default route, or not one of them)."""

    addresses: tuple[str, ...]
    default: str | None

    def first(self) -> list[str]:
        """The addresses, the default route's first."""
        return sorted(self.addresses, key=lambda a: (a != self.default, ipaddress.ip_address(a)))


def machine_addresses() -> list[str]:
    """This machine's IPv4 addresses that other phones on the network can reach (every
    network interface, as the ifaddr library lists them; loopback and link-local left out)."""
    import ifaddr

    found: set[str] = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # an IPv6 address: phones on a home network join by IPv4
            address = ipaddress.ip_address(ip.ip)
            if not (address.is_loopback or address.is_link_local or address.is_unspecified):
                found.add(str(address))
    return sorted(found, key=ipaddress.ip_address)


def default_route_address() -> str | None:
    """The address this machine would send from to reach the outside, as the operating
    system chooses it (no packet is sent), or None without a route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if ipaddress.ip_address(address).is_unspecified else address


_seen: tuple[float, Lan] | None = None


def lan() -> Lan:
    """This machine's LAN addresses, read at most every 30 s."""
    global _seen
    now = time.monotonic()
    if _seen is None or now - _seen[0] > _FRESH_SECONDS:
        addresses = tuple(machine_addresses())
        default = default_route_address()
        _seen = now, Lan(addresses, default if default in addresses else None)
    return _seen[1]


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a Host header's name, without port) names this machine only.

    >>> [is_loopback(h) for h in ("localhost", "127.0.1.1", "::1", "app.localhost", "192.168.1.2")]
    [True, True, True, True, False]
    """
    host = host.strip("[]").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_choice() -> tuple[list[str], str] | None:
    """The addresses the host may pick for the shared link and the one in use, when this page
    was opened on a loopback address and links follow the LAN address; else None."""
    config = current_app.config
    if (config.get("SCOREPAD_PUBLIC_URL") or not config.get("SCOREPAD_LAN_LINKS", True)
            or not is_loopback(_request_host())):
        return None
    found = lan()
    if not found.addresses:
        return None
    choices = found.first()
    via = request.args.get("via", "")
    return choices, via if via in choices else choices[0]


def shared_url(endpoint: str, **values: Any) -> str:
    """The absolute link of ``endpoint`` to show other phones (see the module's docstring)."""
    path = url_for(endpoint, **values)  # with the request's script root (a proxy's prefix)
    public: str = current_app.config.get("SCOREPAD_PUBLIC_URL") or ""
    if public:
        return public.rstrip("/") + path.removeprefix(request.script_root)
    choice = lan_choice()
    if choice is None:
        return request.host_url.rstrip("/") + path
    port = urlsplit(request.host_url).port
    return f"{request.scheme}://{choice[1]}" + (f":{port}" if port else "") + path


def _request_host() -> str:
    """The host name the request was sent to, without its port."""
    return urlsplit(request.host_url).hostname or ""


def check_public_url(url: str) -> str:
    """``SCOREPAD_PUBLIC_URL`` as links use it, or ValueError for one that is no base URL.

    >>> check_public_url("https://scores.example.org/rummy/")
    'https://scores.example.org/rummy'
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ValueError(f"SCOREPAD_PUBLIC_URL must be an http(s) address such as "
                         f"https://scores.example.org, not {url!r}")
    return url.rstrip("/")
