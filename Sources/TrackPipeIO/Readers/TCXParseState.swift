import CLibXML2
import Foundation
import TrackPipe

/// The TCX reader's state during one SAX pass: a stack of classified element names, the trackpoint being read,
/// and the fixes, rejected records and device distances so far. Element names are classified from libxml2's
/// bytes and numbers parsed from them, without a String per element (the reader's speed depends on it).
///
/// The mutable properties are `@exclusivity(unchecked)`, as in `GPXParseState`: libxml2 calls back on one
/// thread, one callback at a time.
final class TCXParseState {
    let sourceName: String
    @exclusivity(unchecked) var ctxt: xmlParserCtxtPtr?
    @exclusivity(unchecked) var fatal: TrackReadError?
    @exclusivity(unchecked) var sawRoot = false

    /// The open elements (classified), innermost last.
    @exclusivity(unchecked) var path: [TCXElement] = []
    @exclusivity(unchecked) var text: [UInt8] = []
    @exclusivity(unchecked) var capturing = false
    @exclusivity(unchecked) var sport: String?
    @exclusivity(unchecked) var name: String?
    @exclusivity(unchecked) var segment = -1
    @exclusivity(unchecked) var segmentHasRecords = false
    @exclusivity(unchecked) var recordIndex = 0
    @exclusivity(unchecked) var lapDistances: [Double] = []

    @exclusivity(unchecked) var inPoint = false
    @exclusivity(unchecked) var point = Pending()

    @exclusivity(unchecked) var fixes: [Fix] = []
    @exclusivity(unchecked) var rejected: [RejectedRecord] = []
    @exclusivity(unchecked) var distances: [Double?] = []

    /// One trackpoint's fields as they arrive. A field that does not parse is kept as its text, so the
    /// rejection can quote it; the first such field (in the order the reader checks them) rejects the point.
    struct Pending {
        var line = 0
        var column = 0
        var time: Double?
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var distance: Double?
        var heartRate: Double?
        var cadence: Double?
        var runCadence: Double?
        var speed: Double?
        var badTime: String?
        /// Fields that were not numbers, by element, with their text.
        var badNumbers: [(TCXElement, String)] = []
    }

    init(sourceName: String) {
        self.sourceName = sourceName
        path.reserveCapacity(16)
        text.reserveCapacity(64)
        fixes.reserveCapacity(1024)
        distances.reserveCapacity(1024)
    }

    var position: (line: Int, column: Int) {
        guard let input = ctxt?.pointee.input else { return (0, 0) }
        return (Int(input.pointee.line), Int(input.pointee.col))
    }

    func start(_ localname: UnsafePointer<UInt8>, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        let kind = TCXElement.classify(localname)
        if path.isEmpty {
            sawRoot = true
            if kind != .trainingCenterDatabase {
                let (line, column) = position
                fatal = TrackReadError(file: sourceName, line: line, column: column,
                                       message: "the root element is <\(String(cString: localname))>; expected <TrainingCenterDatabase>")
                // Nothing more of this element is read: stopping the parser frees the input its attributes point
                // into (reading `<Activity Sport=…>` as a root after it was a use after free, found by FuzzTCX).
                if let ctxt { xmlStopParser(ctxt) }
                return
            }
        }
        let parent = path.last ?? .other
        path.append(kind)
        text.removeAll(keepingCapacity: true)
        capturing = false
        switch kind {
        case .activity:
            if sport == nil, let attributes { sport = attribute("Sport", attributes, count) }
        case .track:
            if segment < 0 || segmentHasRecords {
                segment += 1
                segmentHasRecords = false
            }
        case .trackpoint:
            if segment < 0 { segment = 0 }
            inPoint = true
            let (line, column) = position
            point = Pending(line: line, column: column)
        case .time, .altitudeMeters, .distanceMeters, .cadence:
            capturing = inPoint ? parent == .trackpoint : (kind == .distanceMeters && parent == .lap)
        case .latitudeDegrees, .longitudeDegrees:
            capturing = inPoint && parent == .position
        case .value:
            capturing = inPoint && parent == .heartRateBpm
        case .speed, .runCadence:
            capturing = inPoint
        case .id:
            capturing = parent == .activity && name == nil
        case .name:
            capturing = parent == .course && name == nil
        default:
            break
        }
    }

    func end() {
        guard let element = path.popLast() else { return }
        defer {
            text.removeAll(keepingCapacity: true)
            capturing = false
        }
        if element == .trackpoint {
            inPoint = false
            finishPoint()
            return
        }
        guard capturing else { return }
        if inPoint {
            text.withUnsafeBufferPointer { setField(element, $0) }
            return
        }
        switch element {
        case .distanceMeters:
            if let d = text.withUnsafeBufferPointer({ DecimalText.parseDouble($0) }), d.isFinite { lapDistances.append(d) }
        case .id, .name:
            let value = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if name == nil, !value.isEmpty { name = value }
        default:
            break
        }
    }

