extension EmulatorState {
    /// The project a request lands in, as Firebase's pre-handler picks it: the path tenant, else body `tenantId`, else
    /// the `idToken`'s tenant. A path and body that differ, or an ID token of another tenant, give TENANT_ID_MISMATCH;
    /// a decodable JWT without a `firebase` claim crashes it (500) whatever the tenant.
    func project(for request: RouteRequest) throws(APIError) -> ProjectState {
        let bodyTenant = try request.string("tenantId").flatMap { $0.isEmpty ? nil : $0 }
        if let pathTenant = request.pathTenantId, let bodyTenant, bodyTenant != pathTenant {
            throw APIError.badRequest("TENANT_ID_MISMATCH")
        }
        var tenantId = request.pathTenantId ?? bodyTenant
        if try request.string("idToken") != nil, let payload = request.idTokenPayload {
            guard case .object(let firebase)? = payload["firebase"] else {
                throw APIError.unexpected("Cannot read properties of undefined (reading 'tenant')", reason: "TypeError")
            }
            if let tokenTenant = firebase["tenant"]?.string, !tokenTenant.isEmpty {
                if let tenantId { try ensure(tokenTenant == tenantId, "TENANT_ID_MISMATCH") }
                tenantId = tokenTenant
            }
        }
        return project(tenantId: tenantId)
    }
}
