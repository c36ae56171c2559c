#if canImport(Glibc)
import Glibc
#endif

/// Identifies one version of a session file: every write renames a new file over it, which changes the stamp even
/// when the content is the same (a token refreshed twice within one second can come back identical). Equal stamps
/// mean the same file (device and inode), unchanged since (size, and modification and change times to the
/// nanosecond) and holding the same bytes: the bytes are compared too because a file system may give a freed inode
/// number to the next file, and stamp its times no finer than a clock tick (docs/design/session.md, "How it is read").
package struct SessionFileStamp: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let changedSeconds: Int
    let changedNanoseconds: Int
    /// The file's bytes as read.
    let content: [UInt8]

    /// The stamp of the file `info` describes, whose bytes are `content`.
    init(_ info: stat, content: [UInt8]) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
        changedSeconds = info.st_ctim.tv_sec
        changedNanoseconds = info.st_ctim.tv_nsec
        self.content = content
    }
}
