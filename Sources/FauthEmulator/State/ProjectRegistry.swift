import Foundation

/// The emulator's projects by project ID, each an `EmulatorState` made the first time a request names the project (as
/// Firebase's emulator makes a project's state on first use), and the `EmulatorSite` they share. API-key requests
/// land in the default project (`--project`); a project path (`/v1/projects/{p}/…`, `/emulator/v1/projects/{p}/…`) or
/// an admin body's `targetProjectId` names another. Thread-safe.
final class ProjectRegistry: @unchecked Sendable {
    /// The project API-key requests land in (`--project`).
    let defaultProjectId: String
    /// What every project shares.
    let site = EmulatorSite()
    /// The most projects one emulator keeps: each request may name a new one, and each costs memory.
    static let maximumProjects = 1000

    private let lock = NSLock()
    private var states: [String: EmulatorState]

    /// A registry holding only the empty default project `defaultProjectId`.
    init(defaultProjectId: String) {
        self.defaultProjectId = defaultProjectId
        states = [defaultProjectId: EmulatorState(projectId: defaultProjectId, site: site)]
    }

    /// The default project's state.
    var defaultState: EmulatorState { lock.withLock { states[defaultProjectId]! } }

    /// The state of `projectId` (the default project's for nil), made empty when first named; past
    /// `maximumProjects` a new project is refused with 429 `RESOURCE_EXHAUSTED`.
    func state(for projectId: String?) throws(APIError) -> EmulatorState {
        let id = projectId ?? defaultProjectId
        lock.lock()
        defer { lock.unlock() }
        if let state = states[id] { return state }
        guard states.count < Self.maximumProjects else {
            throw APIError(
                httpStatus: 429,
                message: "RESOURCE_EXHAUSTED : ((fauth-emulator keeps at most \(Self.maximumProjects) projects))",
                reason: "rateLimitExceeded", status: "RESOURCE_EXHAUSTED")
        }
        let state = EmulatorState(projectId: id, site: site)
        states[id] = state
        return state
    }

    /// Every project's state: the default project first, then the others by project ID.
    var allStates: [EmulatorState] {
        lock.withLock {
            [states[defaultProjectId]!] + states.keys.filter { $0 != defaultProjectId }.sorted().map { states[$0]! }
        }
    }
}
