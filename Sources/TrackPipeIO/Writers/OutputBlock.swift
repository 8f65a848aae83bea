import Dispatch
import Foundation
import TrackPipe

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

    /// Appends the text of items `0..<count` in order — `item(i, &cursor)` writes item `i`, at most
    /// `maximumLength` bytes — handing full blocks to `sink`. The same bytes as a loop of `bytes.append(atMost:)`
    /// and ``flushIfFull(to:)``; but ``parallelThreshold`` items or more are formatted on every core
    /// (``inRanges(count:rangeSize:to:format:)``). Why: the text of a 230 000-fix GPX output was an eighth of
    /// `trackpipe run` (callgrind), and each item's text depends on that item alone. `item` is called from several
    /// threads at once: it must only read what it shares.
    mutating func append(count: Int, maximumLength: Int, to sink: ([UInt8]) throws -> Void,
                         item: @Sendable (Int, inout ByteCursor) -> Void) rethrows {
        guard Self.formatsOnEveryCore(count) else {
            for i in 0..<count {
                bytes.append(atMost: maximumLength) { item(i, &$0) }
                try flushIfFull(to: sink)
            }
            return
        }
        try flush(to: sink)  // what is already here goes first
        try Self.inRanges(count: count, rangeSize: Self.parallelRange, to: sink) { range, text in
            for i in range { text.append(atMost: maximumLength) { item(i, &$0) } }
        }
    }

    /// True when ``inRanges(count:rangeSize:to:format:)`` is worth it for `count` items: ``parallelThreshold`` or
    /// more, and more than one core.
    static func formatsOnEveryCore(_ count: Int) -> Bool {
        count >= parallelThreshold && SideBySide.processorCount > 1
    }

    /// Hands the text of items `0..<count` to `sink` in order, formatted on every core: `format(range, &text)`
    /// appends the text of the items of `range` (`rangeSize` of them, the last range fewer) to `text`, several
    /// ranges at once — two per core, a wave — and each range's text goes to `sink` when its turn comes. `format` is
    /// called from several threads at once: it must only read what it shares.
    ///
    /// While one wave's texts go to `sink` (a file's `write`, the kernel copying them: serial, on this thread), the
    /// next wave is formatted into a second set of texts: the cores idled during each write, 17 ms of a 230 000-fix
    /// `run`'s GPX output and a fifth of a 2.3 M-fix `run --report`'s time.
    static func inRanges(count: Int, rangeSize: Int, to sink: ([UInt8]) throws -> Void,
                         format: @Sendable (Range<Int>, inout [UInt8]) -> Void) rethrows {
        let ranges = (count + rangeSize - 1) / rangeSize
        let width = 2 * SideBySide.processorCount
        let texts = (ThreadSlots<[UInt8]>(count: width, initial: []), ThreadSlots<[UInt8]>(count: width, initial: []))
        defer {
            texts.0.free()
            texts.1.free()
        }
        /// The ranges of wave `wave`, how many.
        @Sendable func size(of wave: Int) -> Int { max(0, min(width, ranges - wave * width)) }
        try withoutActuallyEscaping(format) { format in
            /// Formats wave `wave` into `slots`, on every core.
            @Sendable func formatWave(_ wave: Int, into slots: ThreadSlots<[UInt8]>) {
                DispatchQueue.concurrentPerform(iterations: size(of: wave)) { k in
                    let lower = (wave * width + k) * rangeSize
                    slots.base[k].removeAll(keepingCapacity: true)
                    format(lower..<min(count, lower + rangeSize), &slots.base[k])
                }
            }
            formatWave(0, into: texts.0)
            var wave = 0
            while size(of: wave) > 0 {
                let (current, other) = wave % 2 == 0 ? (texts.0, texts.1) : (texts.1, texts.0)
                let next = wave + 1
                let formatting = DispatchGroup()
                if size(of: next) > 0 {
                    DispatchQueue.global().async(group: formatting) { formatWave(next, into: other) }
                }
                // The next wave's texts are being written to meanwhile: wait for them before leaving, even on an error.
                defer { formatting.wait() }
                for text in current.base[..<size(of: wave)] { try sink(text) }
                wave = next
            }
        }
    }

    /// Items below which ``append(count:maximumLength:to:item:)`` and the run report's long lists stay on the
    /// calling thread: starting the other threads costs more than a short track's text (a 2300-fix GPX is written
    /// in about a millisecond).
    static let parallelThreshold = 16_384

    /// Items formatted by one thread at a time: about 1 MB of GPX.
    static let parallelRange = 4096
}
