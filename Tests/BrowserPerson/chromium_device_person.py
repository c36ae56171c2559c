#!/usr/bin/env python3
"""Plays the person who approves fauth's --device sign-in on another device, in headless Chromium (as
chromium_person.py does for --browser): opens the verification page given as the first argument, types the user
code given as the second into its form, adds the account PERSON_EMAIL / PERSON_NAME on the account chooser, and
reads the closing page. Screenshots go to PERSON_ARTIFACTS; steps are logged to PERSON_LOG as JSON lines ("error" on
a failure).
"""
import os
import sys
import time

from chromium_person import add_account, in_chromium, log


def main():
    page, user_code = sys.argv[1], sys.argv[2]
    artifacts = os.environ.get("PERSON_ARTIFACTS", ".")
    os.makedirs(artifacts, exist_ok=True)

    def approve(driver):
        driver.call("POST", driver.s("/url"), {"url": page})
        log("code-page", title=driver.call("GET", driver.s("/title")))
        driver.call("POST", driver.s(f"/element/{driver.find('input[name=user_code]')}/value"), {"text": user_code})
        driver.screenshot(os.path.join(artifacts, "emulator-device-code.png"))
        driver.call("POST", driver.s(f"/element/{driver.find('form.add button[type=submit]')}/click"), {})
        deadline = time.time() + 30
        while not driver.call("GET", driver.s("/title")).startswith("Sign in with") and time.time() < deadline:
            time.sleep(0.1)
        log("chooser", title=driver.call("GET", driver.s("/title")),
            text=driver.call("GET", driver.s(f"/element/{driver.find('body')}/text")))
        add_account(driver, artifacts, "emulator-device-account.png")
        deadline = time.time() + 30
        while not driver.call("GET", driver.s("/title")).startswith("Device") and time.time() < deadline:
            time.sleep(0.1)
        driver.screenshot(os.path.join(artifacts, "emulator-device-approved.png"))
        log("approved", title=driver.call("GET", driver.s("/title")),
            text=driver.call("GET", driver.s(f"/element/{driver.find('body')}/text")))

    in_chromium(approve)


if __name__ == "__main__":
    main()
