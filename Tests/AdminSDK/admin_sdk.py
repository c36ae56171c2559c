"""Drives Firebase's own Admin SDK for Python against FIREBASE_AUTH_EMULATOR_HOST, one step per run.

Usage: admin_sdk.py PROJECT STEP [ARGS...]; prints one JSON object. The end-to-end tests use it to check that
fauth-emulator serves what the Admin SDK calls, and that fauth sees the effects.
"""
import json
import sys

import firebase_admin
from firebase_admin import auth


def main():
    project, step, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    firebase_admin.initialize_app(options={"projectId": project})
    if step == "create":
        user = auth.create_user(email=args[0], password=args[1], display_name="Made by Admin")
        result = {"uid": user.uid}
    elif step == "get":
        user = auth.get_user_by_email(args[0])
        result = {"uid": user.uid, "email": user.email, "displayName": user.display_name,
                  "disabled": user.disabled, "claims": user.custom_claims,
                  "providers": sorted(p.provider_id for p in user.provider_data)}
    elif step == "custom-token":
        auth.set_custom_user_claims(args[0], {"role": "admin"})
        result = {"token": auth.create_custom_token(args[0]).decode()}
    elif step == "revoke":
        auth.revoke_refresh_tokens(args[0])
        result = {"validSince": auth.get_user(args[0]).tokens_valid_after_timestamp}
    elif step == "disable":
        result = {"disabled": auth.update_user(args[0], disabled=True).disabled}
    elif step == "delete":
        auth.delete_user(args[0])
        result = {"remaining": [user.uid for user in auth.list_users().iterate_all()]}
    else:
        raise SystemExit("unknown step " + step)
    print(json.dumps(result))


main()
