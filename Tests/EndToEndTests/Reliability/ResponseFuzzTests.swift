import Foundation
import Testing
import FauthJSON

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
            let label = "case \(index) (seed \(seed)): \(target.arguments.joined(separator: " ")) ← \(target.route) \(status) \(what)"

            let emulator = try RunningEmulator()
            let sandbox = try FauthSandbox(emulator: emulator)
            let setup = target.anonymous
                ? try sandbox.guardedRun(["signin", "--anonymous"]) : try sandbox.signUp("fuzz@example.com", password: "secret-pass-1")
            try #require(setup.status == 0)
            emulator.inject(route: target.route, ["status": .number(Double(status)), "bodyBase64": .string(Data(body).base64EncodedString())])
            let before = StateSnapshot(sandbox)
            let run: FauthRun
            do {
                run = try sandbox.guardedRun(target.arguments + ["--json", "--timeout", "3"], stdin: "secret-pass-1", within: 15)
            } catch {
                Issue.record("\(label): \(error)")
                continue
            }
            statuses[run.status, default: 0] += 1
            #expect(run.hasDocumentedStatus, "\(label): exit \(run.status); stderr: \(run.stderr.prefix(500))")
            if run.status == 0 {
                let next = try sandbox.guardedRun(["token", "--json"], within: 15)
                #expect(next.hasDocumentedStatus && next.status != 12, "\(label): what the success wrote cannot be used: \(next.stderr.prefix(300))")
            } else {
                #expect(run.stdout.isEmpty, "\(label): stdout on failure")
                #expect(run.error["code"]?.string != nil, "\(label): no JSON error: \(run.stderr.prefix(300))")
                let after = StateSnapshot(sandbox)
                #expect(after == before || after.isClearedDeadSession(of: before, error: run.error),
                        "\(label): a failed command (exit \(run.status)) changed \(after.changes(since: before)): \(run.stderr.prefix(300))")
            }
        }
        let summary = statuses.keys.sorted().map { "\($0):\(statuses[$0]!)" }.joined(separator: " ")
        print("fuzz responses: \(Self.cases) cases (seed \(seed)), exit statuses \(summary)")
    }

    /// Real answers of each route, taken from an emulator, and the commands whose request they answer.
    static func targets() throws -> [Target] {
        let emulator = try RunningEmulator()
        let identity = "/identitytoolkit.googleapis.com/v1/accounts:"
        let credentials: JSONValue = ["email": "template@example.com", "password": "secret-pass-1", "returnSecureToken": true]
        let signUp = emulator.call("POST", identity + "signUp?key=fuzz", body: credentials).json
        let signIn = emulator.call("POST", identity + "signInWithPassword?key=fuzz", body: credentials).json
        let lookup = emulator.call("POST", identity + "lookup?key=fuzz", body: ["idToken": signUp["idToken"] ?? ""]).json
        let createAuthUri = emulator.call("POST", identity + "createAuthUri?key=fuzz",
                                          body: ["identifier": "template@example.com", "continueUri": "http://localhost"]).json
        let refresh = emulator.call("POST", "/securetoken.googleapis.com/v1/token?key=fuzz",
                                    body: ["grant_type": "refresh_token", "refresh_token": signUp["refreshToken"] ?? ""]).json
        for template in [signUp, signIn, lookup, createAuthUri, refresh] {
            try #require(template.object != nil && template["error"] == nil, "no template: \(template)")
        }
        return [
            Target(arguments: ["signin", "--anonymous"], route: "accounts:signUp", template: signUp, anonymous: false),
            Target(arguments: ["signin", "--anonymous"], route: "accounts:lookup", template: lookup, anonymous: false),
            Target(arguments: ["signin", "--email", "fuzz@example.com", "--password-stdin"], route: "accounts:signInWithPassword",
                   template: signIn, anonymous: false),
            Target(arguments: ["link", "--email", "linked@example.com", "--password-stdin"], route: "accounts:signUp",
                   template: signUp, anonymous: true),
            Target(arguments: ["providers"], route: "accounts:lookup", template: lookup, anonymous: false),
            Target(arguments: ["status"], route: "accounts:lookup", template: lookup, anonymous: false),
            Target(arguments: ["unlink", "password"], route: "accounts:lookup", template: lookup, anonymous: false),
            Target(arguments: ["providers", "--email", "fuzz@example.com"], route: "accounts:createAuthUri", template: createAuthUri, anonymous: false),
            Target(arguments: ["token", "--force-refresh"], route: "token", template: refresh, anonymous: false),
        ]
    }
}

/// Turns a real answer into a hostile one.
enum ResponseMutator {
    /// An HTTP status, the body bytes, and a short description of what was done.
    static func answer(from template: JSONValue, using generator: inout SeededGenerator) -> (Int, [UInt8], String) {
        let status = Int.random(in: 0..<10, using: &generator) < 8 ? 200 : [400, 500, 503].randomElement(using: &generator)!
        let base: JSONValue = status == 200 ? template : ["error": ["code": .number(Double(status)), "message": "INVALID_PASSWORD",
                                                                   "errors": [["reason": "invalid"]], "details": []]]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4:
            let value = hostileValue(using: &generator)
            return (status, replacingRandomNode(of: base, with: value, using: &generator).serializedBytes(), "wrong type")
        case 4:
            return (status, removingRandomMember(of: base, using: &generator).serializedBytes(), "member removed")
        case 5:
            let depth = [200, 5_000, 100_000].randomElement(using: &generator)!
            let nested = Array(String(repeating: "[", count: depth).utf8) + Array(String(repeating: "]", count: depth).utf8)
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
            body.insert(contentsOf: [[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0x80, 0x80]].randomElement(using: &generator)!, at: at)
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
    static func replacingRandomNode(of value: JSONValue, with replacement: JSONValue, using generator: inout SeededGenerator) -> JSONValue {
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
