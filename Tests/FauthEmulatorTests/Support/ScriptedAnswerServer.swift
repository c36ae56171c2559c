import FauthTestSupport
import Foundation

/// A TCP listener on 127.0.0.1 that reads one request head from a connection and writes back the bytes a test
/// scripts (`answer`, `repeats` times, `pause` between writes), then closes: an HTTP peer that can misbehave as a
/// real server would not. It accepts on a `SilentListener`'s socket.
final class ScriptedAnswerServer: @unchecked Sendable {
    /// The port it listens on.
    var port: UInt16 { listener.port }
    private let listener: SilentListener
    private let done = DispatchSemaphore(value: 0)

    /// Listens and serves one connection on a thread of its own.
    init(answer: [UInt8], repeats: Int = 1, pause: Double = 0) throws {
        listener = try SilentListener(address: "127.0.0.1", port: 0, backlog: 4)
        let (listener, done) = (listener, done)
        let descriptor = listener.descriptor
        // The thread holds the listener, whose socket closes only when both are done with it: closed by `stop` while
        // a thread a loaded machine started late had yet to accept, its number could be the next server's socket,
        // and this thread would answer that server's connection.
        Thread.detachNewThread {
            defer {
                listener.close()
                done.signal()
            }
            var connection = accept(descriptor, nil, nil)
            // A signal meant for another thread of the test process interrupts accept: accept again.
            while connection < 0 && errno == EINTR { connection = accept(descriptor, nil, nil) }
            guard connection >= 0 else { return }
            defer { close(connection) }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while received.count < 1 << 16, received.firstRange(of: [13, 10, 13, 10]) == nil {
                let count = read(connection, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                received += buffer[0..<count]
            }
            for _ in 0..<repeats {
                let sent = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent == answer.count else { return }
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
        }
    }

    /// Stops listening (the thread, woken, closes the socket) and waits for the connection's thread (a few seconds
    /// at most). Through the listener, which shuts its socket down only while it is open: the thread may have closed
    /// it already, and a parallel test's new socket taken its number.
    func stop() {
        listener.shutdown()
        _ = done.wait(timeout: .now() + 5)
    }
}
