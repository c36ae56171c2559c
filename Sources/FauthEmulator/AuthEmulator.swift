import FauthHTTPCodec
import FauthJSON
import Foundation

/// The Firebase Auth emulator's request handler: state, routing, authentication, faults and counters.
/// Thread-safe: `handle` may be called concurrently from many threads; one lock guards the state, held only while a
/// request reads or changes it (not while it parses, waits on a blocking function, sleeps a delay fault or encodes).
package final class AuthEmulator: @unchecked Sendable {
    /// The state; only touched while its lock is held.
    private let state: EmulatorState
    /// Counters and faults, with their own lock so a delayed request never holds the state lock.
    private let traffic = TrafficControl()
    /// Token signing and its keys, shared by every project.
    private let signer = TokenSigner()

    /// An emulator with no users, serving the project `projectId`.
    package init(projectId: String) {
        state = EmulatorState(projectId: projectId, tokenSigner: signer)
    }

    /// Signs ID tokens and session cookies with RS256 (`--sign-tokens`), making the keys if there are none yet;
    /// throws when libcrypto cannot be loaded.
    package func signTokens() throws {
        try signer.setEnabled(true)
    }

    /// The project id the emulator serves.
    package var projectId: String { state.projectId }

    /// Makes every link the emulator hands out (emailed action links, provider sign-in pages) point at
    /// `authority` (`host:port`), the address it serves on; until then they point at `localhost:9099`. A request's
    /// `Host` header is never used for a link.
    package func setLinkAuthority(_ authority: String) {
        readingState { $0.linkAuthority = authority }
    }

    /// Answers one request; safe to call from any thread. CORS preflights (OPTIONS) are answered before this, by
    /// `CORSPolicy` in the HTTP connection, as the `cors` middleware answers them before Firebase's routes.
    package func handle(_ received: HTTPRequest) -> HTTPResponse {
        var request = received
        var segments = PathPattern.split(received.path)
        do {
            if let rewritten = try LegacyPaths.rewrite(received, segments: segments) {
                request = rewritten
                segments = PathPattern.split(rewritten.path)
            }
        } catch {
            return error.response
        }
        segments = ProductionPaths.rewrite(segments, host: request.header("Host"))
        if let name = RouteTable.trafficName(of: segments) {
            switch traffic.admit(route: name) {
            case .respond(let response)?: return response
            case .dropConnection?: return .dropConnection
            case .delay(let milliseconds)?: Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            case nil: break
            }
        }
        do {
            return try dispatch(request, segments: segments)
        } catch {
            return error.response
        }
    }

    /// Loads users and config from a Firebase emulators' export folder, replacing the current users.
    package func importState(from directory: String) throws {
        let contents = try StateArchive.read(from: directory)
        if let keys = try SigningKeyArchive.read(from: directory) {
            do {
                try signer.restore(keys)
            } catch {
                throw StateArchiveError(
                    description: "\(directory)/\(StateArchive.authFolder)/\(SigningKeyArchive.fileName): \(error)")
            }
        }
        try readingState { state in Result { () throws(StateArchiveError) in try contents.restore(into: state) } }.get()
    }

    /// Writes users and config in the Firebase emulators' export layout
    /// (`firebase-export-metadata.json`, `auth_export/accounts.json`, `auth_export/config.json`), and the signing
    /// keys when there are any (`auth_export/fauth_signing_keys.json`).
    package func exportState(to directory: String) throws {
        let capture = readingState { state in StateArchive.capture(state) }
        let keys = try signer.exported()
        try capture.write(to: directory)
        try SigningKeyArchive.write(keys, to: directory)
    }

    private func dispatch(_ request: HTTPRequest, segments: [String]) throws(APIError) -> HTTPResponse {
        guard let (route, parameters) = RouteTable.route(method: request.method, segments: segments) else {
            throw APIError.notFound
        }
        let isPrivileged = try RequestAuthentication.authenticate(request, access: route.access)
        var parsed = try RequestBody.parse(request, acceptsForm: route.acceptsForm)
        if route.schema != nil, NullMembers.occur(in: .object(parsed)), readingState({ $0.config.nullAsAbsent }) {
            parsed = NullMembers.removed(from: parsed)
        }
        let body = try route.schema?.validate(parsed) ?? parsed
        if route.access == .apiKey, !isPrivileged, body["targetProjectId"] != nil {
            throw APIError.badRequest(
                "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
        }
        let routeRequest = RouteRequest(
            http: request, body: body, isPrivileged: isPrivileged,
            pathProjectId: parameters.project, pathTenantId: parameters.tenant,
            traffic: traffic, idTokenPayload: body["idToken"]?.string.flatMap(IDToken.decodePayload))
        return try withState { state throws(APIError) in try route.handler(routeRequest, state) }
    }

    private func withState<T>(_ body: (EmulatorState) throws(APIError) -> T) throws(APIError) -> T {
        try state.lock.withLock { () throws(APIError) -> T in try body(state) }
    }

    private func readingState<T>(_ body: (EmulatorState) -> T) -> T {
        state.lock.withLock { body(state) }
    }
}
