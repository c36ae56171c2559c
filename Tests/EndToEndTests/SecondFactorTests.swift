import FauthJSON
import Foundation
import Testing

/// A sign-in that needs a second factor exits 9 with the factors listed, and writes no session.
@Suite struct SecondFactorTests {
    /// Signs up `mfa@example.com` (password `secret-pass-1`) with a phone factor "work phone" (+15555550100) set
    /// through the emulator's admin API, then signs out: its next password sign-in stops at the second factor.
    static func signUpUserWithAPhoneFactor(_ sandbox: FauthSandbox, on emulator: RunningEmulator) throws {
        let uid = try sandbox.signUp("mfa@example.com").json["user"]?["uid"]?.string ?? ""
        try sandbox.run(["signout"])
        let enrolled = emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:update",
            body: [
                "localId": .string(uid), "emailVerified": true,
                "mfa": [
                    "enrollments": [
                        ["mfaEnrollmentId": "phone-1", "phoneInfo": "+15555550100", "displayName": "work phone"]
                    ]
                ],
            ], bearerOwner: true)
        #expect(enrolled.status == 200, "\(enrolled.json)")
    }

    @Test func aPasswordSignInOfAnMFAUserExits9WithItsFactorsAndNoSession() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try Self.signUpUserWithAPhoneFactor(sandbox, on: emulator)
        let run = try sandbox.run(
            ["signin", "--json", "--email", "mfa@example.com", "--password-stdin"], stdin: "secret-pass-1")
        expectFailure(run, status: 9, code: "second-factor-required")
        #expect(run.error["action"] == "complete-second-factor")
        let factor = run.error["mfa"]?["factors"]?.array?.first
        #expect(factor?["factorId"] == "phone")
        #expect(factor?["displayName"] == "work phone")
        #expect(factor?["phoneNumber"]?.string?.hasSuffix("0100") == true)
        #expect(factor?["phoneNumber"] != "+15555550100", "the phone number is masked")
        #expect(
            !run.stderr.contains("mfaPendingCredential") && !run.stderr.contains("_AuthEmulatorMfaPendingCredential"))
        #expect(sandbox.sessionBytes() == nil)
    }
}
