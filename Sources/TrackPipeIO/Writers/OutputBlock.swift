/// A writer's output buffer that is handed on in blocks: a writer appends to ``bytes`` and calls
/// ``flushIfFull(to:)`` after each record, so a document of any size passes through one buffer of about ``size``
/// bytes, reused — small enough to stay in a core's cache, large enough that a file gets few `write` calls.
struct OutputBlock {
    /// The size, bytes, at which ``flushIfFull(to:)`` hands the block on: 256 KiB.
    static let size = 256 * 1024

    var bytes: [UInt8]

    init() {
        bytes = []
        bytes.reserveCapacity(Self.size + 4096)
    }

    /// Hands the block to `sink` and empties it, when it holds ``size`` bytes or more.
    mutating func flushIfFull(to sink: ([UInt8]) throws -> Void) rethrows {
        if bytes.count >= Self.size { try flush(to: sink) }
    }

    /// Hands what the block holds (if anything) to `sink` and empties it, keeping its capacity.
    mutating func flush(to sink: ([UInt8]) throws -> Void) rethrows {
        guard !bytes.isEmpty else { return }
        try sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
