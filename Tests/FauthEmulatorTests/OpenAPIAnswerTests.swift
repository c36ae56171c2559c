import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

/// The answer schemas of `/emulator/openapi.json` against real answers: requests driven through the emulator, each
/// answer validated by `jsonschema` (PyPI, nobody here wrote it) against the document's schema for the route that
/// answered (its `200` schema, or Firebase's error body for a 4xx), so that an undocumented member, a missing
/// required one or a wrong type fails.
@Suite("/emulator/openapi.json answer schemas")
struct OpenAPIAnswerTests {
    /// One answer and the schema the document gives it.
    private struct Answer {
        var label: String
        var schema: JSONValue?
        var body: String
    }

    /// Sends requests through a fixture and pairs each answer with the document's schema for it.
    private final class Recorder {
        let fixture: EmulatorFixture
        let paths: JSONObject
        var answers: [Answer] = []
        /// The routes that answered 200, by method and path template.
        var answered: Set<String> = []

        init(_ fixture: EmulatorFixture, paths: JSONObject) {
            self.fixture = fixture
            self.paths = paths
        }

        /// Sends one request; its answer as JSON.
        @discardableResult
        func send(_ method: String, _ path: String, _ body: JSONValue? = nil, owner: Bool = false) throws -> JSONValue {
            var headers = [("Content-Type", "application/json")]
            if owner { headers.append(("Authorization", "Bearer owner")) }
            let response = try fixture.client.send(
                method: method, path: path, headers: headers, body: body.map { Array($0.serialized().utf8) } ?? [])
            let segments = PathPattern.split(String(path.prefix { $0 != "?" }))
            let route = try #require(RouteTable.route(method: method, segments: segments)?.route, "\(method) \(path)")
            let template = try #require(route.patterns.first { $0.match(segments) != nil }?.template)
            let responses = paths[template]?[method.lowercased()]?["responses"]
            let label = "\(method) \(template) \(response.status)"
            let schema: JSONValue?
            switch response.status {
            case 200:
                answered.insert("\(method) \(template)")
                schema = responses?["200"]?["content"]?["application/json"]?["schema"]
            case 400..<500: schema = responses?["4XX"]?["content"]?["application/json"]?["schema"]
            default: schema = nil
            }
            #expect(schema != nil, "\(label): the document describes no answer body")
            answers.append(Answer(label: label, schema: schema, body: String(decoding: response.body, as: UTF8.self)))
            return try JSONValue.parse(response.body)
        }
    }

    @Test func realAnswersOfEveryDescribedRouteMatchTheirSchemasStrictly() throws {
        let fixture = try EmulatorFixture()
        let (_, document) = try fixture.client.json(method: "GET", path: "/emulator/openapi.json")
        let recorder = Recorder(fixture, paths: try #require(document["paths"]?.object))
        let key = "?key=fake-key"
        let v1 = "/identitytoolkit.googleapis.com/v1/"
        let control = "/emulator/v1/projects/\(EmulatorFixture.projectId)/"

        try recorder.send("GET", "/")
        try recorder.send("GET", "/emulator/openapi.json")
        try recorder.send("GET", v1 + "projects" + key)
        try recorder.send("GET", v1 + "recaptchaParams" + key)
        let user = try recorder.send(
            "POST", v1 + "accounts:signUp" + key,
            ["email": "answers@example.com", "password": "secret123", "displayName": "A"])
        try recorder.send("POST", v1 + "accounts:signUp" + key, [:])
        try recorder.send("POST", v1 + "accounts:signUp", ["email": "admin-made@example.com"], owner: true)
        try recorder.send(
            "POST", v1 + "accounts:signInWithPassword" + key, ["email": "answers@example.com", "password": "secret123"])
        try recorder.send(
            "POST", "/securetoken.googleapis.com/v1/token" + key,
            ["grant_type": "refresh_token", "refresh_token": user["refreshToken"] ?? .null])
        try recorder.send(
            "POST", v1 + "accounts:sendOobCode" + key,
            ["requestType": "PASSWORD_RESET", "email": "answers@example.com"])
        try recorder.send(
            "POST", v1 + "accounts:sendOobCode",
            ["requestType": "PASSWORD_RESET", "email": "answers@example.com", "returnOobLink": true], owner: true)
        try recorder.send("GET", control + "oobCodes")
        try recorder.send("GET", control + "tenants/t-1/oobCodes")
        try recorder.send("GET", control + "verificationCodes")
        try recorder.send("POST", v1 + "accounts:delete" + key, ["idToken": user["idToken"] ?? .null])
        try recorder.send("DELETE", control + "accounts")
        // Error answers: a business 400 (no `status`), a schema 400 (`INVALID_ARGUMENT`), a missing credential.
        try recorder.send(
            "POST", v1 + "accounts:signInWithPassword" + key, ["email": "nobody@example.com", "password": "x12345"])
        try recorder.send("POST", v1 + "accounts:signUp" + key, ["email": 5])
        try recorder.send("POST", v1 + "accounts:signUp", ["email": "no-key@example.com"])

        // Every route that declares an answer schema answered 200 above, so no schema goes untested.
        for route in RouteTable.all where route.answer != nil {
            let templates = route.patterns.map { "\(route.method) \($0.template)" }
            #expect(templates.contains { recorder.answered.contains($0) }, "\(templates) was not exercised")
        }

        let cases: [JSONValue] = recorder.answers.compactMap { answer in
            answer.schema.map { ["label": .string(answer.label), "schema": $0, "body": .string(answer.body)] }
        }
        let input: JSONValue = ["components": document["components"] ?? .null, "cases": .array(cases)]
        let file = try VenvPython.temporaryFile(Array(input.serialized().utf8), name: "openapi-answers")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let check = """
            import json, sys
            import jsonschema
            data = json.load(open(sys.argv[1]))
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
        #expect(printed.hasSuffix("\(cases.count) answers, 0 failures\n"), "\(printed)")
        #expect(cases.count == 19)
    }
}
