"""An OpenID provider whose device authorization grant (RFC 8628) is Authlib's, served by Flask on a free loopback
port: the authorization server nobody here wrote that DeviceSignInAuthlibTests signs in through with fauth --device.

Prints its issuer URL on the first line of standard output, then serves until killed. Its only code of our own is the
storage Authlib asks its subclasses for (a dict), the ID token it adds to Authlib's bearer token, and
POST /approve (form: user_code, sub, email), where the test plays the person who approves the code.
"""

import secrets
import sys
import time

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.jose import jwt
from authlib.oauth2.rfc6749 import ClientMixin
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict
from flask import Flask, jsonify, request
from werkzeug.serving import make_server

CLIENT_ID = "fauth-authlib-client"
SIGNING_KEY = secrets.token_bytes(32)

app = Flask(__name__)
devices = {}  # device_code -> DeviceCredentialDict
grants = {}  # user_code -> (claims, approved)
issuer = ""


class Client(ClientMixin):
    """The one public client fauth signs in as (no secret: token endpoint auth method "none")."""

    def get_client_id(self):
        return CLIENT_ID

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return scope

    def check_redirect_uri(self, redirect_uri):
        return False

    def check_client_secret(self, client_secret):
        return False

    def check_endpoint_auth_method(self, method, endpoint):
        return method == "none"

    def check_response_type(self, response_type):
        return False

    def check_grant_type(self, grant_type):
        return grant_type == DeviceCodeGrant.GRANT_TYPE


class DeviceEndpoint(DeviceAuthorizationEndpoint):
    INTERVAL = 1
    EXPIRES_IN = 120

    def get_verification_uri(self):
        return issuer + "/activate"

    def save_device_credential(self, client_id, scope, data):
        devices[data["device_code"]] = DeviceCredentialDict(
            client_id=client_id, scope=scope, user_code=data["user_code"], expires_at=time.time() + data["expires_in"]
        )


class DeviceGrant(DeviceCodeGrant):
    def query_device_credential(self, device_code):
        return devices.get(device_code)

    def query_user_grant(self, user_code):
        return grants.get(user_code)

    def should_slow_down(self, credential):
        return False


bearer = BearerTokenGenerator(lambda **_: secrets.token_urlsafe(32))


def generate_token(grant_type, client, user=None, scope=None, expires_in=None, include_refresh_token=True):
    """Authlib's bearer token, with an HS256 ID token of the approved user (what signInWithIdp takes)."""
    token = bearer(grant_type, client, user=user, scope=scope, expires_in=expires_in, include_refresh_token=False)
    now = int(time.time())
    claims = dict(user, iss=issuer, aud=client.get_client_id(), iat=now, exp=now + 3600, email_verified=True)
    token["id_token"] = jwt.encode({"alg": "HS256"}, claims, SIGNING_KEY).decode()
    return token


server = AuthorizationServer(app, query_client=lambda cid: Client() if cid == CLIENT_ID else None,
                             save_token=lambda token, req: None)
server.register_grant(DeviceGrant)
server.register_endpoint(DeviceEndpoint)
server.register_token_generator("default", generate_token)


@app.get("/.well-known/openid-configuration")
def discovery():
    return jsonify(issuer=issuer, device_authorization_endpoint=issuer + "/device_authorization",
                   token_endpoint=issuer + "/token", grant_types_supported=[DeviceCodeGrant.GRANT_TYPE])


@app.post("/device_authorization")
def device_authorization():
    return server.create_endpoint_response("device_authorization")


@app.post("/token")
def token():
    return server.create_token_response()


@app.post("/approve")
def approve():
    grants[request.form["user_code"]] = ({"sub": request.form["sub"], "email": request.form["email"]}, True)
    return jsonify(approved=True)


if __name__ == "__main__":
    http = make_server("127.0.0.1", 0, app, threaded=True)
    issuer = f"http://127.0.0.1:{http.server_port}"
    print(issuer, flush=True)
    http.serve_forever()
