"""Drives the Python clients people use for Firebase Auth's REST API (pyrebase4, firebase-rest-api) against
FIREBASE_AUTH_EMULATOR_HOST through one account's whole life, with no library code patched.

Usage: python_clients.py CLIENT PROJECT, CLIENT being pyrebase4 or firebase-rest-api; prints one JSON object of
what each step saw, which the end-to-end tests check.

How each client reaches the emulator:
- firebase-rest-api sends through its own requests Session (`app.requests`): a transport adapter mounted on it
  sends `https://HOST/PATH` to `http://EMULATOR/HOST/PATH`, the URL form Firebase's SDKs use for an emulator.
- pyrebase4's Auth calls the module-level `requests.post` (a new Session every call), so no adapter can be mounted:
  it is redirected the way any client that cannot be changed is, by the environment requests reads. HTTPS_PROXY
  names a CONNECT proxy in this process that completes TLS with a certificate for the googleapis.com names from a
  throwaway CA (REQUESTS_CA_BUNDLE) and passes the plain bytes to the emulator, which serves Google's production
  paths by their Host header. A tunnel to any other host is refused.
"""
import base64
import datetime
import json
import os
import socket
import ssl
import sys
import tempfile
import threading
import urllib.parse

import requests
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from requests.adapters import HTTPAdapter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "TLSHarness"))
from tls_front import pump, read_head  # noqa: E402 (the TLS harness's byte pump and request-head reader)

GOOGLE_HOSTS = ("www.googleapis.com", "identitytoolkit.googleapis.com", "securetoken.googleapis.com")


class EmulatorAdapter(HTTPAdapter):
    """A requests transport adapter that sends every https request to the emulator, the host joining the path."""

    def __init__(self, emulator_host):
        super().__init__()
        self.emulator_host = emulator_host

    def send(self, request, **kwargs):
        url = urllib.parse.urlsplit(request.url)
        request.url = urllib.parse.urlunsplit(("http", self.emulator_host, "/" + url.netloc + url.path, url.query, ""))
        return super().send(request, **kwargs)


def _name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def make_tls_files(folder):
    """A throwaway CA and a certificate it signed for GOOGLE_HOSTS: returns (ca.pem, leaf.pem, leaf.key)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key, leaf_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca = (x509.CertificateBuilder().subject_name(_name("python clients test CA")).issuer_name(_name("python clients test CA"))
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
          .sign(ca_key, hashes.SHA256()))
    leaf = (x509.CertificateBuilder().subject_name(_name(GOOGLE_HOSTS[0])).issuer_name(ca.subject)
            .public_key(leaf_key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(h) for h in GOOGLE_HOSTS]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    paths = [os.path.join(folder, name) for name in ("ca.pem", "leaf.pem", "leaf.key")]
    contents = [ca.public_bytes(serialization.Encoding.PEM), leaf.public_bytes(serialization.Encoding.PEM),
                leaf_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                       serialization.NoEncryption())]
    for path, content in zip(paths, contents):
        with open(path, "wb") as f:
            f.write(content)
    return paths


def _tunnel(client, tls, emulator_address):
    """One CONNECT: refused unless to a Google host, else TLS completed here and the plain bytes piped to the emulator."""
    head, _ = read_head(client, b"")
    request_line = (head or b"").split(b"\r\n", 1)[0].decode("latin-1").split()
    host = request_line[1].rsplit(":", 1)[0] if len(request_line) == 3 and request_line[0] == "CONNECT" else ""
    if host not in GOOGLE_HOSTS:
        client.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        client.close()
        return
    client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
    secure = tls.wrap_socket(client, server_side=True)
    with secure, socket.create_connection(emulator_address) as upstream:
        answers = threading.Thread(target=pump, args=(upstream, secure), daemon=True)
        answers.start()
        pump(secure, upstream)
        answers.join()


def start_tls_proxy(emulator_host, folder):
    """Starts the CONNECT proxy and TLS front; returns (proxy URL, CA bundle path)."""
    ca, leaf, key = make_tls_files(folder)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(leaf, key)
    host, port = emulator_host.rsplit(":", 1)
    listener = socket.create_server(("127.0.0.1", 0))

    def serve():
        while True:
            client, _ = listener.accept()
            threading.Thread(target=_tunnel, args=(client, tls, (host, int(port))), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    return "http://127.0.0.1:%d" % listener.getsockname()[1], ca


def emulator_oob_link(emulator_host, project, email, request_type):
    """The code and action link the emulator holds for `email`. The link names the host the request was sent to
    (www.googleapis.com through the proxy), so it is opened on the emulator's own address."""
    codes = requests.get("http://%s/emulator/v1/projects/%s/oobCodes" % (emulator_host, project)).json()["oobCodes"]
    entry = [c for c in codes if c["email"] == email and c["requestType"] == request_type][-1]
    link = urllib.parse.urlsplit(entry["oobLink"])
    return entry["oobCode"], urllib.parse.urlunsplit(("http", emulator_host, link.path, link.query, ""))


