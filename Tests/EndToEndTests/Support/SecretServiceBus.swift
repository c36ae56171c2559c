import Foundation
import Glibc
import Testing

/// A private session bus for one test (dbus-daemon with a configuration of its own: no service is ever activated on
/// it), with the Secret Service the test asks for: a real gnome-keyring-daemon unlocked with a password on its stdin,
/// a Python one that owns the name and never answers, or none. Its processes are killed when it is released.
final class SecretServiceBus {
    /// Which Secret Service answers on the bus.
    enum Service {
        /// gnome-keyring-daemon, its login collection unlocked (the default collection).
        case gnomeKeyring
        /// Tests/Keyring/silent_secret_service.py: owns org.freedesktop.secrets, answers nothing.
        case silent
        /// The same with `--slow SECONDS`: answers a check of the default collection (unlocked), each answer after
        /// SECONDS, and nothing else.
        case slow(Double)
        /// Nothing owns org.freedesktop.secrets.
        case none
    }

    let folder: String
    /// DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR and HOME for a process on this bus (the HOME holds the keyring files).
    let environment: [String: String]
    private var processes: [SpawnedProcess] = []

    /// What fauth needs to reach this bus: DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR.
    var fauthEnvironment: [String: String] {
        environment.filter { $0.key != "HOME" && $0.key != "PATH" && $0.key != "LANG" }
    }

    init(_ service: Service) throws {
        folder = NSTemporaryDirectory() + "fauth-bus-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        for sub in ["", "/home", "/runtime"] {
            try FileManager.default.createDirectory(
                atPath: folder + sub, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let socket = folder + "/bus"
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig><type>session</type><listen>unix:path=\(socket)</listen><auth>EXTERNAL</auth>
            <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
            <allow own="*"/></policy></busconfig>
            """
        try config.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
        environment = [
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(socket)", "XDG_RUNTIME_DIR": folder + "/runtime",
            "HOME": folder + "/home", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
        let bus = try SpawnedProcess(
            path: "/usr/bin/dbus-daemon",
            rawArguments: ["--config-file=\(folder)/bus.conf", "--nofork", "--print-address"].map { Array($0.utf8) },
            environment: environment)
        processes.append(bus)
        _ = try bus.firstLine(within: 60)
        switch service {
        case .gnomeKeyring:
            try "keyring-test-password".write(toFile: folder + "/password", atomically: true, encoding: .utf8)
            processes.append(
                try SpawnedProcess(
                    path: "/usr/bin/gnome-keyring-daemon",
                    rawArguments: ["--foreground", "--unlock", "--components=secrets"].map { Array($0.utf8) },
                    environment: environment, standardInput: folder + "/password"))
            try waitForDefaultCollection()
        case .silent, .slow:
            let script = PythonVenv.root.appendingPathComponent("Tests/Keyring/silent_secret_service.py").path
            let python = PythonVenv.root.appendingPathComponent(".build/admin-sdk/bin/python").path
            let slowness = if case .slow(let seconds) = service { ["--slow", String(seconds)] } else { [String]() }
            let silent = try SpawnedProcess(
                path: python, rawArguments: ([script] + slowness).map { Array($0.utf8) },
                environment: environment.merging(["PYTHONDONTWRITEBYTECODE": "1"]) { $1 })
            processes.append(silent)
            #expect(try silent.firstLine(within: 60) == "ready", "\(silent.standardError)")
        case .none:
            break
        }
    }

    deinit {
        for process in processes.reversed() { process.signal(SIGKILL) }
        processes.removeAll()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A gnome-keyring bus, an emulator and a sandbox whose fauth reaches the bus and keeps its secrets in the keyring
    /// (`FAUTH_STORAGE=keyring`).
    static func keyringSandbox() throws -> (SecretServiceBus, RunningEmulator, FauthSandbox) {
        let bus = try SecretServiceBus(.gnomeKeyring)
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        sandbox.environment.merge(bus.fauthEnvironment) { $1 }
        sandbox.environment["FAUTH_STORAGE"] = "keyring"
        return (bus, emulator, sandbox)
    }

    /// Sends `signal` to the Secret Service's process (SIGSTOP: every call to it hangs until SIGCONT).
    func signalService(_ signal: Int32) {
        processes.last?.signal(signal)
    }

    /// Runs `command` (secret-tool, dbus-send) on this bus; its status and its stdout (with `merged`, stdout and
    /// stderr in the order written, stdout unbuffered through stdbuf: secret-tool prints an item's attributes on
    /// stderr and the rest on stdout).
    @discardableResult
    func run(_ command: String, _ arguments: [String], stdin: String? = nil, merged: Bool = false) throws -> (
        status: Int32, stdout: String
    ) {
        var input = "/dev/null"
        if let stdin {
            input = folder + "/stdin-\(UInt64.random(in: 0 ... .max))"
            try stdin.write(toFile: input, atomically: true, encoding: .utf8)
        }
        let (path, argv) =
            merged
            ? ("/bin/sh", ["-c", "exec stdbuf -o0 \"$0\" \"$@\" 2>&1", "/usr/bin/" + command] + arguments)
            : ("/usr/bin/" + command, arguments)
        let process = try SpawnedProcess(
            path: path, rawArguments: argv.map { Array($0.utf8) }, environment: environment, standardInput: input)
        let status = try process.waitForExit(within: 30)
        return (status, String(decoding: process.outputBytes.stdout, as: UTF8.self))
    }

    /// The unlocked items `secret-tool search --all` finds with these attributes: each one's attributes, label and
    /// secret.
    func items(_ attributes: [String: String]) throws -> [[String: String]] {
        let output = try run(
            "secret-tool", ["search", "--all"] + attributes.flatMap { [$0.key, $0.value] }, merged: true)
        var items: [[String: String]] = []
        for line in output.stdout.split(separator: "\n") {
            if line.hasPrefix("[/") {
                items.append([:])
            } else if let equals = line.firstRange(of: " = "), !items.isEmpty {
                let key = String(line[..<equals.lowerBound]).replacingOccurrences(of: "attribute.", with: "")
                items[items.count - 1][key] = String(line[equals.upperBound...])
            }
        }
        return items
    }

    /// Locks every collection (the Secret Service's Lock method, as a screen locker calls it).
    func lockCollections() throws {
        let locked = try run(
            "dbus-send",
            [
                "--session", "--print-reply", "--dest=org.freedesktop.secrets", "/org/freedesktop/secrets",
                "org.freedesktop.Secret.Service.Lock", "array:objpath:/org/freedesktop/secrets/collection/login",
            ])
        #expect(locked.status == 0 && locked.stdout.contains("collection/login"), "\(locked.stdout)")
    }

    /// Waits (at most 60 s: a loaded machine starts daemons slowly) until the Secret Service's default collection
    /// answers through secret-tool.
    private func waitForDefaultCollection() throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let stored = try run(
                "secret-tool", ["store", "--label=probe", "fauth-test", "probe"], stdin: "probe")
            if stored.status == 0 {
                try run("secret-tool", ["clear", "fauth-test", "probe"])
                return
            }
            usleep(20_000)
        }
        throw HangError(description: "gnome-keyring-daemon did not serve a default collection within 60 s")
    }
}
