import CLibXML2
import Foundation
import TrackPipe

/// The GPX reader's state during one SAX pass; libxml2 calls back into it through the context's userData.
///
/// The mutable properties are `@exclusivity(unchecked)`: libxml2 calls back on one thread, one callback at a
/// time, and no callback holds an access across another, so the runtime's dynamic exclusivity checks (about 9 %
/// of the parse time, measured with perf) guard against nothing here.
final class GPXParseState {
    let sourceName: String
    @exclusivity(unchecked) var ctxt: xmlParserCtxtPtr?
    @exclusivity(unchecked) var fatal: TrackReadError?
    @exclusivity(unchecked) var sawRoot = false
    /// `wpt` elements seen: a file of waypoints alone is not a track.
    @exclusivity(unchecked) var waypoints = 0

    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var routeOrTrackDepth = -1
    @exclusivity(unchecked) var metadataDepth = -1
    @exclusivity(unchecked) var trackName: String?
    @exclusivity(unchecked) var documentName: String?
    @exclusivity(unchecked) var activityText: String?

    @exclusivity(unchecked) var segment = -1
    @exclusivity(unchecked) var segmentHasFixes = false
    @exclusivity(unchecked) var pointDepth = -1
    @exclusivity(unchecked) var point = GPXPendingPoint()
    @exclusivity(unchecked) var recordIndex = 0

    @exclusivity(unchecked) var capture = GPXElement.other
    @exclusivity(unchecked) var captureDepth = -1
    @exclusivity(unchecked) var captureIsStructural = false
    /// The text of the field being read, in memory of its own rather than a `[UInt8]`: an array stored here was
    /// retained and released around every call that read it, for every field of every point (2.5 % of a batch of
    /// runs, perf).
    @exclusivity(unchecked) private var textBase = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    @exclusivity(unchecked) private var textCapacity = 64
    @exclusivity(unchecked) private var textCount = 0

    @exclusivity(unchecked) var fixes: [Fix] = []
    @exclusivity(unchecked) var rejected: [RejectedRecord] = []

    // Reading a part of a document (`GPXPartitionedRead`).
    /// Stop at the root's start tag (reading the prolog): `rootEnd` is then set.
    var stopsAfterRoot = false
    /// Offset in this parser's input of the `>` that closes the root's start tag (libxml2 reports a start tag
    /// before it steps over it), once seen with `stopsAfterRoot`; -1 before, or when libxml2 converts the
    /// document's encoding (its offsets are then not the file's).
    @exclusivity(unchecked) var rootEnd = -1
    /// Stop at the first `<trkpt>` whose start tag ends after this offset in this parser's input (where the next
    /// part begins); -1 to read to the end.
    var stopAt = -1
    /// Where the parse stopped for `stopAt`: the offset of the `>` (or `/`) that closes that `<trkpt>`'s start
    /// tag, and whether the
    /// state there is what the next part's prefix sets up — directly in a `trkseg` of a `trk` of the root, no
    /// point or field open.
    @exclusivity(unchecked) var stopped: (consumed: Int, inTrackSegment: Bool)?
    /// The kinds of the open elements at depths 1 and 2 (under the root).
    @exclusivity(unchecked) var openKinds = (GPXElement.other, GPXElement.other)

    /// `documentSize` (bytes) bounds the number of fixes: room for one per 128 bytes is reserved up front (a
    /// `<trkpt>` with a time takes 100–300), so a long track's fixes are not copied each time the list doubles —
    /// at 2.3 M fixes the last doubling held 190 and 380 MB at once. Room reserved and not used is never written,
    /// so it is not resident.
    init(sourceName: String, documentSize: Int = 0) {
        self.sourceName = sourceName
        fixes.reserveCapacity(max(1024, documentSize / 128))
    }

    deinit { textBase.deallocate() }