def error_message(call):
    """Runs `call`, which must fail as the clients fail (requests.HTTPError): returns the API's error message."""
    try:
        call()
    except requests.HTTPError as error:
        return json.loads(error.args[1])["error"]["message"]
    raise SystemExit("the call succeeded; it should have failed")


def initialize(client, project, emulator_host, folder):
    config = {"apiKey": "fake-api-key", "authDomain": project + ".firebaseapp.com", "databaseURL": "",
              "projectId": project, "storageBucket": project + ".appspot.com"}
    if client == "pyrebase4":
        import pyrebase
        os.environ["HTTPS_PROXY"], os.environ["REQUESTS_CA_BUNDLE"] = start_tls_proxy(emulator_host, folder)
        os.environ["NO_PROXY"] = ""
        return pyrebase.initialize_app(config).auth()
    import firebase
    app = firebase.initialize_app(config)
    app.requests.mount("https://", EmulatorAdapter(emulator_host))
    return app.auth()


def custom_token(uid, project):
    """A custom token for `uid` with the claim role=tester, minted by the Admin SDK as a server mints it. (The clients'
    own create_custom_token fails with today's dependencies: pyrebase4 hands python-jwt 4 a PyCryptodome key where it
    wants a JWK; firebase-rest-api reads the google-auth signer's `_key`, gone since google-auth wraps its signers.)"""
    import firebase_admin
    from firebase_admin import auth as admin_auth
    firebase_admin.initialize_app(options={"projectId": project})
    return admin_auth.create_custom_token(uid, {"role": "tester"}).decode()


def lookup(auth, id_token):
    user = auth.get_account_info(id_token)["users"][0]
    return {key: user.get(key) for key in ("localId", "email", "displayName", "photoUrl", "emailVerified")}


def main():
    client, project = sys.argv[1], sys.argv[2]
    emulator_host = os.environ["FIREBASE_AUTH_EMULATOR_HOST"]
    email, new_email = client + "@example.com", client + ".new@example.com"
    seen = {}
    with tempfile.TemporaryDirectory() as folder:
        auth = initialize(client, project, emulator_host, folder)
        created = auth.create_user_with_email_and_password(email, "first-pass-1")
        uid = seen["created"] = created["localId"]
        signed_in = auth.sign_in_with_email_and_password(email, "first-pass-1")
        seen["signedIn"] = signed_in["localId"]
        refreshed = auth.refresh(signed_in["refreshToken"])
        seen["refreshed"] = refreshed.get("localId", refreshed.get("userId"))
        id_token = refreshed["idToken"]
        seen["lookup"] = lookup(auth, id_token)

        # The clients send every argument, so deleteAttribute is null: Firebase's emulator's schema check refuses it,
        # Google's servers read it as absent, as the emulator does with the nullAsAbsent extension.
        profile = lambda: auth.update_profile(id_token, display_name="Ada Lovelace", photo_url="https://example.com/ada.png")
        seen["profileWithNull"] = error_message(profile)
        requests.patch("http://%s/emulator/v1/projects/%s/config" % (emulator_host, project),
                       json={"fauth": {"nullAsAbsent": True}}).raise_for_status()
        profile()
        seen["profile"] = lookup(auth, id_token)

        auth.send_email_verification(id_token)
        _, link = emulator_oob_link(emulator_host, project, email, "VERIFY_EMAIL")
        seen["verifyLinkStatus"] = requests.get(link).status_code
        seen["verified"] = lookup(auth, id_token)

        changed = auth.change_email(id_token, new_email)
        id_token = changed["idToken"]
        seen["emailChanged"] = lookup(auth, id_token)

        changed = auth.change_password(id_token, "second-pass-2")
        id_token = changed["idToken"]
        seen["oldPassword"] = error_message(lambda: auth.sign_in_with_email_and_password(new_email, "first-pass-1"))
        seen["newPassword"] = auth.sign_in_with_email_and_password(new_email, "second-pass-2")["localId"]

        auth.send_password_reset_email(new_email)
        code, _ = emulator_oob_link(emulator_host, project, new_email, "PASSWORD_RESET")
        seen["reset"] = auth.verify_password_reset_code(code, "third-pass-3").get("email")
        seen["resetPassword"] = auth.sign_in_with_email_and_password(new_email, "third-pass-3")["localId"]

        custom = auth.sign_in_with_custom_token(custom_token(uid, project))
        seen["customToken"] = lookup(auth, custom["idToken"])["localId"]
        claims = custom["idToken"].split(".")[1]
        seen["customClaims"] = json.loads(base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4)))["role"]

        auth.delete_user_account(custom["idToken"])
        seen["afterDelete"] = error_message(lambda: auth.sign_in_with_email_and_password(new_email, "third-pass-3"))
    print(json.dumps(seen))


main()
