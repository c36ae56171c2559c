#!/bin/sh
# A short auth script, run against the local emulator by `fauth-emulator exec` (see scripts/quickstart).
# It uses only fauth's documented exit statuses and --json output.
set -eu
XDG_STATE_HOME=$(mktemp -d)            # keep this demo's sessions away from yours
export XDG_STATE_HOME
trap 'rm -rf "$XDG_STATE_HOME"' EXIT

echo "1. sign up (the password comes from stdin, never from argv)"
printf 'correct horse battery staple\n' | fauth signup --email ada@example.com --password-stdin

echo "2. a wrong password exits 6 (credentials rejected)"
set +e
printf 'wrong\n' | fauth signin --email ada@example.com --password-stdin 2>/dev/null
status=$?
set -e
[ "$status" -eq 6 ] && echo "   exit $status, as documented"

echo "3. providers as JSON, for pipelines"
fauth providers --json

echo "4. an anonymous guest in a second profile, upgraded to a password account (same uid)"
guest_uid=$(fauth signin --anonymous --profile guest --json | sed -n 's/.*"uid":"\([^"]*\)".*/\1/p')
printf 'guest password 1\n' | fauth link --profile guest --email guest@example.com --password-stdin --json >/dev/null
fauth status --profile guest | sed 's/^/   /'
fauth status --profile guest --json | grep -q "\"uid\":\"$guest_uid\"" && echo "   uid kept: $guest_uid"

echo "5. a token for curl, from the cache"
token=$(fauth token) || exit
echo "   token starts with ${token%%.*}"

echo "6. sign out of every profile"
fauth signout --all
set +e
fauth status >/dev/null 2>&1
status=$?
set -e
[ "$status" -eq 4 ] && echo "   status exits 4: signed out"
