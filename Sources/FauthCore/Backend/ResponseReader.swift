import FauthJSON

/// Reads the members of a backend response object defensively: a missing required member or a member of the
/// wrong type is an `internal-error` naming the endpoint and the member, never a crash. Absent and `null` are alike.
struct ResponseReader {
    /// The object being read.
    let object: JSONObject
    /// The endpoint path, for messages (`accounts:lookup`).
    let endpoint: String

    /// Reads `json`, which must be an object.
    init(_ json: JSONValue, endpoint: String) throws(FauthError) {
        guard let object = json.object else {
            throw Self.malformed(endpoint, "the response is not a JSON object")
        }
        self.object = object
        self.endpoint = endpoint
    }

    /// A required string member.
    func string(_ key: String) throws(FauthError) -> String {
        guard let value = try optionalString(key) else {
            throw Self.malformed(endpoint, "\"\(key)\" is missing")
        }
        return value
    }

    /// A string member, nil when absent.
    func optionalString(_ key: String) throws(FauthError) -> String? {
        guard let value = member(key) else { return nil }
        guard let string = value.string else { throw wrongType(key, "a string") }
        return string
    }

    /// A boolean member, `false` when absent.
    func bool(_ key: String) throws(FauthError) -> Bool {
        guard let value = member(key) else { return false }
        guard let bool = value.bool else { throw wrongType(key, "a boolean") }
        return bool
    }

    /// A whole number sent as a decimal string (`"3600"`, ms timestamps) or as a number; nil when absent.
    func integer(_ key: String) throws(FauthError) -> Int? {
        guard let value = member(key) else { return nil }
        if let number = value.int {
            return number
        }
        guard let text = value.string, let number = Int(text) else { throw wrongType(key, "a whole number") }
        return number
    }

    /// A whole number, as `integer` reads it, that must lie in `range`; nil when absent.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(FauthError) -> Int? {
        guard let number = try integer(key) else { return nil }
        guard range.contains(number) else { throw Self.malformed(endpoint, "\"\(key)\" is out of range") }
        return number
    }

    /// A required string member that must not be empty.
    func nonEmptyString(_ key: String) throws(FauthError) -> String {
        let value = try string(key)
        guard !value.isEmpty else { throw Self.malformed(endpoint, "\"\(key)\" is empty") }
        return value
    }

    /// An array of strings, empty when absent.
    func strings(_ key: String) throws(FauthError) -> [String] {
        var strings: [String] = []
        for element in try array(key) {
            guard let string = element.string else { throw wrongType(key, "an array of strings") }
            strings.append(string)
        }
        return strings
    }

    /// An array of objects, each as a reader, empty when absent.
    func objects(_ key: String) throws(FauthError) -> [ResponseReader] {
        var readers: [ResponseReader] = []
        for element in try array(key) {
            guard element.object != nil else { throw wrongType(key, "an array of objects") }
            readers.append(try ResponseReader(element, endpoint: endpoint))
        }
        return readers
    }

    /// An object member as a reader, nil when absent.
    func object(_ key: String) throws(FauthError) -> ResponseReader? {
        guard let value = member(key) else { return nil }
        guard value.object != nil else { throw wrongType(key, "an object") }
        return try ResponseReader(value, endpoint: endpoint)
    }

    /// An array member, nil when absent (for callers that treat absence differently from `[]`).
    func optionalArray(_ key: String) throws(FauthError) -> [JSONValue]? {
        guard let value = member(key) else { return nil }
        guard let array = value.array else { throw wrongType(key, "an array") }
        return array
    }

    /// Whether the member is present and not `null`.
    func has(_ key: String) -> Bool {
        member(key) != nil
    }

    /// The error for a response that does not have the expected shape.
    static func malformed(_ endpoint: String, _ problem: String) -> FauthError {
        FauthError(.internalError, message: "Unexpected response from \(endpoint): \(problem).")
    }

    private func array(_ key: String) throws(FauthError) -> [JSONValue] {
        try optionalArray(key) ?? []
    }

    private func member(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    private func wrongType(_ key: String, _ expected: String) -> FauthError {
        Self.malformed(endpoint, "\"\(key)\" is not \(expected)")
    }
}
