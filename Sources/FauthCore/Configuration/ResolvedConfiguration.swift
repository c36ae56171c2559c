/// The configuration a command runs with, after `ConfigurationResolver` applied the precedence rules: where its calls
/// go and what a new session remembers (`project`), and how each call is made (`options`).
package struct ResolvedConfiguration: Sendable, Equatable {
    /// The backend target and device clients: the session's (for its own server) with what this command gives; a
    /// new session keeps them.
    package var project: ProjectSettings
    /// The deadline and trust of each call.
    package var options: CallOptions

    /// Makes a resolved configuration.
    package init(project: ProjectSettings, options: CallOptions = CallOptions()) {
        self.project = project
        self.options = options
    }

    /// Where the command's calls go.
    package var target: BackendTarget { project.target }
}
