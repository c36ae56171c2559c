import FauthJSON
import Foundation
import Testing

/// Random and mutated command lines, passed to the real binary as raw bytes (invalid UTF-8 included; NUL bytes
/// cannot be passed at all, since argv strings end at the first NUL): never a crash or a hang, always a documented
/// exit status, stdout empty on failure, and nothing written when the command fails.
@Suite struct ArgumentFuzzTests {
    static let cases = configuredCount("FAUTH_FUZZ_CASES", default: 160)

    @Test func randomAndMutatedCommandLinesFailCleanly() throws {
        var generator = SeededGenerator(seedFrom: "FAUTH_FUZZ_SEED")
        let seed = generator.seed
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        sandbox.environment["FAUTH_TIMEOUT"] = "3"
        try #require(try sandbox.signUp("fuzz@example.com").status == 0)
        let fuzzer = ArgumentFuzzer(sandboxRoot: sandbox.root.path)

        var statuses: [Int32: Int] = [:]
        for index in 0..<Self.cases {
            if sandbox.sessionBytes() == nil {
                #expect(try sandbox.guardedRun(["signin", "--anonymous"]).status == 0)
            }
            let arguments =
                Bool.random(using: &generator)
                ? fuzzer.randomArguments(using: &generator) : fuzzer.mutatedArguments(using: &generator)
            let stdin: [UInt8]? = Bool.random(using: &generator) ? fuzzer.value(using: &generator) : nil
            let label = "case \(index) (seed \(seed)): \(ArgumentFuzzer.describe(arguments))"
            let before = StateSnapshot(sandbox)
            let run: FauthRun
            do {
                run = try sandbox.guardedRun(raw: arguments, stdin: stdin, inSandbox: true, within: 60)
            } catch {
                Issue.record("\(label): \(error)")
                continue
            }
            statuses[run.status, default: 0] += 1
            if run.status == 1 {
                print("fuzz argv: internal-error (worth a look) in \(label): \(run.stderr.prefix(300))")
            }
            #expect(run.hasDocumentedStatus, "\(label): exit \(run.status); stderr: \(run.stderr.prefix(500))")
            if run.status != 0 {
                #expect(run.stdout.isEmpty, "\(label): stdout on failure: \(run.stdout.prefix(200))")
                let after = StateSnapshot(sandbox)
                #expect(
                    after == before || after.isClearedDeadSession(of: before, error: run.error),
                    "\(label): a failed command changed \(after.changes(since: before))")
            }
        }
        let summary = statuses.keys.sorted().map { "\($0):\(statuses[$0]!)" }.joined(separator: " ")
        print("fuzz argv: \(Self.cases) cases (seed \(seed)), exit statuses \(summary)")
    }
}

/// Profile names that try to leave the sessions folder are usage errors, by flag or environment; the odd but
/// valid names `.` and `..` stay inside it. (A NUL cannot be tested: argv and environment strings end at one.)
@Suite struct ProfilePathTests {
    @Test(arguments: ["../x", "a/b", "", String(repeating: "p", count: 65), "/tmp/x", "x/..", "..\\x", "a b", "é"])
    func aProfileNameThatIsAPathIsAUsageError(name: String) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try #require(try sandbox.signUp("profile@example.com").status == 0)
        let before = StateSnapshot(sandbox)
        expectFailure(
            try sandbox.guardedRun(["signin", "--anonymous", "--json", "--profile", name]), status: 2, code: "usage")
        expectFailure(
            try sandbox.guardedRun(["signin", "--anonymous", "--json"], environment: ["FAUTH_PROFILE": name]),
            status: 2, code: "usage")
        #expect(StateSnapshot(sandbox) == before)
        #expect(emulator.requestCount("accounts:signUp") == 1, "nothing was sent")
    }

    @Test(arguments: [".", "..", String(repeating: "p", count: 64), "-x_.y"])
    func oddButValidProfileNamesStayInTheSessionsFolder(name: String) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.guardedRun(["signin", "--anonymous", "--profile=\(name)"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(sandbox.sessionFolderEntries().sorted() == ["\(name).json", "\(name).json.lock"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.root.appendingPathComponent("state/fauth").path)
                == ["sessions"])
        #expect(try sandbox.guardedRun(["status", "--profile=\(name)"]).status == 0)
        #expect(try sandbox.guardedRun(["signout", "--all"]).status == 0)
        #expect(sandbox.sessionFolderEntries().allSatisfy { $0.hasSuffix(".lock") })
    }
}

