#!/usr/bin/env python3
"""Plays a web app that signs in with the Firebase JS SDK's signInWithPopup or signInWithRedirect against
fauth-emulator, in headless Chromium (driven as chromium_person.py drives it), with no npm and no network.

Usage: chromium_web_sdk_app.py EMULATOR_URL popup|redirect|stray

(stray: the handler page opened as the SDK opens a popup, but in a window no app opened: it must say so.)

The app (web_sdk_app.html) plays the SDK's part: it opens the emulator's helper frame through gapi.iframes, opens
the handler page in a popup or redirects to it with the SDK's query, takes the auth event from the frame and signs
in with it. It is served from another origin on loopback (the same site as the emulator, as a dev server on
localhost is). Google's API loader cannot be fetched offline, so Chromium is pointed, for apis.google.com only, at
a TLS server here that serves gapi_iframes_standin.js (a self-signed certificate made with the openssl CLI, which
Chromium is told to accept). The person adds PERSON_EMAIL / PERSON_NAME on the emulator's page. Screenshots go to
PERSON_ARTIFACTS; steps are logged to PERSON_LOG as JSON lines ("error" on a failure), with the app's own log.
"""
import http.server
import json
import os
import shutil
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from chromium_person import add_account, in_chromium, log

HERE = os.path.dirname(os.path.abspath(__file__))
PATIENCE = 120  # seconds for anything that has to happen: generous, it is only reached on a failure


def serve(files, tls=None):
    """Serves `files` ({path: (content type, file name in this folder)}) on 127.0.0.1 from a thread, over TLS with
    the (certificate, key) pair `tls`; returns (server, port, the paths asked for)."""
    asked = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            path = urllib.parse.urlsplit(self.path).path
            asked.append(path)
            if path not in files:
                self.send_error(404)
                return
            content_type, name = files[path]
            with open(os.path.join(HERE, name), "rb") as source:
                body = source.read()
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*tls)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1], asked


def wait_for(what, condition):
    """Polls `condition` until it returns something true, for PATIENCE seconds; raises naming `what` past that."""
    deadline = time.time() + PATIENCE
    while True:
        value = condition()
        if value:
            return value
        if time.time() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        time.sleep(0.1)


def main():
    emulator, mode = sys.argv[1], sys.argv[2]
    artifacts = os.environ.get("PERSON_ARTIFACTS", ".")
    os.makedirs(artifacts, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="fauth-web-sdk-")
    certificate, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                    "/CN=apis.google.com", "-addext", "subjectAltName=DNS:apis.google.com", "-keyout", key,
                    "-out", certificate], check=True, capture_output=True, timeout=PATIENCE)
    gapi, gapi_port, gapi_asked = serve({"/js/api.js": ("text/javascript", "gapi_iframes_standin.js")},
                                        tls=(certificate, key))
    app, app_port, _ = serve({"/app.html": ("text/html; charset=utf-8", "web_sdk_app.html")})
    app_url = f"http://127.0.0.1:{app_port}/app.html?" + urllib.parse.urlencode({"emulator": emulator})

    def title(driver):
        return driver.call("GET", driver.s("/title"))

    def app_log(driver):
        return json.loads(driver.call("GET", driver.s(f"/element/{driver.find('#log')}/text")) or "[]")

    def settled(driver):
        return title(driver) in ("app: ready", "app: signed in", "app: error")

    def stray(driver):
        query = urllib.parse.urlencode({"apiKey": "fake-web-api-key", "appName": "[DEFAULT]",
                                        "authType": "signInViaPopup", "redirectUrl": app_url, "v": "standin",
                                        "eventId": "1", "providerId": "google.com"})
        driver.call("POST", driver.s("/url"), {"url": f"{emulator}/emulator/auth/handler?{query}"})
        wait_for("the handler page", lambda: title(driver).startswith("Sign in with"))
        add_account(driver, artifacts, "web-sdk-stray-form.png")
        status = "#status.problem"
        wait_for("the page's verdict", lambda: driver.call("POST", driver.s("/elements"),
                                                           {"using": "css selector", "value": status}))
        driver.screenshot(os.path.join(artifacts, "web-sdk-stray-result.png"))
        log("stray", title=title(driver), text=driver.call("GET", driver.s(f"/element/{driver.find(status)}/text")))

    def sign_in(driver):
        if mode == "stray":
            return stray(driver)
        driver.call("POST", driver.s("/url"), {"url": app_url})
        wait_for("the app to load the helper frame", lambda: settled(driver))
        log("ready", title=title(driver), app=app_log(driver))
        main_window = driver.call("GET", driver.s("/window"))
        driver.call("POST", driver.s(f"/element/{driver.find('#' + mode)}/click"), {})
        if mode == "popup":
            handles = wait_for("the popup", lambda: [h for h in driver.call("GET", driver.s("/window/handles"))
                                                    if h != main_window])
            driver.call("POST", driver.s("/window"), {"handle": handles[0]})
        wait_for("the handler page", lambda: title(driver).startswith("Sign in with"))
        driver.screenshot(os.path.join(artifacts, f"web-sdk-{mode}-chooser.png"))
        log("chooser", title=title(driver), url=driver.call("GET", driver.s("/url")))
        add_account(driver, artifacts, f"web-sdk-{mode}-form.png")
        if mode == "popup":
            driver.call("POST", driver.s("/window"), {"handle": main_window})
        wait_for("the app's sign-in", lambda: title(driver) in ("app: signed in", "app: error"))
        driver.screenshot(os.path.join(artifacts, f"web-sdk-{mode}-signed-in.png"))
        windows = len(driver.call("GET", driver.s("/window/handles")))
        log("result", title=title(driver), url=driver.call("GET", driver.s("/url")), windows=windows,
            text=driver.call("GET", driver.s(f"/element/{driver.find('#result')}/text")), app=app_log(driver))
        if mode == "redirect":
            driver.call("POST", driver.s("/refresh"), {})
            wait_for("the reloaded app", lambda: settled(driver))
            log("reloaded", title=title(driver), app=app_log(driver))
        log("gapi", asked=list(gapi_asked))

    try:
        in_chromium(sign_in, extra_args=[f"--host-rules=MAP apis.google.com 127.0.0.1:{gapi_port}",
                                         "--ignore-certificate-errors", "--disable-popup-blocking"])
    finally:
        gapi.shutdown()
        app.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
