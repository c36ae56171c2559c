import FauthJSON
import FauthText
import Foundation
import Testing

/// Hostile server answers, injected as fault bodies (mostly with status 200): real answers with members of the
/// wrong type, missing or huge, deep nesting, huge bodies, invalid UTF-8, truncation. Never a crash or a hang,
/// always a documented exit status, nothing written on failure, and what a success writes can be read back.
@Suite struct ResponseFuzzTests {
    static let cases = configuredCount("FAUTH_FUZZ_CASES", default: 60)

    /// A command, the route whose answer is replaced, and a real answer of that route to mutate.
    struct Target {
        let arguments: [String]
        let route: String
        let template: JSONValue
        let anonymous: Bool
    }

    @Test func hostileServerAnswersFailCleanly() throws {
        var generator = SeededGenerator(seedFrom: "FAUTH_FUZZ_SEED")
        let seed = generator.seed
        let targets = try Self.targets()
        var statuses: [Int32: Int] = [:]
        for index in 0..<Self.cases {
            let target = targets.randomElement(using: &generator)!
            let (status, body, what) = ResponseMutator.answer(from: target.template, using: &generator)
            let label =
                "case \(index) (seed \(seed)): \(target.arguments.joined(separator: " ")) ← \(target.route) "
                + "\(status) \(what)"
            let (emulator, sandbox) = try Self.signedInSandbox(for: target)
            if let exit = try Self.expectCleanOutcome(
                target, answeredWith: status, body: body, on: emulator,
                in: sandbox, json: true, label: label)
            {
                statuses[exit, default: 0] += 1
            }
        }
        let summary = statuses.keys.sorted().map { "\($0):\(statuses[$0]!)" }.joined(separator: " ")
        print("fuzz responses: \(Self.cases) cases (seed \(seed)), exit statuses \(summary)")
    }

    static let identityCases = configuredCount("FAUTH_FUZZ_IDENTITY_CASES", default: 30)

