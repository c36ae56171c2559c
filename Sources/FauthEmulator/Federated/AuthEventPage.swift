import FauthText

/// The page the handler's form lands on in the Firebase JS SDK's flows: it hands the auth event to the SDK, by
/// posting it to the SDK's helper iframe (same origin as this page) in the window that opened the popup, or by
/// keeping it in session storage and going back to the app for a redirect. Says what it did, or what went wrong.
struct AuthEventPage {
    /// The event to hand over.
    let event: WebSDKAuthEvent
    /// The SDK's key for the app: `apiKey:appName`, which the helper iframe's query must match.
    let storageKey: String
    /// How the event goes back.
    let delivery: WebSDKAuthEvent.Delivery
    /// Where a redirect returns to (an http or https URL); nil for a popup.
    let redirectUrl: String?
    /// Who was chosen, shown on the page.
    let who: String

    /// The page as HTML.
    var html: String {
        let mode = delivery == .popup ? "popup" : "redirect"
        let body = """
            <main>
            <p class="badge">fauth-emulator · fake identity provider</p>
            <h1>Account chosen: \(HTMLText.escaped(who))</h1>
            <p id="status" class="note" role="status">Returning the result to the app…</p>
            <div id="auth-event" hidden data-mode="\(mode)" data-storage-key="\(HTMLText.escaped(storageKey))" \
            data-redirect-url="\(HTMLText.escaped(redirectUrl ?? ""))" \
            data-event="\(HTMLText.escaped(event.json.serialized()))"></div>
            </main>
            <script>\(Self.script)</script>
            """
        return IdpSignInPage.document(title: "Account chosen", body: body)
    }

    /// The session-storage key under which the helper iframe finds a redirect's event, for an app's `storageKey`.
    static let storagePrefix = "firebase:redirectEvent:"

    /// Hands the event over; ES5 so that any browser the SDK supports runs it.
    private static let script = """
        (function () {
          var holder = document.getElementById('auth-event');
          var status = document.getElementById('status');
          var storageKey = holder.getAttribute('data-storage-key');
          var authEvent = JSON.parse(holder.getAttribute('data-event'));
          function fail(text) { status.textContent = text; status.className = 'problem'; }
          if (holder.getAttribute('data-mode') === 'redirect') {
            var target = holder.getAttribute('data-redirect-url');
            if (!/^https?:/i.test(target)) { return fail('The redirectUrl is not an http or https URL.'); }
            try {
              sessionStorage.setItem('\(storagePrefix)' + storageKey, JSON.stringify(authEvent));
            } catch (e) {
              return fail('This browser refused session storage, where the app finds the result: ' + e);
            }
            status.textContent = 'Returning to the app…';
            window.location.replace(target);
            return;
          }
          var opener = window.opener, sent = 0;
          for (var i = 0; opener && i < opener.frames.length; i++) {
            try {
              var frame = opener.frames[i];
              if (frame.location.origin !== location.origin ||
                  frame.location.pathname !== '/emulator/auth/iframe') { continue; }
              var query = new URLSearchParams(frame.location.search);
              if (query.get('apiKey') + ':' + query.get('appName') !== storageKey) { continue; }
              frame.postMessage({ eventType: 'sendAuthEvent', data: { authEvent: authEvent, storageKey: storageKey } },
                                location.origin);
              sent++;
            } catch (e) {
              // a frame of another origin: not the SDK's helper iframe
            }
          }
          if (!sent) {
            return fail('No app is waiting for this sign-in: this window was not opened by a page whose Firebase ' +
                        'JS SDK has the emulator\\'s helper iframe (/emulator/auth/iframe) for this app.');
          }
          status.textContent = 'The app has the result; this window closes when the app is done with it.';
        })();
        """
}
