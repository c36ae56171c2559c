/// When a session's ID token is refreshed (docs/design/session.md, "Tokens"): before use when five minutes or less
/// remain, as the Apple SDK does, and at most once among processes that share the session file.
///
/// The second part is the stamp rule. A process reads the file without the lock, finds the token expiring, and waits
/// for the lock; when it gets it, the file's stamp (`SessionFileStamp`) says whether another process rewrote the file
/// meanwhile. If it did, that rewrite is the refresh this process was about to make: its token is used as it is
/// unless it has already expired, even when it too has less than five minutes left (a short-lived token), so that
/// fifty concurrent `fauth token` calls make one refresh, not fifty.
package struct TokenRefreshRule: Sendable {
    /// A token with this much life left or less is refreshed before use (the Apple SDK's five minutes), in seconds.
    package static let margin: Double = 300

    /// The time the rule is applied at.
    package let now: UnixTime

    /// A rule applied at `now`.
    package init(now: UnixTime) {
        self.now = now
    }

    /// Whether `session`'s ID token has `margin` seconds or less to live.
    package func isExpiring(_ session: Session) -> Bool {
        session.expiresAt.seconds(since: now) <= Self.margin
    }

    /// Whether the session read under the lock needs a refresh, for a caller that read the file without the lock
    /// first (with `unlockedStamp`) and decided it needed one (or was asked to force one).
    package func needsRefresh(
        locked: Session, lockedStamp: SessionFileStamp, unlockedStamp: SessionFileStamp, forced: Bool
    ) -> Bool {
        guard lockedStamp == unlockedStamp else {
            return locked.expiresAt <= now  // another process rewrote the file: its refresh is this one's
        }
        return forced || isExpiring(locked)
    }
}
