"""Shared test setup: Qt runs offscreen, and no test may open a network socket."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("TILEWISE_SHARED", ROOT.parent / "shared"))


class NetworkBlocked(RuntimeError):
    """Raised when code under test tries to open a network socket."""


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tilewise never uses the network: any socket other than a local (AF_UNIX) one fails."""
    real_socket = socket.socket

    class GuardedSocket(real_socket):  # type: ignore[misc,valid-type]
        def __init__(self, family: int = -1, *args: object, **kwargs: object) -> None:
            if family in (socket.AF_INET, socket.AF_INET6, -1):
                raise NetworkBlocked("Tilewise tests may not open network sockets")
            super().__init__(family, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(socket, "socket", GuardedSocket)
    monkeypatch.setattr(socket, "create_connection", _refuse)
    yield


def _refuse(*_args: object, **_kwargs: object) -> None:
    raise NetworkBlocked("Tilewise tests may not open network sockets")
