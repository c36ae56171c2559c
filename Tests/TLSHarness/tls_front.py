#!/usr/bin/env python3
"""The TLS test harness for fauth's production path: test certificates, a TLS front, a CONNECT proxy.

  tls_front.py certs DIR
      Makes, with the openssl CLI, a test CA (ca.pem) and server certificates signed by it: valid.pem (for
      localhost, 127.0.0.1 and auth.fauth-test.invalid), wrong-name.pem (for other.invalid), expired.pem (valid for a
      day in 2020), not-yet-valid.pem (valid from 2099), partial-wildcard.pem (for f*.fauth-test.invalid only),
      cn-only.pem (CN=localhost, no subjectAltName), missing-intermediate.pem (for localhost, signed by an
      intermediate CA, intermediate.pem, that the file leaves out), and untrusted.pem (for localhost, signed by a
      second CA, other-ca.pem, that nothing trusts). Each *.pem has its key in *.key; ca-folder/ holds ca.pem under
      its hash, as `openssl rehash` names it, and other-ca-folder/ other-ca.pem.
  tls_front.py front --cert PEM --key KEY --upstream HOST:PORT --log FILE [--stall] [--tls-max 1.1]
      Listens on 127.0.0.1 (a free port, printed as the first line on stdout), completes TLS handshakes and
      forwards each connection's bytes to the upstream (fauth-emulator) and back. With --stall it answers every
      request with a status line, headers and the first byte of the body, then nothing more. With --tls-max 1.1 it
      speaks TLS 1.0 and 1.1 only.
  tls_front.py proxy --log FILE [--refuse STATUS] [--cert PEM --key KEY]
      An HTTP proxy that only tunnels (CONNECT), on a free port printed as the first line on stdout; every tunnel
      goes to 127.0.0.1 at the port asked for, whatever the host name (the tests' names, such as
      auth.fauth-test.invalid, exist nowhere else). A plain request through it is answered 502 (and logged), so a
      test sees any request that should not have come.
      With --refuse STATUS it opens no tunnel: every CONNECT is answered STATUS (407 asks for a user and password).
      With --cert it is an https:// proxy: the client's connection to it is TLS with that certificate.
  tls_front.py hostile --case CASE [--cert PEM --key KEY] --log FILE
      A hostile HTTP/1.1 server (over TLS with --cert), on a free port printed as the first line on stdout: it reads
      each request and answers as CASE says, until the client goes away. CASE is one of: chunk-extension (a 4 MiB
      chunk extension), trailer-line (a 16 MiB trailer line), tiny-chunks (endless one-byte chunks),
      zero-padded (a chunk size of endless zeros), interim-flood (endless `100 Continue` answers), slow-drip (a
      body of 1000 bytes, one byte every 50 ms), huge-length (Content-Length 2 GiB, then endless bytes),
      truncated (Content-Length 100, one byte, then the connection closed), two-answers (a 400 error and a second
      answer in one write to a connection's first request, `reused` logged and a 503 sent for any later one).

Every event is appended to the log file as one line, written before the bytes it describes are passed on:
`handshake`, `handshake-failed REASON`, `request METHOD PATH`, `tunnel HOST:PORT`, `refused HOST:PORT`,
`proxied METHOD URL`, `reused`.
"""
import argparse
import os
import shutil
import socket
import ssl
import subprocess
import threading
import time
import warnings


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
    # An intermediate CA under ca, which missing-intermediate.pem's file leaves out.
    openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-subj", "/CN=fauth test intermediate", "-keyout", p("intermediate.key"), "-out", p("intermediate.csr"))
    with open(p("intermediate.ext"), "w") as f:
        f.write("basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign\n")
    openssl("x509", "-req", "-in", p("intermediate.csr"), "-CA", p("ca.pem"), "-CAkey", p("ca.key"),
            "-CAcreateserial", "-days", "30", "-extfile", p("intermediate.ext"), "-out", p("intermediate.pem"))
    local = "DNS:localhost,IP:127.0.0.1"
    leaves = [("valid", "ca", local + ",DNS:auth.fauth-test.invalid", None, "valid"),
              ("wrong-name", "ca", "DNS:other.invalid", None, "wrong-name"),
              ("untrusted", "other-ca", local, None, "untrusted"),
              ("expired", "ca", local, ("20200101000000Z", "20200102000000Z"), "expired"),
              ("not-yet-valid", "ca", local, ("20990101000000Z", "20990102000000Z"), "not-yet-valid"),
              ("partial-wildcard", "ca", "DNS:f*.fauth-test.invalid", None, "partial-wildcard"),
              ("cn-only", "ca", None, None, "localhost"),
              ("missing-intermediate", "intermediate", local, None, "missing-intermediate")]
    for name, ca, names, dates, common_name in leaves:
        openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-subj", f"/CN={common_name}", "-keyout", p(name + ".key"), "-out", p(name + ".csr"))
        extensions = p(name + ".ext")
        with open(extensions, "w") as f:
            f.write((f"subjectAltName={names}\n" if names else "")
                    + "basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
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


def pump(source, destination, ended=None):
    """Copies `source` to `destination` until `source` ends, passes the end on, then calls `ended` if given."""
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
        if ended is not None:
            ended()


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


def requests(stream, log_path):
    """Yields each request's head and body as they arrive (HTTP/1.1 framing), logging `request METHOD PATH`."""
    buffered = b""
    while True:
        head, buffered = read_head(stream, buffered)
        if head is None:
            return
        request_line = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
        log(log_path, f"request {request_line[0]} {request_line[1]}")
        length = content_length(head)
        while len(buffered) < length:
            data = stream.recv(65536)
            if not data:
                return
            buffered += data
        yield head, buffered[:length]
        buffered = buffered[length:]


def forward_requests(client, upstream, log_path):
    """Passes requests from the client to the upstream one by one, logging each."""
    try:
        for head, body in requests(client, log_path):
            upstream.sendall(head + body)
    except OSError:
        pass
    finally:
        try:
            upstream.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def handshake(connection, context, log_path):
    """The TLS connection over `connection`, `handshake` logged; None (and the connection closed) when the client
    aborted the handshake, logged as `handshake-failed REASON`."""
    try:
        client = context.wrap_socket(connection, server_side=True)
    except (ssl.SSLError, OSError) as error:
        log(log_path, f"handshake-failed {getattr(error, 'reason', None) or error}")
        connection.close()
        return None
    log(log_path, "handshake")
    return client


def serve_front(connection, context, upstream_address, log_path, stall):
    # No Nagle delay: an answer the emulator writes in two pieces must not wait for the client's delayed ACK.
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    client = handshake(connection, context, log_path)
    if client is None:
        return
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
            # `upstream-closed` once the upstream's end has been passed on to the client, so a test can wait for it.
            ended = lambda: log(log_path, "upstream-closed")  # noqa: E731
            answers = threading.Thread(target=pump, args=(upstream, client, ended), daemon=True)
            answers.start()
            forward_requests(client, upstream, log_path)
            answers.join()


def front(options):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(options.cert, options.key)
    context.set_alpn_protocols(["http/1.1"])
    if options.tls_max == "1.1":  # OpenSSL 3 allows TLS 1.0 and 1.1 only at security level 0
        context.set_ciphers("DEFAULT:@SECLEVEL=0")
        warnings.simplefilter("ignore", DeprecationWarning)  # that is the point
        context.minimum_version = ssl.TLSVersion.TLSv1
        context.maximum_version = ssl.TLSVersion.TLSv1_1
    host, _, port = options.upstream.rpartition(":")
    server = listen()
    while True:
        connection, _ = server.accept()
        threading.Thread(target=serve_front, daemon=True,
                         args=(connection, context, (host, int(port)), options.log, options.stall)).start()


def serve_proxy(connection, log_path, refuse, context):
    if context is not None:
        connection = handshake(connection, context, log_path)
        if connection is None:
            return
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
    context = None
    if options.cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.cert, options.key)
    server = listen()
    while True:
        connection, _ = server.accept()
        threading.Thread(target=serve_proxy, args=(connection, options.log, options.refuse, context),
                         daemon=True).start()


