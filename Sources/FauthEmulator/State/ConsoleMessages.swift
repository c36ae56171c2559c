import FauthText
import Foundation

/// Where the emulator "sends" what a real backend would mail or text: the lines Firebase's emulator prints on its
/// console in place of an email action link or an SMS code. Thread-safe; lines go nowhere until a sink is set
/// (`fauth-emulator` sets one unless `--quiet`).
final class ConsoleMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var sink: (@Sendable (String) -> Void)?

    /// Makes every later line go to `sink` (one line, no newline, per call); nil drops them.
    func send(to sink: (@Sendable (String) -> Void)?) {
        lock.withLock { self.sink = sink }
    }

    /// Hands `line` to the sink, if any, with its control characters escaped (`TerminalText`): an email or phone
    /// number a request sent must not rewrite the terminal of the person running the emulator.
    func print(_ line: String) {
        lock.withLock { sink }?(TerminalText.escaped(line))
    }

    /// Firebase's line for an email action link, by the code's request type; nil for a type it prints nothing for.
    static func line(for oob: OobCode) -> String? {
        switch oob.requestType {
        case "EMAIL_SIGNIN": return "To sign in as \(oob.email), follow this link: \(oob.oobLink)"
        case "PASSWORD_RESET":
            return
                "To reset the password for \(oob.email), follow this link: \(oob.oobLink)&newPassword=NEW_PASSWORD_HERE"
        case "VERIFY_EMAIL": return "To verify the email address \(oob.email), follow this link: \(oob.oobLink)"
        case "VERIFY_AND_CHANGE_EMAIL":
            return
                "To verify and change the email address from \(oob.email) to \(oob.newEmail ?? ""), follow this link: \(oob.oobLink)"
        case "RECOVER_EMAIL": return "To reset your email address to \(oob.email), follow this link: \(oob.oobLink)"
        default: return nil
        }
    }

    /// What an SMS code is for, which picks Firebase's wording of its line.
    enum SMSPurpose {
        /// `accounts:sendVerificationCode`: phone sign-in or linking.
        case phoneNumber
        /// `mfaEnrollment:start`.
        case mfaEnrollment
        /// `mfaSignIn:start`.
        case mfaSignIn
    }

    /// Firebase's line for an SMS code sent to `phoneNumber`.
    static func line(code: String, phoneNumber: String, purpose: SMSPurpose) -> String {
        switch purpose {
        case .phoneNumber: return "To verify the phone number \(phoneNumber), use the code \(code)."
        case .mfaEnrollment: return "To enroll MFA with \(phoneNumber), use the code \(code)."
        case .mfaSignIn: return "To sign in with MFA using \(phoneNumber), use the code \(code)."
        }
    }
}
