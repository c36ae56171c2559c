import FauthCore
import FauthJSON
import FauthText
import Synchronization

/// The warnings of one command run (`FauthWarning`): each is printed on stderr as it comes
/// (`fauth: warning: …`), and all of them go into the JSON result's `warnings` array.
final class WarningLog: Sendable {
    private let warnings = Mutex<[FauthWarning]>([])
    private let writeError: @Sendable (String) -> Void

    init(writeError: @escaping @Sendable (String) -> Void) {
        self.writeError = writeError
    }

    /// Records `warning` and prints it, with the command that fixes it.
    func add(_ warning: FauthWarning) {
        warnings.withLock { $0.append(warning) }
        writeError(
            "fauth: warning: \(TerminalText.escaped(warning.message))"
                + (Self.hint(for: warning.code).map { " \($0)" } ?? "") + "\n")
    }

    /// `json` with `warnings` added when there were some (a JSON object; anything else is returned as it is).
    func adding(to json: JSONValue) -> JSONValue {
        let all = warnings.withLock { $0 }
        guard !all.isEmpty, var object = json.object else { return json }
        object["warnings"] = .array(all.map(\.jsonObject))
        return .object(object)
    }

    /// What the user can do about a warning of this code.
    private static func hint(for code: ErrorCode) -> String? {
        code == .passwordDoesNotMeetRequirements ? "Change it with `fauth update --new-password`." : nil
    }
}
