import Foundation

/// The smoother's per-fix workspace (17 doubles per fix, ``KalmanCore/Field``), kept between runs of one stage
/// instance so that smoothing track after track does not allocate and free it each time.
///
/// Why: on the 2293-fix run the workspace is 312 KB. Freed after every run, together with the run's output it
/// left more than glibc's trim threshold free at the top of the heap, glibc returned it to the kernel, and the
/// next run paid a page fault for every 4 KiB it wrote again — measured as a second mode of the benchmark at
/// ~245 µs against ~135 µs. Kept here, it is allocated once (and grown when a longer track comes).
///
/// Concurrent runs of the same instance each get a workspace: one takes the kept buffer, the others allocate
/// their own, and the largest is kept when they give them back.
final class KalmanWorkspace: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [Double] = []

    /// A buffer of at least `count` doubles (its contents are stale: the caller writes what it reads).
    func take(count: Int) -> [Double] {
        lock.lock()
        var buffer: [Double] = []
        swap(&buffer, &kept)
        lock.unlock()
        if buffer.count < count { buffer = [Double](repeating: 0, count: count) }
        return buffer
    }

    /// Returns `buffer` for the next run (kept if it is the larger).
    func give(_ buffer: consuming [Double]) {
        lock.lock()
        if buffer.count > kept.count { kept = buffer }
        lock.unlock()
    }
}
