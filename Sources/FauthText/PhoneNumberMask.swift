/// How a second factor's phone number is shown where the whole number must not be: by the emulator in sign-in
/// answers (as Firebase's servers do) and by fauth in everything it prints.
package enum PhoneNumberMask {
    /// `+15555550100` → `+*******0100`, `+1 555-555-0100` → `+* ***-***-0100`: every ASCII digit but the last four
    /// becomes `*`; other characters are kept.
    package static func masked(_ phone: String) -> String {
        var digitsSeen = 0
        let masked = phone.reversed().map { character -> Character in
            guard character.isASCII, character.isNumber else { return character }
            digitsSeen += 1
            return digitsSeen > 4 ? "*" : character
        }
        return String(masked.reversed())
    }
}
