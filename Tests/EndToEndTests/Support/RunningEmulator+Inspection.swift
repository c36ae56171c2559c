import FauthJSON

extension RunningEmulator {
    /// The last unconsumed email action code of `requestType` for `email`, as a script reads it from
    /// `GET /emulator/v1/projects/{p}/oobCodes`: the code and the whole action link; nil when there is none.
    func lastOobCode(for email: String, requestType: String) -> (code: String, link: String)? {
        let codes = call("GET", "/emulator/v1/projects/\(projectId)/oobCodes").json["oobCodes"]?.array ?? []
        guard
            let entry = codes.last(where: { $0["email"]?.string == email && $0["requestType"]?.string == requestType }),
            let code = entry["oobCode"]?.string, let link = entry["oobLink"]?.string
        else { return nil }
        return (code, link)
    }
}

extension RunningEmulator {
    /// The number of accounts in the project, as the admin listing (`accounts:query`) counts them.
    func accountCount() -> Int {
        let answer = call(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(projectId)/accounts:query",
            body: [:], bearerOwner: true
        ).json
        return Int(answer["recordsCount"]?.string ?? "") ?? -1
    }
}
