/// Storage that the threads of one `DispatchQueue.concurrentPerform` share, each writing only its own elements,
/// so they need no lock: the texts of the ranges ``OutputBlock/inRanges(count:rangeSize:to:format:)`` formats at
/// once, the results of ``NDJSONLineBatch/decode(_:)``.
struct ThreadSlots<Element>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<Element>

    init(count: Int, initial: Element) {
        base = .allocate(capacity: count)
        base.initialize(repeating: initial)
    }

    /// Releases the storage; the slots are not used after.
    func free() {
        base.deinitialize()
        base.deallocate()
    }
}