    /// The field's text read so far.
    var text: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: textBase, count: textCount) }

    var position: (line: Int, column: Int) {
        guard let input = ctxt?.pointee.input else { return (0, 0) }
        return (Int(input.pointee.line), Int(input.pointee.col))
    }

    func stop(_ error: TrackReadError) {
        if fatal == nil { fatal = error }
        if let ctxt { xmlStopParser(ctxt) }
    }

    func newSegment() {
        if segment < 0 || segmentHasFixes {
            segment += 1
            segmentHasFixes = false
        }
    }

    // MARK: SAX events

    func start(_ localname: UnsafePointer<UInt8>, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
               count: Int) {
        let kind = GPXElement.classify(localname)
        defer { depth += 1 }
        if depth == 0 {
            sawRoot = true
            if kind != .gpx {
                let (line, column) = position
                stop(TrackReadError(file: sourceName, line: line, column: column,
                                    message: "the root element is <\(String(cString: localname))>; expected <gpx>"))
            } else if stopsAfterRoot, let ctxt {
                // Byte offsets are the file's only when libxml2 converts no encoding.
                if ctxt.pointee.input?.pointee.buf?.pointee.encoder == nil { rootEnd = xmlByteConsumed(ctxt) }
                xmlStopParser(ctxt)
            }
            return
        }
        if depth == 1 { openKinds.0 = kind } else if depth == 2 { openKinds.1 = kind }
        if pointDepth >= 0 {
            if captureDepth < 0, kind.isPointField {
                capture = kind
                captureDepth = depth
                captureIsStructural = false
                textCount = 0
            } else if kind == .gteGPS, let attributes {
                readGTEAttributes(attributes, count: count)
            }
            return
        }
        switch kind {
        case .trkpt, .rtept:
            if stopAt >= 0, kind == .trkpt, let ctxt, case let consumed = xmlByteConsumed(ctxt), consumed > stopAt {
                stopped = (consumed, depth == 3 && openKinds.0 == .trk && openKinds.1 == .trkseg
                    && routeOrTrackDepth == 1 && metadataDepth < 0 && captureDepth < 0)
                xmlStopParser(ctxt)
                return
            }
            if routeOrTrackDepth >= 0 && segment < 0 { newSegment() }
            if segment < 0 { segment = 0 }
            pointDepth = depth
            let (line, column) = position
            point = GPXPendingPoint(line: line, column: column)
            if let attributes { readCoordinates(attributes, count: count) }
        case .wpt:
            waypoints += 1
        case .trk:
            routeOrTrackDepth = depth
        case .rte:
            routeOrTrackDepth = depth
            newSegment()
        case .trkseg:
            newSegment()
        case .metadata:
            metadataDepth = depth
        case .name, .type:
            let isTrackChild = routeOrTrackDepth >= 0 && depth == routeOrTrackDepth + 1
            let isDocumentName = kind == .name && (depth == 1 || (metadataDepth >= 0 && depth == metadataDepth + 1))
            if isTrackChild || isDocumentName {
                capture = kind
                captureDepth = depth
                captureIsStructural = true
                textCount = 0
            }
        default:
            break
        }
    }

    func end() {
        depth -= 1
        if captureDepth == depth {
            captureDepth = -1
            if captureIsStructural {
                let value = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if !value.isEmpty {
                    if capture == .type {
                        if activityText == nil { activityText = value }
                    } else if routeOrTrackDepth >= 0 {
                        if trackName == nil { trackName = value }
                    } else if documentName == nil {
                        documentName = value
                    }
                }
            } else {
                point.set(capture, text)
            }
            capture = .other
            return
        }
        if depth == pointDepth {
            pointDepth = -1
            finishPoint()
        } else if depth == routeOrTrackDepth {
            routeOrTrackDepth = -1
        } else if depth == metadataDepth {
            metadataDepth = -1
        }
    }

    func characters(_ ch: UnsafePointer<UInt8>, _ len: Int) {
        guard captureDepth >= 0, len > 0 else { return }
        if textCount + len > textCapacity {
            let capacity = max(2 * textCapacity, textCount + len)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.initialize(from: textBase, count: textCount)
            textBase.deallocate()
            textBase = grown
            textCapacity = capacity
        }
        (textBase + textCount).initialize(from: ch, count: len)
        textCount += len
    }

    private func finishPoint() {
        defer { recordIndex += 1 }
        // Read in place: calling a method on the stored point copied it (with its 144-byte fix) for every point.
        let result = withUnsafeMutablePointer(to: &point) { $0.pointee.makeFix(sourceIndex: recordIndex, segment: segment) }
        switch result {
        case .success(var fix):
            fix.estimateAccuracyFromHDOPIfMissing()
            fixes.append(fix)
            segmentHasFixes = true
        case .failure(let problem):
            rejected.append(RejectedRecord(sourceIndex: recordIndex, line: point.line, column: point.column,
                                           rule: problem.rule, reason: problem.reason))
        }
    }

    private func readCoordinates(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, count: Int) {
        for k in 0..<count {
            guard let name = attributes[5 * k], let value = attributes[5 * k + 3], let end = attributes[5 * k + 4]
            else { continue }
            let buffer = UnsafeBufferPointer(start: value, count: end - value)
            if name[0] == 108, name[1] == 97, name[2] == 116, name[3] == 0 {  // "lat"
                point.setCoordinate(latitude: true, buffer)
            } else if name[0] == 108, name[1] == 111, name[2] == 110, name[3] == 0 {  // "lon"
                point.setCoordinate(latitude: false, buffer)
            }
        }
    }

    private func readGTEAttributes(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, count: Int) {
        for k in 0..<count {
            guard let name = attributes[5 * k], let value = attributes[5 * k + 3], let end = attributes[5 * k + 4]
            else { continue }
            let buffer = UnsafeBufferPointer(start: value, count: end - value)
            let key = String(cString: name)
            if key == "speed", let kmh = DecimalText.parseDouble(buffer), kmh.isFinite {
                point.gteSpeed = kmh / 3.6
            } else if key == "azimuth", let deg = DecimalText.parseDouble(buffer), deg.isFinite {
                point.gteCourse = deg
            }
        }
    }

    // MARK: libxml2 glue

    /// Runs `body` on the state `ctx` points to without retaining it: `XMLSAXParser.parse` keeps the state alive
    /// for the whole parse, so the retain and release `takeUnretainedValue()` adds to every callback guard nothing
    /// (they were 6 % of a 230 000-fix `run`).
    @inline(__always)
    static func with(_ ctx: UnsafeMutableRawPointer?, _ body: (GPXParseState) -> Void) {
        guard let ctx else { return }
        Unmanaged<GPXParseState>.fromOpaque(ctx)._withUnsafeGuaranteedRef(body)
    }

    static func makeHandler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = UInt32(XML_SAX2_MAGIC)
        h.startElementNs = { ctx, localname, _, _, _, _, nbAttributes, _, attributes in
            guard let localname else { return }
            GPXParseState.with(ctx) { $0.start(localname, attributes: attributes, count: Int(nbAttributes)) }
        }
        h.endElementNs = { ctx, _, _, _ in
            GPXParseState.with(ctx) { $0.end() }
        }
        h.characters = { ctx, ch, len in
            guard let ch, len > 0 else { return }
            GPXParseState.with(ctx) { $0.characters(ch, Int(len)) }
        }
        h.cdataBlock = h.characters
        h.serror = { ctx, error in
            guard let error else { return }
            GPXParseState.with(ctx) { s in
                if s.fatal == nil { s.fatal = XMLSAXParser.error(error, sourceName: s.sourceName) }
            }
        }
        return h
    }
}
