#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A host-name lookup run on a thread of its own, whose answer the caller awaits for a bounded time: when the time
/// is up the caller goes on and the answer, whenever it comes, is dropped. The thread is detached; this object lives
/// until both sides are done with it. (A plain thread, so that the client links no dispatch library.)
final class BackgroundLookup: @unchecked Sendable {  // `answer` and `finished` only under `mutex`
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var answer: [HostAddress]?
    private var finished = false
    private let work: () -> [HostAddress]?

    /// Starts `work` on a new detached thread (or runs it here when no thread can be made).
    init(_ work: @escaping () -> [HostAddress]?) {
        self.work = work
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let lookup = Unmanaged<BackgroundLookup>.fromOpaque(context!).takeRetainedValue()
                lookup.finish(lookup.work())
                return nil
            }, context)
        if started == 0 {
            pthread_detach(thread)
        } else {
            let lookup = Unmanaged<BackgroundLookup>.fromOpaque(context).takeRetainedValue()
            lookup.finish(lookup.work())
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// The lookup's answer (itself nil when the name did not resolve), awaited at most `seconds`; nil when it has
    /// not come by then.
    func wait(seconds: Double) -> [HostAddress]?? {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let whole = seconds.rounded(.down)
        deadline.tv_sec += Int(min(whole, 1e9))
        deadline.tv_nsec += Int((seconds - whole) * 1_000_000_000)
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !finished {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return finished ? .some(answer) : nil
    }

    private func finish(_ value: [HostAddress]?) {
        pthread_mutex_lock(mutex)
        answer = value
        finished = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
