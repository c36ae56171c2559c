import FauthCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal state to put back if an ending signal (`EndingSignal`) arrives while echo is off (read by the signal
/// handler).
nonisolated(unsafe) private var promptTerminalDescriptor: Int32 = -1
nonisolated(unsafe) private var promptSavedAttributes = termios()
nonisolated(unsafe) private var promptInterruptMessage: [UInt8] = []

/// Restores the terminal, says so on stderr, and exits 128+signal: async-signal-safe calls only. SIGTERM, SIGHUP and
/// SIGQUIT are reported as everywhere else (`InterruptExit`); Ctrl-C with the prompt's own message.
private func restoreTerminalAndExit(_ signal: Int32) {
    if promptTerminalDescriptor >= 0 {
        _ = tcsetattr(promptTerminalDescriptor, TCSAFLUSH, &promptSavedAttributes)
        _ = write(promptTerminalDescriptor, "\n", 1)
    }
    if signal != SIGINT { reportInterruptAndExit(signal) }
    promptInterruptMessage.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
    _exit(128 + signal)
}

/// Asks for a secret on the controlling terminal (`/dev/tty`) with echo off, restoring the terminal on every
/// exit path: normal return, error, and Ctrl-C (exit 130) or another ending signal.
/// Keeps at most `limit` + 1 bytes of the line (the rest of a longer line is read and dropped).
enum PasswordPrompt {
    /// Whether there is a controlling terminal to ask on.
    static func hasTerminal() -> Bool {
        guard let terminal = openTerminal() else { return false }
        close(terminal.descriptor)
        return true
    }

    /// The controlling terminal, opened, and its attributes; nil without one.
    private static func openTerminal() -> (descriptor: Int32, attributes: termios)? {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        var attributes = termios()
        guard tcgetattr(descriptor, &attributes) == 0 else {
            close(descriptor)
            return nil
        }
        return (descriptor, attributes)
    }

    /// Prompts on the terminal and reads one line without echo; `interruptMessage` is written to stderr on Ctrl-C.
    static func ask(_ prompt: String, interruptMessage: String, limit: Int) -> SecretAnswer {
        guard let terminal = openTerminal() else { return .noTerminal }
        let descriptor = terminal.descriptor
        var saved = terminal.attributes
        defer { close(descriptor) }

        promptInterruptMessage = Array(interruptMessage.utf8)
        promptSavedAttributes = saved
        promptTerminalDescriptor = descriptor
        let previous = EndingSignal.numbers.map { signal($0, restoreTerminalAndExit) }
        var previousMask = InterruptSignals.unblockInterrupts()
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        _ = tcsetattr(descriptor, TCSAFLUSH, &silent)
        defer {
            _ = tcsetattr(descriptor, TCSAFLUSH, &saved)
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            promptTerminalDescriptor = -1
            for (number, handler) in zip(EndingSignal.numbers, previous) { signal(number, handler) }
        }

        _ = prompt.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                // End of input (Ctrl-D) echoes no newline: end the prompt's line, so an error starts on its own.
                _ = write(descriptor, "\n", 1)
                return line.isEmpty ? .endOfInput : .secret(line)
            }
            if byte == UInt8(ascii: "\n") { break }
            if line.count <= limit { line.append(byte) }
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return .secret(line)
    }
}

/// What asking for a secret on the terminal gave.
package enum SecretAnswer: Sendable, Equatable {
    /// The bytes of the line typed (without its newline), at most a few bytes past the limit asked for.
    case secret([UInt8])
    /// There is no terminal to ask on.
    case noTerminal
    /// The terminal reached end of input before a line.
    case endOfInput
}
