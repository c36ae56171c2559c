import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

/// `GET /emulator/openapi.json`: the OpenAPI document made from the route table lists every route the emulator
/// matches, every operation it lists is served (not the unknown-route 404), and openapi-spec-validator (PyPI, an
/// implementation nobody here wrote) finds it valid OpenAPI 3.
@Suite("GET /emulator/openapi.json")
struct OpenAPIDocumentTests {
    /// The served document.
    private func served(_ fixture: EmulatorFixture) throws -> JSONValue {
        let (status, document) = try fixture.client.json(method: "GET", path: "/emulator/openapi.json")
        #expect(status == 200)
        return document
    }

    @Test func everyRouteOfTheTableIsInTheDocumentWithItsParametersAndBody() throws {
        let fixture = try EmulatorFixture()
        let document = try served(fixture)
        #expect(document["openapi"]?.string == "3.0.3")
        #expect(document["servers"]?.array?.first?["url"]?.string == "http://127.0.0.1:\(fixture.server.port)")
        let paths = try #require(document["paths"]?.object)
        var listed = 0
        var operations: Set<String> = []
        for route in RouteTable.all {
            for pattern in route.patterns {
                // A second route of the same method and template would never answer: its declaration would be false.
                #expect(
                    operations.insert("\(route.method) \(pattern.template)").inserted,
                    "\(route.method) \(pattern.template) is served by an earlier route of the table")
                let operation = paths[pattern.template]?[route.method.lowercased()]
                #expect(operation != nil, "\(route.method) \(pattern.template) is not in the document")
                let names = operation?["parameters"]?.array?.compactMap { $0["name"]?.string } ?? []
                #expect(names == OpenAPIDocument.pathParameters(pattern.template))
                #expect((operation?["requestBody"] != nil) == (route.schema != nil))
                let responses = operation?["responses"]
                let declared =
                    responses?["200"]?["content"] != nil || responses?["3XX"] != nil || responses?["501"] != nil
                #expect(declared, "\(route.method) \(pattern.template) declares no answer")
                listed += 1
            }
        }
        #expect(listed > 100)
        let signUp = paths["/identitytoolkit.googleapis.com/v1/accounts:signUp"]?["post"]
        #expect(
            signUp?["requestBody"]?["content"]?["application/json"]?["schema"]?["properties"]?["email"]?["type"]?
                .string == "string")
        #expect(paths["/emulator/openapi.json"]?["get"]?["security"]?.array?.isEmpty == true)
    }

    @Test func everyOperationInTheDocumentIsServed() throws {
        let fixture = try EmulatorFixture()
        let paths = try #require(try served(fixture)["paths"]?.object)
        // Values a handler reads from its path (an OpenID provider is `oidc.*`; a device code's segment names its
        // action); any other parameter is a segment no handler reads.
        let samples = [
            "project": EmulatorFixture.projectId, "tenant": "tenant-1", "provider": "oidc.example",
            "userCode": "ABCD-EFGH:deny",
        ]
        var operations = 0
        for (template, item) in paths {
            var path = template
            for name in OpenAPIDocument.pathParameters(template) {
                path = path.replacingOccurrences(of: "{\(name)}", with: samples[name] ?? "x")
            }
            for method in item.object.map({ Array($0.keys) }) ?? [] {
                let client = try fixture.newClient()
                let response = try client.send(
                    method: method.uppercased(), path: path + "?key=any",
                    headers: [("Authorization", "Bearer owner"), ("Content-Type", "application/json")],
                    body: method == "get" ? [] : Array("{}".utf8))
                let message = (try? JSONValue.parse(response.body))?["error"]?["message"]?.string
                #expect(
                    !(response.status == 404 && message == "Not Found"), "\(method) \(path) is not served")
                operations += 1
            }
        }
        #expect(operations > 100)
        // And a path the table does not have is that 404, so the check above can fail.
        let missing = try fixture.client.json(method: "GET", path: "/emulator/v1/no-such-route")
        #expect(missing.status == 404 && errorMessage(missing.json) == "Not Found")
    }

    @Test func openapiSpecValidatorFindsItValidOpenAPI3() throws {
        let fixture = try EmulatorFixture()
        let response = try fixture.client.send(method: "GET", path: "/emulator/openapi.json")
        let file = try VenvPython.temporaryFile(response.body, name: "openapi")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let check = """
            import json, sys
            from openapi_spec_validator import validate
            from openapi_spec_validator.readers import read_from_filename
            spec, _ = read_from_filename(sys.argv[1])
            validate(spec)
            print(spec["openapi"])
            """
        let (status, printed) = try VenvPython.run(check, [file])
        #expect(status == 0, "\(printed)")
        #expect(printed == "3.0.3\n")
    }
}
