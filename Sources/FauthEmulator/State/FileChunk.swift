import Glibc

/// Reading an open file a chunk at a time, as an import reads its export files.
enum FileChunk {
    /// A failed read, with its errno.
    struct ReadFailure: Error {
        let code: Int32
    }

    /// Reads the next bytes of `fd` into the start of `chunk`, retrying a read that a signal interrupted: how many
    /// were read, 0 at the end of the file.
    static func read(_ fd: Int32, into chunk: inout [UInt8]) throws(ReadFailure) -> Int {
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if count >= 0 { return count }
            if errno != EINTR { throw ReadFailure(code: errno) }
        }
    }
}
