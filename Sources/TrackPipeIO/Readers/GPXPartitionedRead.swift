import CLibXML2
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import TrackPipe

/// Reads a long GPX document on several cores. libxml2 parses one document on one thread, at about 1.5 µs per
/// track point, which was half of a 230 000-fix `run`; so the document is cut before `<trkpt` start tags into one
/// part per core, each part is parsed at the same time by its own parser, and the parts' points are joined as one
/// pass reads them (the same fixes, record indices, segments and rejected records with their lines and columns).
///
/// A part after the first is parsed as a document of its own: the original's bytes up to the end of the root's
/// start tag (its XML declaration, namespace declarations and encoding), then `<trk><trkseg>` and a line break,
/// then the original's bytes from the cut to the end. Each part but the last stops at the next cut. The parts'
/// result is used only when it is certain to be what one pass reads, and otherwise the caller reads the document
/// in one pass (which reports any error as it always did):
/// - the prolog has no document type declaration (an internal subset could declare entities used later), and
///   libxml2 converts no encoding (so its byte offsets are the file's);
/// - each cut is where the parser of the part before it met the start tag of a real `<trkpt>` (not text inside a
///   comment or CDATA that looks like one), directly inside a `trkseg` of a `trk` of the root, with no point or
///   field open — the context the next part's prefix sets up;
/// - no part reports an error, and the first point of every part after the first is read, not rejected (a
///   rejected one would leave the part's first segment empty, which one pass may count differently).
enum GPXPartitionedRead {
    /// Bytes per part below which a document is read in one pass: starting the other threads and parsers costs
    /// more than it saves (measured: a 6 MB, 23 000-point document gains; the 633 KB reference run would not).
    static let minimumPartSize = 1 << 20