    /// Issue 26: well-formed answers that lie about whose they are or carry text meant to fool a terminal: an ID
    /// token that is not a JWT, another user's token or uid, bidi, invisible and control characters in text members.
    /// On top of the invariants above: what a success writes is one user's (the token's `user_id`/`sub` is the
    /// session's uid), a command that keeps the session's user still has it, and text output holds no raw control
    /// character (C0 but newline and tab, DEL, C1).
    @Test func answersOfAnotherUserOrWithHostileTextFailCleanly() throws {
        var generator = SeededGenerator(seedFrom: "FAUTH_FUZZ_SEED")
        let seed = generator.seed
        let targets = try Self.targets()
        var statuses: [Int32: Int] = [:]
        for index in 0..<Self.identityCases {
            let target = targets.randomElement(using: &generator)!
            let (emulator, sandbox) = try Self.signedInSandbox(for: target)
            let session = try #require(sandbox.session())
            let holder = IdentityMutator.Holder(
                uid: session["user"]?["uid"]?.string ?? "",
                idToken: session["idToken"]?.string ?? "")
            let (body, what) = IdentityMutator.answer(from: target.template, holder: holder, using: &generator)
            let json = !what.hasPrefix("text") || Bool.random(using: &generator)
            let label =
                "identity case \(index) (seed \(seed)): \(target.arguments.joined(separator: " "))"
                + "\(json ? " --json" : "") ← \(target.route) \(what)"
            guard
                let exit = try Self.expectCleanOutcome(
                    target, answeredWith: 200, body: Array(body.utf8),
                    on: emulator, in: sandbox, json: json, label: label)
            else { continue }
            statuses[exit, default: 0] += 1
            if exit == 0, let saved = sandbox.session() {
                let uid = saved["user"]?["uid"]?.string
                let claims = jwtPayload(saved["idToken"]?.string ?? "")
                #expect(
                    claims != nil && (claims?["user_id"] ?? claims?["sub"])?.string == uid,
                    "\(label): the session's token is not its user's (\(uid ?? "none")): \(claims ?? .null)")
                #expect(
                    target.arguments.first == "signin" || uid == holder.uid,
                    "\(label): the session's user changed from \(holder.uid) to \(uid ?? "none")")
            }
        }
        let summary = statuses.keys.sorted().map { "\($0):\(statuses[$0]!)" }.joined(separator: " ")
        print("fuzz identities: \(Self.identityCases) cases (seed \(seed)), exit statuses \(summary)")
    }

    /// A sandbox on an emulator of its own, signed in as the target needs (anonymously, else with a password).
    static func signedInSandbox(for target: Target) throws -> (RunningEmulator, FauthSandbox) {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let setup =
            target.anonymous
            ? try sandbox.guardedRun(["signin", "--anonymous"])
            : try sandbox.signUp("fuzz@example.com", password: "secret-pass-1")
        try #require(setup.status == 0)
        return (emulator, sandbox)
    }

    /// Answers the target's route once with `status` and `body`, runs the target, and checks the fuzz's invariants:
    /// a documented exit status; on failure no stdout, a documented code (in JSON), the state unchanged; on success
    /// a session the next command can use; in text mode no raw control character. Returns the exit status, nil when
    /// the run hung (recorded as an issue).
    static func expectCleanOutcome(
        _ target: Target, answeredWith status: Int, body: [UInt8],
        on emulator: RunningEmulator, in sandbox: FauthSandbox, json: Bool, label: String
    )
        throws -> Int32?
    {
        emulator.inject(
            route: target.route,
            [
                "status": .number(Double(status)),
                "bodyBase64": .string(Data(body).base64EncodedString()),
            ])
        let before = StateSnapshot(sandbox)
        let run: FauthRun
        do {
            run = try sandbox.guardedRun(
                target.arguments + (json ? ["--json"] : []) + ["--timeout", "3"],
                stdin: "secret-pass-1", within: 60)
        } catch {
            Issue.record("\(label): \(error)")
            return nil
        }
        #expect(run.hasDocumentedStatus, "\(label): exit \(run.status); stderr: \(run.stderr.prefix(500))")
        if !json {
            let raw = (run.stdout + run.stderr).unicodeScalars.filter(isRawControl)
            #expect(raw.isEmpty, "\(label): raw control characters \(raw.map { $0.value }) in text output")
        }
        if run.status == 0 {
            let next = try sandbox.guardedRun(["token", "--json"], within: 60)
            #expect(
                next.hasDocumentedStatus && next.status != 12,
                "\(label): what the success wrote cannot be used: \(next.stderr.prefix(300))")
        } else {
            #expect(run.stdout.isEmpty, "\(label): stdout on failure")
            #expect(!json || run.error["code"]?.string != nil, "\(label): no JSON error: \(run.stderr.prefix(300))")
            let after = StateSnapshot(sandbox)
            let changes = after.changes(since: before)
            #expect(
                after == before || after.isClearedDeadSession(of: before, error: run.error),
                "\(label): a failed command (exit \(run.status)) changed \(changes): \(run.stderr.prefix(300))")
        }
        return run.status
    }

    /// Whether text output may not hold `scalar` raw: C0 but newline and tab, DEL, C1, and bidi and invisible format
    /// characters (what TerminalText escapes).
    static func isRawControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// Real answers of each route, taken from an emulator, and the commands whose request they answer.
    static func targets() throws -> [Target] {
        let emulator = try RunningEmulator()
        let identity = "/identitytoolkit.googleapis.com/v1/accounts:"
        let credentials: JSONValue = [
            "email": "template@example.com", "password": "secret-pass-1", "returnSecureToken": true,
        ]
        let signUp = emulator.call("POST", identity + "signUp?key=fuzz", body: credentials).json
        let signIn = emulator.call("POST", identity + "signInWithPassword?key=fuzz", body: credentials).json
        let lookup = emulator.call("POST", identity + "lookup?key=fuzz", body: ["idToken": signUp["idToken"] ?? ""])
            .json
        let createAuthUri = emulator.call(
            "POST", identity + "createAuthUri?key=fuzz",
            body: ["identifier": "template@example.com", "continueUri": "http://localhost"]
        ).json
        let refresh = emulator.call(
            "POST", "/securetoken.googleapis.com/v1/token?key=fuzz",
            body: ["grant_type": "refresh_token", "refresh_token": signUp["refreshToken"] ?? ""]
        ).json
        for template in [signUp, signIn, lookup, createAuthUri, refresh] {
            try #require(template.object != nil && template["error"] == nil, "no template: \(template)")
        }
        return [
            Target(arguments: ["signin", "--anonymous"], route: "accounts:signUp", template: signUp, anonymous: false),
            Target(arguments: ["signin", "--anonymous"], route: "accounts:lookup", template: lookup, anonymous: false),
            Target(
                arguments: ["signin", "--email", "fuzz@example.com", "--password-stdin"],
                route: "accounts:signInWithPassword",
                template: signIn, anonymous: false),
            Target(
                arguments: ["link", "--email", "linked@example.com", "--password-stdin"], route: "accounts:signUp",
                template: signUp, anonymous: true),
            Target(arguments: ["providers"], route: "accounts:lookup", template: lookup, anonymous: false),
            Target(arguments: ["status"], route: "accounts:lookup", template: lookup, anonymous: false),
            Target(arguments: ["unlink", "password"], route: "accounts:lookup", template: lookup, anonymous: false),
            Target(
                arguments: ["providers", "--email", "fuzz@example.com"], route: "accounts:createAuthUri",
                template: createAuthUri, anonymous: false),
            Target(arguments: ["token", "--force-refresh"], route: "token", template: refresh, anonymous: false),
        ]
    }
}

