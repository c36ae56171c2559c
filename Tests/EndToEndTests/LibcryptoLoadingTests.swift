import FauthTestSupport
import Foundation
import Testing

/// libcrypto is loaded at run time, and only when something needs it: `fauth --version` and a cached `token` never
/// open it; `fauth-emulator --sign-tokens` without a usable libcrypto refuses to start, saying which library.
@Suite(.serialized) struct LibcryptoLoadingTests {
    /// A folder holding a `libcrypto.so.3` that is not a library, to put first on the loader's path.
    func brokenLibcrypto() throws -> String {
        let folder = NSTemporaryDirectory() + "fauth-broken-libcrypto-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(
            FileManager.default.createFile(atPath: folder + "/libcrypto.so.3", contents: Data("not a library".utf8)))
        return folder
    }

    @Test func theEmulatorSaysWhenLibcryptoIsMissing() throws {
        let broken = try brokenLibcrypto()
        defer { try? FileManager.default.removeItem(atPath: broken) }
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = broken
        let emulator = try SpawnedProcess(
            path: SpawnedProcess.binaryDirectory + "/fauth-emulator",
            rawArguments: ["--port", "0", "--sign-tokens"].map { Array($0.utf8) }, environment: environment)
        #expect(try emulator.waitForExit() == 1)
        #expect(
            emulator.standardError.contains(
                "cannot sign tokens: libcrypto (OpenSSL 3, libcrypto.so.3) could not be loaded"),
            "\(emulator.standardError)")
        #expect(emulator.standardError.contains("libssl3"))
        // Without --sign-tokens it never needs libcrypto, and starts.
        let unsigned = try SpawnedProcess(
            path: SpawnedProcess.binaryDirectory + "/fauth-emulator",
            rawArguments: ["exec", "--", "true"].map { Array($0.utf8) }, environment: environment)
        #expect(try unsigned.waitForExit() == 0, "\(unsigned.standardError)")
    }

    @Test func versionAndACachedTokenNeverOpenLibcrypto() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("lazy@example.com").status == 0)
        for arguments in [["--version"], ["token"]] {
            let run = try sandbox.run(arguments, environment: ["LD_DEBUG": "files"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(
                run.stderr.contains("file=libc.so.6"), "LD_DEBUG shows the libraries opened: \(run.stderr.prefix(300))")
            #expect(!run.stderr.contains("libcrypto"), "\(arguments) opened libcrypto")
        }
    }
}
