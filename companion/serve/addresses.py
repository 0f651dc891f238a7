"""The addresses `companion web` prints: for a server on every interface, the ones a phone can open,
this machine's IPv4 address on each of its networks and its `.local` name (mDNS), rather than its
bare host name, which a phone's resolver rarely knows."""

import fcntl
import ipaddress
import socket
import struct

ALL_INTERFACES = ("0.0.0.0", "::", "")
SIOCGIFADDR = 0x8915
"""Linux's ioctl for an interface's IPv4 address."""


def hosts(host: str) -> list[str]:
    """Where a browser finds a server listening on `host`: the host itself, or for every interface
    this machine's IPv4 addresses, then `<host name>.local`."""
    if host not in ALL_INTERFACES:
        return [host]
    return [*ipv4_addresses(), f"{socket.gethostname().split('.')[0]}.local"]


def ipv4_addresses() -> list[str]:
    """Each network interface's IPv4 address, loopback left out (none where the ioctl is not Linux's)."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            try:
                answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue  # an interface with no IPv4 address
            address = socket.inet_ntoa(answer[20:24])
            if not ipaddress.IPv4Address(address).is_loopback and address not in found:
                found.append(address)
    return found


def url(host: str, port: int, query: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?{query}"
