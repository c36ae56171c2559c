import FauthCore
import FauthText

/// The small page the browser shows once fauth has its answer: signed in (you can close this tab), or why not.
enum CallbackPage {
    /// The page for a sign-in that ended with `headline` ("Signed in as ada@example.com").
    static func success(_ headline: String) -> String {
        page(
            title: "Signed in",
            body: "<h1>\(HTMLText.escaped(headline))</h1><p>You can close this tab and go back to the terminal.</p>")
    }

    /// The page for a sign-in that failed with `error`, or that stopped for a second factor (not a failure: the
    /// person finishes it in the terminal).
    static func failure(_ error: FauthError) -> String {
        if error.code == .secondFactorRequired {
            return page(
                title: "Second factor needed",
                body: "<h1>One more step: your second factor</h1>"
                    + "<p>Go back to the terminal: it says how to finish with your second factor. You can close this tab.</p>"
            )
        }
        return page(
            title: "Sign-in failed",
            body:
                "<h1>Sign-in failed</h1><p>\(HTMLText.escaped(error.message)) (\(HTMLText.escaped(error.code.rawValue)))</p>"
                + "<p>The terminal says what to do next. You can close this tab.</p>")
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>fauth: \(title)</title>
        <style>body{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;padding:0 1em;color:#202124;overflow-wrap:anywhere}h1{font-size:1.4em}</style>
        </head><body>\(body)</body></html>
        """
    }
}
