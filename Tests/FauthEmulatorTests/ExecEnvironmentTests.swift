import Glibc
import Testing

@testable import FauthEmulator

/// What `fauth-emulator exec` gives its command: the variables it sets and how it reads a single shell string.
@Suite struct ExecEnvironmentTests {
    @Test func theEmulatorProjectAndStateFolderReplaceTheCallersAndPathGainsTheBinaries() {
        let environment = ExecEnvironment.make(
            base: [
                "HOME=/home/ada", "PATH=/usr/bin:/bin", "GCLOUD_PROJECT=prod", "XDG_STATE_HOME=/home/ada/.state",
                "FIREBASE_AUTH_EMULATOR_HOST=10.0.0.1:9099", "FAUTH_SESSION=/home/ada/chosen.json",
            ],
            authority: "127.0.0.1:4000", projectId: "demo-x", stateHome: "/tmp/fauth-exec-abc", binaries: "/opt/fauth")
        #expect(
            environment.sorted() == [
                "FAUTH_SESSION=/home/ada/chosen.json", "FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:4000",
                "GCLOUD_PROJECT=demo-x",
                "HOME=/home/ada", "PATH=/opt/fauth:/usr/bin:/bin", "XDG_STATE_HOME=/tmp/fauth-exec-abc",
            ])
    }

    /// FAUTH_ENDPOINT names another backend: fauth would refuse it beside the emulator's variable, so it is removed;
    /// the variables that name a file, profile, key or tenant stay.
    @Test func aVariableNamingAnotherBackendIsRemoved() {
        let kept = [
            "FAUTH_PROFILE=ci", "FAUTH_CONFIG=/c.json", "FAUTH_API_KEY=k", "FAUTH_TENANT=t", "FAUTH_SESSION=/s.json",
        ]
        let environment = ExecEnvironment.make(
            base: kept + ["FAUTH_ENDPOINT=https://gateway.example", "FAUTH_ENDPOINTS=x"], authority: "127.0.0.1:4000",
            projectId: "demo-x", stateHome: "/tmp/fauth-exec-abc", binaries: nil)
        #expect(!environment.contains { $0.hasPrefix("FAUTH_ENDPOINT=") })
        #expect(Set(kept + ["FAUTH_ENDPOINTS=x"]).isSubset(of: environment))
    }

    @Test func aSingleArgumentWithASpaceIsAShellCommandLine() {
        #expect(ExecRunner.commandLine(["npm test"]) == ["/bin/sh", "-c", "npm test"])
        #expect(ExecRunner.commandLine(["a\tb"]) == ["/bin/sh", "-c", "a\tb"])
        #expect(ExecRunner.commandLine(["./test.sh"]) == ["./test.sh"])
        #expect(ExecRunner.commandLine(["sh", "-c", "npm test"]) == ["sh", "-c", "npm test"])
    }

    @Test func aFileWhoseNameHasASpaceIsRunAsIs() throws {
        let folder = "/tmp/fauth exec test \(UInt32.random(in: 0 ... .max))"
        let script = folder + "/my script.sh"
        #expect(mkdir(folder, 0o700) == 0)
        defer { ExecEnvironment.removeTree(folder) }
        #expect(creat(script, 0o700) >= 0)
        #expect(ExecRunner.commandLine([script]) == [script])
    }

    @Test func theStateFolderIsFreshPrivateAndRemovedWithoutFollowingLinks() throws {
        let outside = try #require(ExecEnvironment.makeStateFolder(temporaryDirectory: "relative/is/ignored"))
        defer { ExecEnvironment.removeTree(outside) }
        #expect(outside.hasPrefix("/tmp/fauth-exec-"))
        #expect(creat(outside + "/keep", 0o600) >= 0)
        let state = try #require(ExecEnvironment.makeStateFolder(temporaryDirectory: nil))
        var info = stat()
        #expect(stat(state, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(mkdir(state + "/fauth", 0o700) == 0 && creat(state + "/fauth/x.json", 0o600) >= 0)
        #expect(symlink(outside, state + "/fauth/link") == 0)
        ExecEnvironment.removeTree(state)
        #expect(access(state, F_OK) != 0)
        #expect(access(outside + "/keep", F_OK) == 0, "the link's target was removed")
    }
}
