#!/bin/sh
# Provider credentials and their conflicts, against the local emulator (run by `fauth-emulator exec`).
# The emulator takes a JSON object of claims as a provider's token; real tokens come from the provider's sign-in.
set -eu
XDG_STATE_HOME=$(mktemp -d)
export XDG_STATE_HOME
trap 'rm -rf "$XDG_STATE_HOME"' EXIT
cd "$XDG_STATE_HOME"

# Runs fauth, expecting exit status $1 and error code $2; the JSON error is left in err.json.
expect_failure() {
    want_status=$1 want_code=$2
    shift 2
    set +e
    fauth --json "$@" >/dev/null 2>err.json
    status=$?
    set -e
    code=$(sed -n 's/.*"code":"\([^"]*\)".*/\1/p' err.json)
    if [ "$status" -ne "$want_status" ] || [ "$code" != "$want_code" ]; then
        echo "expected exit $want_status ($want_code), got $status: $(cat err.json)" >&2
        exit 1
    fi
    echo "   exit $status ($code)"
}

echo "1. a password user links Google, then Facebook: three providers"
printf 'secret-pass-1\n' > pw.txt
fauth signup --email ada@example.com --password-file pw.txt -q
printf '%s' '{"sub": "g-ada", "email": "ada@example.com", "email_verified": true}' > google.json
fauth link --provider google.com --id-token @google.json -q
printf '%s' '{"sub": "fb-ada"}' | fauth link --provider facebook.com --access-token @- -q
fauth providers | sed 's/^/   /'

echo "2. the same Google credential cannot be linked to another account"
fauth signup --email bob@example.com --password-file pw.txt --profile bob -q
expect_failure 7 credential-already-in-use link --profile bob --provider google.com --id-token @google.json

echo "3. a provider the account already has is refused before any request"
expect_failure 7 provider-already-linked link --provider google.com --id-token '{"sub": "g-other"}'

echo "4. a provider whose (unverified) email belongs to an account: sign in with a listed method, then link"
printf '%s' '{"sub": "gh-ada", "email": "ada@example.com"}' > github.json
fauth signout -q
expect_failure 7 account-exists-with-different-credential signin --provider github.com --access-token @github.json
echo "   sign-in methods: $(sed -n 's/.*"signInMethods":\[\([^]]*\)\].*/\1/p' err.json)"
fauth signin --email ada@example.com --password-file pw.txt -q
fauth link --provider github.com --access-token @github.json -q
fauth providers --json | grep -q '"providerId":"github.com"' && echo "   github.com linked"

echo "5. reauthentication with another user's credential is refused"
expect_failure 6 user-mismatch reauth --email bob@example.com --password-file pw.txt

echo "6. a custom token from your server"
fauth signin --profile service --custom-token '{"uid": "service-1", "claims": {"role": "batch"}}' --json \
    | grep -q '"uid":"service-1"' && echo "   signed in as service-1"
