#!/usr/bin/env python3
"""The TLS test harness for fauth's production path: test certificates, a TLS front, a CONNECT proxy.

  tls_front.py certs DIR
      Makes, with the openssl CLI, a test CA (ca.pem) and server certificates signed by it: valid.pem (for
      localhost, 127.0.0.1 and auth.fauth-test.invalid), wrong-name.pem (for other.invalid), expired.pem (valid for a day in 2020), and
      untrusted.pem (for localhost, signed by a second CA, other-ca.pem, that nothing trusts). Each *.pem has its
      key in *.key; ca-folder/ holds ca.pem under its hash, as `openssl rehash` names it, and other-ca-folder/
      other-ca.pem.
  tls_front.py front --cert PEM --key KEY --upstream HOST:PORT --log FILE [--stall]
      Listens on 127.0.0.1 (a free port, printed as the first line on stdout), completes TLS handshakes and
      forwards each connection's bytes to the upstream (fauth-emulator) and back. With --stall it answers every
      request with a status line, headers and the first byte of the body, then nothing more.
  tls_front.py proxy --log FILE
      An HTTP proxy that only tunnels (CONNECT), on a free port printed as the first line on stdout; every tunnel
      goes to 127.0.0.1 at the port asked for, whatever the host name (the tests' names, such as
      auth.fauth-test.invalid, exist nowhere else). A plain request through it is answered 502 (and logged), so a
      test sees any request that should not have come.
      With --refuse STATUS it opens no tunnel: every CONNECT is answered STATUS (407 asks for a user and password).

Every event is appended to the log file as one line, written before the bytes it describes are passed on:
`handshake`, `handshake-failed REASON`, `request METHOD PATH`, `tunnel HOST:PORT`, `refused HOST:PORT`,
`proxied METHOD URL`.
"""
import argparse
import os
import shutil
import socket
import ssl
import subprocess
import threading


def log(path, line):
    with open(path, "a") as f:
        f.write(line + "\n")


def openssl(*args):
    subprocess.run(["openssl", *args], check=True, capture_output=True)


def make_certs(folder):
    os.makedirs(folder, exist_ok=True)
    p = lambda name: os.path.join(folder, name)
    for ca in ("ca", "other-ca"):
        openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "30",
                "-subj", f"/CN=fauth test {ca}", "-keyout", p(ca + ".key"), "-out", p(ca + ".pem"),
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign")
    leaves = [("valid", "ca", "DNS:localhost,IP:127.0.0.1,DNS:auth.fauth-test.invalid", None),
              ("wrong-name", "ca", "DNS:other.invalid", None),
              ("untrusted", "other-ca", "DNS:localhost,IP:127.0.0.1", None),
              ("expired", "ca", "DNS:localhost,IP:127.0.0.1", ("20200101000000Z", "20200102000000Z"))]
    for name, ca, names, dates in leaves:
        openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-subj", f"/CN={name}", "-keyout", p(name + ".key"), "-out", p(name + ".csr"))
        extensions = p(name + ".ext")
        with open(extensions, "w") as f:
            f.write(f"subjectAltName={names}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
        if dates is None:
            openssl("x509", "-req", "-in", p(name + ".csr"), "-CA", p(ca + ".pem"), "-CAkey", p(ca + ".key"),
                    "-CAcreateserial", "-days", "30", "-extfile", extensions, "-out", p(name + ".pem"))
        else:  # `openssl ca` is the CLI's way to set both validity dates
            database = p(name + ".index")
            open(database, "w").close()
            with open(p(name + ".cnf"), "w") as f:
                f.write(f"[ca]\ndefault_ca=test\n[test]\ndatabase={database}\nnew_certs_dir={folder}\n"
                        f"serial={p(name + '.serial')}\ndefault_md=sha256\npolicy=any\n[any]\ncommonName=supplied\n")
            with open(p(name + ".serial"), "w") as f:
                f.write("1000\n")
            openssl("ca", "-batch", "-config", p(name + ".cnf"), "-cert", p(ca + ".pem"), "-keyfile", p(ca + ".key"),
                    "-startdate", dates[0], "-enddate", dates[1], "-extfile", extensions, "-notext",
                    "-in", p(name + ".csr"), "-out", p(name + ".pem"))
    for ca in ("ca", "other-ca"):  # each CA as a hashed folder (SSL_CERT_DIR, CAPATH)
        os.makedirs(p(ca + "-folder"), exist_ok=True)
        shutil.copy(p(ca + ".pem"), p(ca + "-folder/" + ca + ".pem"))
        openssl("rehash", p(ca + "-folder"))


def listen():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    print(server.getsockname()[1], flush=True)
    return server


def pump(source, destination):
    try:
        while data := source.recv(65536):
            destination.sendall(data)
    except OSError:
        pass
    finally:
        try:
            destination.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def read_head(stream, buffered):
    """Reads until the end of a request head; returns (head, rest) or (None, rest) at end of stream."""
    while b"\r\n\r\n" not in buffered:
        data = stream.recv(65536)
        if not data:
            return None, buffered
        buffered += data
    end = buffered.index(b"\r\n\r\n") + 4
    return buffered[:end], buffered[end:]


def content_length(head):
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value.strip())
    return 0


