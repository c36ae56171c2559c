import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

/// Sends real requests to a fresh emulator and holds each answer to what `/emulator/openapi.json` declares for the
/// route and status that answered: JSON bodies are kept for `validate()` (strict `jsonschema`, from PyPI: nobody here
/// wrote it), pages, redirects and 501s are checked as they come. The `exercise…Routes()` extensions (one file per
/// group of routes) drive it.
final class OpenAPIAnswerRecorder {
    /// `?key=fake-key`, the API key query of client routes.
    let key = "?key=fake-key"
    /// The Identity Toolkit v1 prefix.
    let v1 = "/identitytoolkit.googleapis.com/v1/"
    /// The emulator's control prefix for its project.
    let control = "/emulator/v1/projects/\(EmulatorFixture.projectId)/"
    /// The emulator the requests go to.
    let fixture: EmulatorFixture
    private let document: JSONValue
    private let paths: JSONObject
    /// The JSON answers to validate: `label`, `schema` and `body` each.
    private var jsonAnswers: [JSONValue] = []
    /// The routes whose declared answers were answered, as `METHOD template KEY` (`200`, `3XX`, `4XX`, `501`).
    private var exercised: Set<String> = []
    /// The JSON answers, by the answering route's `METHOD first-template KEY`.
    private var answered: [String: [JSONValue]] = [:]

    /// A fresh emulator and its document.
    init() throws {
        fixture = try EmulatorFixture()
        let (_, document) = try fixture.client.json(method: "GET", path: "/emulator/openapi.json")
        self.document = document
        paths = try #require(document["paths"]?.object)
    }

    /// Sends one request whose answer is JSON and checks it (as `exchange`); the answer parsed.
    @discardableResult
    func send(
        _ method: String, _ path: String, _ body: JSONValue? = nil, owner: Bool = false,
        headers: [(String, String)] = [], form: String? = nil
    ) throws -> JSONValue {
        try JSONValue.parse(exchange(method, path, body, owner: owner, headers: headers, form: form).body)
    }

    /// Sends one request (a JSON body when given, else a URL-encoded `form` when given; `Authorization: Bearer owner`
    /// when `owner`) and checks its answer against the document's declaration for the route and status; the answer
    /// as read.
    @discardableResult
    func exchange(
        _ method: String, _ path: String, _ body: JSONValue? = nil, owner: Bool = false,
        headers: [(String, String)] = [], form: String? = nil
    ) throws -> TestHTTPClient.Response {
        var allHeaders = headers
        if body != nil { allHeaders.append(("Content-Type", "application/json")) }
        if form != nil, body == nil { allHeaders.append(("Content-Type", "application/x-www-form-urlencoded")) }
        if owner { allHeaders.append(("Authorization", "Bearer owner")) }
        let bytes = body.map { Array($0.serialized().utf8) } ?? form.map { Array($0.utf8) } ?? []
        let response = try fixture.client.send(method: method, path: path, headers: allHeaders, body: bytes)
        let segments = PathPattern.split(String(path.prefix { $0 != "?" }))
        let route = try #require(RouteTable.route(method: method, segments: segments)?.route, "\(method) \(path)")
        let template = try #require(route.patterns.first { $0.match(segments) != nil }?.template)
        let operation = "\(method) \(template)"
        let responses = paths[template]?[method.lowercased()]?["responses"]
        let label = "\(operation) \(response.status)"
        let key: String
        switch response.status {
        case 200: key = "200"
        case 300..<400: key = "3XX"
        case 400..<500: key = "4XX"
        case 501: key = "501"
        default:
            Issue.record("\(label): an answer the test does not expect")
            return response
        }
        let declared = responses?[key]
        #expect(declared != nil, "\(label): an answer the document does not declare")
        if key == "3XX" {
            #expect(TestHTTPClient.header("Location", in: response.headers) != nil, "\(label): no Location")
        } else {
            let contentType = TestHTTPClient.header("Content-Type", in: response.headers) ?? ""
            let mediaType = String(contentType.prefix { $0 != ";" })
            let content = declared?["content"]?[mediaType]
            #expect(content != nil, "\(label): a \(mediaType) answer the document does not declare")
            if mediaType == "application/json" {
                record(label, content?["schema"], response.body)
                if let value = try? JSONValue.parse(response.body) {
                    answered["\(Self.name(route)) \(key)", default: []].append(value)
                }
            }
        }
        exercised.insert("\(operation) \(key)")
        return response
    }

