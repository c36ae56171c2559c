import Foundation

/// A fixed set of threads running queued jobs, so that handlers (which may wait, e.g. a delay fault) never run on the
/// event loop and the number of threads never grows with the number of connections.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []
    private var head = 0
    private var running: Int
    private var stopping = false

    /// Starts `count` threads.
    init(count: Int) {
        running = count
        for index in 0 ..< count {
            let thread = Thread { [self] in work() }
            thread.name = "fauth-emulator worker \(index)"
            thread.start()
        }
    }

    /// Queues `job` for the next free thread.
    func submit(_ job: @escaping () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the threads finish the queued jobs, then returns once all of them have ended.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func work() {
        condition.lock()
        while true {
            if head < jobs.count {
                let job = jobs[head]
                head += 1
                if head == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    head = 0
                }
                condition.unlock()
                job()
                condition.lock()
            } else if stopping {
                break
            } else {
                condition.wait()
            }
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
