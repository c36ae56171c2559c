import FauthJSON
import Foundation
import Testing

/// Hostile standard input and files, and bytes that are not UTF-8, against the real binary: every input has a
/// bound and must be UTF-8, checked before any request, so each ends quickly in `usage` (exit 2), sends nothing,
/// creates no account and writes no session; never a crash, a memory blow-up or a silently repaired value.
@Suite struct HostileInputTests {
    /// Runs `arguments` (with `--json`), expects a usage error mentioning `message`, and that nothing was sent.
    func expectRefused(
        _ arguments: [String], shell: String? = nil, stdin: [UInt8]? = nil, message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.guardedRun(
            raw: (arguments + ["--json"]).map { Array($0.utf8) }, stdin: stdin, shell: shell, within: 60)
        expectFailure(run, status: 2, code: "usage", sourceLocation: sourceLocation)
        #expect(
            run.error["message"]?.string?.contains(message) == true, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(
            emulator.requestCount("accounts:signUp") + emulator.requestCount("accounts:signInWithIdp") == 0,
            "a request was sent", sourceLocation: sourceLocation)
        #expect(sandbox.sessionBytes() == nil, sourceLocation: sourceLocation)
    }

    @Test func anEndlessPasswordOnStdinEndsInAUsageError() throws {
        try expectRefused(
            ["signup", "--email", "a@b.c", "--password-stdin"], shell: "yes x | ", message: "longer than 16386 bytes")
    }

    @Test func aPasswordFileThatNeverEndsEndsInAUsageError() throws {
        // A pipe that never ends (a device such as /dev/zero is refused unread: InputFileRuleTests).
        try expectRefused(
            ["signup", "--email", "a@b.c", "--password-file", "/dev/stdin"], shell: "yes x | ",
            message: "longer than 16386 bytes")
    }

    @Test func aTokenFileThatNeverEndsEndsInAUsageError() throws {
        try expectRefused(
            ["signin", "--provider", "google.com", "--id-token", "@/dev/stdin"], shell: "yes x | ",
            message: "longer than 65536 bytes")
        try expectRefused(
            ["signin", "--provider", "google.com", "--id-token", "@-"], shell: "yes x | ",
            message: "longer than 65536 bytes")
    }

    @Test func aTwentyMegabytePasswordIsAUsageErrorNotANetworkError() throws {
        let password = [UInt8](repeating: UInt8(ascii: "p"), count: 20_000_000)
        try expectRefused(
            ["signup", "--email", "big@example.com", "--password-stdin"], stdin: password,
            message: "longer than 16386 bytes")
    }

    @Test(
        arguments: [
            [0x70, 0x77, 0xFF, 0xFE, 0x33, 0x34, 0x35, 0x36], [0x70, 0x77, 0x80, 0x80, 0x33, 0x34, 0x35, 0x36],
        ] as [[UInt8]])
    func aPasswordThatIsNotUTF8IsRefused(password: [UInt8]) throws {
        try expectRefused(
            ["signup", "--email", "utf8@example.com", "--password-stdin"], stdin: password + [0x0A],
            message: "not valid UTF-8")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-pw-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: file, contents: Data(password))
        defer { try? FileManager.default.removeItem(atPath: file) }
        try expectRefused(
            ["signup", "--email", "utf8@example.com", "--password-file", file], message: "not valid UTF-8")
    }

    @Test func aPasswordVariableThatIsNotUTF8IsRefused() throws {
        try expectRefused(
            ["signup", "--email", "env@example.com"], shell: #"export FAUTH_PASSWORD="$(printf 'pw\377\3763456')"; "#,
            message: "FAUTH_PASSWORD is not valid UTF-8")
    }

    @Test func anEmailThatIsNotUTF8IsRefusedNotTurnedIntoAnotherAddress() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let email: [UInt8] = Array("ada".utf8) + [0xFF] + Array("@example.com".utf8)
        let run = try sandbox.guardedRun(
            raw: [
                Array("signup".utf8), Array("--email".utf8), email, Array("--password-stdin".utf8),
                Array("--json".utf8),
            ],
            stdin: Array("secret-pass-1\n".utf8))
        expectFailure(run, status: 2, code: "usage")
        #expect(
            run.error["message"]?.string == "argument 3 is not valid UTF-8: fauth takes its arguments as UTF-8 text")
        #expect(emulator.requestCount("accounts:signUp") == 0)
    }

    @Test func aTokenThatIsNotUTF8IsRefused() throws {
        try expectRefused(
            ["signin", "--custom-token", "@-"], stdin: [0x65, 0x79, 0xC0, 0xAF, 0x0A], message: "not valid UTF-8")
    }
}
