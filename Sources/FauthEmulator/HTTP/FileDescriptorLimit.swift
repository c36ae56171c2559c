import Glibc

/// The process's limit on open files, which bounds how many connections the server can hold.
enum FileDescriptorLimit {
    /// Raises the soft limit towards `wanted` (never above the hard limit) and returns the soft limit now in force.
    static func raise(to wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return 1024 }
        let target = rlim_t(max(0, wanted))
        if limit.rlim_cur < target {
            var raised = rlimit(rlim_cur: min(target, limit.rlim_max), rlim_max: limit.rlim_max)
            if setrlimit(openFilesResource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    private static var openFilesResource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
