#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal state to put back if SIGINT or SIGTERM arrives while echo is off (read by the signal handler).
nonisolated(unsafe) private var promptTerminalDescriptor: Int32 = -1
nonisolated(unsafe) private var promptSavedAttributes = termios()
nonisolated(unsafe) private var promptInterruptMessage: [UInt8] = []

/// Restores the terminal, says so on stderr, and exits 128+signal: async-signal-safe calls only.
private func restoreTerminalAndExit(_ signal: Int32) {
    if promptTerminalDescriptor >= 0 {
        _ = tcsetattr(promptTerminalDescriptor, TCSAFLUSH, &promptSavedAttributes)
        _ = write(promptTerminalDescriptor, "\n", 1)
    }
    promptInterruptMessage.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
    _exit(128 + signal)
}

/// Asks for a secret on the controlling terminal (`/dev/tty`) with echo off, restoring the terminal on every
/// exit path: normal return, error, and Ctrl-C (exit 130).
/// Keeps at most `limit` + 1 bytes of the line (the rest of a longer line is read and dropped).
enum PasswordPrompt {
    /// Prompts on the terminal and reads one line without echo; `interruptMessage` is written to stderr on Ctrl-C.
    static func ask(_ prompt: String, interruptMessage: String, limit: Int) -> SecretAnswer {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return .noTerminal }
        defer { close(descriptor) }
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return .noTerminal }

        promptInterruptMessage = Array(interruptMessage.utf8)
        promptSavedAttributes = saved
        promptTerminalDescriptor = descriptor
        let previousInterrupt = signal(SIGINT, restoreTerminalAndExit)
        let previousTerminate = signal(SIGTERM, restoreTerminalAndExit)
        var previousMask = InterruptSignals.unblockInterrupts()
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        _ = tcsetattr(descriptor, TCSAFLUSH, &silent)
        defer {
            _ = tcsetattr(descriptor, TCSAFLUSH, &saved)
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            promptTerminalDescriptor = -1
            signal(SIGINT, previousInterrupt)
            signal(SIGTERM, previousTerminate)
        }

        _ = prompt.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return line.isEmpty ? .endOfInput : .secret(line) }
            if byte == UInt8(ascii: "\n") { break }
            if line.count <= limit { line.append(byte) }
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return .secret(line)
    }
}
