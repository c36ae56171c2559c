#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts the person's browser on a URL: the program `$BROWSER` names (one program, the URL as its one argument),
/// else `xdg-open`, else `open`, found on `PATH`. fauth does not wait for it; its stdout goes to fauth's stderr
/// (stdout carries results only), its stdin is `/dev/null`, and SIGPIPE has its default action again (fauth ignores
/// it, and an ignored signal would stay ignored across exec). Without `$BROWSER`, a Linux session with no graphical
/// display starts nothing: `xdg-open` would run a text browser (lynx, w3m) on the terminal fauth is waiting on.
enum BrowserLauncher {
    /// Starts the first program that can be started, with `environment`'s `BROWSER`, `DISPLAY` and `WAYLAND_DISPLAY`.
    static func open(_ url: String, environment: [String: String]) -> BrowserOpening {
        let browser = environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 }
        #if os(Linux)
        let hasDisplay = ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
        if browser == nil && !hasDisplay {
            return .failed(
                "no graphical display: DISPLAY and WAYLAND_DISPLAY are unset; set BROWSER to start one anyway, or use --no-browser with a browser on another machine"
            )
        }
        #endif
        let programs = browser.map { [$0] } ?? ["xdg-open", "open"]
        var problems: [String] = []
        for program in programs {
            let result = spawn(program, url)
            if result == 0 { return .started(program: program) }
            problems.append("\(program): \(String(cString: strerror(result)))")
        }
        return .failed(problems.joined(separator: "; "))
    }

    /// Spawns `program URL`; 0 or the errno that stopped it.
    private static func spawn(_ program: String, _ url: String) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup(url), nil]
        defer { for argument in arguments { free(argument) } }
        var child: pid_t = 0
        return posix_spawnp(&child, program, &actions, &attributes, arguments, environ)
    }
}
