#!/usr/bin/env python3
"""Plays the person in a real browser for fauth's --browser test: headless Chromium (Debian's chromium and
chromium-driver, installed by scripts/bootstrap), driven through chromedriver's WebDriver HTTP API (Python stdlib).

fauth starts it as $BROWSER with the provider's sign-in URL. It opens the URL in Chromium, takes a screenshot of the
emulator's sign-in page, opens "Add a new account", types PERSON_EMAIL and PERSON_NAME, submits, waits for fauth's
closing page (the browser follows the redirect to fauth's loopback listener itself) and screenshots it too.
Screenshots go to PERSON_ARTIFACTS (a folder); each step is logged to PERSON_LOG as JSON lines, and a failure is
logged as step "error" (the test reads it), never silently.
"""
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def log(step, **fields):
    path = os.environ.get("PERSON_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"step": step, **fields}) + "\n")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebDriver:
    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        self.session = None

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{method} {path}: {error.code} {error.read()[:500]!r}") from None

    def start(self, binary, profile, extra_args=()):
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--window-size=800,900", f"--user-data-dir={profile}", *extra_args]
        value = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": {"binary": binary, "args": args}}}})
        self.session = value["sessionId"]

    def s(self, path):
        return f"/session/{self.session}{path}"

    def find(self, css):
        return self.call("POST", self.s("/element"), {"using": "css selector", "value": css})[ELEMENT]

    def screenshot(self, path):
        with open(path, "wb") as out:
            out.write(base64.b64decode(self.call("GET", self.s("/screenshot"))))


def in_chromium(act, extra_args=()):
    """Starts chromedriver and a headless Chromium session (with Chromium's command-line switches extra_args), runs
    act(driver), and always ends both; a failure is logged as step "error" (the test reads it), never silently."""
    binary = shutil.which("chromium") or "/usr/bin/chromium"
    port = free_port()
    profile = tempfile.mkdtemp(prefix="fauth-chromium-")
    driver_process = subprocess.Popen([shutil.which("chromedriver") or "chromedriver", f"--port={port}"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = WebDriver(port)
    try:
        deadline = time.time() + 30
        while True:
            try:
                if driver.call("GET", "/status").get("ready"):
                    break
            except (OSError, RuntimeError):
                pass
            if time.time() > deadline:
                raise RuntimeError("chromedriver did not become ready")
            time.sleep(0.1)
        driver.start(binary, profile, extra_args)
        act(driver)
    except Exception as error:  # the test reads this step and fails with it
        log("error", message=str(error))
    finally:
        if driver.session:
            try:
                driver.call("DELETE", driver.s(""))
            except (OSError, RuntimeError):
                pass
        driver_process.terminate()
        try:
            driver_process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            driver_process.kill()
        shutil.rmtree(profile, ignore_errors=True)


def add_account(driver, artifacts, screenshot):
    """On the emulator's account chooser: opens "Add a new account", types PERSON_EMAIL and PERSON_NAME, takes
    the screenshot `screenshot` and submits."""
    details = driver.find("details")
    if driver.call("GET", driver.s(f"/element/{details}/attribute/open")) is None:
        driver.call("POST", driver.s(f"/element/{driver.find('details summary')}/click"), {})
    driver.call("POST", driver.s(f"/element/{driver.find('form.add input[name=email]')}/value"),
                {"text": os.environ.get("PERSON_EMAIL", "ada@example.com")})
    driver.call("POST", driver.s(f"/element/{driver.find('form.add input[name=displayName]')}/value"),
                {"text": os.environ.get("PERSON_NAME", "")})
    driver.screenshot(os.path.join(artifacts, screenshot))
    driver.call("POST", driver.s(f"/element/{driver.find('form.add button[type=submit]')}/click"), {})


def main():
    url = sys.argv[1]
    artifacts = os.environ.get("PERSON_ARTIFACTS", ".")
    os.makedirs(artifacts, exist_ok=True)

    def sign_in(driver):
        driver.call("POST", driver.s("/url"), {"url": url})
        title = driver.call("GET", driver.s("/title"))
        driver.screenshot(os.path.join(artifacts, "emulator-sign-in-page.png"))
        log("page", title=title)
        add_account(driver, artifacts, "emulator-sign-in-form-filled.png")
        deadline = time.time() + 30
        while not driver.call("GET", driver.s("/title")).startswith("fauth:") and time.time() < deadline:
            time.sleep(0.1)
        final_url = driver.call("GET", driver.s("/url"))
        text = driver.call("GET", driver.s(f"/element/{driver.find('body')}/text"))
        driver.screenshot(os.path.join(artifacts, "fauth-signed-in-page.png"))
        log("callback", title=driver.call("GET", driver.s("/title")), url=final_url, text=text)

    in_chromium(sign_in)


if __name__ == "__main__":
    main()
