#!/usr/bin/env python3
"""Plays the person at the browser for fauth's --browser tests, over plain HTTP (Python stdlib only).

fauth starts it as $BROWSER with the provider's sign-in URL as its one argument. It fetches the emulator's
sign-in page, picks an account (or adds one), takes the redirect the page's form answers with, and follows it to
fauth's loopback listener, as a browser would. What it does is set by the environment:

  PERSON_ACTION   add (default): add the account PERSON_EMAIL (PERSON_NAME as display name);
                  choose: click the listed account whose email is PERSON_EMAIL; idle: open the page, do nothing.
  PERSON_TAMPER   state: replace the callback URL's state before following it (a forged answer);
                  id_token=VALUE: replace its id_token with VALUE (a token the server cannot read).
  PERSON_REPLAY   1: request the callback URL a second time after the first answer.
  PERSON_STRAY    1: first request another path on the listener (it must answer 404).
  PERSON_MEANWHILE a shell command run before following the callback (another fauth command meanwhile).
  PERSON_CALLBACK a file: write the callback URL there instead of following it (--no-browser: the person copies it).
  PERSON_LOG      a file: one JSON object per step (page, stray, callback, replay) with what was seen.

Usable by hand too: `person.py URL` with those variables set.
"""
import html.parser
import json
import os
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def log(step, **fields):
    path = os.environ.get("PERSON_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"step": step, **fields}) + "\n")


def get(url):
    """(status, headers, body) of a GET, without following redirects; status 0 when nothing answered."""
    try:
        with OPENER.open(url, timeout=20) as response:
            return response.status, response.headers, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode("utf-8", "replace")
    except (urllib.error.URLError, ConnectionError) as error:
        return 0, {}, str(getattr(error, "reason", error))


class Forms(html.parser.HTMLParser):
    """The page's forms: action, hidden fields, and the account buttons (rawId value and the email shown)."""

    def __init__(self):
        super().__init__()
        self.forms, self.accounts = [], []
        self._button, self._in_email = None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attrs.get("action"), "class": attrs.get("class"), "hidden": []})
        elif tag == "input" and attrs.get("type") == "hidden" and self.forms:
            self.forms[-1]["hidden"].append((attrs["name"], attrs.get("value", "")))
        elif tag == "button" and attrs.get("name") == "rawId":
            self._button = {"rawId": attrs.get("value"), "email": ""}
        elif tag == "span" and attrs.get("class") == "email" and self._button is not None:
            self._in_email = True

    def handle_endtag(self, tag):
        if tag == "span":
            self._in_email = False
        elif tag == "button" and self._button is not None:
            self.accounts.append(self._button)
            self._button = None

    def handle_data(self, data):
        if self._in_email:
            self._button["email"] += data


def main():
    auth_uri = sys.argv[1]
    status, _, body = get(auth_uri)
    page = Forms()
    page.feed(body)
    log("page", status=status, accounts=[a["email"] for a in page.accounts], title="Sign in with" in body)
    action = os.environ.get("PERSON_ACTION", "add")
    if status != 200 or action == "idle":
        return
    email = os.environ.get("PERSON_EMAIL", "ada@example.com")
    if action == "choose":
        chosen = [a for a in page.accounts if a["email"] == email]
        form = next(f for f in page.forms if f["class"] == "accounts")
        fields = form["hidden"] + [("rawId", chosen[0]["rawId"] if chosen else "missing")]
    else:
        form = next(f for f in page.forms if f["class"] == "add")
        fields = form["hidden"] + [("email", email), ("displayName", os.environ.get("PERSON_NAME", "")),
                                   ("screenName", ""), ("photoUrl", "")]
    finish = urllib.parse.urljoin(auth_uri, form["action"]) + "?" + urllib.parse.urlencode(fields)
    status, headers, _ = get(finish)
    callback = headers.get("Location") if status in (302, 303) else None
    log("finish", status=status, redirected=callback is not None)
    if callback is None:
        return
    tamper = os.environ.get("PERSON_TAMPER")
    if tamper:
        parts = urllib.parse.urlsplit(callback)
        query = urllib.parse.parse_qsl(parts.query)
        if tamper == "state":
            query = [(k, "forged-" + v if k == "state" else v) for k, v in query]
        else:
            query = [(k, v) for k, v in query if k != "id_token"] + [("id_token", tamper.split("=", 1)[1])]
        callback = urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))
    if os.environ.get("PERSON_CALLBACK"):
        with open(os.environ["PERSON_CALLBACK"], "w", encoding="utf-8") as out:
            out.write(callback + "\n")
        return
    if os.environ.get("PERSON_MEANWHILE"):
        subprocess.run(os.environ["PERSON_MEANWHILE"], shell=True, check=False)
    if os.environ.get("PERSON_STRAY") == "1":
        parts = urllib.parse.urlsplit(callback)
        status, _, _ = get(urllib.parse.urlunsplit(parts._replace(path="/favicon.ico", query="")))
        log("stray", status=status)
    status, _, body = get(callback)
    log("callback", status=status, body=body)
    if os.environ.get("PERSON_REPLAY") == "1":
        status, _, body = get(callback)
        log("replay", status=status, body=body)


if __name__ == "__main__":
    main()
