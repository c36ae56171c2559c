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
            let credential = providerId == "password" ? email.map { " --email \($0)" } ?? "" : " --provider \(providerId)"
            return "'fauth \(purpose.rawValue)\(credential)' again"
        }
    }
}

extension String {
    /// This sentence with `advice` before its final full stop ("It expired." → "It expired: run … again.").
    func completingSentence(with advice: String) -> String {
        (hasSuffix(".") ? String(dropLast()) : self) + advice + "."
    }
}
