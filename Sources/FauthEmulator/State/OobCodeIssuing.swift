import FauthHTTPCodec

extension ProjectState {
    /// Creates, stores and returns an OOB code with its action link
    /// `http://<host>/emulator/action?mode=…&lang=en&oobCode=…&apiKey=fake-api-key[&continueUrl=…][&tenantId=…]`.
    @discardableResult
    func issueOobCode(
        requestType: String, email: String, newEmail: String? = nil, host: String,
        continueUrl: String? = nil
    ) -> OobCode {
        let code = RandomID.alphanumeric(count: 54)
        var link =
            "http://\(host)/emulator/action?mode=\(OobCode.mode(for: requestType))&lang=en&oobCode=\(code)&apiKey=fake-api-key"
        if let continueUrl { link += "&continueUrl=" + FormURLEncoding.encode(continueUrl) }
        if let tenantId { link += "&tenantId=" + FormURLEncoding.encode(tenantId) }
        let oob = OobCode(code: code, requestType: requestType, email: email, newEmail: newEmail, oobLink: link)
        oobCodes.append(oob)
        return oob
    }

    /// The unconsumed OOB code `code`, if any.
    func oobCode(_ code: String) -> OobCode? { oobCodes.first { $0.code == code } }
}