    /// The document's fixes, rejected records, names and counts read in parts, in one state as one pass leaves
    /// it; `nil` when the document is too short, does not qualify, or a part fails (see the type's
    /// documentation).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String, cores: Int = SideBySide.processorCount,
                     minimumPartSize: Int = GPXPartitionedRead.minimumPartSize) -> GPXParseState? {
        let parts = min(cores, bytes.count / max(1, minimumPartSize))
        guard parts >= 2, let rootEnd = rootStartTagEnd(bytes, sourceName: sourceName) else { return nil }
        // The cuts: the first `<trkpt` at or after each part's share of the bytes.
        var cuts: [Int] = []
        for k in 1..<parts {
            let from = max(rootEnd, k * bytes.count / parts, (cuts.last ?? 0) + 1)
            guard let cut = trackPointTag(in: bytes, from: from) else { break }
            cuts.append(cut)
        }
        guard !cuts.isEmpty else { return nil }
        let prefix = Array(bytes[..<rootEnd]) + Array("<trk><trkseg>\n".utf8)
        let starts = [0] + cuts, ends = cuts + [bytes.count]
        // The states, and so their lists of fixes, are made here, on the calling thread: memory another thread
        // allocates comes from its own glibc arena, which the rest of the run cannot reuse once the parts are
        // joined (peak RSS of a 230 000-fix `run` +16 MB). The first part's state takes in the others' fixes: room
        // for all of them (reserved, not resident).
        let made = (0..<starts.count).map { k in
            GPXParseState(sourceName: sourceName, documentSize: k == 0 ? bytes.count : ends[k] - starts[k])
        }
        let states = ThreadSlots<GPXParseState?>(count: starts.count, initial: nil)
        defer { states.free() }
        for (k, state) in made.enumerated() { states.base[k] = state }
        let document = Document(bytes: bytes)
        DispatchQueue.concurrentPerform(iterations: starts.count) { k in
            let bytes = document.bytes
            let part = UnsafeBufferPointer(rebasing: bytes[starts[k]...])
            let head = k == 0 ? [] : prefix
            guard let state = states.base[k] else { return }
            states.base[k] = nil  // set again below when the part is read as one pass would
            if k + 1 < starts.count { state.stopAt = head.count + ends[k] - starts[k] }
            let wellFormed = (try? XMLSAXParser.parse(part, prefix: head, sourceName: sourceName,
                                                      handler: GPXParseState.makeHandler(), state: state) { state.ctxt = $0 })
            state.ctxt = nil
            guard state.fatal == nil else { return }
            if k + 1 < starts.count {
                // Stopped at the next cut's `<trkpt>`, its start tag beginning exactly there (no `<` in between), in
                // the context the next part's prefix sets up.
                guard let stop = state.stopped, stop.inTrackSegment else { return }
                let end = stop.consumed - head.count + starts[k]
                guard end > ends[k], end <= bytes.count, !bytes[(ends[k] + 1)..<end].contains(UInt8(ascii: "<"))
                else { return }
            } else if wellFormed != true {
                return
            }
            states.base[k] = state
        }
        var parsed: [GPXParseState] = []
        for state in states.base {
            guard let state else { return nil }
            parsed.append(state)
        }
        return join(parsed, cuts: cuts, prefix: prefix, bytes: bytes)
    }

    /// The document's bytes, read (never written) by the parts' threads while the caller waits for them.
    private struct Document: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
    }

    /// The offset just after the root's start tag, from a parse that stops there; `nil` when the document has a
    /// document type declaration before it, libxml2 converts its encoding, or it has no such tag.
    static func rootStartTagEnd(_ bytes: UnsafeBufferPointer<UInt8>, sourceName: String) -> Int? {
        let state = GPXParseState(sourceName: sourceName)
        state.stopsAfterRoot = true
        _ = try? XMLSAXParser.parse(bytes, sourceName: sourceName, handler: GPXParseState.makeHandler(),
                                    state: state) { state.ctxt = $0 }
        state.ctxt = nil
        // libxml2 reports the start tag before it steps over its `>` (or the `/>` of an empty element).
        let close = state.rootEnd
        guard state.fatal == nil, close > 0, close < bytes.count, bytes[close] == UInt8(ascii: ">"),
              firstIndex(of: "<!DOCTYPE", in: UnsafeBufferPointer(rebasing: bytes[..<close])) == nil
        else { return nil }
        return close + 1
    }

    /// The offset of the first `<trkpt` followed by a space, a line break, a tab or `>` at or after `from`.
    static func trackPointTag(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var at = from
        while let i = firstIndex(of: "<trkpt", in: UnsafeBufferPointer(rebasing: bytes[at...])) {
            let next = at + i + 6
            if next < bytes.count, [0x20, 0x0A, 0x0D, 0x09, 0x3E].contains(bytes[next]) { return at + i }
            at = next
        }
        return nil
    }

    /// The parts' states joined into the first: later parts' record indices and segments continue the first's,
    /// their rejected records' lines and columns are the file's. `nil` when a later part's first point was rejected.
    static func join(_ parts: [GPXParseState], cuts: [Int], prefix: [UInt8], bytes: UnsafeBufferPointer<UInt8>)
        -> GPXParseState? {
        guard let whole = parts.first else { return nil }
        // Where each part's own bytes begin in its parser's lines: after the prefix's line breaks.
        let prefixLines = prefix.withUnsafeBufferPointer { TextPosition.of($0.count, in: $0).line }
        var cutPosition = (line: 1, column: 1, offset: 0)
        for (k, part) in parts.enumerated().dropFirst() {
            guard part.fixes.first?.sourceIndex == 0 else { return nil }
            let records = whole.recordIndex, segments = whole.segment
            whole.fixes.reserveCapacity(whole.fixes.count + part.fixes.count)
            for var fix in part.fixes {
                fix.sourceIndex += records
                fix.segment += segments
                whole.fixes.append(fix)
            }
            if !part.rejected.isEmpty {
                cutPosition = TextPosition.of(cuts[k - 1], in: bytes, from: cutPosition)
                for var record in part.rejected {
                    record.sourceIndex += records
                    if let line = record.line {
                        if line == prefixLines, let column = record.column { record.column = column + cutPosition.column - 1 }
                        record.line = line - prefixLines + cutPosition.line
                    }
                    whole.rejected.append(record)
                }
            }
            whole.recordIndex += part.recordIndex
            whole.segment = part.segment + segments
            whole.segmentHasFixes = part.segmentHasFixes
            whole.waypoints += part.waypoints
            whole.trackName = whole.trackName ?? part.trackName
            whole.documentName = whole.documentName ?? part.documentName
            whole.activityText = whole.activityText ?? part.activityText
        }
        return whole
    }

    /// The offset of the first occurrence of `text`'s UTF-8 bytes in `bytes`: `memchr` to each candidate first byte,
    /// `memcmp` for the rest. (The standard library's `firstRange(of:)` on a buffer made four heap allocations per
    /// byte it stepped over — 1 845 for each cut of an 8 MB document, and a cut in a long stretch without points
    /// would have made millions.)
    static func firstIndex(of text: String, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let pattern = Array(text.utf8)
        guard let first = pattern.first, let base = bytes.baseAddress, bytes.count >= pattern.count else { return nil }
        let lastStart = bytes.count - pattern.count
        var from = 0
        while from <= lastStart {
            guard let hit = memchr(base + from, Int32(first), lastStart - from + 1) else { return nil }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, pattern, pattern.count) == 0 { return at }
            from = at + 1
        }
        return nil
    }
}
