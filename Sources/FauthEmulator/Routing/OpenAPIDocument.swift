import FauthBuild
import FauthJSON

/// The OpenAPI 3 document of the routes this emulator serves (`GET /emulator/openapi.json`), made from the route
/// table itself, so it lists exactly what `RouteTable.all` matches: each path template and method, who may call it,
/// its path parameters, the request body schema checked before its handler runs, and what it answers (`RouteAnswer`).
enum OpenAPIDocument {
    /// The document for `routes`, with `http://<authority>` as its server.
    static func make(routes: [Route], authority: String) -> JSONObject {
        var paths: JSONObject = [:]
        for route in routes {
            for pattern in route.patterns {
                var item = paths[pattern.template]?.object ?? [:]
                let method = route.method.lowercased()
                // The first route of a method and template is the one that answers (the table's match order).
                guard item[method] == nil else { continue }
                item[method] = .object(operation(route, template: pattern.template))
                paths[pattern.template] = .object(item)
            }
        }
        return [
            "openapi": "3.0.3",
            "info": [
                "title": "fauth-emulator",
                "version": .string(FauthVersion.current),
                "description": .string(
                    "The routes of fauth-emulator, a local Firebase Authentication emulator, generated from its route "
                        + "table. Google's own paths without the host prefix (`/v1/accounts:signUp` with `Host: "
                        + "identitytoolkit.googleapis.com`) and the legacy `/identitytoolkit/v3/relyingparty/` ones "
                        + "are served too."),
            ],
            "servers": [["url": .string("http://\(authority)")]],
            "paths": .object(paths),
            "components": [
                "securitySchemes": [
                    "apiKeyQuery": ["type": "apiKey", "in": "query", "name": "key"],
                    "apiKeyHeader": ["type": "apiKey", "in": "header", "name": "x-goog-api-key"],
                    "owner": [
                        "type": "http", "scheme": "bearer",
                        "description": "`Authorization: Bearer owner`, the emulator's admin credential",
                    ],
                ],
                "schemas": .object(
                    RefusalBody.allCases.reduce(into: ["Error": errorSchema.openAPI]) { schemas, refusal in
                        schemas[refusal.componentName] = refusal.schema.openAPI
                    }),
            ],
        ]
    }

    /// The operation object of `route` at `template`.
    private static func operation(_ route: Route, template: String) -> JSONObject {
        var operation: JSONObject = [
            "operationId": .string(route.method.lowercased() + " " + template),
            "responses": .object(responses(route.answer)),
        ]
        switch route.access {
        case .open: operation["security"] = []
        case .apiKey: operation["security"] = [["apiKeyQuery": []], ["apiKeyHeader": []], ["owner": []]]
        case .privileged: operation["security"] = [["owner": []]]
        }
        let parameters = pathParameters(template)
        if !parameters.isEmpty {
            operation["parameters"] = .array(
                parameters.map { name in
                    ["name": .string(name), "in": "path", "required": true, "schema": ["type": "string"]]
                })
        }
        if let schema = route.schema {
            var content: JSONObject = ["application/json": ["schema": jsonSchema(schema)]]
            if route.acceptsForm { content["application/x-www-form-urlencoded"] = ["schema": jsonSchema(schema)] }
            operation["requestBody"] = ["content": .object(content)]
        }
        return operation
    }

    /// Firebase's error body: `{"error": {"code", "message", "errors": [{…}], "status"}}`, `status` absent on a
    /// plain business 400 (`APIError.body`).
    static let errorSchema = AnswerSchema.object(required: [
        "error": .object(
            required: [
                "code": .integer, "message": .string,
                "errors": .array(
                    .object(
                        required: ["message": .string, "reason": .string],
                        optional: ["domain": .string, "location": .string, "locationType": .string])),
            ],
            optional: ["status": .string])
    ])

    /// The `content` of an error answer: the `Error` component.
    private static let errorContent: JSONValue = [
        "application/json": ["schema": ["$ref": "#/components/schemas/Error"]]
    ]

    /// The response objects of a route that answers `answer`: its success, and its refusals and errors.
    private static func responses(_ answer: RouteAnswer) -> JSONObject {
        var responses: JSONObject = [
            "4XX": ["description": "a refused request", "content": errorContent],
            "default": ["description": "an error", "content": errorContent],
        ]
        switch answer {
        case .json(let schema):
            responses["200"] = [
                "description": "the route's answer", "content": ["application/json": ["schema": schema.openAPI]],
            ]
        case .jsonRefusing(let schema, let refusal):
            responses = self.responses(.json(schema))
            responses["4XX"] = [
                "description": .string(
                    "a refused request: \(refusal.componentName) where the route refuses it, Firebase's Error where "
                        + "the emulator refuses it before the route runs"),
                "content": [
                    "application/json": [
                        "schema": [
                            "oneOf": [
                                ["$ref": .string("#/components/schemas/" + refusal.componentName)],
                                ["$ref": "#/components/schemas/Error"],
                            ]
                        ]
                    ]
                ],
            ]
        case .html:
            responses["200"] = ["description": "an HTML page", "content": htmlContent]
        case .htmlRefusing:
            responses["200"] = ["description": "an HTML page", "content": htmlContent]
            responses["4XX"] = ["description": "a page saying what is wrong with the request", "content": htmlContent]
        case .redirect(let otherwise):
            responses = self.responses(otherwise)
            responses["3XX"] = [
                "description": "a redirect to the page or app named by `Location`",
                "headers": ["Location": ["required": true, "schema": ["type": "string"]]],
            ]
        case .notImplemented:
            responses["501"] = ["description": "not implemented, as in Firebase's emulator", "content": errorContent]
        }
        return responses
    }

    /// The `content` of a page.
    private static let htmlContent: JSONValue = ["text/html": ["schema": ["type": "string"]]]

    /// The names of the `{name}` expressions of a path template, in order.
    static func pathParameters(_ template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// A request schema as an OpenAPI 3.0 schema object.
    private static func jsonSchema(_ schema: RequestSchema) -> JSONValue {
        switch schema {
        case .string: return ["type": "string"]
        case .boolean: return ["type": "boolean"]
        case .integer: return ["type": "integer", "format": "int32"]
        case .number: return ["type": "number"]
        case .enumeration(let values): return ["type": "string", "enum": .array(values.map(JSONValue.string))]
        case .array(let element): return ["type": "array", "items": jsonSchema(element)]
        case .object(let fields):
            var properties: JSONObject = [:]
            for (name, field) in fields { properties[name] = jsonSchema(field) }
            return ["type": "object", "properties": .object(properties)]
        case .map(let member): return ["type": "object", "additionalProperties": jsonSchema(member)]
        }
    }
}
