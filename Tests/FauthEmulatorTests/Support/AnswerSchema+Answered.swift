import FauthJSON

@testable import FauthEmulator

extension AnswerSchema {
    /// The members this schema names that none of `values` has (nested ones under the members that appeared), as
    /// paths from `path`: a declared member no real answer had.
    func unseenMembers(in values: [JSONValue], at path: String = "") -> [String] {
        switch self {
        case .object(let required, let optional):
            return required.merging(optional) { $1 }.flatMap { name, member in
                let present = values.compactMap { $0[name] }
                return present.isEmpty ? [path + "/" + name] : member.unseenMembers(in: present, at: path + "/" + name)
            }
        case .array(let element):
            let elements = values.flatMap { $0.array ?? [] }
            return elements.isEmpty ? [path + "[]"] : element.unseenMembers(in: elements, at: path + "[]")
        case .oneOf(let alternatives):
            // Each alternative against the answers of its shape.
            return alternatives.flatMap { alternative in
                alternative.unseenMembers(in: values.filter(alternative.hasShape), at: path)
            }
        case .nullable(let member):
            // The members of the answers that are not null.
            return member.unseenMembers(in: values.filter { !$0.isNull }, at: path)
        case .string, .boolean, .integer, .number, .map, .any:
            return []
        }
    }

    /// Whether `value` has this schema's shape, looking one level deep: its JSON type, and for an object its required
    /// members with their JSON types.
    func hasShape(_ value: JSONValue) -> Bool {
        switch self {
        case .object(let required, _):
            return value.object != nil
                && required.allSatisfy { name, member in value[name].map(member.hasType) ?? false }
        default: return hasType(value)
        }
    }

    /// Whether `value` is of this schema's JSON type.
    private func hasType(_ value: JSONValue) -> Bool {
        switch self {
        case .string: value.string != nil
        case .boolean: value.bool != nil
        case .integer: value.int != nil
        case .number: value.number != nil
        case .array: value.array != nil
        case .object, .map: value.object != nil
        case .any: true
        case .oneOf(let alternatives): alternatives.contains { $0.hasType(value) }
        case .nullable(let member): value.isNull || member.hasType(value)
        }
    }
}
