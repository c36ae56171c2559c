import FauthCore
import FauthJSON
import Foundation
import Glibc
import Testing

/// The second-factor endpoints (Identity Toolkit v2): their paths, bodies and answers; and the pending file that
/// keeps a step between commands.
@Suite struct SecondFactorEndpointTests {
    @Test func signInStartAndFinalize() throws {
        #expect(
            MFASignInStartEndpoint(pendingCredential: "PC", enrollmentId: "P1").body.serialized()
                == #"{"mfaPendingCredential":"PC","mfaEnrollmentId":"P1","phoneSignInInfo":{}}"#)
        #expect(
            MFASignInStartEndpoint.path == "accounts/mfaSignIn:start"
                && MFASignInStartEndpoint.service == .identityToolkitV2)
        #expect(try MFASignInStartEndpoint.decode(["phoneResponseInfo": ["sessionInfo": "S"]]) == "S")
        #expect(throws: FauthError.self) { try MFASignInStartEndpoint.decode([:]) }
        #expect(
            MFASignInFinalizeEndpoint(pendingCredential: "PC", verification: .phone(sessionInfo: "S", code: "123456"))
                .body.serialized()
                == #"{"mfaPendingCredential":"PC","phoneVerificationInfo":{"sessionInfo":"S","code":"123456"}}"#)
        #expect(
            MFASignInFinalizeEndpoint(pendingCredential: "PC", verification: .totp(enrollmentId: "T1", code: "654321"))
                .body.serialized()
                == #"{"mfaPendingCredential":"PC","mfaEnrollmentId":"T1","totpVerificationInfo":{"verificationCode":"654321"}}"#
        )
        #expect(
            MFASignInFinalizeEndpoint.path == "accounts/mfaSignIn:finalize" && !MFASignInFinalizeEndpoint.isIdempotent)
        #expect(try MFASignInFinalizeEndpoint.decode(["idToken": "I", "refreshToken": "R"]).refreshToken == "R")
        let missing = #expect(throws: FauthError.self) { try MFASignInFinalizeEndpoint.decode(["idToken": "I"]) }
        #expect(missing?.code == .internalError)
    }

    @Test func enrollmentStartFinalizeAndWithdraw() throws {
        #expect(
            MFAEnrollmentStartEndpoint(idToken: "I", phoneNumber: "+15555550100").body.serialized()
                == #"{"idToken":"I","phoneEnrollmentInfo":{"phoneNumber":"+15555550100"}}"#)
        #expect(
            MFAEnrollmentStartEndpoint(idToken: "I", phoneNumber: nil).body.serialized()
                == #"{"idToken":"I","totpEnrollmentInfo":{}}"#)
        #expect(MFAEnrollmentStartEndpoint.path == "accounts/mfaEnrollment:start")
        #expect(
            try MFAEnrollmentStartEndpoint.decode(["phoneSessionInfo": ["sessionInfo": "S"]])
                == .phone(sessionInfo: "S"))
        let totp = try MFAEnrollmentStartEndpoint.decode([
            "totpSessionInfo": [
                "sharedSecretKey": "JBSWY3DPEHPK3PXP", "verificationCodeLength": 6, "hashingAlgorithm": "SHA1",
                "periodSec": 30,
                "sessionInfo": "S2", "finalizeEnrollmentTime": "2026-11-22T23:00:00Z",
            ]
        ])
        #expect(
            totp
                == .totp(
                    sessionInfo: "S2",
                    secret: TOTPSecret(sharedSecretKey: "JBSWY3DPEHPK3PXP", digits: 6, period: 30, algorithm: "SHA1")))
        #expect(throws: FauthError.self) {
            try MFAEnrollmentStartEndpoint.decode(["totpSessionInfo": ["sessionInfo": "S"]])
        }
        #expect(
            MFAEnrollmentFinalizeEndpoint(idToken: "I", sessionInfo: "S", code: "1", isTOTP: true, displayName: "app")
                .body.serialized()
                == #"{"idToken":"I","displayName":"app","totpVerificationInfo":{"sessionInfo":"S","verificationCode":"1"}}"#
        )
        #expect(
            MFAEnrollmentFinalizeEndpoint(idToken: "I", sessionInfo: "S", code: "1", isTOTP: false, displayName: nil)
                .body.serialized()
                == #"{"idToken":"I","phoneVerificationInfo":{"sessionInfo":"S","code":"1"}}"#)
        #expect(
            MFAEnrollmentWithdrawEndpoint(idToken: "I", enrollmentId: "E").body.serialized()
                == #"{"idToken":"I","mfaEnrollmentId":"E"}"#)
        #expect(MFAEnrollmentWithdrawEndpoint.path == "accounts/mfaEnrollment:withdraw")
    }

    @Test func thePendingFileRoundTripsIsPrivateMasksPhonesAndIsRefusedWhenOthersCanReadIt() throws {
        let folder = TemporaryFolder()
        let file = PendingSecondFactorFile(
            sessionPath: folder.file("default.json"), kind: .signIn, storage: .fileOnly(timeout: 1))
        #expect(try file.read() == nil)
        let pending = PendingSecondFactor(
            purpose: .reauth,
            project: ProjectSettings(target: BackendTarget(server: .emulator("127.0.0.1:9099"), apiKey: "K")),
            expiresAt: UnixTime(seconds: 1_700_000_600), pendingCredential: "PC",
            factors: [
                MFAEnrollment(
                    enrollmentId: "P1", displayName: "work", phoneNumber: "+15555550100",
                    enrolledAt: "2026-01-01T00:00:00Z"),
                MFAEnrollment(enrollmentId: "T1", isTOTP: true),
            ],
            providerId: "password", email: "ada@example.com", uid: "U1", sessionInfo: "S", codeSentTo: "P1")
        try file.write(pending)
        var info = stat()
        #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        var expected = pending
        expected.factors[0].phoneNumber = "+*******0100"
        #expect(try file.read() == expected, "kept as shown: the full phone number never reaches the disk")
        #expect(
            expected.beginAgain == .beginAgain(.reauth, providerId: "password", email: "ada@example.com", totp: false))
        chmod(file.path, 0o644)
        let refused = #expect(throws: FauthError.self) { try file.read() }
        #expect(refused?.code == .sessionStoreError && refused?.message.contains("pending second-factor file") == true)
        #expect(try file.remove())
        folder.write("default.json.mfa-pending", #"{"version": 2}"#)
        #expect(throws: FauthError.self) { try file.read() }
    }
}
