import Foundation
import Glibc

/// A built executable of this package run as a child process, its output going to temporary files (never pipes, so
/// a full pipe can never hang a test). The process is killed when the value is released.
final class SpawnedProcess {
    let pid: pid_t
    let stdoutPath: String
    let stderrPath: String
    /// The arguments of a `fauth` run (set by `FauthSandbox`), so that its `--json` output is checked against its schema.
    var fauthArguments: [[UInt8]]?
    private var exitStatus: Int32?

    /// The folder holding the built executables (see `BuiltBinaries`).
    static var binaryDirectory: String { BuiltBinaries.folder.path }

    /// Starts `binaryDirectory/<executable>` with `arguments`, in this process's environment.
    convenience init(_ executable: String, _ arguments: [String]) throws {
        try self.init(
            path: Self.binaryDirectory + "/" + executable, rawArguments: arguments.map { Array($0.utf8) },
            environment: ProcessInfo.processInfo.environment)
    }

    /// Starts the executable at `path` with argument bytes passed as they are (no UTF-8 repair), standard input
    /// from the file `standardInput`. With `newSession` the child runs in a session of its own (no controlling
    /// terminal), or, given a `controllingTerminal` (a pty slave path), in a new session with that terminal as its
    /// standard input and controlling terminal (and standard output too with `outputOnTerminal`, standard error with
    /// `errorOnTerminal`). Like a shell, it starts the child with default signal dispositions
    /// and no blocked signal (whatever this test thread blocks), unless `blockedSignals` names some. `inherited` maps
    /// descriptors of this process to the child's numbers, after the rest (a pipe's write end as its stdout).
    init(
        path: String, rawArguments: [[UInt8]], environment: [String: String], standardInput: String = "/dev/null",
        newSession: Bool = false, controllingTerminal: String? = nil, outputOnTerminal: Bool = false,
        errorOnTerminal: Bool = false,
        blockedSignals: [Int32] = [], inherited: [(parent: Int32, child: Int32)] = []
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw SpawnError(description: "\(path) is not built (set FAUTH_BIN_DIR to the folder of the executables)")
        }
        let stamp = "\(getpid())-\(UInt64.random(in: 0 ... .max))"
        stdoutPath = NSTemporaryDirectory() + "fauth-e2e-\(stamp).out"
        stderrPath = NSTemporaryDirectory() + "fauth-e2e-\(stamp).err"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened without O_NOCTTY after setsid, a terminal becomes the child's controlling terminal (Linux).
        posix_spawn_file_actions_addopen(
            &actions, 0, controllingTerminal ?? standardInput, controllingTerminal == nil ? O_RDONLY : O_RDWR, 0)
        if let controllingTerminal, outputOnTerminal {
            posix_spawn_file_actions_addopen(&actions, 1, controllingTerminal, O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        if let controllingTerminal, errorOnTerminal {
            posix_spawn_file_actions_addopen(&actions, 2, controllingTerminal, O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        for descriptor in inherited { posix_spawn_file_actions_adddup2(&actions, descriptor.parent, descriptor.child) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        var defaults = sigset_t()
        sigemptyset(&mask)
        for signal in blockedSignals { sigaddset(&mask, signal) }
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        posix_spawnattr_setflags(
            &attributes, newSession || controllingTerminal != nil ? flags | Self.spawnSetSID : flags)
        let argv = ([Array(path.utf8)] + rawArguments).map { bytes in Self.cString(bytes) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for argument in argv { free(argument) }
            for variable in variables { free(variable) }
        }
        var child = pid_t()
        let result = posix_spawn(&child, path, &actions, &attributes, argv, variables)
        guard result == 0 else {
            throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    /// glibc's POSIX_SPAWN_SETSID (spawn.h), which Swift does not import: the child calls setsid before the file actions.
    private static let spawnSetSID: Int16 = 0x80

    /// A malloc'ed NUL-terminated copy of `bytes` (which must hold no NUL: argv strings cannot).
    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        let buffer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
        buffer[bytes.count] = 0
        return buffer
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
    /// Every byte written to standard output and standard error so far.
    var outputBytes: (stdout: [UInt8], stderr: [UInt8]) {
        (
            Array(FileManager.default.contents(atPath: stdoutPath) ?? Data()),
            Array(FileManager.default.contents(atPath: stderrPath) ?? Data())
        )
    }

    /// Waits up to `seconds` (a deadline only a failure reaches: a loaded machine can take long to start Python) for
    /// standard output to hold a full first line, and returns that line.
    func firstLine(within seconds: Double = 60) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            // Whether it exited is asked before the output is read: a line written just before exiting still counts.
            let ended = try exited()
            let output = standardOutput
            if let newline = output.firstIndex(of: "\n") { return String(output[..<newline]) }
            if ended { break }
            usleep(5000)
        }
        throw SpawnError(description: "no line on standard output; standard error: \(standardError)")
    }

    /// Waits up to `seconds` for the process to exit and returns its status (128+N for signal N); kills it and throws
    /// if it does not exit in time.
    func waitForExit(within seconds: Double = 60) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try exited(), let exitStatus { return exitStatus }
            usleep(5000)
        }
        kill(pid, SIGKILL)
        throw SpawnError(description: "process \(pid) did not exit within \(seconds) s")
    }

    /// Whether the process has not exited yet.
    var isRunning: Bool { (try? exited()) == false }

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
