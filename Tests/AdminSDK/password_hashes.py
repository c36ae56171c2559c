"""Imports one user per password hash algorithm into FIREBASE_AUTH_EMULATOR_HOST through the Admin SDK's
import_users, each hash made by an implementation independent of the emulator: firebase-scrypt for Firebase's
scrypt, bcrypt for BCRYPT, Python's hashlib and hmac for the rest. The emulator must then sign each user in with its
password and refuse another (Tests/EndToEndTests/PasswordHashImportTests.swift).

Usage: password_hashes.py PROJECT; prints a JSON list of {"algorithm", "email", "password", "error"} (error: the
import's per-user error, null when the user was imported).
"""
import base64
import hashlib
import hmac
import json
import os
import sys
import urllib.request

import bcrypt
import firebase_admin
import firebase_scrypt
from firebase_admin import auth

SALT = b"NaCl-\x00\xff-salt"
KEY = b"signer key \x01\x02\x03 of the project"
SEPARATOR = b"\x01\x02"


def repeated(name, data, rounds):
    """The digest of data, then of that digest, `rounds` times in all (0 counts as 1)."""
    value = hashlib.new(name, data).digest()
    for _ in range(max(rounds, 1) - 1):
        value = hashlib.new(name, value).digest()
    return value


def firebase_scrypt_hash(password, rounds, memory_cost):
    derived = firebase_scrypt.generate_derived_key(password, SALT, SEPARATOR, rounds, memory_cost)
    return firebase_scrypt.encrypt(KEY, derived)


def cases():
    """(algorithm, UserImportHash, hash of the password, salt) for each algorithm."""
    hmacs = {"HMAC_SHA256": ("sha256", auth.UserImportHash.hmac_sha256),
             "HMAC_SHA1": ("sha1", auth.UserImportHash.hmac_sha1),
             "HMAC_MD5": ("md5", auth.UserImportHash.hmac_md5),
             "HMAC_SHA512": ("sha512", auth.UserImportHash.hmac_sha512)}
    for algorithm, (digest, make) in hmacs.items():
        yield algorithm, make(KEY), lambda pw, d=digest: hmac.new(KEY, SALT + pw, d).digest(), SALT
    digests = {"MD5": ("md5", auth.UserImportHash.md5, 0), "SHA1": ("sha1", auth.UserImportHash.sha1, 3),
               "SHA256": ("sha256", auth.UserImportHash.sha256, 100),
               "SHA512": ("sha512", auth.UserImportHash.sha512, 1)}
    for algorithm, (digest, make, rounds) in digests.items():
        yield algorithm, make(rounds), lambda pw, d=digest, r=rounds: repeated(d, SALT + pw, r), SALT
    yield "PBKDF_SHA1", auth.UserImportHash.pbkdf_sha1(1000), \
        lambda pw: hashlib.pbkdf2_hmac("sha1", pw, SALT, 1000, 20), SALT
    yield "PBKDF2_SHA256", auth.UserImportHash.pbkdf2_sha256(2000), \
        lambda pw: hashlib.pbkdf2_hmac("sha256", pw, SALT, 2000, 32), SALT
    yield "SCRYPT", auth.UserImportHash.scrypt(KEY, rounds=8, memory_cost=14, salt_separator=SEPARATOR), \
        lambda pw: firebase_scrypt_hash(pw.decode(), 8, 14), SALT
    yield "STANDARD_SCRYPT", auth.UserImportHash.standard_scrypt(1024, 2, 8, 48), \
        lambda pw: hashlib.scrypt(pw, salt=SALT, n=1024, r=8, p=2, dklen=48), SALT
    yield "BCRYPT", auth.UserImportHash.bcrypt(), \
        lambda pw: bcrypt.hashpw(pw, bcrypt.gensalt(rounds=4)), None


def upload_with_order(project, host, email, password):
    """HMAC_SHA256 with passwordHashOrder PASSWORD_AND_SALT, which the Python Admin SDK cannot send: a raw request."""
    digest = hmac.new(KEY, password + SALT, "sha256").digest()
    body = {"hashAlgorithm": "HMAC_SHA256", "signerKey": base64.urlsafe_b64encode(KEY).decode(),
            "passwordHashOrder": "PASSWORD_AND_SALT",
            "users": [{"localId": "order-" + email.split("@")[0], "email": email,
                       "passwordHash": base64.urlsafe_b64encode(digest).decode(),
                       "salt": base64.urlsafe_b64encode(SALT).decode()}]}
    request = urllib.request.Request(
        f"http://{host}/identitytoolkit.googleapis.com/v1/projects/{project}/accounts:batchCreate",
        data=json.dumps(body).encode(), headers={"Content-Type": "application/json", "Authorization": "Bearer owner"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        errors = json.load(answer).get("error") or []
    return errors[0]["message"] if errors else None


def main():
    project = sys.argv[1]
    firebase_admin.initialize_app(options={"projectId": project})
    results = []
    for algorithm, hash_config, make, salt in cases():
        email = algorithm.lower().replace("_", "-") + "@example.com"
        password = ("pw of " + algorithm + " \u00e9").encode()
        record = auth.ImportUserRecord(uid="uid-" + algorithm.lower(), email=email, password_hash=make(password),
                                       password_salt=salt)
        result = auth.import_users([record], hash_alg=hash_config)
        error = result.errors[0].reason if result.errors else None
        results.append({"algorithm": algorithm, "email": email, "password": password.decode(), "error": error})
    email, password = "hmac-sha256-password-first@example.com", "password first \u00e9"
    error = upload_with_order(project, os.environ["FIREBASE_AUTH_EMULATOR_HOST"], email, password.encode())
    results.append({"algorithm": "HMAC_SHA256 PASSWORD_AND_SALT", "email": email, "password": password,
                    "error": error})
    print(json.dumps(results))


main()
