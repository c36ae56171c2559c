/// HMAC (RFC 2104) over SHA-1.
package enum HMACSHA1 {
    /// The 20-byte HMAC-SHA1 of `message` under `key`.
    package static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var blockKey = key.count > SHA1.blockLength ? SHA1.hash(key) : key
        blockKey.append(contentsOf: repeatElement(0, count: SHA1.blockLength - blockKey.count))
        var inner = SHA1()
        inner.update(blockKey.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA1()
        outer.update(blockKey.map { $0 ^ 0x5C })
        outer.update(inner.finalize())
        return outer.finalize()
    }
}
