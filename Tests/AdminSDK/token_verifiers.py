"""Independent verifiers of the tokens fauth-emulator signs (--sign-tokens), one step per run; prints one JSON object.

Usage: token_verifiers.py PROJECT STEP [ARGS...], with FIREBASE_AUTH_EMULATOR_HOST naming the emulator:
  pyjwt KIND FILE            PyJWT's verdict on each token of FILE (a JSON list), with the JWKS the emulator serves
                             for KIND (id-token or session-cookie), plus the Firebase rules PyJWT does not know
                             (sub of 1 to 128 characters, auth_time not in the future), 10 seconds of leeway as fauth
  google-auth TOKEN          google-auth's verify_firebase_token and verify_token at the emulator's certificate URL
  admin ID_TOKEN COOKIE      firebase-admin's verify_id_token and verify_session_cookie, first in emulator mode, then
                             as against Google (signature checked) with the certificate URLs pointed at the emulator
"""
import json
import os
import sys
import time

import google.auth.credentials
import google.auth.transport.requests
import google.oauth2.id_token
import jwt

import firebase_admin
from firebase_admin import _token_gen, auth, credentials

LEEWAY = 10
PATHS = {
    "id-token": ("/www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com",
                 "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com",
                 "https://securetoken.google.com/"),
    "session-cookie": ("/www.googleapis.com/identitytoolkit/v3/relyingparty/publicKeys",
                       "/identitytoolkit.googleapis.com/v1/sessionCookiePublicKeys",
                       "https://session.firebase.google.com/"),
}


def base():
    return "http://" + os.environ["FIREBASE_AUTH_EMULATOR_HOST"]


def pyjwt_verdict(token, project, kind):
    _, jwks_path, issuer = PATHS[kind]
    try:
        key = jwt.PyJWKClient(base() + jwks_path, cache_keys=False).get_signing_key_from_jwt(token)
        claims = jwt.decode(token, key.key, algorithms=["RS256"], audience=project, issuer=issuer + project,
                            leeway=LEEWAY, options={"require": ["exp", "iat", "sub", "aud", "iss"]})
        now = time.time()
        if claims["iat"] > now + LEEWAY:
            raise ValueError("iat in the future")
        if not isinstance(claims["sub"], str) or not 0 < len(claims["sub"]) <= 128:
            raise ValueError("sub")
        if "auth_time" in claims and not (isinstance(claims["auth_time"], (int, float))
                                          and claims["auth_time"] <= now + LEEWAY):
            raise ValueError("auth_time")
        return {"valid": True}
    except Exception as error:  # every refusal is a verdict, whatever PyJWT raised
        return {"valid": False, "error": f"{type(error).__name__}: {error}"}


class Anonymous(credentials.Base):
    """No credential: verifying tokens needs none (the certificates are public)."""

    def get_credential(self):
        return google.auth.credentials.AnonymousCredentials()


def main():
    project, step, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if step == "pyjwt":
        with open(args[1], encoding="utf-8") as file:
            tokens = json.load(file)
        result = {"verdicts": [pyjwt_verdict(token, project, args[0]) for token in tokens]}
    elif step == "google-auth":
        request = google.auth.transport.requests.Request()
        certificates = base() + PATHS["id-token"][0]
        google.oauth2.id_token._GOOGLE_APIS_CERTS_URL = certificates
        firebase = google.oauth2.id_token.verify_firebase_token(args[0], request, audience=project)
        plain = google.oauth2.id_token.verify_token(args[0], request, audience=project, certs_url=certificates)
        result = {"firebase": firebase["sub"], "plain": plain["sub"], "iss": firebase["iss"]}
    elif step == "admin":
        id_token, cookie = args
        firebase_admin.initialize_app(options={"projectId": project})
        emulated = [auth.verify_id_token(id_token, check_revoked=True)["uid"],
                    auth.verify_session_cookie(cookie, check_revoked=True)["uid"]]
        _token_gen.ID_TOKEN_CERT_URI = base() + PATHS["id-token"][0]
        _token_gen.COOKIE_CERT_URI = base() + PATHS["session-cookie"][0]
        del os.environ["FIREBASE_AUTH_EMULATOR_HOST"]
        production = firebase_admin.initialize_app(Anonymous(), {"projectId": project}, name="production")
        signed = [auth.verify_id_token(id_token, app=production)["uid"],
                  auth.verify_session_cookie(cookie, app=production)["uid"]]
        refusals = {}
        for name, call in [("cookie-as-id-token", lambda: auth.verify_id_token(cookie, app=production)),
                           ("tampered", lambda: auth.verify_id_token(id_token[:-4] + "AAAA", app=production))]:
            try:
                call()
                refusals[name] = None
            except auth.InvalidIdTokenError as error:
                refusals[name] = str(error)
        result = {"emulated": emulated, "signed": signed, "refusals": refusals}
    else:
        raise SystemExit("unknown step " + step)
    print(json.dumps(result))


main()
