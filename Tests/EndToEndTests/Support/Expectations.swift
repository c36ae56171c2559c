import Foundation
import Testing

/// Checks a failed run: its exit status, the JSON error's code and exit code, and that stdout stayed empty.
func expectFailure(_ run: FauthRun, status: Int32, code: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(run.status == status, "exit status; stderr: \(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.errorCode == code, "error code; stderr: \(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.error["exitCode"]?.int == Int(status), sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, "stdout must stay empty on failure", sourceLocation: sourceLocation)
}

/// Runs `body` (expected to fail) and checks that the profile's session file is byte-for-byte what it was.
func expectSessionUnchanged(
    _ sandbox: FauthSandbox, profile: String = "default", sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) rethrows {
    let before = sandbox.sessionBytes(profile: profile)
    try body()
    #expect(
        sandbox.sessionBytes(profile: profile) == before, "the session file changed", sourceLocation: sourceLocation)
}
