import FauthJSON

/// An import's tenants and blocking functions held to the request schemas their routes check (State reads the files
/// but may not use Routing): a member of the wrong type is refused as the route refuses it, and a member the schema
/// does not declare, which a route drops from a request, is refused too, since an export never writes one.
extension StateArchive.Contents {
    /// A tenant record of `tenants.json` beside its `tenantId` and toggles: `RequestSchema.tenant` without `name`,
    /// which the tenant's path gives.
    fileprivate static let tenantRecord: RequestSchema = {
        guard case .object(var fields) = RequestSchema.tenant else { return .tenant }
        fields["name"] = nil
        return .object(fields)
    }()

    /// These contents with each tenant record and `blockingFunctions` checked (numbers for strings and enumeration
    /// indexes coerced, as a route coerces them), or the first refusal, naming the file, the tenant and the member.
    func checkedAgainstRequestSchemas() throws(StateArchiveError) -> Self {
        var checked = self
        for index in checked.projects.indices {
            try checked.projects[index].checkAgainstRequestSchemas()
        }
        return checked
    }
}

extension ProjectArchive.Contents {
    fileprivate mutating func checkAgainstRequestSchemas() throws(StateArchiveError) {
        for index in tenants.indices {
            let place = "\(tenantsPath): tenants[\(index)] is refused: "
            do throws(APIError) {
                tenants[index].config = try StateArchive.Contents.tenantRecord.validate(tenants[index].config)
            } catch {
                throw StateArchiveError(description: place + error.message)
            }
            if let member = StateArchive.Contents.tenantRecord.undeclaredMember(in: .object(tenants[index].config)) {
                throw StateArchiveError(description: place + "\(member) is not a member a tenant declares")
            }
        }
        guard let functions = config["blockingFunctions"], !functions.isNull else { return }
        do throws(APIError) {
            config = try RequestSchema.checkingBlockingFunctions(in: config)
        } catch {
            throw StateArchiveError(description: "\(configPath) is refused: \(error.message)")
        }
        if let member = RequestSchema.blockingFunctions.undeclaredMember(in: functions, pointer: "/blockingFunctions") {
            throw StateArchiveError(
                description: "\(configPath) is refused: \(member) is not a member blockingFunctions declares")
        }
    }
}
