import FauthText

/// The parts of an email action link (`https://…/__/auth/action?mode=resetPassword&oobCode=…&apiKey=…`), as the
/// SDK's `ActionCodeURL` reads them; a link wrapped in another one's `link` parameter is unwrapped.
package struct ActionCodeLink: Sendable, Equatable {
    /// The one-time code (`oobCode`).
    package var code: String
    /// What the link is for (`mode`: `resetPassword`, `verifyEmail`, `verifyAndChangeEmail`, `signIn`, …), if it says.
    package var mode: String?

    /// The link's code and mode; nil when `link` is not a URL with an `oobCode` (nor wraps one).
    package init?(link: String) {
        guard let query = URLQuery(url: link), !query.items.isEmpty else { return nil }
        let value = { (name: String) in query.value(name).flatMap { $0.isEmpty ? nil : $0 } }
        if let code = value("oobCode") {
            self.code = code
            self.mode = value("mode")
        } else if let inner = value("link"), inner != link, let wrapped = ActionCodeLink(link: inner) {
            self = wrapped
        } else {
            return nil
        }
    }

    /// The code in `input` (surrounding white space ignored): the `oobCode` of a pasted action link, or `input`
    /// itself when it is not a link. A link whose mode is not one of `modes` is refused (`invalid-action-code`) before any request.
    package static func code(in input: String, modes: [String]) throws -> String {
        let words = input.split(whereSeparator: \.isWhitespace)
        guard words.count == 1, let trimmed = words.first.map(String.init) else {
            throw FauthError(.invalidActionCode, message: "An action code or link is one word without spaces.")
        }
        guard trimmed.contains(text: "://") || trimmed.contains("?") else { return trimmed }
        guard let link = ActionCodeLink(link: trimmed) else {
            throw FauthError(.invalidActionCode, message: "The link holds no oobCode parameter.")
        }
        if let mode = link.mode, !modes.contains(mode) {
            throw FauthError(
                .invalidActionCode,
                message: "The link is a \(mode) link, not a \(modes.joined(separator: " or ")) link.")
        }
        return link.code
    }
}
