import Foundation

extension ProjectState {
    /// Creates, stores and returns an OOB code with its action link
    /// `http://<host>/emulator/action?mode=…&lang=en&oobCode=…&apiKey=fake-api-key[&continueUrl=…][&tenantId=…]`.
    @discardableResult
    func issueOobCode(requestType: String, email: String, newEmail: String? = nil, host: String,
                      continueUrl: String? = nil) -> OobCode {
        let code = RandomID.alphanumeric(count: 54)
        var link = "http://\(host)/emulator/action?mode=\(OobCode.mode(for: requestType))&lang=en&oobCode=\(code)&apiKey=fake-api-key"
        if let continueUrl { link += "&continueUrl=" + QueryEncoding.encode(continueUrl) }
        if let tenantId { link += "&tenantId=" + QueryEncoding.encode(tenantId) }
        let oob = OobCode(code: code, requestType: requestType, email: email, newEmail: newEmail, oobLink: link)
        oobCodes.append(oob)
        return oob
    }

    /// The unconsumed OOB code `code`, if any.
    func oobCode(_ code: String) -> OobCode? { oobCodes.first { $0.code == code } }
}

/// Query values encoded as JavaScript's `URLSearchParams` writes them (application/x-www-form-urlencoded):
/// ASCII letters, digits and `*-._` kept, space as `+`, everything else percent-encoded.
enum QueryEncoding {
    /// Encodes one query value.
    static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                result += "+"
            default:
                let hex = Array("0123456789ABCDEF")
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return result
    }
}

extension RouteRequest {
    /// `host:port` of this server as the client addressed it, for links (`localhost:9099` when unknown).
    var hostAndPort: String { http.header("Host") ?? "localhost:9099" }
}
