import Foundation
import Glibc

/// The live processes descended from this one, read from /proc.
enum ProcessTree {
    /// The process IDs of every live (not zombie) descendant of the current process.
    static func liveDescendants() -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        var zombies: Set<pid_t> = []
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let (state, parent) = parseStat(stat)
            else { continue }
            children[parent, default: []].append(pid)
            if state == "Z" { zombies.insert(pid) }
        }
        var result: [pid_t] = []
        var pending = [getpid()]
        while let pid = pending.popLast() {
            for child in children[pid] ?? [] {
                if !zombies.contains(child) { result.append(child) }
                pending.append(child)
            }
        }
        return result
    }

    /// The state letter and parent ID from the text of /proc/PID/stat (`pid (comm) S ppid …`; comm may hold spaces).
    static func parseStat(_ text: String) -> (Character, pid_t)? {
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count >= 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return (state, parent)
    }
}
