import FauthCrypto
import FauthJSON

extension ImportedPasswordHash {
    /// The request's hash configuration, checked with the bounds production enforces (the Admin SDKs document the
    /// same ones): nil when the request names no `hashAlgorithm`.
    static func parse(_ request: RouteRequest) throws(APIError) -> ImportedPasswordHash? {
        guard let name = try request.string("hashAlgorithm") else { return nil }
        guard let algorithm = Algorithm(rawValue: name) else { throw APIError.badRequest("INVALID_HASH_ALGORITHM") }
        var hash = ImportedPasswordHash(algorithm: algorithm)
        hash.order = Order(rawValue: try request.string("passwordHashOrder") ?? "UNSPECIFIED_ORDER") ?? .unspecified
        let rounds = try request.int("rounds") ?? 0
        switch algorithm {
        case .hmacSHA256, .hmacSHA1, .hmacMD5, .hmacSHA512:
            hash.signerKey = try key(request, "signerKey", error: "INVALID_HASH_KEY", required: true)
        case .md5:
            try ensure((0...8192).contains(rounds), "INVALID_HASH_ROUNDS")
            hash.rounds = rounds
        case .sha1, .sha256, .sha512:
            try ensure((1...8192).contains(rounds), "INVALID_HASH_ROUNDS")
            hash.rounds = rounds
        case .pbkdfSHA1, .pbkdf2SHA256:
            try ensure((1...120_000).contains(rounds), "INVALID_HASH_ROUNDS")
            hash.rounds = rounds
        case .scrypt:
            hash.signerKey = try key(request, "signerKey", error: "INVALID_HASH_KEY", required: true)
            hash.saltSeparator = try key(
                request, "saltSeparator", error: "INVALID_HASH_SALT_SEPARATOR", required: false)
            try ensure((1...8).contains(rounds), "INVALID_HASH_ROUNDS")
            hash.rounds = rounds
            let memoryCost = try request.int("memoryCost") ?? 0
            try ensure((1...14).contains(memoryCost), "INVALID_HASH_MEMORY_COST")
            hash.memoryCost = memoryCost
        case .standardScrypt:
            let cost = try request.int("cpuMemCost") ?? 0
            try ensure(cost > 1 && cost <= 1 << 20 && cost & (cost - 1) == 0, "INVALID_HASH_MEMORY_COST")
            let blockSize = try request.int("blockSize") ?? 0
            try ensure((1...64).contains(blockSize), "INVALID_HASH_BLOCK_SIZE")
            let parallelization = try request.int("parallelization") ?? 0
            try ensure((1...16).contains(parallelization), "INVALID_HASH_PARALLELIZATION")
            try ensure(128 * cost * blockSize * parallelization <= scryptMemoryLimit, "INVALID_HASH_MEMORY_COST")
            let length = try request.int("dkLen") ?? 0
            try ensure((1...1024).contains(length), "INVALID_HASH_DERIVED_KEY_LENGTH")
            (hash.cpuMemCost, hash.blockSize, hash.parallelization) = (cost, blockSize, parallelization)
            hash.derivedKeyLength = length
        case .bcrypt:
            break
        }
        return hash
    }

    /// A base64 key member (standard or URL-safe alphabet).
    private static func key(_ request: RouteRequest, _ member: String, error: String, required: Bool)
        throws(APIError) -> [UInt8]
    {
        guard let text = try request.string(member), !text.isEmpty else {
            if required { throw APIError.badRequest(error) }
            return []
        }
        guard let bytes = Base64.decodeEitherAlphabet(text), bytes.count <= 1024 else {
            throw APIError.badRequest(error)
        }
        return bytes
    }

    /// True when `password` hashes to `hash` (the imported `passwordHash`, decoded) with `salt`.
    func matches(_ password: String, hash: [UInt8], salt: [UInt8]) -> Bool {
        guard let computed = try? compute(password, hash: hash, salt: salt) else { return false }
        return ConstantTime.equal(computed, hash)
    }

    /// What this algorithm makes of `password` and `salt`, for comparing with `hash` (bcrypt and the PBKDF2 lengths
    /// take what they need from it); nil when `hash` cannot be one of this algorithm's.
    private func compute(_ password: String, hash: [UInt8], salt: [UInt8]) throws -> [UInt8]? {
        let secret = Array(password.utf8)
        let ordered = order == .passwordAndSalt ? secret + salt : salt + secret
        switch algorithm {
        case .bcrypt:
            guard let parsed = Bcrypt(String(decoding: hash, as: UTF8.self)) else { return nil }
            return parsed.matches(password) ? hash : nil
        case .hmacSHA256: return try DigestAlgorithm.sha256.hmac(key: signerKey, data: ordered)
        case .hmacSHA1: return try DigestAlgorithm.sha1.hmac(key: signerKey, data: ordered)
        case .hmacMD5: return try DigestAlgorithm.md5.hmac(key: signerKey, data: ordered)
        case .hmacSHA512: return try DigestAlgorithm.sha512.hmac(key: signerKey, data: ordered)
        case .md5: return try repeatedDigest(.md5, ordered)
        case .sha1: return try repeatedDigest(.sha1, ordered)
        case .sha256: return try repeatedDigest(.sha256, ordered)
        case .sha512: return try repeatedDigest(.sha512, ordered)
        case .pbkdfSHA1, .pbkdf2SHA256:
            guard (1...1024).contains(hash.count) else { return nil }
            return try KeyDerivation.pbkdf2(
                password: secret, salt: salt, iterations: UInt32(rounds),
                digest: algorithm == .pbkdfSHA1 ? .sha1 : .sha256, length: hash.count)
        case .standardScrypt:
            return try KeyDerivation.scrypt(
                password: secret, salt: salt, n: UInt64(cpuMemCost), r: UInt64(blockSize),
                p: UInt64(parallelization), maxMemory: UInt64(2 * Self.scryptMemoryLimit), length: derivedKeyLength)
        case .scrypt:
            // Firebase's scrypt: a key from scrypt (N = 2^memoryCost, r = rounds, p = 1) over the salt followed by
            // the separator, which encrypts the project's signer key with AES-256-CTR from a zero counter.
            let key = try KeyDerivation.scrypt(
                password: secret, salt: salt + saltSeparator, n: 1 << UInt64(memoryCost), r: UInt64(rounds), p: 1,
                maxMemory: UInt64(2 * Self.scryptMemoryLimit), length: 32)
            return try AES256CTR.apply(key: key, iv: [UInt8](repeating: 0, count: 16), to: signerKey)
        }
    }

    /// The digest of `input`, then of that digest, `rounds` times in all (0 counts as 1: MD5 accepts it).
    private func repeatedDigest(_ digest: DigestAlgorithm, _ input: [UInt8]) throws -> [UInt8] {
        var value = try digest.hash(input)
        for _ in 1..<max(rounds, 1) { value = try digest.hash(value) }
        return value
    }
}

extension UserRecord {
    /// True when `password` is this user's password: checked against the imported hash with its algorithm, or
    /// against the emulator's own `fakeHash`.
    func hasPassword(_ password: String) -> Bool {
        guard let passwordHash else { return false }
        if let importedHash {
            guard let hash = Base64.decodeEitherAlphabet(passwordHash) else { return false }
            let salt = salt.flatMap(Base64.decodeEitherAlphabet) ?? []
            return importedHash.matches(password, hash: hash, salt: salt)
        }
        guard let salt else { return false }
        return passwordHash == UserRecord.fakeHash(salt: salt, password: password)
    }
}
