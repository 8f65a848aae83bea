import Dispatch
import Foundation

/// Work of a run done on several cores at once: ``Pipeline/run(_:clock:)`` runs consecutive stages that only
/// measure (``StageGuarantees/measuresOnly``) side by side on a long track; TrackPipeIO reads long GPX documents
/// and writes long outputs on every core. (`stream` runs its steps on threads of their own: ``Handoff``.)
package enum SideBySide {
    /// The cores, asked once: Foundation's `activeProcessorCount` reads two cgroup files on every call (strace),
    /// which `stream` once made per line read.
    package static let processorCount = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `body(0)`, …, `body(count - 1)`, at once on as many cores as there are, in order of the index.
    static func map<T>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let slots = ThreadSlots<T?>(count: count, initial: nil)
        defer { slots.free() }
        DispatchQueue.concurrentPerform(iterations: count) { i in
            slots.base[i] = body(i)
        }
        return slots.base.compactMap { $0 }
    }
}
