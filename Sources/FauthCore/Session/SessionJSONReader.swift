import FauthJSON

/// Strict, typed access to the members of one object of a session document, naming the member on failure.
struct SessionJSONReader {
    /// The object read.
    let object: JSONObject
    /// The dotted path of the object in the document (empty at the top).
    let path: String

    /// A reader for `value`, which must be an object.
    init(_ value: JSONValue, path: String) throws(SessionFormatError) {
        guard let object = value.object else {
            throw SessionFormatError(member: path, problem: path.isEmpty ? "is not a JSON object" : "must be an object")
        }
        self.object = object
        self.path = path
    }

    /// The dotted path of a member.
    func memberPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A member that must be present.
    func required(_ key: String) throws(SessionFormatError) -> JSONValue {
        guard let value = object[key] else {
            throw SessionFormatError(member: memberPath(key), problem: "is missing")
        }
        return value
    }

    /// A member that must be present and a string; `allowingEmpty: false` also refuses "".
    func string(_ key: String, allowingEmpty: Bool = true) throws(SessionFormatError) -> String {
        guard let text = try required(key).string else {
            throw SessionFormatError(member: memberPath(key), problem: "must be a string")
        }
        if !allowingEmpty && text.isEmpty {
            throw SessionFormatError(member: memberPath(key), problem: "is empty")
        }
        return text
    }

    /// A member that is a string, null or absent.
    func optionalString(_ key: String) throws(SessionFormatError) -> String? {
        guard let value = object[key], !value.isNull else {
            return nil
        }
        guard let text = value.string else {
            throw SessionFormatError(member: memberPath(key), problem: "must be a string or null")
        }
        return text
    }

    /// A member that must be present and a boolean.
    func bool(_ key: String) throws(SessionFormatError) -> Bool {
        guard let flag = try required(key).bool else {
            throw SessionFormatError(member: memberPath(key), problem: "must be true or false")
        }
        return flag
    }

    /// A member that must be present and an integer.
    func int(_ key: String) throws(SessionFormatError) -> Int {
        guard let number = try required(key).int else {
            throw SessionFormatError(member: memberPath(key), problem: "must be an integer")
        }
        return number
    }

    /// A member that must be present and an ISO-8601 UTC timestamp.
    func date(_ key: String) throws(SessionFormatError) -> UnixTime {
        guard let date = ISO8601.parse(try string(key)) else {
            throw SessionFormatError(member: memberPath(key), problem: "must be a timestamp like 2026-01-31T12:00:00Z")
        }
        return date
    }

    /// A member that is an ISO-8601 UTC timestamp, null or absent.
    func optionalDate(_ key: String) throws(SessionFormatError) -> UnixTime? {
        guard let text = try optionalString(key) else {
            return nil
        }
        guard let date = ISO8601.parse(text) else {
            throw SessionFormatError(member: memberPath(key), problem: "must be a timestamp like 2026-01-31T12:00:00Z")
        }
        return date
    }

    /// A member that must be present and an object.
    func reader(_ key: String) throws(SessionFormatError) -> SessionJSONReader {
        try SessionJSONReader(try required(key), path: memberPath(key))
    }

    /// A member that must be present and an array of objects.
    func readers(_ key: String) throws(SessionFormatError) -> [SessionJSONReader] {
        guard let elements = try required(key).array else {
            throw SessionFormatError(member: memberPath(key), problem: "must be an array")
        }
        var readers: [SessionJSONReader] = []
        for (index, element) in elements.enumerated() {
            readers.append(try SessionJSONReader(element, path: "\(memberPath(key))[\(index)]"))
        }
        return readers
    }
}

extension JSONValue {
    /// A string, or null for nil.
    package init(optional text: String?) {
        self = text.map { .string($0) } ?? .null
    }

    /// An ISO-8601 UTC timestamp, or null for nil.
    package init(optional date: UnixTime?) {
        self = date.map { .string(ISO8601.format($0)) } ?? .null
    }
}
