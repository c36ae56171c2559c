import FauthJSON

/// The hash algorithm and parameters a password was imported with (`accounts:batchCreate`'s `hashAlgorithm`,
/// `signerKey`, `saltSeparator`, `rounds`, `memoryCost`, `cpuMemCost`, `blockSize`, `parallelization`, `dkLen`,
/// `passwordHashOrder`), kept with the account so that `signInWithPassword` checks a password against the hash.
struct ImportedPasswordHash: Sendable, Equatable {
    /// The algorithms Firebase imports, by their API names.
    enum Algorithm: String, Sendable, CaseIterable {
        case scrypt = "SCRYPT"
        case standardScrypt = "STANDARD_SCRYPT"
        case bcrypt = "BCRYPT"
        case hmacSHA256 = "HMAC_SHA256"
        case hmacSHA1 = "HMAC_SHA1"
        case hmacMD5 = "HMAC_MD5"
        case hmacSHA512 = "HMAC_SHA512"
        case sha256 = "SHA256"
        case sha1 = "SHA1"
        case md5 = "MD5"
        case sha512 = "SHA512"
        case pbkdfSHA1 = "PBKDF_SHA1"
        case pbkdf2SHA256 = "PBKDF2_SHA256"
    }

    /// Which comes first in a digest's or HMAC's input (`passwordHashOrder`).
    enum Order: String, Sendable {
        case unspecified = "UNSPECIFIED_ORDER"
        case saltAndPassword = "SALT_AND_PASSWORD"
        case passwordAndSalt = "PASSWORD_AND_SALT"
    }

    var algorithm: Algorithm
    var signerKey: [UInt8] = []
    var saltSeparator: [UInt8] = []
    var rounds = 0
    var memoryCost = 0
    var cpuMemCost = 0
    var blockSize = 0
    var parallelization = 0
    var derivedKeyLength = 0
    var order = Order.unspecified

    /// The most memory one scrypt check may take (128·N·r·p bytes).
    static let scryptMemoryLimit = 64 << 20

    /// The configuration as an export keeps it (the request's member names; keys in standard base64).
    var json: JSONObject {
        var object: JSONObject = ["hashAlgorithm": .string(algorithm.rawValue)]
        if !signerKey.isEmpty { object["signerKey"] = .string(Base64.encode(signerKey)) }
        if !saltSeparator.isEmpty { object["saltSeparator"] = .string(Base64.encode(saltSeparator)) }
        let numbers: [(String, Int)] = [
            ("rounds", rounds), ("memoryCost", memoryCost), ("cpuMemCost", cpuMemCost), ("blockSize", blockSize),
            ("parallelization", parallelization), ("dkLen", derivedKeyLength),
        ]
        for (name, value) in numbers where value != 0 { object[name] = .number(Double(value)) }
        if order != .unspecified { object["passwordHashOrder"] = .string(order.rawValue) }
        return object
    }

    /// Reads what `json` wrote (an export being imported); nil when it is not such an object.
    init?(json: JSONObject) {
        guard let algorithm = json["hashAlgorithm"]?.string.flatMap(Algorithm.init(rawValue:)) else { return nil }
        self.init(algorithm: algorithm)
        signerKey = json["signerKey"]?.string.flatMap(Base64.decodeEitherAlphabet) ?? []
        saltSeparator = json["saltSeparator"]?.string.flatMap(Base64.decodeEitherAlphabet) ?? []
        rounds = json["rounds"]?.int ?? 0
        memoryCost = json["memoryCost"]?.int ?? 0
        cpuMemCost = json["cpuMemCost"]?.int ?? 0
        blockSize = json["blockSize"]?.int ?? 0
        parallelization = json["parallelization"]?.int ?? 0
        derivedKeyLength = json["dkLen"]?.int ?? 0
        order = json["passwordHashOrder"]?.string.flatMap(Order.init(rawValue:)) ?? .unspecified
    }

    /// A configuration of `algorithm` with no parameters yet.
    init(algorithm: Algorithm) {
        self.algorithm = algorithm
    }
}
