import FauthCrypto
import FauthJSON

extension RouteTable {
    private static let emulatorProject = "/emulator/v1/projects/{project}/"

    /// `GET /`: the readiness answer (an Express route in Firebase's emulator, so indented).
    static let root = Route(
        "GET", "/", access: .open,
        answer: .json(
            .object(required: [
                "authEmulator": .object(required: ["ready": .boolean, "docs": .string, "apiSpec": .string])
            ]))
    ) { _, _ throws(APIError) in
        HTTPResponse.expressJSON([
            "authEmulator": [
                "ready": true, "docs": "https://firebase.google.com/docs/emulator-suite",
                "apiSpec": "/emulator/openapi.json",
            ]
        ])
    }

    /// `GET /emulator/openapi.json`: the OpenAPI 3 document of every route of `all`, made from the table.
    static let emulatorOpenAPI = Route(
        "GET", "/emulator/openapi.json", access: .open,
        answer: .json(
            .object(required: [
                "openapi": .string,
                "info": .object(required: ["title": .string, "version": .string, "description": .string]),
                "servers": .array(.object(required: ["url": .string])),
                "paths": .map(.any),
                "components": .object(required: ["securitySchemes": .map(.any), "schemas": .map(.any)]),
            ]))
    ) { _, state throws(APIError) in
        HTTPResponse.json(.object(OpenAPIDocument.make(routes: all, authority: state.linkAuthority)))
    }

    /// `DELETE /emulator/v1/projects/{p}[/tenants/{t}]/accounts`: deletes every user; codes and config stay.
    static let emulatorDeleteAccounts = Route(
        "DELETE", Route.withTenantForm(emulatorProject + "accounts"), access: .open,
        answer: .json(.object(required: [:]))
    ) { request, state throws(APIError) in
        state.project(tenantId: request.pathTenantId).deleteAllUsers()
        return HTTPResponse.json([:])
    }

    /// `GET /emulator/v1/projects/{p}[/tenants/{t}]/oobCodes`.
    static let emulatorOobCodes = Route(
        "GET", Route.withTenantForm(emulatorProject + "oobCodes"), access: .open,
        answer: .json(
            .object(required: [
                "oobCodes": .array(
                    .object(
                        required: ["email": .string, "oobCode": .string, "oobLink": .string, "requestType": .string],
                        optional: ["newEmail": .string]))
            ]))
    ) { request, state throws(APIError) in
        let codes = state.project(tenantId: request.pathTenantId).oobCodes
        return HTTPResponse.json(["oobCodes": .array(codes.map { .object($0.json) })])
    }

    /// `GET /emulator/v1/projects/{p}[/tenants/{t}]/verificationCodes`.
    static let emulatorVerificationCodes = Route(
        "GET", Route.withTenantForm(emulatorProject + "verificationCodes"), access: .open,
        answer: .json(
            .object(required: [
                "verificationCodes": .array(
                    .object(required: ["code": .string, "phoneNumber": .string, "sessionInfo": .string]))
            ]))
    ) { request, state throws(APIError) in
        let codes = state.project(tenantId: request.pathTenantId).verificationCodes
        return HTTPResponse.json(["verificationCodes": .array(codes.map { .object($0.json) })])
    }

    /// The emulator's config: Firebase's keys and the `"fauth"` extensions (`null` where a key has its default).
    private static let configAnswer = RouteAnswer.json(
        .object(
            required: firebaseConfigMembers.merging([
                "fauth": .object(required: [
                    "signTokens": .boolean, "recentLoginSeconds": .nullable(.integer),
                    "idTokenLifetimeSeconds": .integer,
                    "signInProviders": .object(required: [
                        "password": .boolean, "anonymous": .boolean, "emailLink": .boolean,
                    ]),
                    "passwordPolicy": .nullable(passwordPolicyAnswer), "failedSignInLimit": .nullable(.integer),
                    "refreshTokenRevocation": .boolean, "strictEmailValidation": .boolean, "nullAsAbsent": .boolean,
                    "deviceFlow": .object(required: ["intervalSeconds": .number, "expiresInSeconds": .integer]),
                ])
            ]) { $1 }))

    /// `GET /emulator/v1/projects/{p}/config`: Firebase's keys and the `"fauth"` extensions.
    static let emulatorGetConfig = Route("GET", emulatorProject + "config", access: .open, answer: configAnswer) {
        _, state throws(APIError) in
        HTTPResponse.json(state.configJSON)
    }

    /// `PATCH /emulator/v1/projects/{p}/config`: updates the keys present, returns the full config.
    static let emulatorPatchConfig = Route("PATCH", emulatorProject + "config", access: .open, answer: configAnswer) {
        request, state throws(APIError) in
        var config = state.config
        try config.apply(RequestSchema.checkingBlockingFunctions(in: request.body))
        if let value = request.body["fauth"]?["signTokens"] {
            guard case .bool(let on) = value else { throw APIError.wrongType("/fauth/signTokens", expected: "boolean") }
            do throws(CryptoError) {
                try state.tokenSigner.setEnabled(on)
            } catch {
                throw APIError.internalError(error.message, reason: "internal")
            }
        }
        state.config = config
        return HTTPResponse.json(state.configJSON)
    }

    /// `POST /emulator/v1/projects/{p}/faults` (fauth extension): queues a fault.
    static let emulatorAddFault = Route(
        "POST", emulatorProject + "faults", access: .open, answer: .json(.object(required: [:]))
    ) {
        request, _ throws(APIError) in
        let fault = try TrafficControl.parseFault(request)
        request.traffic.addFault(route: fault.route, times: fault.times, action: fault.action)
        return HTTPResponse.json([:])
    }

    /// `DELETE /emulator/v1/projects/{p}/faults` (fauth extension): clears every fault.
    static let emulatorClearFaults = Route(
        "DELETE", emulatorProject + "faults", access: .open, answer: .json(.object(required: [:]))
    ) {
        request, _ throws(APIError) in
        request.traffic.clearFaults()
        return HTTPResponse.json([:])
    }

    /// `GET /emulator/v1/projects/{p}/stats` (fauth extension): requests served per route.
    static let emulatorStatistics = Route(
        "GET", emulatorProject + "stats", access: .open, answer: .json(.object(required: ["requests": .map(.integer)]))
    ) {
        request, _ throws(APIError) in
        HTTPResponse.json(request.traffic.statistics())
    }

    /// `DELETE /emulator/v1/projects/{p}/stats` (fauth extension): resets the counters.
    static let emulatorResetStatistics = Route(
        "DELETE", emulatorProject + "stats", access: .open, answer: .json(.object(required: [:]))
    ) {
        request, _ throws(APIError) in
        request.traffic.resetStatistics()
        return HTTPResponse.json([:])
    }
}

extension EmulatorState {
    /// The config as the emulator's config routes answer it, with the emulator-wide `fauth.signTokens`.
    var configJSON: JSONObject {
        var json = config.json
        var fauth = json["fauth"]?.object ?? [:]
        fauth["signTokens"] = .bool(tokenSigner.isEnabled)
        json["fauth"] = .object(fauth)
        return json
    }
}
