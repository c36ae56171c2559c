import FauthCrypto
import Foundation
import Testing

/// RSA keys through libcrypto, checked against the openssl command-line tool as an independent implementation.
struct RSAKeyTests {
    /// One key for the tests that need one (generating 2048-bit keys is slow).
    static let key: RSAKey = try! RSAKey.generate(bits: 2048)

    /// Runs `openssl` with the arguments in `directory`; its exit status and standard output.
    func openssl(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// A fresh directory for files handed to openssl.
    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "fauth-crypto-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A signature fauth makes verifies with `openssl dgst -sha256 -verify`; a changed byte of data does not.
    @Test func signatureVerifiesWithOpenSSL() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = Array("header.payload".utf8)
        let signature = try Self.key.signRS256(data)
        #expect(signature.count == 256)
        try Data(data).write(to: URL(fileURLWithPath: directory + "/data"))
        try Data(Array("header.payloaD".utf8)).write(to: URL(fileURLWithPath: directory + "/other"))
        try Data(signature).write(to: URL(fileURLWithPath: directory + "/signature"))
        try Self.key.publicKeyPEM().write(toFile: directory + "/public.pem", atomically: true, encoding: .utf8)
        let good = try openssl(
            ["dgst", "-sha256", "-verify", "public.pem", "-signature", "signature", "data"], in: directory)
        #expect(good.status == 0 && good.output.contains("Verified OK"))
        let bad = try openssl(
            ["dgst", "-sha256", "-verify", "public.pem", "-signature", "signature", "other"], in: directory)
        #expect(bad.status != 0)
    }

    /// A signature openssl makes with a key it generated verifies with fauth (from the PEM private key's public
    /// half, its DER, and its certificate), and fails once a byte of it changes.
    @Test func opensslSignatureVerifiesWithFauth() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("message".utf8).write(to: URL(fileURLWithPath: directory + "/data"))
        #expect(try openssl(["genpkey", "-algorithm", "RSA", "-out", "key.pem"], in: directory).status == 0)
        #expect(
            try openssl(["dgst", "-sha256", "-sign", "key.pem", "-out", "signature", "data"], in: directory).status
                == 0)
        let privateKey = try RSAKey.privateKey(pem: String(contentsOfFile: directory + "/key.pem", encoding: .utf8))
        var signature = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/signature")))
        let data = Array("message".utf8)
        #expect(privateKey.verifyRS256(data, signature: signature))
        #expect(try RSAKey.publicKey(der: privateKey.publicKeyDER()).verifyRS256(data, signature: signature))
        #expect(try privateKey.signRS256(data) == signature)  // PKCS#1 v1.5 is deterministic
        signature[17] ^= 1
        #expect(!privateKey.verifyRS256(data, signature: signature))
        #expect(!privateKey.verifyRS256(data, signature: Array(signature.prefix(255))))
    }

    /// PEM and DER round trips keep the key; the certificate carries the public key and its name, as openssl reads
    /// it; a JWK's modulus and exponent make a key that verifies.
    @Test func encodingsRoundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = Array("round trip".utf8)
        let signature = try Self.key.signRS256(data)
        let pem = try Self.key.privateKeyPEM()
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(try RSAKey.privateKey(pem: pem).signRS256(data) == signature)
        #expect(try RSAKey.privateKey(der: Self.key.privateKeyDER()).signRS256(data) == signature)
        let publicPEM = try Self.key.publicKeyPEM()
        #expect(publicPEM.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
        #expect(try RSAKey.publicKey(pem: publicPEM).verifyRS256(data, signature: signature))
        #expect(try RSAKey.publicKey(pem: publicPEM).publicKeyDER() == Self.key.publicKeyDER())
        let (modulus, exponent) = try Self.key.components()
        #expect(modulus.count == 256 && exponent == [1, 0, 1] && Self.key.bits == 2048)
        #expect(try RSAKey.publicKey(modulus: modulus, exponent: exponent).verifyRS256(data, signature: signature))
        let certificate = try Self.key.selfSignedCertificatePEM(
            commonName: "securetoken.system.gserviceaccount.com", notBefore: 1_700_000_000, validSeconds: 86_400)
        #expect(certificate.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        #expect(try RSAKey.publicKey(certificatePEM: certificate).verifyRS256(data, signature: signature))
        try certificate.write(toFile: directory + "/cert.pem", atomically: true, encoding: .utf8)
        let read = try openssl(
            ["x509", "-in", "cert.pem", "-noout", "-subject", "-issuer", "-startdate", "-enddate"], in: directory)
        #expect(read.status == 0)
        #expect(read.output.contains("subject=CN = securetoken.system.gserviceaccount.com"))
        #expect(read.output.contains("issuer=CN = securetoken.system.gserviceaccount.com"))
        #expect(read.output.contains("notBefore=Nov 14 22:13:20 2023 GMT"))
        #expect(read.output.contains("notAfter=Nov 15 22:13:20 2023 GMT"))
        let verified = try openssl(["verify", "-CAfile", "cert.pem", "-no_check_time", "cert.pem"], in: directory)
        #expect(verified.status == 0, "\(verified.output)")
    }

    /// Input that is no key is refused with a reason, never a crash; encrypted PEM is refused, not prompted for.
    @Test func garbageIsRefused() throws {
        #expect(throws: CryptoError.self) { try RSAKey.privateKey(pem: "not a key") }
        #expect(throws: CryptoError.self) { try RSAKey.publicKey(pem: "") }
        #expect(throws: CryptoError.self) { try RSAKey.publicKey(der: [0x30, 0x03, 0x02, 0x01]) }
        #expect(throws: CryptoError.self) { try RSAKey.publicKey(certificatePEM: "-----BEGIN CERTIFICATE-----\n") }
        #expect(throws: CryptoError.self) { try RSAKey.publicKey(modulus: [], exponent: [1, 0, 1]) }
        let encrypted = try Self.key.privateKeyPEM().replacingOccurrences(
            of: "BEGIN PRIVATE KEY", with: "BEGIN ENCRYPTED PRIVATE KEY")
        #expect(throws: CryptoError.self) { try RSAKey.privateKey(pem: encrypted) }
        do {
            _ = try RSAKey.privateKey(pem: "not a key")
        } catch {
            #expect(error.message.contains("not a PEM private key"))
        }
    }
}
