import Foundation

/// Reads /etc/hosts for the tests.
package enum HostsFile {
    /// A name other than `localhost` that /etc/hosts maps to 127.0.0.0/8 only, if there is one.
    package static let loopbackAlias: String? = {
        guard let text = try? String(contentsOfFile: "/etc/hosts", encoding: .utf8) else { return nil }
        var addressesByName: [String: [Substring]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let address = fields.first else { continue }
            for name in fields.dropFirst() { addressesByName[name.lowercased(), default: []].append(address) }
        }
        return addressesByName.filter { name, addresses in
            !name.hasPrefix("localhost") && !name.hasSuffix(".localhost")
                && addresses.allSatisfy { $0.hasPrefix("127.") }
        }.keys.sorted().first
    }()
}
