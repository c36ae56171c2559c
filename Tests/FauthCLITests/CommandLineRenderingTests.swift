import Foundation
import Testing

@testable import FauthCLI

/// What successful commands print, in text and JSON, run in-process.
@Suite struct CommandLineRenderingTests {
    @Test func completionPrintsTheScriptOrAJSONDocument() {
        let context = TestContext()
        let bash = context.run(["completion", "bash"])
        #expect(bash.status == 0 && bash.stdout == CompletionScript.script(for: "bash"))
        let json = context.run(["completion", "fish", "--json"]).json as? [String: String]
        #expect(json?["shell"] == "fish")
        #expect(json?["script"] == CompletionScript.script(for: "fish"))
        let unknown = context.run(["completion", "tcsh"])
        #expect(unknown.status == 2 && unknown.stderr.contains("bash, zsh, fish"))
    }

    @Test func signoutWithoutASessionSaysSoQuietlyOrAsJSON() throws {
        let context = TestContext()
        let folder = try context.useTemporaryStateFolder()
        defer { context.removeStateFolder() }
        #expect(context.run(["signout"]).stdout == "Not signed in; nothing to do.\n")
        #expect(context.run(["signout", "-q"]).stdout.isEmpty)
        let json = context.run(["signout", "--json"])
        #expect(json.status == 0)
        let file = folder + "/fauth/sessions/default.json"
        #expect(json.stdout == #"{"signedOut":true,"removed":[],"sessionFile":""# + file + #""}"# + "\n")
    }

    @Test func signoutRemovesTheProfilesFileAndNamesIt() throws {
        let context = TestContext()
        let state = try context.useTemporaryStateFolder()
        defer { context.removeStateFolder() }
        let folder = state + "/fauth/sessions"
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        _ = FileManager.default.createFile(
            atPath: folder + "/work.json", contents: Data("{}".utf8), attributes: [.posixPermissions: 0o600])
        let run = context.run(["signout", "--profile", "work"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Signed out (removed \(folder)/work.json)\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/work.json"))
    }

    @Test func statusWithoutASessionExitsFourWithTheSigninHint() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        let run = context.run(["status"])
        #expect(run.status == 4)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasSuffix("(not-signed-in)\nhint: run 'fauth signin'\n"), "\(run.stderr)")
    }
}
