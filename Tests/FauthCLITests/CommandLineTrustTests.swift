import FauthCore
import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthCLI

/// The smaller promises of the third trust round (issue 26, item 8), run in-process: text output escapes what could
/// change how a terminal shows a line, new passwords are typed twice, messages say what was expected.
@Suite struct CommandLineTrustTests {
    /// Bidi controls and invisible format characters are escaped like C0 and C1; JSON keeps them exact.
    @Test(arguments: [0x200B, 0x200E, 0x200F, 0x202A, 0x202E, 0x2066, 0x2069, 0xFEFF] as [UInt32])
    func bidiAndInvisibleCharactersAreEscapedInTextAndExactInJSON(_ value: UInt32) throws {
        let transport = ScriptedTransport()
        let context = try TestContext.scripted(transport)
        defer { context.removeStateFolder() }
        let hostile = "pass" + String(Character(Unicode.Scalar(value)!)) + "word"
        let answer = JSONValue.object(["signinMethods": [.string(hostile)]]).serialized()
        transport.reply(to: "accounts:createAuthUri", .json(200, answer))
        let text = context.run(["providers", "--email", "a@example.com"])
        let hex = String(value, radix: 16, uppercase: true)
        #expect(text.stdout == "pass\\u{\(hex)}word\n", "\(text.stdout.unicodeScalars.map { $0.value })")
        transport.reply(to: "accounts:createAuthUri", .json(200, answer))
        let json = context.run(["providers", "--email", "a@example.com", "--json"])
        #expect((json.json as? [[String: Any]])?.first?["providerId"] as? String == hostile, "\(json.stdout)")
    }

    @Test(arguments: [["signup", "--email", "ada@example.com"], ["link", "--email", "ada@example.com"]])
    func aNewPasswordIsTypedTwiceAndTwoDifferentOnesAreRefused(_ arguments: [String]) throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.secretAnswers = [.secret(Array("first-pass-1".utf8)), .secret(Array("other-pass-2".utf8))]
        let run = context.run(arguments + ["--json"])
        let message = run.error?["message"] as? String ?? ""
        #expect(run.status == 2 && message.contains("the two passwords typed differ"), "\(run.stderr)")
        #expect(context.prompts == ["New password for ada@example.com: ", "New password for ada@example.com again: "])
    }

    @Test func signinWithoutACredentialNamesEveryKind() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        let run = context.run(["signin", "--json"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.error?["message"] as? String
                == "signin needs a credential: --email, --anonymous, --custom-token, --provider or --refresh-token",
            "\(run.stderr)")
    }
}
