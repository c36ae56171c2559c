/// What is wrong with a session document: the member (e.g. `user.providers[0].providerId`) and the problem.
package struct SessionFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dotted path of the offending member; empty for the document itself.
    package var member: String
    /// What is wrong, e.g. "is missing" or "must be a string".
    package var problem: String

    /// Makes a format error.
    package init(member: String, problem: String) {
        self.member = member
        self.problem = problem
    }

    /// "user.uid is missing".
    package var description: String { member.isEmpty ? problem : "\(member) \(problem)" }
}
