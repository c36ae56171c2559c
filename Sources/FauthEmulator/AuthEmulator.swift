import FauthHTTPCodec
import FauthJSON
import Foundation

/// The Firebase Auth emulator's request handler: one state per project, routing, authentication, faults and counters.
/// Thread-safe: `handle` may be called concurrently from many threads; each project's lock guards its state, held only
/// while a request reads or changes it (not while it parses, waits on a blocking function, sleeps a delay fault or
/// encodes).
package final class AuthEmulator: @unchecked Sendable {
    /// The projects; each state only touched while its lock is held.
    private let projects: ProjectRegistry

    /// An emulator with no users, whose default project (where API-key requests land) is `projectId`.
    package init(projectId: String) {
        projects = ProjectRegistry(defaultProjectId: projectId)
    }

    /// Signs ID tokens and session cookies with RS256 (`--sign-tokens`), making the keys if there are none yet;
    /// throws when libcrypto cannot be loaded.
    package func signTokens() throws {
        try projects.site.tokenSigner.setEnabled(true)
    }

    /// The default project's id (`--project`).
    package var projectId: String { projects.defaultProjectId }

    /// Makes every link the emulator hands out (emailed action links, provider sign-in pages) point at
    /// `authority` (`host:port`), the address it serves on; until then they point at `localhost:9099`. A request's
    /// `Host` header is never used for a link.
    package func setLinkAuthority(_ authority: String) {
        projects.site.linkAuthority = authority
    }

    /// Hands every later email action link and SMS code line (Firebase's emulator's wording, no newline) to `sink`;
    /// nil (the default) prints nothing.
    package func printMessages(to sink: (@Sendable (String) -> Void)?) {
        projects.site.console.send(to: sink)
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
        let match = RouteTable.route(method: request.method, segments: segments)
        let pathProject: EmulatorState
        do {
            pathProject = try projects.state(for: match?.parameters.project)
        } catch {
            return error.response
        }
        if let name = RouteTable.trafficName(of: segments) {
            switch pathProject.traffic.admit(route: name) {
            case .respond(let response)?: return response
            case .dropConnection?: return .dropConnection
            case .delay(let milliseconds)?: Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            case nil: break
            }
        }
        do throws(APIError) {
            guard let match else { throw APIError.notFound }
            return try dispatch(request, route: match.route, parameters: match.parameters, pathProject: pathProject)
        } catch {
            return error.response
        }
    }

    /// Loads every project's users, config and tenants from an export folder, replacing the current ones.
    package func importState(from directory: String) throws {
        let contents = try StateArchive.read(from: directory).checkedAgainstRequestSchemas()
        if let keys = try SigningKeyArchive.read(from: directory) {
            do {
                try projects.site.tokenSigner.restore(keys)
            } catch {
                throw StateArchiveError(
                    description: "\(directory)/\(StateArchive.authFolder)/\(SigningKeyArchive.fileName): \(error)")
            }
        }
        try contents.restore(into: projects)
    }

    /// Writes every project's users, config and tenants: the default project in the Firebase emulators' export layout
    /// (`firebase-export-metadata.json`, `auth_export/accounts.json`, `auth_export/config.json`), the others beside it
    /// (`StateArchive`), and the signing keys when there are any (`auth_export/fauth_signing_keys.json`).
    package func exportState(to directory: String) throws {
        let capture = StateArchive.capture(projects)
        let keys = try projects.site.tokenSigner.exported()
        try capture.write(to: directory)
        try SigningKeyArchive.write(keys, to: directory)
    }

    /// Authenticates, parses and checks the request, then runs the route's handler on the request's project: the
    /// path's (`pathProject`), else a privileged body's `targetProjectId`, else the default project, as Firebase's
    /// emulator picks it.
    private func dispatch(
        _ request: HTTPRequest, route: Route, parameters: (project: String?, tenant: String?),
        pathProject: EmulatorState
    ) throws(APIError) -> HTTPResponse {
        let isPrivileged = try RequestAuthentication.authenticate(request, access: route.access)
        var parsed = try RequestBody.parse(request, acceptsForm: route.acceptsForm)
        if route.schema != nil, NullMembers.occur(in: .object(parsed)),
            pathProject.lock.withLock({ pathProject.config.nullAsAbsent })
        {
            parsed = NullMembers.removed(from: parsed)
        }
        let body = try route.schema?.validate(parsed) ?? parsed
        var state = pathProject
        if route.access != .open, let target = body["targetProjectId"] {
            try ensure(
                isPrivileged, "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
            if parameters.project == nil, let targetId = target.string, !targetId.isEmpty {
                state = try projects.state(for: targetId)
            }
        }
        let routeRequest = RouteRequest(
            http: request, body: body, isPrivileged: isPrivileged,
            pathProjectId: parameters.project, pathTenantId: parameters.tenant,
            traffic: state.traffic, idTokenPayload: body["idToken"]?.string.flatMap(IDToken.decodePayload))
        return try state.lock.withLock { () throws(APIError) -> HTTPResponse in try route.handler(routeRequest, state) }
    }
}
