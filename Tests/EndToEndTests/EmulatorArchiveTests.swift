import Foundation
import Glibc
import Testing

/// The mode bits of `path`.
private func mode(_ path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
}

/// `--import` / `--export-on-exit` with the real binary: the man page's example works on its first run, the export is
/// owner-only whatever the umask, compact, and imports again.
@Suite("fauth-emulator import and export")
struct EmulatorArchiveTests {
    @Test func aFirstRunStartsEmptyThenExportsOwnerOnlyUnderUmask000() throws {
        let base = NSTemporaryDirectory() + "fauth-archive-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let seed = base + "/seed"
        // The inner emulator runs with umask 000 and a folder that does not exist yet.
        let first = try SpawnedProcess(
            "fauth-emulator",
            [
                "exec", "--", "sh", "-c",
                """
                umask 000
                exec fauth-emulator exec --import "$1" --export-on-exit "$1" -- \
                    sh -c 'printf secret123 | fauth signup --email ada@example.com --password-stdin >/dev/null'
                """, "sh", seed,
            ])
        #expect(try first.waitForExit() == 0)
        #expect(
            first.standardError.contains(
                "fauth-emulator: warning: import folder \(seed) does not exist; starting with no accounts"))
        #expect(mode(base) != nil && mode(seed) == 0o700 && mode(seed + "/auth_export") == 0o700)
        for file in ["firebase-export-metadata.json", "auth_export/accounts.json", "auth_export/config.json"] {
            #expect(mode(seed + "/" + file) == 0o600, "\(file)")
        }
        let accounts = try String(contentsOfFile: seed + "/auth_export/accounts.json", encoding: .utf8)
        #expect(accounts.contains("ada@example.com"))
        #expect(!accounts.contains("\n"))

        let second = try SpawnedProcess(
            "fauth-emulator",
            [
                "exec", "--import", seed, "--", "sh", "-c",
                "printf secret123 | fauth signin --email ada@example.com --password-stdin",
            ])
        #expect(try second.waitForExit() == 0)
        #expect(second.standardError.isEmpty)
    }

    /// An export that fails fails a command that succeeded (exit 1) and leaves a failed command's own status.
    @Test func aFailedExportFailsOnlyACommandThatSucceeded() throws {
        let notAFolder = "/dev/null/export"
        let succeeded = try SpawnedProcess("fauth-emulator", ["exec", "--export-on-exit", notAFolder, "--", "true"])
        #expect(try succeeded.waitForExit() == 1)
        #expect(succeeded.standardError.contains(notAFolder), "\(succeeded.standardError)")
        let failed = try SpawnedProcess(
            "fauth-emulator", ["exec", "--export-on-exit", notAFolder, "--", "sh", "-c", "exit 3"])
        #expect(try failed.waitForExit() == 3)
        #expect(failed.standardError.contains(notAFolder), "\(failed.standardError)")
    }

    @Test func bindingBeyondLoopbackWarns() throws {
        let wide = try SpawnedProcess("fauth-emulator", ["exec", "--host", "0.0.0.0", "--", "true"])
        #expect(try wide.waitForExit() == 0)
        #expect(wide.standardError.contains("fauth-emulator: warning: listening on 0.0.0.0, beyond this machine"))
        let local = try SpawnedProcess("fauth-emulator", ["exec", "--host", "localhost", "--", "true"])
        #expect(try local.waitForExit() == 0)
        #expect(local.standardError.isEmpty)
    }
}
