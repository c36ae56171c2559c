import Glibc

/// The process between `fauth-emulator exec` and its command, so that no process outlives the emulator even when it is
/// killed with SIGKILL: the emulator starts itself again as the guard (`variable` holding the emulator's pid), and
/// the guard runs the command with an `ExecRunner` (child subreaper, signals relayed, SIGKILL to a command that
/// will not stop, every leftover descendant ended). The kernel sends the guard SIGTERM when the emulator dies
/// (`PR_SET_PDEATHSIG`), which it treats as the emulator asking the command to stop.
enum ExecGuard {
    /// The variable that makes a `fauth-emulator` the guard of its parent, whose pid it holds; never passed on.
    static let variable = "FAUTH_EMULATOR_EXEC_GUARD"

    private static let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG from <linux/prctl.h>

    /// The argv that runs `command` under a guard of this process, nil when this program's path cannot be read.
    static func guarded(_ command: [String]) -> [String]? {
        EmulatorLauncher.executablePath().map { [$0] + command }
    }

    /// The entry for the command's environment that marks the guard as this process's.
    static var marker: String { "\(variable)=\(getpid())" }

    /// When this process was started as the guard of its parent (`variable` names the parent's pid), runs
    /// `arguments` (after the program name) as the command with `environment()` less the variable, and returns its
    /// exit status; nil, with nothing changed, for any other start (another program's variable included).
    static func runIfGuard(arguments: [String], environment: () -> [String]) -> Int32? {
        guard let value = getenv(variable), let parent = pid_t(String(cString: value)), getppid() == parent else {
            return nil
        }
        let signals = SignalWaiter(blocking: [SIGINT, SIGTERM, SIGCHLD])
        ExecRunner.prctl(setParentDeathSignal, UInt(SIGTERM))
        // The emulator died before the signal was asked for: stop as that signal would have made it.
        guard getppid() == parent else { return 128 + SIGTERM }
        let prefix = variable + "="
        return ExecRunner(signals: signals).run(
            Array(arguments.dropFirst()), environment: environment().filter { !$0.hasPrefix(prefix) })
    }
}
