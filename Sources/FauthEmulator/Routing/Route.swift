import FauthHTTPCodec
import Foundation

/// Who may call a route.
enum RouteAccess: Sendable {
    /// No credential needed (the `/emulator/…` routes and `GET /`).
    case open
    /// An API key (`?key=` or `x-goog-api-key`) or an OAuth credential (`Bearer owner`).
    case apiKey
    /// Only an OAuth credential (`Bearer owner`): the `/v1|v2/projects/{p}/…` admin routes.
    case privileged
}

/// One route: a method, the path patterns it answers, who may call it, and its handler.
struct Route: Sendable {
    /// What a handler does: read the request and the state (the caller holds the state lock), answer or throw.
    typealias Handler = @Sendable (RouteRequest, EmulatorState) throws(APIError) -> HTTPResponse

    /// The HTTP method (`GET`, `POST`, `PATCH`, `DELETE`).
    let method: String
    /// The path patterns; `{project}` and `{tenant}` match one segment (a literal suffix may follow, as in `{project}:x`),
    /// any other `{name}` matches one segment that is not passed on.
    let patterns: [PathPattern]
    /// Who may call the route.
    let access: RouteAccess
    /// Whether the body may be `application/x-www-form-urlencoded` (only the Secure Token route).
    let acceptsForm: Bool
    /// The body's schema, checked before the handler runs; nil for routes whose body Firebase's emulator does not check.
    let schema: RequestSchema?
    /// What the route answers on success, published in `/emulator/openapi.json`.
    let answer: RouteAnswer
    /// The handler.
    let handler: Handler

    /// A route answering `method` on each of `paths`.
    init(
        _ method: String, _ paths: [String], access: RouteAccess, acceptsForm: Bool = false,
        schema: RequestSchema? = nil, answer: RouteAnswer,
        handler: @escaping Handler
    ) {
        self.method = method
        self.patterns = paths.map(PathPattern.init)
        self.access = access
        self.acceptsForm = acceptsForm
        self.schema = schema
        self.answer = answer
        self.handler = handler
    }

    /// A route answering `method` on `path`.
    init(
        _ method: String, _ path: String, access: RouteAccess, acceptsForm: Bool = false, schema: RequestSchema? = nil,
        answer: RouteAnswer, handler: @escaping Handler
    ) {
        self.init(
            method, [path], access: access, acceptsForm: acceptsForm, schema: schema, answer: answer, handler: handler)
    }

    /// `path` and its tenant form: `…/projects/{project}/X` and `…/projects/{project}/tenants/{tenant}/X`.
    static func withTenantForm(_ path: String) -> [String] {
        guard let range = path.range(of: "/projects/{project}/") else { return [path] }
        return [path, path.replacingCharacters(in: range, with: "/projects/{project}/tenants/{tenant}/")]
    }
}

/// A path template split into segments, matched against a request path.
struct PathPattern: Sendable {
    private enum Segment: Sendable {
        case literal(String)
        case project(suffix: String)
        case tenant(suffix: String)
        /// Any other `{name}`: one segment whose value no handler reads (a config id of a 501 route).
        case any
    }

    private let segments: [Segment]
    /// The template the pattern was made from (OpenAPI's path templating, e.g. `/v1/projects/{project}:x`).
    let template: String

    /// How many path segments the pattern matches.
    var segmentCount: Int { segments.count }

    /// Parses a template such as `/emulator/v1/projects/{project}/tenants/{tenant}/accounts`.
    init(_ template: String) {
        self.template = template
        segments = PathPattern.split(template).map { part in
            if part.hasPrefix("{project}") { return .project(suffix: String(part.dropFirst("{project}".count))) }
            if part.hasPrefix("{tenant}") { return .tenant(suffix: String(part.dropFirst("{tenant}".count))) }
            if part.hasPrefix("{"), part.hasSuffix("}") { return .any }
            return .literal(part)
        }
    }

    /// The path parameters when `pathSegments` match this pattern, else nil.
    func match(_ pathSegments: [String]) -> (project: String?, tenant: String?)? {
        guard pathSegments.count == segments.count else { return nil }
        var project: String?
        var tenant: String?
        for (segment, actual) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard actual == literal else { return nil }
            case .project(let suffix):
                guard let value = PathPattern.parameter(actual, suffix: suffix) else { return nil }
                project = value
            case .tenant(let suffix):
                guard let value = PathPattern.parameter(actual, suffix: suffix) else { return nil }
                tenant = value
            case .any:
                continue
            }
        }
        return (project, tenant)
    }

    /// The decoded, non-empty segments of a path (`/a/b:c` → `["a", "b:c"]`).
    static func split(_ path: String) -> [String] {
        var segments: [String] = []
        segments.reserveCapacity(6)
        var path = path
        path.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                var encoded = false
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") {
                    encoded = encoded || bytes[end] == UInt8(ascii: "%") || bytes[end] == UInt8(ascii: "+")
                    end += 1
                }
                if end > start {
                    let segment = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    segments.append(encoded ? FormURLEncoding.percentDecode(Substring(segment)) : segment)
                }
                start = end + 1
            }
        }
        return segments
    }

    private static func parameter(_ segment: String, suffix: String) -> String? {
        guard segment.hasSuffix(suffix) else { return nil }
        let value = String(segment.dropLast(suffix.count))
        return value.isEmpty ? nil : value
    }
}