/// A command that needs a session and finds none fails without creating anything: no folder, no lock file.
@Test(arguments: [
    ["providers"], ["status"], ["unlink", "password"], ["token"], ["token", "--force-refresh"],
    ["link", "--anonymous"], ["reauth", "--email", "x@example.com", "--password-stdin"],
])
func aCommandWithoutASessionWritesNothing(arguments: [String]) throws {
    let emulator = try RunningEmulator()
    let sandbox = try FauthSandbox(emulator: emulator)
    let before = StateSnapshot(sandbox)
    let run = try sandbox.guardedRun(arguments + ["--json"], stdin: "secret-pass-1", inSandbox: true)
    #expect(run.status == 4 || run.status == 2, "\(run.stderr)")
    #expect(StateSnapshot(sandbox).changes(since: before) == [])
}

/// Every file and folder in a sandbox (but the standard input files the test itself puts there), to prove nothing
/// was written.
struct StateSnapshot: Equatable {
    let files: [String: Data]

    init(_ sandbox: FauthSandbox) {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: sandbox.root.path)
        while let relative = walker?.nextObject() as? String {
            guard !relative.hasPrefix("in-"),
                !FauthSandbox.isPasswordPolicyCache((relative as NSString).lastPathComponent)
            else { continue }
            files[relative] =
                FileManager.default.contents(atPath: sandbox.root.appendingPathComponent(relative).path)
                ?? Data("folder".utf8)
        }
        self.files = files
    }

    /// The paths added, removed or changed since `before`.
    func changes(since before: StateSnapshot) -> [String] {
        Set(files.keys).union(before.files.keys).filter { files[$0] != before.files[$0] }.sorted()
    }

    /// Whether this is `before` minus one session file, after an `error` (from `--json`) that docs/design/errors.md
    /// says clears the session: the server said its user is gone, disabled or its token revoked.
    func isClearedDeadSession(of before: StateSnapshot, error: JSONValue) -> Bool {
        let deadCodes = ["user-not-found", "user-disabled", "invalid-user-token", "user-token-expired"]
        return deadCodes.contains(error["code"]?.string ?? "") && error["server"]?.object != nil
            && files.count == before.files.count - 1 && files.allSatisfy { before.files[$0.key] == $0.value }
    }
}

/// Builds command lines from fauth's vocabulary and from hostile values.
struct ArgumentFuzzer {
    let sandboxRoot: String

    static let commands = [
        "signup", "signin", "link", "unlink", "reauth", "providers", "signout", "token", "status",
        "help", "completion", "update", "delete", "", "TOKEN", "sign-in", "-", "--",
    ]
    static let flags = [
        "--json", "--no-input", "-q", "--quiet", "-v", "--verbose", "-h", "--help", "--version", "--",
        "--password-stdin", "--anonymous", "--force-refresh", "--all", "-", "---", "--jsn", "-x",
        "-vq", "--json=true", "--=", "--profile=work", "--timeout=1", "-qv",
    ]
    static let valued = [
        "--profile", "--session", "--api-key", "--config", "--emulator", "--tenant", "--timeout",
        "--email", "--password-file", "--custom-token", "--provider", "--id-token", "--access-token",
        "--token-secret", "--nonce", "--password",
    ]
    static let valid: [[String]] = [
        ["token"], ["token", "--force-refresh", "--json"], ["providers", "--json"], ["status"], ["signout"],
        ["signin", "--anonymous"], ["signup", "--email", "f@example.com", "--password-stdin"],
        ["signin", "--email", "fuzz@example.com", "--password-stdin", "--json"], ["unlink", "password"],
        ["reauth", "--password-stdin"], ["link", "--provider", "google.com", "--id-token", "x"],
        ["providers", "--email", "fuzz@example.com"], ["status", "--profile", "work", "--json"], ["help", "token"],
        ["completion", "bash"],
    ]

