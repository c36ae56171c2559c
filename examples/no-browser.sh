#!/bin/sh
# `signin --no-browser`, scripted, against the local emulator (run by `fauth-emulator exec`). The sign-in URL carries
# a new state on every run, so the URL the browser ends on must come from this run's page: a program reads the URL
# fauth prints and, while fauth waits, writes back where the browser ended, here through a FIFO.
set -eu
XDG_STATE_HOME=$(mktemp -d)
export XDG_STATE_HOME
trap 'rm -rf "$XDG_STATE_HOME"' EXIT
cd "$XDG_STATE_HOME"

# Signs in on the emulator's page at $1 as robot@example.com and prints the URL the browser is sent back to. With
# a real provider this is whatever drives the browser (a WebDriver script, or a person who copies the URL).
sign_in_robot() {
    python3 - "$1" <<'PYTHON'
import sys, urllib.error, urllib.request
class Stay(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None
finish = sys.argv[1].replace("/emulator/auth/handler?", "/emulator/auth/handler/finish?", 1) + "&email=robot%40example.com"
try:
    urllib.request.build_opener(Stay).open(finish)
except urllib.error.HTTPError as answer:
    print(answer.headers["Location"])
PYTHON
}

echo "1. fauth prints the sign-in URL on stderr; the robot answers through the FIFO fauth reads with @ended-on"
mkfifo ended-on
{ fauth signin --provider google.com --no-browser --callback-url @ended-on --json >signed-in.json; echo $? >status; } 2>&1 |
    while read -r line; do
        case $line in
            http*) sign_in_robot "$line" | tee ended-on.txt >ended-on ;;   # the sign-in URL: the one line starting so
            '') ;;
            *) printf '   %s\n' "$line" ;;
        esac
    done
[ "$(cat status)" -eq 0 ] || { echo "fauth signin failed (exit $(cat status))" >&2; exit 1; }
grep -q '"email":"robot@example.com"' signed-in.json || { echo "not signed in as the robot: $(cat signed-in.json)" >&2; exit 1; }
fauth status

echo "2. that end URL saved and fed to a new run (even on the same port) is refused: another sign-in's state"
port=$(sed -n 's|^http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' ended-on.txt)
set +e
fauth signin --provider google.com --no-browser --port "$port" --callback-url @ended-on.txt --json >/dev/null 2>err.txt
status=$?
set -e
if [ "$status" -ne 6 ] || ! tail -n 1 err.txt | grep -q "another sign-in's state"; then
    echo "expected exit 6 (another sign-in's state), got $status: $(cat err.txt)" >&2
    exit 1
fi
echo "   exit $status (invalid-credential)"
