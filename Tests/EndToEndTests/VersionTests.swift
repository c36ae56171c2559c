import FauthJSON
import Foundation
import Testing

/// `--version --json` of both binaries: one document each (checked against schemas/version.json as every run is),
/// saying the same version as `--version`, and for fauth the libcurl and TLS library `-v --version` names.
struct VersionTests {
    @Test func fauthsJSONVersionSaysWhatTheTextOneSaysAndTheLibrariesItLoads() throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let text = try sandbox.run(["--version"])
        let verbose = try sandbox.run(["-v", "--version"])
        let json = try sandbox.run(["--version", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let version = try #require(json.json["version"]?.string)
        #expect(text.stdout == "fauth \(version)\n")
        #expect(json.json["program"] == "fauth")
        let curl = try #require(json.json["libraries"]?["libcurl"])
        #expect(curl["loaded"] == true, "\(json.stdout)")
        let named = "libcurl/\(curl["version"]?.string ?? "?") \(curl["tls"]?.string ?? "(no TLS)")"
        #expect(verbose.stdout.contains("HTTP: \(named)\n"), "\(verbose.stdout) vs \(json.stdout)")
    }

    @Test func theEmulatorsJSONVersionMatchesFauths() throws {
        let sandbox = try FauthSandbox(emulator: nil)
        let fauth = try sandbox.run(["--version", "--json"])
        let process = try SpawnedProcess("fauth-emulator", ["--version", "--json"])
        #expect(try process.waitForExit(within: 30) == 0, "\(process.standardError)")
        OutputSchemas.expectValid(process.standardOutput, schema: "version")
        let emulator = try JSONValue.parse(process.standardOutput)
        #expect(emulator["program"] == "fauth-emulator")
        for key in ["version", "commit", "buildDate", "architecture"] {
            #expect(emulator[key] == fauth.json[key], "\(key): \(process.standardOutput) vs \(fauth.stdout)")
        }
    }
}
