/// A session as read from its file, with the stamp of the file version it came from. A struct, not a tuple: a tuple
/// type's metadata is made at run time, from its mangled name, the first time each place copies it.
package struct StampedSession: Sendable {
    /// The session.
    package let session: Session
    /// The stamp of the file version the session was read from.
    package let stamp: SessionFileStamp
}
