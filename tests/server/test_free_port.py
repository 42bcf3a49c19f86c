"""The tests' servers get their ports from tutor_server.stack.free_port: below the range the
system hands out for port 0 (where kernels' ZMQ sockets take theirs), so a kernel starting
beside a server cannot take the server's port before it binds it."""
import socket

from tutor_server.stack import _ephemeral_ports, free_port


def test_a_free_port_is_below_the_ephemeral_range_and_can_be_bound():
    low, high = _ephemeral_ports()
    assert 1024 < low < high
    ports = [free_port() for _ in range(30)]
    assert all(1024 <= port < low for port in ports), ports
    assert len(set(ports)) > 1  # chosen at random, not the same one each time
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", ports[-1]))


def _held(ports):
    socks = []
    for port in ports:
        sock = socket.socket()
        sock.bind(("127.0.0.1", port))
        sock.listen()
        socks.append(sock)
    return socks


def test_a_port_in_use_is_never_given(monkeypatch):
    import tutor_server.stack as stack
    base = free_port()
    while not all(_bindable(p) for p in range(base, base + 4)):
        base = free_port()
    monkeypatch.setattr(stack, "_ephemeral_ports", lambda: (base + 4, 60999))
    monkeypatch.setattr(stack, "PORT_SPAN", 4)  # the range: base .. base + 3
    held = _held([base, base + 1, base + 3])
    try:
        assert {stack.free_port() for _ in range(10)} == {base + 2}
        held += _held([base + 2])  # all taken: the system's choice, above the range
        assert stack.free_port() >= base + 4
    finally:
        for sock in held:
            sock.close()


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True
