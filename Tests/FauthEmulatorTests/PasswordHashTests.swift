import FauthJSON
import Foundation
import Testing

@testable import FauthEmulator

/// Imported password hashes: bcrypt (written here, as libcrypto has none) against published vectors, and the hash
/// configurations `accounts:batchCreate` accepts and refuses, with production's bounds and error codes.
@Suite struct PasswordHashTests {
    @Test func blowfishStartsFromTheDigitsOfPi() {
        #expect(PiHexDigits.fractionWords(4) == [0x243F_6A88, 0x85A3_08D3, 0x1319_8A2E, 0x0370_7344])
    }

    @Test(arguments: [
        ("U*U", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"),
        ("", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.7uG0VCzI2bS7j6ymqJi9CdcdxiRTWNy"),
    ])
    func bcryptMatchesThePublishedVectors(password: String, hash: String) throws {
        let parsed = try #require(Bcrypt(hash))
        #expect(parsed.cost == 5 && parsed.matches(password))
        #expect(!parsed.matches(password + "x"))
    }

    @Test(arguments: [
        "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOe",  // one character short
        "$2a$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",  // a cost that would hold the emulator
        "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOe!",  // outside bcrypt's alphabet
        "$1a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",  // not bcrypt
    ])
    func malformedBcryptHashesAreRefused(hash: String) {
        #expect(Bcrypt(hash) == nil)
    }

    /// `accounts:batchCreate` of one user with `hash` as `passwordHash`, plus `config`.
    private func upload(_ fixture: EmulatorFixture, hash: String = "aGFzaA", _ config: JSONObject) throws -> (
        status: Int, json: JSONValue
    ) {
        var body = config
        body["users"] = [["localId": "u1", "email": "u1@example.com", "passwordHash": .string(hash), "salt": "c2FsdA"]]
        return try fixture.adminProject("accounts:batchCreate", .object(body))
    }

    @Test(
        arguments: [
            (["hashAlgorithm": "ARGON2"], "INVALID_HASH_ALGORITHM"),
            ([:], "MISSING_HASH_ALGORITHM"),
            (["hashAlgorithm": "HMAC_SHA256"], "INVALID_HASH_KEY"),
            (["hashAlgorithm": "HMAC_MD5", "signerKey": "not base64!"], "INVALID_HASH_KEY"),
            (["hashAlgorithm": "SHA1", "rounds": 0], "INVALID_HASH_ROUNDS"),
            (["hashAlgorithm": "SHA256", "rounds": 8193], "INVALID_HASH_ROUNDS"),
            (["hashAlgorithm": "MD5", "rounds": 8193], "INVALID_HASH_ROUNDS"),
            (["hashAlgorithm": "PBKDF2_SHA256", "rounds": 120_001], "INVALID_HASH_ROUNDS"),
            (["hashAlgorithm": "SCRYPT", "rounds": 8, "memoryCost": 14], "INVALID_HASH_KEY"),
            (["hashAlgorithm": "SCRYPT", "signerKey": "a2V5", "rounds": 9, "memoryCost": 14], "INVALID_HASH_ROUNDS"),
            (
                ["hashAlgorithm": "SCRYPT", "signerKey": "a2V5", "rounds": 8, "memoryCost": 15],
                "INVALID_HASH_MEMORY_COST"
            ),
            (
                [
                    "hashAlgorithm": "STANDARD_SCRYPT", "cpuMemCost": 1000, "blockSize": 8, "parallelization": 1,
                    "dkLen": 32,
                ],
                "INVALID_HASH_MEMORY_COST"
            ),
            (
                [
                    "hashAlgorithm": "STANDARD_SCRYPT", "cpuMemCost": 1024, "blockSize": 0, "parallelization": 1,
                    "dkLen": 32,
                ],
                "INVALID_HASH_BLOCK_SIZE"
            ),
            (
                [
                    "hashAlgorithm": "STANDARD_SCRYPT", "cpuMemCost": 1024, "blockSize": 8, "parallelization": 1,
                    "dkLen": 0,
                ],
                "INVALID_HASH_DERIVED_KEY_LENGTH"
            ),
        ] as [(JSONObject, String)])
    func aHashConfigurationOutsideProductionsBoundsIsRefused(config: JSONObject, error: String) throws {
        let fixture = try EmulatorFixture()
        let answer = try upload(fixture, config)
        #expect(answer.status == 400 && errorMessage(answer.json) == error, "\(answer.json)")
        let users = try fixture.adminProject("accounts:batchGet", method: "GET").json["users"]?.array
        #expect(users?.isEmpty ?? true, "nothing imported")
    }

    @Test func theBoundsThemselvesAreAccepted() throws {
        let fixture = try EmulatorFixture()
        let accepted: [JSONObject] = [
            ["hashAlgorithm": "MD5", "rounds": 0], ["hashAlgorithm": "SHA512", "rounds": 8192],
            ["hashAlgorithm": "PBKDF_SHA1", "rounds": 1], ["hashAlgorithm": "HMAC_SHA1", "signerKey": "a2V5"],
            ["hashAlgorithm": "SCRYPT", "signerKey": "a2V5", "rounds": 1, "memoryCost": 1],
        ]
        for config in accepted {
            var body = config
            body["allowOverwrite"] = true
            let answer = try upload(fixture, body)
            #expect(answer.status == 200 && answer.json["error"] == [], "\(config): \(answer.json)")
        }
        let own = try upload(fixture, hash: "fakeHash:salt=s:password=p", ["allowOverwrite": true])
        #expect(own.status == 200, "the emulator's own hash needs no algorithm: \(own.json)")
    }

    @Test func aBcryptImportWhoseHashIsNotBcryptIsRefusedForThatUser() throws {
        let fixture = try EmulatorFixture()
        let answer = try upload(fixture, hash: "bm90IGJjcnlwdA", ["hashAlgorithm": "BCRYPT"])
        #expect(answer.json["error"] == [["index": 0, "message": "password hash is invalid"]], "\(answer.json)")
    }
}
