"""Fills FIREBASE_AUTH_EMULATOR_HOST, through Firebase's Admin SDK for Python, with every account field the SDK can
set, in two projects and a tenant of each: import_users with metadata, provider links, custom claims, disabled,
email verified, phone numbers and password hashes (HMAC_SHA256 by hmac, BCRYPT by bcrypt, SCRYPT by
firebase-scrypt, each independent of the emulator); create_user; update_user; set_custom_user_claims;
revoke_refresh_tokens; in a tenant through tenant_mgt.auth_for_tenant. The SDK's tenant_mgt.create_tenant and
update_tenant always call Google's servers (they ignore FIREBASE_AUTH_EMULATOR_HOST), so the tenant is made and
renamed with the requests they send (POST and PATCH on v2 projects/P/tenants). The SDK's tenant management also
asks for a Google credential even for auth_for_tenant; the emulator's ("Bearer owner", what the SDK itself uses in
emulator mode) is given. Tests/EndToEndTests/ExportRoundTripTests.swift then exports, re-imports into a fresh
emulator and compares account by account.

Usage: export_round_trip.py PROJECT [PROJECT...]; prints a JSON object {"projects": {PROJECT: {"tenant": ID,
"passwords": {EMAIL: PASSWORD}}}} naming, per project, the tenant it made and each password user's password.
"""
import hmac
import json
import os
import sys
import urllib.request

import bcrypt
import firebase_admin
import firebase_scrypt
from firebase_admin import _utils, auth, credentials, tenant_mgt

SALT = b"round-trip-salt\x00\xff"
KEY = b"the project's signer key"
SEPARATOR = b"\x01\x02"


def fill(client, label):
    """Every field the Admin SDK sets, on users of one project or tenant (`client`); returns {email: password}."""
    passwords = {}
    metadata = auth.UserMetadata(creation_timestamp=1_500_000_000_123, last_sign_in_timestamp=1_600_000_000_456)
    google = auth.UserProvider(uid=f"g-{label}", provider_id="google.com", email=f"ada.{label}@gmail.example",
                               display_name="Ada at Google", photo_url="https://photos.example/ada.png")
    github = auth.UserProvider(uid=f"gh-{label}", provider_id="github.com", display_name="ada-gh")
    hmac_password = f"hmac-pw-{label}"
    users = [auth.ImportUserRecord(
        uid=f"hmac-{label}", email=f"hmac.{label}@example.com", email_verified=True, display_name="Ada HMAC",
        phone_number="+15555550101" if "tenant" not in label else None, photo_url="https://photos.example/a.png",
        disabled=False, user_metadata=metadata, provider_data=[google, github],
        custom_claims={"role": "admin", "level": 3, "tags": ["a", "b"]},
        password_hash=hmac.new(KEY, SALT + hmac_password.encode(), "sha256").digest(), password_salt=SALT)]
    passwords[f"hmac.{label}@example.com"] = hmac_password
    result = client.import_users(users, hash_alg=auth.UserImportHash.hmac_sha256(KEY))
    assert result.failure_count == 0, [e.reason for e in result.errors]

    bcrypt_password = f"bcrypt-pw-{label}"
    result = client.import_users([auth.ImportUserRecord(
        uid=f"bcrypt-{label}", email=f"bcrypt.{label}@example.com", disabled=True,
        user_metadata=auth.UserMetadata(creation_timestamp=1_400_000_000_000),
        password_hash=bcrypt.hashpw(bcrypt_password.encode(), bcrypt.gensalt(rounds=4)))],
        hash_alg=auth.UserImportHash.bcrypt())
    assert result.failure_count == 0, [e.reason for e in result.errors]
    passwords[f"bcrypt.{label}@example.com"] = bcrypt_password

    scrypt_password = f"scrypt-pw-{label}"
    derived = firebase_scrypt.generate_derived_key(scrypt_password, SALT, SEPARATOR, 8, 14)
    result = client.import_users([auth.ImportUserRecord(
        uid=f"scrypt-{label}", email=f"scrypt.{label}@example.com", email_verified=True,
        password_hash=firebase_scrypt.encrypt(KEY, derived), password_salt=SALT)],
        hash_alg=auth.UserImportHash.scrypt(KEY, rounds=8, memory_cost=14, salt_separator=SEPARATOR))
    assert result.failure_count == 0, [e.reason for e in result.errors]
    passwords[f"scrypt.{label}@example.com"] = scrypt_password

    made_password = f"made-pw-{label}"
    made = client.create_user(uid=f"made-{label}", email=f"made.{label}@example.com", password=made_password,
                              display_name="Made", photo_url="https://photos.example/m.png", email_verified=True,
                              phone_number="+15555550102" if "tenant" not in label else None)
    passwords[f"made.{label}@example.com"] = made_password
    client.set_custom_user_claims(made.uid, {"plan": "pro", "nested": {"x": [1, 2.5, None, True]}})
    client.update_user(made.uid, display_name="Made, then renamed")
    client.revoke_refresh_tokens(made.uid)
    client.update_user(f"bcrypt-{label}", custom_claims={"disabledBy": "admin"})
    client.create_user(uid=f"bare-{label}")
    return passwords


class EmulatorCredential(credentials.Base):
    """The credential the Admin SDK uses itself in emulator mode."""

    def get_credential(self):
        return _utils.EmulatorAdminCredentials()


def tenants_call(method, url, body):
    """One request of tenant_mgt's, sent to the emulator with its credential; returns the JSON answer."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method=method, headers={
        "Authorization": "Bearer owner", "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def main():
    out = {}
    base = "http://" + os.environ["FIREBASE_AUTH_EMULATOR_HOST"] + "/identitytoolkit.googleapis.com/v2/projects/"
    for project in sys.argv[1:]:
        app = firebase_admin.initialize_app(EmulatorCredential(), options={"projectId": project}, name=project)
        # Second factors on (as the Node SDK's createTenant with multiFactorConfig sends it), so that the factors
        # the test adds are used at sign-in.
        made = tenants_call("POST", base + project + "/tenants", {
            "displayName": "Tenant One", "allowPasswordSignup": True, "enableEmailLinkSignin": True,
            "mfaConfig": {"state": "ENABLED", "enabledProviders": ["PHONE_SMS"],
                          "providerConfigs": [{"state": "ENABLED", "totpProviderConfig": {"adjacentIntervals": 2}}]}})
        tenant_id = made["name"].split("/")[-1]
        tenants_call("PATCH", base + project + "/tenants/" + tenant_id + "?updateMask=displayName",
                     {"displayName": "Tenant Renamed"})
        passwords = fill(auth.Client(app), project)
        passwords.update(fill(tenant_mgt.auth_for_tenant(tenant_id, app=app), project + "-tenant"))
        out[project] = {"tenant": tenant_id, "passwords": passwords}
    print(json.dumps({"projects": out}))


main()
