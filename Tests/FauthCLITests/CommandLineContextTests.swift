import FauthCore
import Testing

@testable import FauthCLI

/// The test context itself: what a test did not script fails the test, naming the capability.
@Suite struct CommandLineContextTests {
    func expectUnscripted(_ capability: String, _ arguments: [String], prepare: (TestContext) -> Void = { _ in }) throws
    {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        prepare(context)
        withKnownIssue("the test context reports the unscripted \(capability)") {
            let run = context.run(arguments)
            #expect(run.status != 0)
        } matching: { issue in
            issue.description.contains("unscripted capability: \(capability)")
        }
    }

    @Test func standardInputTheNetworkFilesAndThePromptFailUnlessScripted() throws {
        try expectUnscripted("standard input", ["signup", "--email", "a@example.com", "--password-stdin"])
        try expectUnscripted("the file pw.txt", ["signup", "--email", "a@example.com", "--password-file", "pw.txt"])
        try expectUnscripted("the secret prompt", ["signup", "--email", "a@example.com"])
        try expectUnscripted("the network", ["signin", "--anonymous"]) { $0.now = .init(seconds: 0) }
    }
}
