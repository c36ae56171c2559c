import Foundation

/// Where the built `fauth` and `fauth-emulator` binaries are: `$FAUTH_BIN_DIR`, or the build folder that holds
/// the test bundle (SwiftPM builds every product there before running tests).
enum BuiltBinaries {
    /// The folder holding the binaries.
    static let folder: URL = {
        if let override = ProcessInfo.processInfo.environment["FAUTH_BIN_DIR"] {
            return URL(fileURLWithPath: override)
        }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("fauth").path) { return url }
        }
        fatalError("no built fauth binary near \(CommandLine.arguments[0]); run 'swift build' or set FAUTH_BIN_DIR")
    }()

    /// The `fauth` binary.
    static var fauth: URL { folder.appendingPathComponent("fauth") }
    /// The `fauth-emulator` binary.
    static var emulator: URL { folder.appendingPathComponent("fauth-emulator") }
}
