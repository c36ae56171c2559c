import Glibc

/// Runs the command of `fauth-emulator exec` as a child, and leaves no descendant behind.
///
/// This process becomes a child subreaper, so orphaned descendants are re-parented to it; the child stays in its
/// process group, so a terminal's Ctrl-C reaches both. SIGINT and SIGTERM sent to this process with kill() are
/// forwarded to the child; with a `stopGraceSeconds`, a child still running that long after the first of them, or
/// when a second arrives (Ctrl-C twice), gets SIGKILL. After the child exits, every remaining descendant gets SIGTERM,
/// then SIGKILL after `terminationGraceSeconds`, and is reaped. The emulator runs its `ExecGuard` with one that only
/// relays; the guard runs the command with one that escalates.
struct ExecRunner {
    /// The signals blocked by the launcher (SIGINT, SIGTERM, SIGCHLD), waited for here.
    let signals: SignalWaiter
    /// How long descendants get between SIGTERM and SIGKILL.
    var terminationGraceSeconds: Double = 2
    /// How long the command gets to stop after the first SIGINT or SIGTERM before SIGKILL; nil: signals are only
    /// relayed.
    var stopGraceSeconds: Double? = 10

    private static let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER from <linux/prctl.h>

    /// Runs `command` with `environment` (`NAME=value` entries) and returns its exit status: the status it exited
    /// with, 128+N when signal N ended it, 127 when it could not be started. A bare command name is looked up in the
    /// `PATH` of `environment`; a single shell command line goes to `sh -c` (`commandLine`).
    func run(_ command: [String], environment: [String]) -> Int32 {
        let command = Self.commandLine(command)
        Self.becomeSubreaper()
        let searchPath = environment.last { $0.hasPrefix("PATH=") }.map { String($0.dropFirst(5)) } ?? "/usr/bin:/bin"
        guard let executable = Self.resolve(command[0], searchPath: searchPath) else {
            Console.complain("\(command[0]): command not found")
            return 127
        }
        let child: pid_t
        switch Self.spawn(executable, arguments: command, environment: environment) {
        case .success(let pid):
            child = pid
        case .failure(let code):
            Console.complain("cannot run \(command[0]): \(String(cString: strerror(code)))")
            return 127
        }
        let status = waitForExit(of: child)
        terminateDescendants()
        return status
    }

    /// Waits for `child`, reaping any other descendant that exits meanwhile, forwarding SIGINT/SIGTERM, and (with a
    /// `stopGraceSeconds`) killing the child when it outlasts the grace the first of them started or a second arrives.
    private func waitForExit(of child: pid_t) -> Int32 {
        var killAt: Double?  // set by the first SIGINT or SIGTERM when the runner escalates
        var killed = false
        /// Sends SIGKILL to the child, saying why the first time.
        func forceStop(_ why: String) {
            if !killed { Console.complain("the command \(why); killing it (SIGKILL)") }
            killed = true
            kill(child, SIGKILL)
        }
        while true {
            var status: Int32 = 0
            var pid = waitpid(-1, &status, WNOHANG)
            while pid > 0 {
                if pid == child { return Self.exitStatus(status) }
                pid = waitpid(-1, &status, WNOHANG)
            }
            if let killAt, let stopGraceSeconds, MonotonicClock.seconds() >= killAt {
                forceStop("did not stop within \(Int(stopGraceSeconds)) s of the signal")
            }
            guard let arrival = signals.wait(seconds: 0.5), arrival.signal != SIGCHLD else { continue }
            if killAt != nil {
                forceStop("was asked to stop twice")
            } else if arrival.sentByProcess {
                // A signal from the terminal went to the whole process group already; only kill() senders need relaying.
                kill(child, arrival.signal)
            }
            if let stopGraceSeconds, killAt == nil {
                killAt = MonotonicClock.seconds() + stopGraceSeconds
            }
        }
    }

    /// Sends SIGTERM to every live descendant, SIGKILL to those still alive after the grace period, and reaps them.
    private func terminateDescendants() {
        let killAfter = MonotonicClock.seconds() + terminationGraceSeconds
        var terminated: Set<pid_t> = []
        while true {
            Self.reapExited()
            let live = ProcessTree.liveDescendants()
            if live.isEmpty { break }
            let forceful = MonotonicClock.seconds() >= killAfter
            for pid in live where forceful || !terminated.contains(pid) {
                kill(pid, forceful ? SIGKILL : SIGTERM)
                terminated.insert(pid)
            }
            _ = signals.wait(seconds: 0.02)
        }
        Self.reapExited()
    }

    private static func reapExited() {
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
    }

    /// The argv to run for `command`: a single argument holding a space or tab that names no file (`exec 'npm test'`,
    /// Firebase's form) is a shell command line, run with `/bin/sh -c`; anything else is run as it is.
    static func commandLine(_ command: [String]) -> [String] {
        guard command.count == 1, command[0].contains(where: { $0 == " " || $0 == "\t" }), access(command[0], F_OK) != 0
        else {
            return command
        }
        return ["/bin/sh", "-c", command[0]]
    }

    /// The shell's convention: the exit code, or 128+N for death by signal N.
    static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The executable for a command name: itself when it holds a slash, else the first match on `searchPath`.
    static func resolve(_ name: String, searchPath: String) -> String? {
        if name.contains("/") { return name }
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    private enum SpawnResult {
        case success(pid_t)
        case failure(Int32)
    }

    /// posix_spawn with an empty signal mask and default dispositions for the signals the emulator handles.
    private static func spawn(_ executable: String, arguments: [String], environment: [String]) -> SpawnResult {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGCHLD, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
            for variable in envp { free(variable) }
        }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, nil, &attributes, argv, envp)
        return result == 0 ? .success(pid) : .failure(result)
    }

    /// Asks the kernel to re-parent orphaned descendants to this process.
    private static func becomeSubreaper() {
        prctl(setChildSubreaper, 1)
    }

    /// Calls prctl(2) with one argument (prctl is variadic, so it is looked up).
    static func prctl(_ option: Int32, _ argument: UInt) {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return }
        _ = unsafeBitCast(symbol, to: Prctl.self)(option, argument, 0, 0, 0)
    }
}
