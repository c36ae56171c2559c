import Foundation
import Glibc

/// A built executable of this package run as a child process, its output going to temporary files (never pipes, so
/// a full pipe can never hang a test). The process is killed when the value is released.
final class SpawnedProcess {
    let pid: pid_t
    let stdoutPath: String
    let stderrPath: String
    private var exitStatus: Int32?

    /// The folder holding the built executables (see `BuiltBinaries`).
    static var binaryDirectory: String { BuiltBinaries.folder.path }

    /// Starts `binaryDirectory/<executable>` with `arguments`, in this process's environment.
    init(_ executable: String, _ arguments: [String]) throws {
        let path = Self.binaryDirectory + "/" + executable
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw SpawnError(description: "\(path) is not built (set FAUTH_BIN_DIR to the folder of the executables)")
        }
        let stamp = "\(getpid())-\(UInt64.random(in: 0 ... .max))"
        stdoutPath = NSTemporaryDirectory() + "fauth-e2e-\(stamp).out"
        stderrPath = NSTemporaryDirectory() + "fauth-e2e-\(stamp).err"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let variables = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var child = pid_t()
        let result = posix_spawn(&child, path, &actions, nil, argv, variables)
        guard result == 0 else { throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(result)))") }
        pid = child
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        unlink(stdoutPath)
        unlink(stderrPath)
    }

    /// What the process has written to standard output so far.
    var standardOutput: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// What the process has written to standard error so far.
    var standardError: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Waits up to `seconds` for standard output to hold a full first line, and returns that line.
    func firstLine(within seconds: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let output = standardOutput
            if let newline = output.firstIndex(of: "\n") { return String(output[..<newline]) }
            if try exited() { break }
            usleep(5000)
        }
        throw SpawnError(description: "no line on standard output; standard error: \(standardError)")
    }

    /// Waits up to `seconds` for the process to exit and returns its status (128+N for signal N); kills it and throws
    /// if it does not exit in time.
    func waitForExit(within seconds: Double = 30) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try exited(), let exitStatus { return exitStatus }
            usleep(5000)
        }
        kill(pid, SIGKILL)
        throw SpawnError(description: "process \(pid) did not exit within \(seconds) s")
    }

    /// Sends a signal.
    func signal(_ signal: Int32) {
        if exitStatus == nil { kill(pid, signal) }
    }

    private func exited() throws -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return false }
        let signal = status & 0x7F
        exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return true
    }
}

/// Why a child process could not be run or observed.
struct SpawnError: Error, CustomStringConvertible {
    let description: String
}
