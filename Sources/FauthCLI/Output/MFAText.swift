import FauthCore
import FauthText

/// How people see second factors in text output (the JSON shape is `MFAEnrollment.jsonObject`).
enum MFAText {
    /// `totp "laptop" (uid ABC)` or `phone +*******0100 "work phone" (uid DEF)`, escaped for the terminal.
    static func describe(_ factor: MFAEnrollment) -> String {
        var text = factor.factorId
        if let phone = factor.maskedPhoneNumber { text += " \(phone)" }
        if let name = factor.displayName, !name.isEmpty { text += " \"\(name)\"" }
        if !factor.enrollmentId.isEmpty { text += " (uid \(factor.enrollmentId))" }
        return TerminalText.escaped(text)
    }

    /// The factors described and joined with `; `, or `none`.
    static func factorList(_ factors: [MFAEnrollment]) -> String {
        factors.isEmpty ? "none" : factors.map(describe).joinedText(separator: "; ")
    }
}
