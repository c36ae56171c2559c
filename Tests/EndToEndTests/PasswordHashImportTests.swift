import FauthJSON
import Foundation
import Testing

/// Users imported with production password hashes (every algorithm Firebase imports), the hashes made by
/// implementations independent of the emulator (Tests/AdminSDK/password_hashes.py: firebase-scrypt, bcrypt, Python's
/// hashlib and hmac) and imported through Firebase's Admin SDK: each signs in with its password and no other, after
/// an export and import too, and a password set later replaces the imported hash.
@Suite struct PasswordHashImportTests {
    /// `accounts:signInWithPassword`'s status and error message (nil on success).
    private func signIn(_ emulator: RunningEmulator, _ email: String, _ password: String) -> (
        status: Int, message: String?
    ) {
        let answer = emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key",
            body: ["email": .string(email), "password": .string(password), "returnSecureToken": true])
        return (answer.status, answer.json["error"]?["message"]?.string)
    }

    @Test func everyAlgorithmSignsInWithItsPasswordOnlyAndSurvivesAnExport() throws {
        let emulator = try RunningEmulator()
        let imported = try #require(
            try PythonVenv.run("password_hashes.py", [emulator.projectId], emulator: emulator).array)
        let algorithms = imported.compactMap { $0["algorithm"]?.string }
        #expect(
            Set(algorithms) == [
                "SCRYPT", "STANDARD_SCRYPT", "BCRYPT", "HMAC_SHA256", "HMAC_SHA1", "HMAC_MD5", "HMAC_SHA512", "SHA256",
                "SHA1", "MD5", "SHA512", "PBKDF_SHA1", "PBKDF2_SHA256", "HMAC_SHA256 PASSWORD_AND_SALT",
            ])
        let directory = NSTemporaryDirectory() + "fauth-hash-export-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try emulator.emulator.exportState(to: directory)
        let restored = try RunningEmulator()
        try restored.emulator.importState(from: directory)

        for user in imported {
            let algorithm = user["algorithm"]?.string ?? "?"
            let email = try #require(user["email"]?.string)
            let password = try #require(user["password"]?.string)
            #expect(user["error"] == .null, "\(algorithm): imported")
            for target in [emulator, restored] {
                let right = signIn(target, email, password)
                #expect(right.status == 200, "\(algorithm): the right password signs in: \(right)")
                let wrong = signIn(target, email, password + "!")
                #expect(wrong.message == "INVALID_PASSWORD", "\(algorithm): another password is refused: \(wrong)")
            }
        }
    }

    @Test func fauthSignsInAnImportedUserAndANewPasswordReplacesTheHash() throws {
        let emulator = try RunningEmulator()
        let imported = try #require(
            try PythonVenv.run("password_hashes.py", [emulator.projectId], emulator: emulator).array)
        let bcryptUser = try #require(imported.first { $0["algorithm"] == "BCRYPT" })
        let email = try #require(bcryptUser["email"]?.string)
        let password = try #require(bcryptUser["password"]?.string)
        let sandbox = try FauthSandbox(emulator: emulator)
        let signin = try sandbox.run(["signin", "--json", "--email", email, "--password-stdin"], stdin: password)
        #expect(signin.status == 0, "\(signin.stderr)")

        let change = try sandbox.run(["update", "--password-stdin"], stdin: "a brand new password")
        #expect(change.status == 0, "\(change.stderr)")
        #expect(signIn(emulator, email, "a brand new password").status == 200)
        #expect(signIn(emulator, email, password).message == "INVALID_PASSWORD", "the imported hash is gone")
    }
}
