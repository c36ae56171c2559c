import FauthHTTPCodec
import Glibc

/// What a serving thread does with the connection it was woken for: reads what arrived, answers every complete
/// request in it (running the handler on this thread, so a handler that waits holds up only its own connection),
/// and gives the connection back to the table armed for its next bytes, or closes it.
struct ConnectionServer: Sendable {
    let table: ConnectionTable
    let configuration: HTTPServerConfiguration
    let handler: @Sendable (HTTPRequest) -> HTTPResponse

    /// How many bytes one read takes at most.
    static let readSize = 64 * 1024

    /// Serves `connection`, which the calling thread owns; `buffer` (of `readSize` bytes) is the thread's own.
    func serve(_ connection: HTTPConnection, buffer: UnsafeMutableRawBufferPointer) {
        var phase = connection.phase
        var deadline = connection.deadline
        while true {
            let count = recv(connection.fd, buffer.baseAddress, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { break }
            if phase == .draining {
                connection.drainedBytes += max(0, count)
                if count <= 0 || connection.drainedBytes > 1 << 20 { return table.close(connection) }
                continue
            }
            guard count > 0 else { return table.close(connection) }
            connection.parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            if !table.account(connection) {
                // Over the budget for request bytes held across all connections: this request is refused, not buffered.
                connection.parser = HTTPRequestParser(
                    maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes)
                _ = table.account(connection)
                refuse(connection, status: 503, phase: &phase, deadline: &deadline)
                continue
            }
            guard answerComplete(connection, phase: &phase, deadline: &deadline) else { return table.close(connection) }
            if phase == .draining { continue }
            if connection.parser.takeContinueRequest(),
                !SocketIO.sendAll(connection.fd, HTTPResponseEncoder.continueResponse)
            {
                return table.close(connection)
            }
            if connection.parser.hasPartialRequest, phase == .idle {
                phase = .receiving
                deadline = MonotonicClock.seconds() + configuration.requestTimeoutSeconds
            }
            // A read that did not fill the buffer took all there was: no second read just to learn that.
            if count < buffer.count { break }
        }
        table.release(connection, phase: phase, deadline: deadline)
    }

    /// Answers the complete requests the parser holds, in order, or a malformed one with its error status; false
    /// when the connection must close.
    private func answerComplete(_ connection: HTTPConnection, phase: inout HTTPConnection.Phase, deadline: inout Double)
        -> Bool
    {
        while true {
            let parsed: ParsedHTTPRequest?
            do {
                parsed = try connection.parser.next()
            } catch {
                _ = table.account(connection)
                refuse(connection, status: error.status, phase: &phase, deadline: &deadline)
                return true
            }
            _ = table.account(connection)
            guard let parsed else { return true }
            guard connection.answer(parsed, handler: handler, keepAliveAllowed: { !table.isStopping }) else {
                return false
            }
            phase = .idle
            deadline = MonotonicClock.seconds() + configuration.idleTimeoutSeconds
        }
    }

    /// Answers with a bare error status and starts draining what the client still sends.
    private func refuse(
        _ connection: HTTPConnection, status: Int, phase: inout HTTPConnection.Phase, deadline: inout Double
    ) {
        connection.sendErrorAndHalfClose(status: status)
        phase = .draining
        deadline = MonotonicClock.seconds() + 1
    }

}
