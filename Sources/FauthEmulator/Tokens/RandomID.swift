/// Random identifiers in the formats Firebase's emulator uses.
enum RandomID {
    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// `count` random characters from `[A-Za-z0-9]` (a localId is 28 of them).
    static func alphanumeric(count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphanumerics.randomElement(using: &generator)! })
    }

    /// `count` random decimal digits (SMS codes).
    static func digits(count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }
}