    /// A hostile or ordinary value: text, huge text, invalid UTF-8, path tricks, odd numbers, files.
    func value(using generator: inout SeededGenerator) -> [UInt8] {
        switch Int.random(in: 0..<9, using: &generator) {
        case 0:
            return Array(
                String(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                        Character(UnicodeScalar(UInt8.random(in: 0x21...0x7E, using: &generator)))
                    }
                ).utf8)
        case 1:
            return [UInt8](
                repeating: UInt8(ascii: ["a", "-", "@", "."].randomElement(using: &generator)!),
                count: [1024, 65_536, 120_000].randomElement(using: &generator)!)
        case 2:
            let invalid: [[UInt8]] = [
                [0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
                [0x80], Array("caf".utf8) + [0xE9], [0xEF, 0xBB, 0xBF],
            ]
            return invalid.randomElement(using: &generator)!
        case 3:
            let profiles = [
                "../x", "a/b", ".", "..", "", String(repeating: "p", count: 65), String(repeating: "p", count: 64),
                "work", "-json", "a b", "x\ny", "/etc/passwd", "~", "%2e%2e",
            ]
            return Array(profiles.randomElement(using: &generator)!.utf8)
        case 4:
            let numbers = [
                "0", "-1", "nan", "inf", "-inf", "1e308", "1e-300", "0.001", "1", "abc", "0x10", "9999999999999999999",
            ]
            return Array(numbers.randomElement(using: &generator)!.utf8)
        case 5:
            let paths = [
                "/dev/null", "/nonexistent/x", "@/dev/null", "@-", "@/nonexistent", "@",
                sandboxRoot + "/fuzz-session.json",
                sandboxRoot + "/state", sandboxRoot + "/no/such/folder/s.json", "/", "/proc/self/mem",
            ]
            return Array(paths.randomElement(using: &generator)!.utf8)
        case 6:
            let hosts = [
                "127.0.0.1:1", "", ":", "127.0.0.1:99999", "[::1]:1", "localhost:", "127.0.0.1:0", "a b:1", "😀:1",
            ]
            return Array(hosts.randomElement(using: &generator)!.utf8)
        case 7:
            let providers = [
                "google.com", "oidc.x", "twitter.com", "password", "apple.com", "facebook.com", "github.com", "phone",
                "x",
            ]
            return Array(providers.randomElement(using: &generator)!.utf8)
        default:
            return Array(["fuzz@example.com", "x@y", "@", "a@b.c", "-e@x.io"].randomElement(using: &generator)!.utf8)
        }
    }

    /// A command line put together from random pieces.
    func randomArguments(using generator: inout SeededGenerator) -> [[UInt8]] {
        var arguments: [[UInt8]] = []
        if Int.random(in: 0..<10, using: &generator) > 0 {
            arguments.append(Array(Self.commands.randomElement(using: &generator)!.utf8))
        }
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: arguments.append(Array(Self.flags.randomElement(using: &generator)!.utf8))
            case 1:
                arguments.append(Array(Self.valued.randomElement(using: &generator)!.utf8))
                if Int.random(in: 0..<8, using: &generator) > 0 { arguments.append(value(using: &generator)) }
            default: arguments.append(value(using: &generator))
            }
        }
        return arguments
    }

    /// A valid command line with one to three mutations: an element inserted, removed, replaced, repeated, or a byte
    /// changed.
    func mutatedArguments(using generator: inout SeededGenerator) -> [[UInt8]] {
        var arguments = Self.valid.randomElement(using: &generator)!.map { Array($0.utf8) }
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let position = Int.random(in: 0...arguments.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: arguments.insert(value(using: &generator), at: position)
            case 1 where !arguments.isEmpty: arguments.remove(at: min(position, arguments.count - 1))
            case 2 where !arguments.isEmpty: arguments[min(position, arguments.count - 1)] = value(using: &generator)
            case 3 where !arguments.isEmpty:
                arguments.insert(arguments[min(position, arguments.count - 1)], at: position)
            default:
                guard !arguments.isEmpty else { continue }
                let element = min(position, arguments.count - 1)
                guard !arguments[element].isEmpty else { continue }
                let byte = Int.random(in: 0..<arguments[element].count, using: &generator)
                arguments[element][byte] = UInt8.random(in: 1...255, using: &generator)  // never NUL
            }
        }
        return arguments
    }

    /// A readable form of a command line for failure messages (long values shortened, bytes escaped).
    static func describe(_ arguments: [[UInt8]]) -> String {
        arguments.map { bytes in
            let text = String(decoding: bytes.prefix(40), as: UTF8.self).debugDescription
            return bytes.count > 40 ? "\(text)…(\(bytes.count) bytes)" : text
        }.joined(separator: " ")
    }
}
