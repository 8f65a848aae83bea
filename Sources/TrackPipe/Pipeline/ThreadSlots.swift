/// Storage that the threads of one `DispatchQueue.concurrentPerform` share, each writing only its own elements,
/// so they need no lock: the stages ``SideBySide`` runs, the texts of the ranges TrackPipeIO's `OutputBlock` formats
/// at once and the parts of a long GPX document.
package struct ThreadSlots<Element>: @unchecked Sendable {
    package let base: UnsafeMutableBufferPointer<Element>

    package init(count: Int, initial: Element) {
        base = .allocate(capacity: count)
        base.initialize(repeating: initial)
    }

    /// Releases the storage; the slots are not used after.
    package func free() {
        base.deinitialize()
        base.deallocate()
    }
}