/// Turns a real answer into one that is well formed but not the session user's, or carries hostile text.
enum IdentityMutator {
    /// The session's user before the command: its uid and its real ID token.
    struct Holder {
        let uid: String
        let idToken: String
    }

    static let tokenKeys: Set<String> = ["idToken", "id_token"]
    static let uidKeys: Set<String> = ["localId", "user_id"]

    /// The answer's body (serialized JSON) and a short description. The template is another user's answer (it
    /// comes from another emulator), so its token and uid name another user unless replaced by the holder's.
    static func answer(from template: JSONValue, holder: Holder, using generator: inout SeededGenerator)
        -> (String, String)
    {
        let otherUid = firstString(in: template, keys: uidKeys) ?? "another-user"
        let hasToken = firstString(in: template, keys: tokenKeys) != nil
        switch Int.random(in: 0..<5, using: &generator) {
        case 0 where hasToken:
            let notJWTs = [
                "not-a-jwt", "", "a.b", "a.b.c", "e30.e30.", "x.!!!.y", "..",
                String(repeating: "A", count: 9_000), holder.idToken + ".extra",
            ]
            let notJWT = notJWTs.randomElement(using: &generator)!
            let answer = replacing(uidKeys, with: holder.uid, in: replacing(tokenKeys, with: notJWT, in: template))
            return (answer.serialized(), "token not a JWT (\(notJWT.prefix(20)))")
        case 1 where hasToken:
            let answer = replacing(uidKeys, with: holder.uid, in: template)
            return (answer.serialized(), "another user's token, holder's uid")
        case 2 where hasToken:
            let holderToken = replacing(tokenKeys, with: holder.idToken, in: template)
            let answer = replacing(uidKeys, with: otherUid, in: holderToken)
            return (answer.serialized(), "holder's token, another user's uid")
        case 3:
            return (template.serialized(), "another user's answer")
        default:
            let hostile = "\u{202E}evil\u{200B}\u{2066}x\u{2069}\u{FEFF}\u{1B}[2J\u{9B}31m\u{7F}\u{202A}"
            let holderToken = replacing(tokenKeys, with: holder.idToken, in: template)
            let answer = replacing(uidKeys, with: holder.uid, in: holderToken)
            let (text, key) = withHostileText(hostile, in: answer, using: &generator)
            return (text.serialized(), "text with bidi, invisible and control characters in \(key)")
        }
    }

    /// The first string under one of `keys`, at any depth.
    static func firstString(in value: JSONValue, keys: Set<String>) -> String? {
        switch value {
        case .object(let object):
            for (key, member) in object {
                if keys.contains(key), let string = member.string { return string }
                if let found = firstString(in: member, keys: keys) { return found }
            }
            return nil
        case .array(let array):
            return array.lazy.compactMap { firstString(in: $0, keys: keys) }.first
        default:
            return nil
        }
    }

    /// `value` with every string member under one of `keys` (at any depth) set to `replacement`.
    static func replacing(_ keys: Set<String>, with replacement: String, in value: JSONValue) -> JSONValue {
        switch value {
        case .object(var object):
            for (key, member) in object {
                object[key] =
                    keys.contains(key) && member.string != nil
                    ? .string(replacement) : replacing(keys, with: replacement, in: member)
            }
            return .object(object)
        case .array(let array):
            return .array(array.map { replacing(keys, with: replacement, in: $0) })
        default:
            return value
        }
    }

    /// `value` with `hostile` added to one of its text members (not a token or uid; a display name when there is
    /// none), and that member's name.
    static func withHostileText(_ hostile: String, in value: JSONValue, using generator: inout SeededGenerator)
        -> (JSONValue, String)
    {
        let skipped = tokenKeys.union(uidKeys).union(["refreshToken", "refresh_token", "kind"])
        var paths: [[String]] = []
        func collect(_ value: JSONValue, _ path: [String]) {
            switch value {
            case .object(let object):
                for (key, member) in object where !skipped.contains(key) { collect(member, path + [key]) }
            case .array(let array):
                for (index, element) in array.enumerated() { collect(element, path + [String(index)]) }
            case .string:
                paths.append(path)
            default:
                break
            }
        }
        collect(value, [])
        guard let path = paths.randomElement(using: &generator) else {
            guard case .object(var object) = value else { return (value, "nothing") }
            object["displayName"] = .string(hostile)
            return (.object(object), "displayName")
        }
        func edit(_ value: JSONValue, _ rest: ArraySlice<String>) -> JSONValue {
            guard let head = rest.first else { return .string((value.string ?? "") + hostile) }
            switch value {
            case .object(var object):
                object[head] = edit(object[head] ?? .null, rest.dropFirst())
                return .object(object)
            case .array(var array):
                let index = Int(head)!
                array[index] = edit(array[index], rest.dropFirst())
                return .array(array)
            default:
                return value
            }
        }
        return (edit(value, path[...]), path.joined(separator: "."))
    }
}

