import socket

import pytest

from tests.conftest import NetworkBlocked


def test_inet_socket_is_refused() -> None:
    with pytest.raises(NetworkBlocked):
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)


def test_create_connection_is_refused() -> None:
    with pytest.raises(NetworkBlocked):
        socket.create_connection(("127.0.0.1", 9))
