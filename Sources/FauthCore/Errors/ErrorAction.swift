/// What a script or person should do next after a failure; the `action` of the JSON error object.
package enum ErrorAction: String, Sendable, CaseIterable {
    case signin
    case reauth
    case fixCommand = "fix-command"
    case fixCredentials = "fix-credentials"
    case resolveConflict = "resolve-conflict"
    case fixInput = "fix-input"
    case completeSecondFactor = "complete-second-factor"
    case retry
    case fixConfig = "fix-config"
    case fixSessionFile = "fix-session-file"
    case report
    case stop
}
