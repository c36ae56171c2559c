import FauthJSON
import Foundation
import Testing

/// A damaged or unprotected session file is refused with session-store-error (12) and never rewritten by it.
@Suite struct SessionFileTests {
    private func signedInSandbox(_ emulator: RunningEmulator) throws -> FauthSandbox {
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("file@example.com").status == 0)
        return sandbox
    }

    @Test(arguments: ["", "{not json", "[]", #"{"version": 99}"#, #"{"version": 1}"#])
    func aCorruptSessionIsRefused(content: String) throws {
        let emulator = try RunningEmulator()
        let sandbox = try signedInSandbox(emulator)
        try Data(content.utf8).write(to: URL(fileURLWithPath: sandbox.sessionPath()))
        chmod(sandbox.sessionPath(), 0o600)
        for command in [["token"], ["providers"], ["status"]] {
            try expectSessionUnchanged(sandbox) {
                let run = try sandbox.run(command + ["--json"])
                expectFailure(run, status: 12, code: "session-store-error")
                #expect(run.error["message"]?.string?.contains(sandbox.sessionPath()) == true)
            }
        }
        let signin = try sandbox.run(
            ["signin", "--json", "--email", "file@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(signin.status == 0, "signin replaces a corrupt file: \(signin.stderr)")
    }

    @Test(arguments: [0o640, 0o604, 0o660, 0o666])
    func aGroupOrWorldReadableSessionIsRefused(mode: Int) throws {
        let emulator = try RunningEmulator()
        let sandbox = try signedInSandbox(emulator)
        chmod(sandbox.sessionPath(), mode_t(mode))
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["token", "--json"])
            expectFailure(run, status: 12, code: "session-store-error")
            #expect(run.error["message"]?.string?.contains("chmod 600") == true)
        }
    }

    @Test func theSessionFileNeverHoldsThePassword() throws {
        let emulator = try RunningEmulator()
        let sandbox = try signedInSandbox(emulator)
        let text = String(decoding: sandbox.sessionBytes() ?? Data(), as: UTF8.self)
        #expect(!text.contains("secret-pass-1"))
        #expect(sandbox.session()?["version"] == 1)
    }

    @Test func umaskZeroDoesNotLoosenTheModes() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.guardedRun(
            ["signup", "--email", "umask@example.com", "--password-stdin"], stdin: "secret-pass-1\n", umask: "000")
        #expect(run.status == 0, "\(run.stderr)")
        let file = try FileManager.default.attributesOfItem(atPath: sandbox.sessionPath())
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let folder = (sandbox.sessionPath() as NSString).deletingLastPathComponent
        #expect((try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int) == 0o700)
        let lock = sandbox.sessionPath() + ".lock"
        #expect((try FileManager.default.attributesOfItem(atPath: lock)[.posixPermissions] as? Int) == 0o600)
    }
}
