import Foundation
import Testing

@testable import FauthCore

/// The room a command sets aside before it changes an account (`SessionFile.withReservedSpace`): a 0600 file whose
/// blocks are the file's as soon as it exists (taken by `posix_fallocate`, no sync); a path that exists is refused.
@Test func aReservedFileHoldsItsBlocksAndIsTheUsersAlone() throws {
    let folder = TemporaryFolder()
    let path = folder.file("room")
    try FileDescriptorIO.reserveNewFile(path, byteCount: 64 << 10)
    var info = stat()
    try #require(lstat(path, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFREG)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(Int(info.st_blocks) * 512 >= 64 << 10, "\(info.st_blocks) blocks of 512 bytes for 64 KiB")
    #expect(throws: SystemError(operation: "open", code: EEXIST)) {
        try FileDescriptorIO.reserveNewFile(path, byteCount: 1)
    }
}