    func characters(_ ch: UnsafePointer<UInt8>, _ len: Int) {
        if capturing { text.append(contentsOf: UnsafeBufferPointer(start: ch, count: len)) }
    }

    private func setField(_ element: TCXElement, _ raw: UnsafeBufferPointer<UInt8>) {
        var isBlank = true
        for c in raw where !ISO8601Time.isSpace(c) { isBlank = false; break }
        if isBlank { return }
        if element == .time {
            if let t = ISO8601Time.parse(raw) { point.time = t } else {
                point.badTime = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return
        }
        guard let v = DecimalText.parseDouble(raw), v.isFinite else {
            point.badNumbers.append((element, String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
            return
        }
        switch element {
        case .latitudeDegrees: point.latitude = v
        case .longitudeDegrees: point.longitude = v
        case .altitudeMeters: point.altitude = v
        case .distanceMeters: point.distance = v
        case .value: point.heartRate = v
        case .cadence: point.cadence = v
        case .runCadence: point.runCadence = v
        case .speed: point.speed = v
        default: break
        }
    }

    private func finishPoint() {
        defer {
            recordIndex += 1
            segmentHasRecords = true
        }
        let p = point
        func reject(_ rule: String, _ reason: String) {
            rejected.append(RejectedRecord(sourceIndex: recordIndex, line: p.line, column: p.column, rule: rule, reason: reason))
        }
        // Checked in this order: distance, position, range, time, then the other fields.
        func bad(_ element: TCXElement) -> String? { p.badNumbers.first { $0.0 == element }?.1 }
        func notANumber(_ element: TCXElement, _ text: String) {
            let label = element == .value ? "HeartRate" : element.label
            reject("unparseable-value", "<\(label)> \"\(text)\" is not a number")
        }
        if !p.badNumbers.isEmpty, let t = bad(.distanceMeters) {
            distances.append(nil)
            return notANumber(.distanceMeters, t)
        }
        distances.append(p.distance)
        if !p.badNumbers.isEmpty {
            for element in [TCXElement.latitudeDegrees, .longitudeDegrees] {
                if let t = bad(element) { return notANumber(element, t) }
            }
        }
        guard let lat = p.latitude, let lon = p.longitude else {
            return reject("no-fix", "the trackpoint has no <Position>")
        }
        guard abs(lat) <= 90 else { return reject("latitude-out-of-range", "latitude \(lat) is outside −90…90") }
        guard abs(lon) <= 180 else { return reject("longitude-out-of-range", "longitude \(lon) is outside −180…180") }
        if let t = p.badTime { return reject("unparseable-time", "<Time> \"\(t)\" is not ISO 8601") }
        if !p.badNumbers.isEmpty {
            for element in [TCXElement.altitudeMeters, .speed, .value, .cadence, .runCadence] {
                if let t = bad(element) { return notANumber(element, t) }
            }
        }
        fixes.append(Fix(time: p.time, latitude: lat, longitude: lon, altitude: p.altitude, speed: p.speed,
                         heartRate: p.heartRate, cadence: p.cadence ?? p.runCadence, segment: segment,
                         sourceIndex: recordIndex))
    }

    private func attribute(_ wanted: String, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, _ count: Int) -> String? {
        for k in 0..<count {
            guard let name = attributes[5 * k], let value = attributes[5 * k + 3], let end = attributes[5 * k + 4],
                  String(cString: name) == wanted else { continue }
            return String(decoding: UnsafeBufferPointer(start: value, count: end - value), as: UTF8.self)
        }
        return nil
    }

    // MARK: libxml2 glue

    /// Runs `body` on the state `ctx` points to without retaining it: `XMLSAXParser.parse` keeps the state alive
    /// for the whole parse, so the retain and release `takeUnretainedValue()` adds to every callback guard nothing
    /// (they were 6 % of a 230 000-fix `run`).
    @inline(__always)
    static func with(_ ctx: UnsafeMutableRawPointer?, _ body: (TCXParseState) -> Void) {
        guard let ctx else { return }
        Unmanaged<TCXParseState>.fromOpaque(ctx)._withUnsafeGuaranteedRef(body)
    }

    static func makeHandler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = UInt32(XML_SAX2_MAGIC)
        h.startElementNs = { ctx, localname, _, _, _, _, nbAttributes, _, attributes in
            guard let localname else { return }
            TCXParseState.with(ctx) { $0.start(localname, attributes: attributes, count: Int(nbAttributes)) }
        }
        h.endElementNs = { ctx, _, _, _ in
            TCXParseState.with(ctx) { $0.end() }
        }
        h.characters = { ctx, ch, len in
            guard let ch, len > 0 else { return }
            TCXParseState.with(ctx) { $0.characters(ch, Int(len)) }
        }
        h.cdataBlock = h.characters
        h.serror = { ctx, error in
            guard let error else { return }
            TCXParseState.with(ctx) { s in
                if s.fatal == nil { s.fatal = XMLSAXParser.error(error, sourceName: s.sourceName) }
            }
        }
        return h
    }
}
