import Foundation
import Testing

@testable import FauthCore

/// `FileDescriptorIO.readAll` reads a file whole, over as many reads as it takes, and refuses one over its limit.
@Test(arguments: [0, 1, 16_383, 16_384, 16_385, 40_000])
func aFileIsReadWholeOverAsManyReadsAsItTakes(size: Int) throws {
    let folder = TemporaryFolder()
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    let path = folder.file("data")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(try FileDescriptorIO.readAll(descriptor, limit: 40_000) == bytes)
    #expect(lseek(descriptor, 0, SEEK_SET) == 0)
    #expect(try FileDescriptorIO.readAll(descriptor, limit: size - 1) == (size == 0 ? [] : nil))
}
