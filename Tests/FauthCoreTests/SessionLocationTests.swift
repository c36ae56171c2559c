import Testing

@testable import FauthCore

@Test func sessionOptionWinsOverEverything() throws {
    let path = try SessionLocation.path(
        sessionOption: "./s.json", profile: "work", environment: ["FAUTH_SESSION": "/env.json", "HOME": "/home/u"])
    #expect(path == "./s.json")
}

@Test func environmentWinsOverTheDefaultLocation() throws {
    let path = try SessionLocation.path(
        sessionOption: nil, profile: nil, environment: ["FAUTH_SESSION": "/env.json", "HOME": "/home/u"])
    #expect(path == "/env.json")
}

@Test func emptyEnvironmentValueIsIgnored() throws {
    let path = try SessionLocation.path(
        sessionOption: nil, profile: nil, environment: ["FAUTH_SESSION": "", "HOME": "/h"])
    #expect(path == "/h/.local/state/fauth/sessions/default.json")
}

@Test func xdgStateHomeHoldsTheProfiles() throws {
    let path = try SessionLocation.path(
        sessionOption: nil, profile: "ci-2", environment: ["XDG_STATE_HOME": "/state/", "HOME": "/home/u"])
    #expect(path == "/state/fauth/sessions/ci-2.json")
}

@Test(arguments: ["relative/state", ""])
func relativeOrEmptyXDGStateHomeIsIgnored(stateHome: String) throws {
    let path = try SessionLocation.path(
        sessionOption: nil, profile: "p", environment: ["XDG_STATE_HOME": stateHome, "HOME": "/home/u"])
    #expect(path == "/home/u/.local/state/fauth/sessions/p.json")
}

@Test(arguments: [[:], ["HOME": "relative"], ["HOME": "", "XDG_STATE_HOME": "state"]])
func noAbsoluteHomeIsAUsageError(environment: [String: String]) {
    do {
        _ = try SessionLocation.path(sessionOption: nil, profile: nil, environment: environment)
        Issue.record("found a session path without HOME")
    } catch let error as FauthError {
        #expect(error.code == .usage)
        #expect(error.message.contains("FAUTH_SESSION"))
        #expect(error.inputProblem == .noSessionFolder)
    } catch {
        Issue.record("unexpected \(error)")
    }
}

@Test(arguments: ["default", "a", "A.b_c-9", String(repeating: "x", count: 64), "..", ".hidden"])
func validProfileNames(name: String) {
    #expect(SessionLocation.isValidProfileName(name))
}

@Test(arguments: ["", "a/b", "../x", "with space", String(repeating: "x", count: 65), "é", "a\u{0}b", "a:b"])
func invalidProfileNamesAreUsageErrors(name: String) {
    #expect(!SessionLocation.isValidProfileName(name))
    do {
        _ = try SessionLocation.path(sessionOption: nil, profile: name, environment: ["HOME": "/h"])
        Issue.record("accepted profile \(name)")
    } catch let error as FauthError {
        #expect(error.code == .usage)
        #expect(error.exitStatus == 2)
    } catch {
        Issue.record("unexpected \(error)")
    }
}

@Test func emptySessionOptionIsAUsageError() {
    var empty = FauthError(.usage, message: "sessionFile needs a non-empty value.")
    empty.inputProblem = .empty(.sessionFile)
    #expect(throws: empty) {
        try SessionLocation.path(sessionOption: "", profile: nil, environment: ["HOME": "/h"])
    }
}
