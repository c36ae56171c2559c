"""Serves the functions of main.py with functions-framework's own app (create_app, which routes and checks each
request as its command does) on a free loopback port: each path /<target> goes to that target. Prints the port on
the first line of its output, then serves until killed.

The environment decides how firebase-functions checks the event JWT: with FIREBASE_AUTH_EMULATOR_HOST set it is in
emulator mode and checks the issuer (https://securetoken.google.com/<GOOGLE_CLOUD_PROJECT>) and the subject but not
the signature, algorithm or audience; without it, it refuses a JWT that has no RS256 signature by Google's keys.
"""

import os
import sys

import functions_framework
from werkzeug.serving import make_server

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "main.py")
TARGETS = ["before_create", "before_sign_in"]


def main() -> None:
    apps = {target: functions_framework.create_app(target=target, source=SOURCE) for target in TARGETS}

    def dispatch(environ, start_response):
        # /<target> reaches that target's app at its root, as a function deployed alone is reached.
        app = apps.get(environ.get("PATH_INFO", "").strip("/"))
        if app is None:
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"no such function\n"]
        environ["PATH_INFO"] = "/"
        return app(environ, start_response)

    server = make_server("127.0.0.1", 0, dispatch, threaded=True)
    print(server.server_port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
