import Dispatch
import Foundation

/// Work of a run done on several cores at once: ``Pipeline/run(_:clock:)`` runs consecutive stages that only
/// measure (``StageGuarantees/measuresOnly``) side by side on a long track.
enum SideBySide {
    /// The cores, asked once (Foundation's `activeProcessorCount` reads two cgroup files per call).
    static let processorCount = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `body(0)`, …, `body(count - 1)`, at once on as many cores as there are, in order of the index.
    static func map<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let slots = Slots<T>(count: count)
        defer { slots.free() }
        DispatchQueue.concurrentPerform(iterations: count) { i in
            slots.base.initializeElement(at: i, to: body(i))
        }
        return Array(slots.base)
    }

    /// Storage the threads share, each initialising only its own element, so they need no lock.
    private struct Slots<T>: @unchecked Sendable {
        let base: UnsafeMutableBufferPointer<T>
        init(count: Int) { base = .allocate(capacity: count) }
        /// Releases the storage once every element was initialised (and copied out).
        func free() {
            base.deinitialize()
            base.deallocate()
        }
    }
}