def forward_requests(client, upstream, log_path):
    """Passes requests from the client to the upstream one by one, logging each (HTTP/1.1 framing)."""
    buffered = b""
    try:
        while True:
            head, buffered = read_head(client, buffered)
            if head is None:
                break
            request_line = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
            log(log_path, f"request {request_line[0]} {request_line[1]}")
            length = content_length(head)
            while len(buffered) < length:
                data = client.recv(65536)
                if not data:
                    break
                buffered += data
            upstream.sendall(head + buffered[:length])
            buffered = buffered[length:]
    except OSError:
        pass
    finally:
        try:
            upstream.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def serve_front(connection, context, upstream_address, log_path, stall):
    # No Nagle delay: an answer the emulator writes in two pieces must not wait for the client's delayed ACK.
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        client = context.wrap_socket(connection, server_side=True)
    except (ssl.SSLError, OSError) as error:
        log(log_path, f"handshake-failed {getattr(error, 'reason', None) or error}")
        connection.close()
        return
    log(log_path, "handshake")
    with client:
        if stall:
            head, _ = read_head(client, b"")
            if head is not None:
                log(log_path, "request " + " ".join(head.decode("latin-1").split(" ")[:2]))
                client.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
                while client.recv(65536):
                    pass
            return
        upstream = socket.create_connection(upstream_address)
        upstream.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with upstream:
            answers = threading.Thread(target=pump, args=(upstream, client), daemon=True)
            answers.start()
            forward_requests(client, upstream, log_path)
            answers.join()


def front(options):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(options.cert, options.key)
    context.set_alpn_protocols(["http/1.1"])
    host, _, port = options.upstream.rpartition(":")
    server = listen()
    while True:
        connection, _ = server.accept()
        threading.Thread(target=serve_front, daemon=True,
                         args=(connection, context, (host, int(port)), options.log, options.stall)).start()


def serve_proxy(connection, log_path, refuse):
    with connection:
        head, rest = read_head(connection, b"")
        if head is None:
            return
        method, target = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ")[:2]
        if method != "CONNECT":
            log(log_path, f"proxied {method} {target}")
            connection.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        if refuse:
            log(log_path, f"refused {target}")
            reason = {407: "Proxy Authentication Required", 403: "Forbidden"}.get(refuse, "Refused")
            challenge = 'Proxy-Authenticate: Basic realm="fauth test"\r\n' if refuse == 407 else ""
            connection.sendall(f"HTTP/1.1 {refuse} {reason}\r\n{challenge}Content-Length: 0\r\n\r\n".encode())
            return
        log(log_path, f"tunnel {target}")
        host, _, port = target.rpartition(":")
        try:
            upstream = socket.create_connection(("127.0.0.1", int(port)))
        except OSError:
            connection.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            return
        with upstream:
            connection.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            if rest:
                upstream.sendall(rest)
            answers = threading.Thread(target=pump, args=(upstream, connection), daemon=True)
            answers.start()
            pump(connection, upstream)
            answers.join()


def proxy(options):
    server = listen()
    while True:
        connection, _ = server.accept()
        threading.Thread(target=serve_proxy, args=(connection, options.log, options.refuse), daemon=True).start()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="fauth's TLS test harness")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("certs").add_argument("folder")
    front_parser = commands.add_parser("front")
    for name in ("--cert", "--key", "--upstream", "--log"):
        front_parser.add_argument(name, required=True)
    front_parser.add_argument("--stall", action="store_true")
    proxy_parser = commands.add_parser("proxy")
    proxy_parser.add_argument("--log", required=True)
    proxy_parser.add_argument("--refuse", type=int)
    options = parser.parse_args()
    if options.command == "certs":
        make_certs(options.folder)
    elif options.command == "front":
        front(options)
    else:
        proxy(options)
