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
        return try Self.validate(body, fields: fields, pointer: { "" }) ?? body
    }

    /// `value` (checked by `validate`) with only the members this schema declares, at every depth: what a resource
    /// keeps of a body, so that an unknown member passes a request but is never stored or answered.
    func keepingDeclaredMembers(_ value: JSONValue) -> JSONValue {
        switch (self, value) {
        case (.object(let fields), .object(let object)):
            var kept = JSONObject()
            for (name, member) in object {
                if let field = fields[name] { kept[name] = field.keepingDeclaredMembers(member) }
            }
            return .object(kept)
        case (.map(let schema), .object(let object)):
            var kept = JSONObject()
            for (name, member) in object { kept[name] = schema.keepingDeclaredMembers(member) }
            return .object(kept)
        case (.array(let element), .array(let items)): return .array(items.map(element.keepingDeclaredMembers))
        default: return value
        }
    }

    /// The pointer of the first member of `value` (in alphabetical order, depth first) this schema does not declare,
    /// or nil: what an imported file is refused for, where a request's unknown member is only dropped.
    func undeclaredMember(in value: JSONValue, pointer: String = "") -> String? {
        switch (self, value) {
        case (.object(let fields), .object(let object)):
            for name in object.keys.sorted() {
                guard let field = fields[name] else { return pointer + "/" + name }
                if let found = field.undeclaredMember(in: object[name] ?? .null, pointer: pointer + "/" + name) {
                    return found
                }
            }
            return nil
        case (.map(let schema), .object(let object)):
            return object.keys.sorted().lazy.compactMap {
                schema.undeclaredMember(in: object[$0] ?? .null, pointer: pointer + "/" + $0)
            }.first
        case (.array(let element), .array(let items)):
            return items.indices.lazy.compactMap {
                element.undeclaredMember(in: items[$0], pointer: pointer + "/\($0)")
            }
            .first
        default: return nil
        }
    }

    /// The object with its coerced members, or nil when no member changes. The members are checked in the body's
    /// order and, only when one fails, again in the validator's (alphabetical) order, so that the error is the one
    /// it names (checks have no side effects). A pointer is spelled out only for an error.
    private static func validate(_ object: JSONObject, fields: [String: RequestSchema], pointer: () -> String)
        throws(APIError) -> JSONObject?
    {
        do {
            return try checkMembers(object, fields: fields, alphabetically: false, pointer: pointer)
        } catch {
            _ = try checkMembers(object, fields: fields, alphabetically: true, pointer: pointer)
            throw error
        }
    }

    private static func checkMembers(
        _ object: JSONObject, fields: [String: RequestSchema], alphabetically: Bool,
        pointer: () -> String
    ) throws(APIError) -> JSONObject? {
        var result: JSONObject?
        func check(_ name: String, _ value: JSONValue) throws(APIError) {
            guard let schema = fields[name],
                let changed = try schema.check(value, pointer: { pointer() + "/" + name })
            else { return }
            if result == nil { result = object }
            result?[name] = changed
        }
        if alphabetically {
            for name in object.keys.filter({ fields[$0] != nil }).sorted() { try check(name, object[name] ?? .null) }
        } else {
            for (name, value) in object { try check(name, value) }
        }
        return result
    }

    /// `value` coerced to this schema, or nil when it already conforms unchanged.
    private func check(_ value: JSONValue, pointer: () -> String) throws(APIError) -> JSONValue? {
        switch (self, value) {
        case (.string, .string), (.boolean, .bool), (.number, .number):
            return nil
        case (.string, .number):
            return .string(value.serialized())
        case (.integer, .number(let number)) where number.rounded() == number:
            return nil
        case (.enumeration(let values), .string(let name)) where values.contains(name):
            return nil
        case (.enumeration(let values), .number), (.enumeration(let values), .string):
            // Firebase's fix-up looks the value, as a string, up as an index into the allowed values.
            let text = value.string ?? value.serialized()
            guard let index = Int(text), String(index) == text, values.indices.contains(index) else {
                throw APIError.invalidArgument(
                    "Invalid JSON payload received. \(pointer()) must be equal to one of the allowed values")
            }
            return .string(values[index])
        case (.array(let element), .array(let elements)):
            var checked: [JSONValue]?
            for (index, item) in elements.enumerated() {
                guard let changed = try element.check(item, pointer: { "\(pointer())/\(index)" }) else { continue }
                if checked == nil { checked = elements }
                checked?[index] = changed
            }
            return checked.map(JSONValue.array)
        case (.object(let fields), .object(let object)):
            return try Self.validate(object, fields: fields, pointer: pointer).map(JSONValue.object)
        case (.map(let member), .object(let object)):
            var checked: JSONObject?
            for (name, item) in object {
                guard let changed = try member.check(item, pointer: { pointer() + "/" + name }) else { continue }
                if checked == nil { checked = object }
                checked?[name] = changed
            }
            return checked.map(JSONValue.object)
        default:
            throw APIError.wrongType(pointer(), expected: typeName)
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
