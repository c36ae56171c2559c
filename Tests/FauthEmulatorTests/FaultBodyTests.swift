import FauthJSON
import Foundation
import Testing

/// A `status` fault's body given as base64, so that tests can send any bytes (invalid UTF-8) as the answer.
@Suite struct FaultBodyTests {
    @Test func aBase64BodyIsServedByteForByte() throws {
        let fixture = try EmulatorFixture()
        let bytes: [UInt8] = [0x7B, 0x22, 0xFF, 0xFE, 0xC3, 0x28, 0x22, 0x7D]
        let added = try fixture.control(
            "POST", "faults",
            [
                "route": "accounts:lookup", "status": 200, "bodyBase64": .string(Data(bytes).base64EncodedString()),
            ])
        #expect(added.status == 200)
        let response = try fixture.client.send(
            method: "POST", path: "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=fake-key",
            headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
        #expect(response.status == 200)
        #expect(response.body == bytes)
    }

    @Test(arguments: [
        ["route": "*", "status": 200, "bodyBase64": "not base64!"] as JSONValue,
        ["route": "*", "status": 200, "bodyBase64": "e30=", "body": "{}"],
    ])
    func aBadBase64BodyIsRefused(fault: JSONValue) throws {
        let fixture = try EmulatorFixture()
        let added = try fixture.control("POST", "faults", fault)
        #expect(added.status == 400)
        #expect(added.json["error"]?["message"]?.string?.contains("bodyBase64") == true)
    }
}
