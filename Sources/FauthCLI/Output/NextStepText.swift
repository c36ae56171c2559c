import FauthCore

/// Words a core failure's next step (`FauthError.nextStep`) as the fauth command to run, completing the core's
/// message: "No SMS code was sent to the factor P1 yet: run 'fauth mfa verify --factor P1' first."
enum NextStepText {
    /// `error` with its message completed by the command to run; unchanged when it names no next step.
    static func worded(_ error: FauthError) -> FauthError {
        guard let step = error.nextStep else { return error }
        var worded = error
        worded.message = error.message.completingSentence(with: ": run " + advice(step))
        return worded
    }

    private static func advice(_ step: NextStep) -> String {
        switch step {
        case .sendSecondFactorCode(let enrollmentId):
            return "'fauth mfa verify --factor \(enrollmentId)' first"
        case .beginSecondFactorEnrollment:
            return "'fauth mfa enroll --phone NUMBER' or 'fauth mfa enroll --totp' first"
        case .signInFirst:
            return "'fauth signin' (or 'fauth reauth') first"
        case .beginAgain(.enroll, _, _, let totp):
            return "'fauth mfa enroll " + (totp ? "--totp" : "--phone NUMBER") + "' again"
        case .beginAgain(let purpose, let providerId, let email, _):
            return "'fauth \(purpose.rawValue)\(credentialOptions(providerId: providerId, email: email))' again"
        case .recoverFrom(.accountCreated(_, let email, let providerId)):
            return "'fauth signin\(credentialOptions(providerId: providerId, email: email))' to use the account"
        case .recoverFrom(.accountChanged):
            return "'fauth status' to read the account as it now is (then 'fauth signin' if it says the session ended)"
        case .recoverFrom(.accountDeleted):
            return "'fauth signout' to remove the session"
        }
    }

    /// The options that name a credential of `providerId`: `--email E` for a password (when known),
    /// `--custom-token TOKEN` for a custom token, else `--provider P`.
    private static func credentialOptions(providerId: String, email: String?) -> String {
        switch providerId {
        case "password": email.map { " --email \($0)" } ?? ""
        case "custom": " --custom-token TOKEN"
        default: " --provider \(providerId)"
        }
    }
}

extension String {
    /// This sentence with `advice` before its final full stop ("It expired." → "It expired: run … again.").
    func completingSentence(with advice: String) -> String {
        (hasSuffix(".") ? String(dropLast()) : self) + advice + "."
    }
}
