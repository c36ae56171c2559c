"""Blocking functions written as users write them, with the Firebase Functions Python SDK (firebase-functions), for
Tests/EndToEndTests/RealBlockingFunctionTests.swift. serve.py serves them with functions-framework.

before_create: an email starting with "blocked" is refused with the SDK's HttpsError; others get a display name and
custom claims, and an email starting with "disabled" is created disabled.
before_sign_in: adds a claim that counts nothing but proves the call, and session claims for the ID token.
"""

from firebase_functions import https_fn, identity_fn


@identity_fn.before_user_created()
def before_create(event: identity_fn.AuthBlockingEvent) -> identity_fn.BeforeCreateResponse | None:
    email = event.data.email or ""
    if email.startswith("blocked"):
        raise https_fn.HttpsError(
            code=https_fn.FunctionsErrorCode.PERMISSION_DENIED, message=f"Unauthorized email {email}"
        )
    response = identity_fn.BeforeCreateResponse(
        display_name=f"Created by {event.additional_user_info.provider_id}",
        custom_claims={"role": "reader", "createdBy": "before_create"},
    )
    if email.startswith("disabled"):
        response["disabled"] = True
    return response


@identity_fn.before_user_signed_in()
def before_sign_in(event: identity_fn.AuthBlockingEvent) -> identity_fn.BeforeSignInResponse | None:
    claims = dict(event.data.custom_claims or {})
    claims["signedInBy"] = "before_sign_in"
    return identity_fn.BeforeSignInResponse(
        custom_claims=claims,
        session_claims={"signInMethod": event.additional_user_info.provider_id},
    )