/// Turns a real answer into a hostile one.
enum ResponseMutator {
    /// An HTTP status, the body bytes, and a short description of what was done.
    static func answer(from template: JSONValue, using generator: inout SeededGenerator) -> (Int, [UInt8], String) {
        let status =
            Int.random(in: 0..<10, using: &generator) < 8 ? 200 : [400, 500, 503].randomElement(using: &generator)!
        let base: JSONValue =
            status == 200
            ? template
            : [
                "error": [
                    "code": .number(Double(status)), "message": "INVALID_PASSWORD",
                    "errors": [["reason": "invalid"]], "details": [],
                ]
            ]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4:
            let value = hostileValue(using: &generator)
            return (
                status, replacingRandomNode(of: base, with: value, using: &generator).serializedBytes(), "wrong type"
            )
        case 4:
            return (status, removingRandomMember(of: base, using: &generator).serializedBytes(), "member removed")
        case 5:
            let depth = [200, 5_000, 100_000].randomElement(using: &generator)!
            let nested =
                Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
            return (status, nested, "nesting \(depth) deep")
        case 6:
            let size = [2 << 20, 9 << 20].randomElement(using: &generator)!
            var body = Array(#"{"padding":""#.utf8)
            body += [UInt8](repeating: UInt8(ascii: "x"), count: size)
            body += Array(#"","#.utf8) + base.serializedBytes().dropFirst()
            return (status, body, "\(size) bytes")
        case 7:
            var body = base.serializedBytes()
            let quotes = body.indices.filter { body[$0] == UInt8(ascii: "\"") }
            let at = quotes.randomElement(using: &generator).map { $0 + 1 } ?? 0
            body.insert(
                contentsOf: [[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0x80, 0x80]].randomElement(using: &generator)!,
                at: at)
            return (status, body, "invalid UTF-8")
        case 8:
            let body = base.serializedBytes()
            return (status, Array(body.prefix(Int.random(in: 0..<body.count, using: &generator))), "truncated")
        default:
            let odd = ["", "null", "1e999", "\"text\"", "\u{FEFF}{}", "{}{}", "{\"a\":1,\"a\":2}", "[{}]", "\0"]
            return (status, Array(odd.randomElement(using: &generator)!.utf8), "odd document")
        }
    }

    /// A value of some other type, or an extreme one.
    static func hostileValue(using generator: inout SeededGenerator) -> JSONValue {
        let values: [JSONValue] = [
            .null, true, false, 0, -1, 1e308, -1e308, 9.3e18, 0.5, "", "-1", "0", "9223372036854775807",
            "-9223372036854775808", "99999999999999999999", "1e400", "NaN", "3600.5", [], [:], [1, "a", .null],
            ["nested": ["deeper": [1, 2, 3]]], .string(String(repeating: "é", count: 300_000)), "line\nbreak\u{0}nul",
            .string(String(repeating: "[", count: 10)),
        ]
        return values.randomElement(using: &generator)!
    }

    /// `value` with one node (a member or element at any depth, or the whole document) replaced by `replacement`.
    static func replacingRandomNode(
        of value: JSONValue, with replacement: JSONValue, using generator: inout SeededGenerator
    ) -> JSONValue {
        if Int.random(in: 0..<4, using: &generator) == 0 { return replacement }
        switch value {
        case .object(var object) where !object.isEmpty:
            let key = object.keys.randomElement(using: &generator)!
            object[key] = replacingRandomNode(of: object[key]!, with: replacement, using: &generator)
            return .object(object)
        case .array(var array) where !array.isEmpty:
            let index = Int.random(in: 0..<array.count, using: &generator)
            array[index] = replacingRandomNode(of: array[index], with: replacement, using: &generator)
            return .array(array)
        default:
            return replacement
        }
    }

    /// `value` without one member (at any depth).
    static func removingRandomMember(of value: JSONValue, using generator: inout SeededGenerator) -> JSONValue {
        switch value {
        case .object(var object) where !object.isEmpty:
            let key = object.keys.randomElement(using: &generator)!
            if Bool.random(using: &generator) || object[key]?.object == nil && object[key]?.array == nil {
                object[key] = nil
            } else {
                object[key] = removingRandomMember(of: object[key]!, using: &generator)
            }
            return .object(object)
        case .array(var array) where !array.isEmpty:
            let index = Int.random(in: 0..<array.count, using: &generator)
            array[index] = removingRandomMember(of: array[index], using: &generator)
            return .array(array)
        default:
            return value
        }
    }
}
