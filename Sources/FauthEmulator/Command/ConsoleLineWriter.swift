import Foundation
import Glibc

/// Writes the emulator's console lines (email links, SMS codes) to a file descriptor from a thread of its own, so a
/// reader that stops reading (a full pipe) never holds up a request: at most 1 MiB waits; lines past it are dropped,
/// and a line saying how many is written when there is room again.
final class ConsoleLineWriter: @unchecked Sendable {
    private static let capacity = 1 << 20
    private let descriptor: Int32
    private let condition = NSCondition()
    private var pending: [String] = []
    private var pendingBytes = 0
    private var dropped = 0
    private var writing = false

    /// A writer to `descriptor` (`STDOUT_FILENO` or `STDERR_FILENO`), whose thread starts at once and lives as long
    /// as the process.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { self.run() }
        thread.name = "console"
        thread.start()
    }

    /// Queues `text`, or drops it when 1 MiB is already waiting.
    func write(_ text: String) {
        condition.withLock {
            guard pendingBytes + text.utf8.count <= Self.capacity else {
                dropped += 1
                return
            }
            pending.append(text)
            pendingBytes += text.utf8.count
            condition.signal()
        }
    }

    /// Waits until every queued line is written, for at most `seconds`.
    func drain(seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.withLock {
            while !pending.isEmpty || writing, condition.wait(until: deadline) {}
        }
    }

    private func run() {
        while true {
            let batch: String = condition.withLock {
                while pending.isEmpty { condition.wait() }
                var text = pending.joined()
                if dropped > 0 {
                    text += "fauth-emulator: \(dropped) console lines dropped: standard output was not read\n"
                    dropped = 0
                }
                pending.removeAll()
                pendingBytes = 0
                writing = true
                return text
            }
            Console.write(descriptor, batch)
            condition.withLock {
                writing = false
                condition.broadcast()
            }
        }
    }
}