    /// Keeps a JSON answer and the schema it must match.
    private func record(_ label: String, _ schema: JSONValue?, _ body: [UInt8]) {
        guard let schema else { return }
        jsonAnswers.append([
            "label": .string(label), "schema": schema, "body": .string(String(decoding: body, as: UTF8.self)),
        ])
    }

    /// Validates every JSON answer against its schema with `jsonschema`, and checks that each route's declarations
    /// were exercised: its `200`, redirect and `501`, its refusal where it is the route's own (a page, an OAuth error)
    /// rather than Firebase's error body, and every member its JSON bodies (and Firebase's error body) name.
    func validate() throws {
        let firebaseError: JSONValue = ["$ref": "#/components/schemas/Error"]
        var refusals: [String: [JSONValue]] = [:]
        for route in RouteTable.all {
            let operations = route.patterns.map { (operation: "\(route.method) \($0.template)", template: $0.template) }
            let responses = paths[operations[0].template]?[route.method.lowercased()]?["responses"]?.object ?? [:]
            for (key, declared) in responses.sorted(by: { $0.key < $1.key }) {
                let ownRefusal = key == "4XX" && declared["content"]?["application/json"]?["schema"] != firebaseError
                guard ["200", "3XX", "501"].contains(key) || ownRefusal else { continue }
                #expect(
                    operations.contains { exercised.contains("\($0.operation) \(key)") },
                    "\(operations.map(\.operation)): its declared \(key) answer was not exercised")
            }
            if let schema = route.answer.jsonBody {
                let unseen = schema.unseenMembers(in: answered["\(Self.name(route)) 200"] ?? [])
                #expect(unseen.isEmpty, "\(Self.name(route)): no answer had \(unseen.sorted())")
            }
            if let refusal = route.answer.refusal {
                refusals[refusal.componentName, default: []] += answered["\(Self.name(route)) 4XX"] ?? []
            }
        }
        // The refusal bodies, over the refusals of every route that declares them, and Firebase's error body over all.
        refusals["Error"] = answered.filter { !$0.key.hasSuffix(" 200") }.values.flatMap { $0 }
        for (name, schema) in [("Error", OpenAPIDocument.errorSchema)]
            + RefusalBody.allCases.map({ ($0.componentName, $0.schema) })
        {
            let unseen = schema.unseenMembers(in: (refusals[name] ?? []).filter(schema.hasShape))
            #expect(unseen.isEmpty, "\(name): no answer had \(unseen.sorted())")
        }
        let input: JSONValue = ["components": document["components"] ?? .null, "cases": .array(jsonAnswers)]
        let file = try VenvPython.temporaryFile(Array(input.serialized().utf8), name: "openapi-answers")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let check = """
            import json, sys
            import jsonschema
            def draft7(node):
                # OpenAPI 3.0's `nullable: true` admits null beside the schema's `type`, as JSON Schema spells it.
                if isinstance(node, list):
                    return [draft7(item) for item in node]
                if not isinstance(node, dict):
                    return node
                node = {name: draft7(value) for name, value in node.items()}
                if node.get("nullable") is True and "type" in node:
                    del node["nullable"]
                    node["type"] = [node["type"], "null"]
                return node
            data = draft7(json.load(open(sys.argv[1])))
            failures = 0
            for case in data["cases"]:
                schema = {"allOf": [case["schema"]], "components": data["components"]}
                validator = jsonschema.Draft7Validator(schema)
                for error in validator.iter_errors(json.loads(case["body"])):
                    failures += 1
                    print(case["label"], "/".join(map(str, error.absolute_path)), error.message)
            print(len(data["cases"]), "answers,", failures, "failures")
            sys.exit(1 if failures else 0)
            """
        let (status, printed) = try VenvPython.run(check, [file])
        #expect(status == 0, "\(printed)")
        #expect(printed.hasSuffix("\(jsonAnswers.count) answers, 0 failures\n"), "\(printed)")
    }

    /// A route's name: its method and first path template.
    private static func name(_ route: Route) -> String { "\(route.method) \(route.patterns[0].template)" }
}

extension RouteAnswer {
    /// The schema of the route's `200` JSON answer, if it has one.
    var jsonBody: AnswerSchema? {
        switch self {
        case .json(let schema), .jsonRefusing(let schema, _): schema
        case .redirect(let otherwise): otherwise.jsonBody
        case .html, .htmlRefusing, .notImplemented: nil
        }
    }

    /// The route's own refusal body, if it has one.
    var refusal: RefusalBody? {
        switch self {
        case .jsonRefusing(_, let refusal): refusal
        case .redirect(let otherwise): otherwise.refusal
        case .json, .html, .htmlRefusing, .notImplemented: nil
        }
    }
}
