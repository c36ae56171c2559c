import FauthHTTPCodec
import FauthJSON

/// The auth event the Firebase JS SDK waits for after `signInWithPopup`, `signInWithRedirect` and their link and
/// reauthenticate twins: the handler page hands it over, through the SDK's helper iframe for a popup, through the
/// emulator origin's session storage for a redirect. The SDK then signs in with `urlResponse` as `requestUri`.
struct WebSDKAuthEvent {
    /// How the event reaches the SDK.
    enum Delivery {
        /// Posted from the popup to the helper iframe in the page that opened it, which passes it to the SDK.
        case popup
        /// Kept in session storage, read by the helper iframe after the redirect back to the app.
        case redirect
    }

    /// The SDK's event type (`signInViaPopup`, …), as the handler page's `authType` names it.
    let type: String
    /// The SDK's event id (`eventId`), which the popup flow matches; nil when the page was not given one.
    let eventId: String?
    /// The URL the SDK sends to `signInWithIdp` as `requestUri`: the handler page with the fake IdP claims.
    let urlResponse: String
    /// A fresh id per event (the SDK uses it to drop an event it has already handled).
    let sessionId: String
    /// The tenant the page was opened for (`tid`), else nil.
    let tenantId: String?

    /// The event types the SDK opens the handler page with, and how each comes back.
    static func delivery(of type: String) -> Delivery? {
        switch type {
        case "signInViaPopup", "linkViaPopup", "reauthViaPopup": .popup
        case "signInViaRedirect", "linkViaRedirect", "reauthViaRedirect": .redirect
        default: nil
        }
    }

    /// The handler page's URL on the emulator (`authority`), carrying `providerId` and `claims` as `id_token`.
    static func urlResponse(authority: String, providerId: String, claims: JSONObject) -> String {
        "http://\(authority)\(IdpSignInPage.path)?"
            + FormURLEncoding.encode([("providerId", providerId), ("id_token", JSONValue.object(claims).serialized())])
    }

    /// The event as the SDK reads it.
    var json: JSONValue {
        [
            "type": .string(type), "eventId": eventId.map(JSONValue.string) ?? .null,
            "urlResponse": .string(urlResponse), "sessionId": .string(sessionId), "postBody": "",
            "tenantId": tenantId.map(JSONValue.string) ?? .null, "error": .null,
        ]
    }
}
