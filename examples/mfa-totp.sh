#!/bin/sh
# A TOTP second factor from enrollment to sign-in, against the local emulator (run by `fauth-emulator exec`).
# A person scans the QR code `fauth mfa enroll --totp` draws on a terminal; here python3 plays the authenticator app.
set -eu
XDG_STATE_HOME=$(mktemp -d)
export XDG_STATE_HOME
trap 'rm -rf "$XDG_STATE_HOME"' EXIT
cd "$XDG_STATE_HOME"
emulator="http://$FIREBASE_AUTH_EMULATOR_HOST/emulator/v1/projects/${GCLOUD_PROJECT:-demo-fauth}"

# The current RFC 6238 code (HMAC-SHA1, 6 digits, 30 s) of base32 secret $1.
totp() {
    python3 -c '
import base64, hashlib, hmac, struct, sys, time
key = base64.b32decode(sys.argv[1] + "=" * (-len(sys.argv[1]) % 8))
digest = hmac.new(key, struct.pack(">Q", int(time.time()) // 30), hashlib.sha1).digest()
offset = digest[-1] & 15
print("%06d" % ((struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7fffffff) % 1000000))' "$1"
}

# Member $1 (a dotted path) of the JSON document on stdin.
member() {
    python3 -c '
import json, sys
value = json.load(sys.stdin)
for key in sys.argv[1].split("."):
    value = value[key]
print(value)' "$1"
}

echo "1. sign up and verify the email (enrolling a second factor needs a verified email)"
printf 'secret-pass-1\n' > pw.txt
fauth signup --email ada@example.com --password-file pw.txt -q
fauth verify-email -q
python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1] + "/oobCodes").read().decode())' "$emulator" |
    python3 -c 'import json, sys; print([c for c in json.load(sys.stdin)["oobCodes"] if c["requestType"] == "VERIFY_EMAIL"][-1]["oobLink"])' > link.txt
fauth verify-email --code @link.txt -q

echo "2. enroll a TOTP factor: the secret and its otpauth:// URI (and on a terminal, a QR code)"
fauth mfa enroll --totp --display-name laptop --json > totp.json
secret=$(member secret < totp.json)
echo "   $(member uri < totp.json)"
fauth mfa enroll --code "$(totp "$secret")" | sed 's/^/   /'

echo "3. a new sign-in stops at exit 9 and names the next step; no session is written until it is done"
fauth signout -q
set +e
fauth signin --email ada@example.com --password-file pw.txt --json 2>err.json
status=$?
set -e
[ "$status" -eq 9 ] || { echo "expected exit 9, got $status: $(cat err.json)" >&2; exit 1; }
echo "   exit 9; next: $(member error.mfa.next < err.json)"
if fauth status -q 2>/dev/null; then echo "a session was written before the second factor" >&2; exit 1; fi

echo "4. the authenticator's code finishes the sign-in"
totp "$secret" | fauth mfa verify --code-stdin | sed 's/^/   /'
fauth status | sed 's/^/   /'
