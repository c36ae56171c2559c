/// The answer schema of a resource kept from request bodies, such as a tenant or the blocking functions config.
extension AnswerSchema {
    /// The schema of what a resource keeps from a body checked by `request`, cut to the members it declares
    /// (`RequestSchema.keepingDeclaredMembers`): the same members, each optional; an enumeration is a string.
    init(keptFrom request: RequestSchema) {
        switch request {
        case .string, .enumeration: self = .string
        case .boolean: self = .boolean
        case .integer: self = .integer
        case .number: self = .number
        case .array(let element): self = .array(AnswerSchema(keptFrom: element))
        case .object(let fields):
            self = .object(required: [:], optional: fields.mapValues(AnswerSchema.init(keptFrom:)))
        case .map(let member): self = .map(AnswerSchema(keptFrom: member))
        }
    }

    /// This object schema with `members` always present (replacing optional members of the same names).
    func requiring(_ members: [String: AnswerSchema]) -> AnswerSchema {
        guard case .object(let required, let optional) = self else { return self }
        return .object(
            required: required.merging(members) { $1 }, optional: optional.filter { members[$0.key] == nil })
    }
}
