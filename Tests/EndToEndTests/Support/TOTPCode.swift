import Foundation

/// TOTP codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) for a factor's base32 secret, computed by Python's
/// hmac module: an implementation independent of both fauth and the emulator.
enum TOTPCode {
    /// The code for `secret` now.
    static func now(_ secret: String) throws -> String {
        let script = """
            import base64, hashlib, hmac, struct, sys, time
            key = base64.b32decode(sys.argv[1] + '=' * (-len(sys.argv[1]) % 8))
            digest = hmac.new(key, struct.pack('>Q', int(time.time()) // 30), hashlib.sha1).digest()
            offset = digest[-1] & 15
            print('%06d' % ((struct.unpack('>I', digest[offset:offset + 4])[0] & 0x7fffffff) % 1000000))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, secret]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
