/// The helper page the Firebase JS SDK embeds (hidden) when it talks to an emulator (`GET /emulator/auth/iframe
/// ?apiKey=&appName=`): the SDK's end of the popup and redirect flows. Through `gapi.iframes` (Google's API loader,
/// which the SDK itself loads from apis.google.com) it answers the SDK's `webStorageSupport` question, sends the
/// SDK, once it is connected, the event a redirect left in session storage (or "no auth event"), and forwards the
/// events the handler page in a popup posts to it. Only messages from the emulator's own origin are taken.
enum AuthIframePage {
    /// The page's path (where Firebase's emulator serves it).
    static let path = "/emulator/auth/iframe"

    /// The page as HTML; its script reads the query itself.
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>fauth-emulator · auth helper frame</title>
        </head>
        <body>
        <p id="status"></p>
        <script>\(script)</script>
        <script src="https://apis.google.com/js/api.js"></script>
        </body>
        </html>

        """

    /// ES5, as the SDK's supported browsers need.
    private static let script = """
        (function () {
          var query = new URLSearchParams(location.search);
          var storageKey = query.get('apiKey') + ':' + query.get('appName');
          var stored = '\(AuthEventPage.storagePrefix)' + storageKey;
          var parentFrame = null;
          function report(text) {
            document.getElementById('status').textContent = text;
            if (window.console) { console.error('fauth-emulator auth frame: ' + text); }
          }
          if (!query.get('apiKey') || !query.get('appName')) {
            return report('Opened without the apiKey and appName query parameters the Firebase JS SDK sends.');
          }
          function send(authEvent) {
            parentFrame.send('authEvent', {
              type: 'authEvent',
              authEvent: authEvent || { type: 'unknown', error: { code: 'auth/no-auth-event' } }
            }, function (answers) {
              if (!answers || !answers.length || answers[answers.length - 1].status !== 'ACK') {
                report('The app did not acknowledge the auth event.');
              }
            }, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
          }
          window.addEventListener('message', function (e) {
            if (e.origin !== location.origin || !e.data || e.data.eventType !== 'sendAuthEvent') { return; }
            var data = e.data.data || {};
            if (data.storageKey !== storageKey) { return report('An auth event for another app was ignored.'); }
            if (parentFrame) {
              send(data.authEvent);
            } else {
              sessionStorage.setItem(stored, JSON.stringify(data.authEvent));
            }
          });
          function connect() {
            parentFrame = gapi.iframes.getContext().getParentIframe();
            parentFrame.register('webStorageSupport', function () {
              return { status: 'ACK', webStorageSupport: true };
            }, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
            var authEvent = null, text = sessionStorage.getItem(stored);
            sessionStorage.removeItem(stored);
            if (text) {
              try { authEvent = JSON.parse(text); } catch (e) { report('The stored auth event is not JSON.'); }
            }
            send(authEvent);
          }
          window.gapi_onload = function () {
            gapi.load('gapi.iframes', {
              callback: connect, timeout: 30000,
              ontimeout: function () { report('gapi.iframes did not load from apis.google.com.'); }
            });
          };
        })();
        """
}
