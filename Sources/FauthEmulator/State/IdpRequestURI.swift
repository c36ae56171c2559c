import FauthHTTPCodec

/// The `requestUri` of `accounts:signInWithIdp` with the IdP's answer merged in: the URI's query, then the
/// `postBody` pairs, then the URI's `#fragment` pairs, each later source replacing earlier values of the same name.
struct IdpRequestURI: Sendable, CustomStringConvertible {
    /// `scheme:` plus everything up to the query or fragment; for http(s) the scheme and host lower-cased and an
    /// empty path written as `/`, as a WHATWG URL serializes it.
    let base: String
    /// The merged parameters in first-seen order; within one source the first value of a name wins.
    private(set) var parameters: [(name: String, value: String)] = []

    /// Parses an absolute URI (`scheme:…`) and merges `postBody`; nil when the URI is not absolute.
    init?(absolute text: String, postBody: String?) {
        guard let colon = text.firstIndex(of: ":"), isURIScheme(text[..<colon]) else { return nil }
        var rest = Substring(text)
        var fragment = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query = ""
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        base = Self.normalizedBase(rest)
        merge(FormURLEncoding.decode(query))
        merge(FormURLEncoding.decode(postBody ?? ""))
        merge(FormURLEncoding.decode(fragment))
    }

    /// The value of the parameter `name`, if present.
    func value(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The normalized URI: the base and the merged parameters as a form-encoded query, with no fragment.
    var description: String {
        guard !parameters.isEmpty else { return base }
        return base + "?" + FormURLEncoding.encode(parameters)
    }

    private static func normalizedBase(_ text: Substring) -> String {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return String(text) }
        let schemeEnd = text.index(text.firstIndex(of: ":")!, offsetBy: 3)
        let authorityAndPath = text[schemeEnd...]
        guard let slash = authorityAndPath.firstIndex(of: "/") else { return lowered + "/" }
        return String(text[..<slash]).lowercased() + text[slash...]
    }

    private mutating func merge(_ pairs: [(name: String, value: String)]) {
        var seen: Set<String> = []
        for pair in pairs where seen.insert(pair.name).inserted {
            if let index = parameters.firstIndex(where: { $0.name == pair.name }) {
                parameters[index].value = pair.value
            } else {
                parameters.append(pair)
            }
        }
    }
}