ERROR_BODY = b'{"error":{"code":400,"message":"OPERATION_NOT_ALLOWED"}}'
ERROR_ANSWER = (b"HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                % len(ERROR_BODY)) + ERROR_BODY


def endless(connection, block):
    """Sends `block` again and again until the client goes away."""
    while True:
        connection.sendall(block)


def hostile_answer(connection, case):
    chunked = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    if case == "chunk-extension":
        connection.sendall(chunked + b"2;" + b"a" * (4 << 20) + b"\r\n{}\r\n0\r\n\r\n")
    elif case == "trailer-line":
        connection.sendall(chunked + b"2\r\n{}\r\n0\r\nX-Trailer: " + b"a" * (16 << 20) + b"\r\n\r\n")
    elif case == "tiny-chunks":
        connection.sendall(chunked)
        endless(connection, b"1\r\na\r\n" * 10000)
    elif case == "zero-padded":
        connection.sendall(chunked)
        endless(connection, b"0" * 65536)
    elif case == "interim-flood":
        endless(connection, b"HTTP/1.1 100 Continue\r\n\r\n" * 1000)
    elif case == "slow-drip":
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
        while True:
            connection.sendall(b" ")
            time.sleep(0.05)
    elif case == "huge-length":
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2147483648\r\n\r\n")
        endless(connection, b"a" * 65536)
    elif case == "truncated":
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    else:
        raise ValueError(case)


def serve_hostile(connection, context, case, log_path):
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        if context is not None:
            connection = context.wrap_socket(connection, server_side=True)
            log(log_path, "handshake")
        answered = 0
        for _ in requests(connection, log_path):
            answered += 1
            if case == "two-answers":
                if answered == 1:
                    connection.sendall(ERROR_ANSWER + b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")
                else:
                    log(log_path, "reused")
                    connection.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n")
                continue
            hostile_answer(connection, case)
            return
    except (OSError, ssl.SSLError):
        pass
    finally:
        connection.close()


def hostile(options):
    context = None
    if options.cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.cert, options.key)
        context.set_alpn_protocols(["http/1.1"])
    server = listen()
    while True:
        connection, _ = server.accept()
        threading.Thread(target=serve_hostile, args=(connection, context, options.case, options.log),
                         daemon=True).start()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="fauth's TLS test harness")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("certs").add_argument("folder")
    front_parser = commands.add_parser("front")
    for name in ("--cert", "--key", "--upstream", "--log"):
        front_parser.add_argument(name, required=True)
    front_parser.add_argument("--stall", action="store_true")
    front_parser.add_argument("--tls-max", choices=["1.1"])
    proxy_parser = commands.add_parser("proxy")
    proxy_parser.add_argument("--log", required=True)
    proxy_parser.add_argument("--refuse", type=int)
    proxy_parser.add_argument("--cert")
    proxy_parser.add_argument("--key")
    hostile_parser = commands.add_parser("hostile")
    hostile_parser.add_argument("--case", required=True)
    hostile_parser.add_argument("--log", required=True)
    hostile_parser.add_argument("--cert")
    hostile_parser.add_argument("--key")
    options = parser.parse_args()
    if options.command == "certs":
        make_certs(options.folder)
    elif options.command == "front":
        front(options)
    elif options.command == "hostile":
        hostile(options)
    else:
        proxy(options)
