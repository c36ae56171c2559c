import FauthJSON

/// The JSON schema of a request body, checked before any handler runs, as Firebase's emulator validates bodies against
/// the Identity Toolkit API's OpenAPI schema: the first field of the wrong type (fields in alphabetical order, depth
/// first) is `Invalid JSON payload received. /pointer must be <type>`. As its validator is patched to do, numbers sent
/// for string fields become strings and enum indexes become enum names; `null` is of no type; unknown fields pass.
indirect enum RequestSchema: Sendable {
    /// A string (int64 and timestamp fields are strings too).
    case string
    /// A boolean.
    case boolean
    /// An int32 number.
    case integer
    /// A double.
    case number
    /// A string among `values`, or its index in them.
    case enumeration([String])
    /// An array of one element schema.
    case array(RequestSchema)
    /// An object with known fields; other members are not checked.
    case object([String: RequestSchema])
    /// An object whose every member has one schema (`additionalProperties`), e.g. a map of strings.
    case map(RequestSchema)

    /// `body` checked against this schema (an `.object`), with numbers coerced to strings and enum indexes to names.
    func validate(_ body: JSONObject) throws(APIError) -> JSONObject {
        guard case .object(let fields) = self else { return body }
        return try Self.validate(body, fields: fields, pointer: "")
    }

    private static func validate(_ object: JSONObject, fields: [String: RequestSchema], pointer: String) throws(APIError) -> JSONObject {
        // The body's own members that have a schema, in the validator's (alphabetical) order: a body has a few
        // members, a schema up to dozens of fields.
        var result = object
        for name in object.keys.filter({ fields[$0] != nil }).sorted() {
            guard let value = object[name], let schema = fields[name] else { continue }
            result[name] = try schema.check(value, pointer: pointer + "/" + name)
        }
        return result
    }

    private func check(_ value: JSONValue, pointer: String) throws(APIError) -> JSONValue {
        switch (self, value) {
        case (.string, .string), (.boolean, .bool), (.number, .number):
            return value
        case (.string, .number):
            return .string(value.serialized())
        case (.integer, .number(let number)) where number.rounded() == number:
            return value
        case (.enumeration(let values), .string(let name)) where values.contains(name):
            return value
        case (.enumeration(let values), .number), (.enumeration(let values), .string):
            // Firebase's fix-up looks the value, as a string, up as an index into the allowed values.
            let text = value.string ?? value.serialized()
            guard let index = Int(text), String(index) == text, values.indices.contains(index) else {
                throw APIError.invalidArgument("Invalid JSON payload received. \(pointer) must be equal to one of the allowed values")
            }
            return .string(values[index])
        case (.array(let element), .array(let elements)):
            var checked: [JSONValue] = []
            for (index, item) in elements.enumerated() { checked.append(try element.check(item, pointer: "\(pointer)/\(index)")) }
            return .array(checked)
        case (.object(let fields), .object(let object)):
            return .object(try Self.validate(object, fields: fields, pointer: pointer))
        case (.map(let member), .object(let object)):
            var checked = object
            for name in object.keys { checked[name] = try member.check(object[name] ?? .null, pointer: pointer + "/" + name) }
            return .object(checked)
        default:
            throw APIError.wrongType(pointer, expected: typeName)
        }
    }

    /// The JSON type name Firebase's validator reports.
    private var typeName: String {
        switch self {
        case .string, .enumeration: return "string"
        case .boolean: return "boolean"
        case .integer: return "integer"
        case .number: return "number"
        case .array: return "array"
        case .object, .map: return "object"
        }
    }
}
