import FauthJSON

extension ProjectState {
    /// "Sends" a 6-digit SMS code to `phoneNumber`: records it for `GET …/verificationCodes`, prints Firebase's line
    /// for `purpose` on `console`, and returns its sessionInfo.
    func issueVerificationCode(
        phoneNumber: String, for purpose: ConsoleMessages.SMSPurpose, console: ConsoleMessages
    ) -> String {
        let code = VerificationCode(
            code: RandomID.digits(count: 6), phoneNumber: phoneNumber,
            sessionInfo: RandomID.alphanumeric(count: 64), mfaContext: nil)
        verificationCodes.append(code)
        console.print(ConsoleMessages.line(code: code.code, phoneNumber: phoneNumber, purpose: purpose))
        return code.sessionInfo
    }

    /// Checks and consumes the SMS code of a `phoneVerificationInfo` object (androidVerificationProof unsupported,
    /// MISSING_CODE, MISSING_SESSION_INFO, then `consumeVerificationCode`'s errors); returns the verified phone number.
    func consumePhoneVerification(_ phone: JSONObject) throws(APIError) -> String {
        try rejectUnimplemented(phone["androidVerificationProof"] != nil, "androidVerificationProof is unsupported!")
        let code = try RouteRequest.requireMember("code", of: phone, in: "phoneVerificationInfo", else: "MISSING_CODE")
        let sessionInfo = try RouteRequest.requireMember(
            "sessionInfo", of: phone, in: "phoneVerificationInfo", else: "MISSING_SESSION_INFO")
        return try consumeVerificationCode(sessionInfo: sessionInfo, code: code)
    }

    /// Checks and consumes an SMS code (INVALID_SESSION_INFO, INVALID_CODE); returns the verified phone number.
    func consumeVerificationCode(sessionInfo: String, code: String) throws(APIError) -> String {
        guard let index = verificationCodes.firstIndex(where: { $0.sessionInfo == sessionInfo }) else {
            throw APIError.badRequest("INVALID_SESSION_INFO")
        }
        try ensure(verificationCodes[index].code == code, "INVALID_CODE")
        return verificationCodes.remove(at: index).phoneNumber
    }
}
