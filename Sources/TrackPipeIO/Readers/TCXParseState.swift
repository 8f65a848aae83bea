import CLibXML2
import Foundation
import TrackPipe

/// The TCX reader's state during one SAX pass: a stack of element names, the trackpoint being read, and the
/// fixes, rejected records and device distances so far.
final class TCXParseState {
    let sourceName: String
    var ctxt: xmlParserCtxtPtr?
    var fatal: TrackReadError?
    var sawRoot = false

    var path: [String] = []
    var text: [UInt8] = []
    var sport: String?
    var name: String?
    var segment = -1
    var segmentHasRecords = false
    var recordIndex = 0
    var lapDistances: [Double] = []

    var inPoint = false
    var pointLine = 0
    var pointColumn = 0
    var values: [String: String] = [:]

    var fixes: [Fix] = []
    var rejected: [RejectedRecord] = []
    var distances: [Double?] = []

    init(sourceName: String) {
        self.sourceName = sourceName
    }

    var position: (line: Int, column: Int) {
        guard let input = ctxt?.pointee.input else { return (0, 0) }
        return (Int(input.pointee.line), Int(input.pointee.col))
    }

    func start(_ localname: String, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        if path.isEmpty {
            sawRoot = true
            if localname != "TrainingCenterDatabase" {
                let (line, column) = position
                fatal = TrackReadError(file: sourceName, line: line, column: column,
                                       message: "the root element is <\(localname)>; expected <TrainingCenterDatabase>")
                if let ctxt { xmlStopParser(ctxt) }
            }
        }
        path.append(localname)
        text.removeAll(keepingCapacity: true)
        switch localname {
        case "Activity":
            if sport == nil, let attributes { sport = attribute("Sport", attributes, count) }
        case "Track":
            if segment < 0 || segmentHasRecords {
                segment += 1
                segmentHasRecords = false
            }
        case "Trackpoint":
            if segment < 0 { segment = 0 }
            inPoint = true
            values.removeAll(keepingCapacity: true)
            (pointLine, pointColumn) = position
        default:
            break
        }
    }

    func end() {
        guard let element = path.popLast() else { return }
        let parent = path.last ?? ""
        let value = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        text.removeAll(keepingCapacity: true)
        if inPoint {
            switch (parent, element) {
            case ("Trackpoint", "Trackpoint"): break
            case ("HeartRateBpm", "Value"): values["HeartRate"] = value
            case (_, "Trackpoint"): break
            case ("Trackpoint", _), ("Position", _), ("TPX", _): values[element] = value
            default: break
            }
            if element == "Trackpoint" {
                inPoint = false
                finishPoint()
            }
            return
        }
        switch (parent, element) {
        case ("Lap", "DistanceMeters"):
            if let d = Double(value), d.isFinite { lapDistances.append(d) }
        case ("Course", "Name"), ("Activity", "Id"):
            if name == nil, !value.isEmpty { name = value }
        default:
            break
        }
    }

    func characters(_ ch: UnsafePointer<UInt8>, _ len: Int) {
        text.append(contentsOf: UnsafeBufferPointer(start: ch, count: len))
    }

    private func finishPoint() {
        defer {
            recordIndex += 1
            segmentHasRecords = true
        }
        func number(_ key: String) throws -> Double? {
            guard let text = values[key], !text.isEmpty else { return nil }
            guard let v = Double(text), v.isFinite else {
                throw FieldValue.Problem(rule: "unparseable-value", reason: "<\(key)> \"\(text)\" is not a number")
            }
            return v
        }
        func reject(_ rule: String, _ reason: String) {
            rejected.append(RejectedRecord(sourceIndex: recordIndex, line: pointLine, column: pointColumn, rule: rule, reason: reason))
        }
        do {
            distances.append(try number("DistanceMeters"))
            guard let lat = try number("LatitudeDegrees"), let lon = try number("LongitudeDegrees") else {
                reject("no-fix", "the trackpoint has no <Position>")
                return
            }
            guard abs(lat) <= 90 else { return reject("latitude-out-of-range", "latitude \(lat) is outside −90…90") }
            guard abs(lon) <= 180 else { return reject("longitude-out-of-range", "longitude \(lon) is outside −180…180") }
            var time: Double?
            if let t = values["Time"] {
                guard let parsed = ISO8601Time.parse(t) else {
                    return reject("unparseable-time", "<Time> \"\(t)\" is not ISO 8601")
                }
                time = parsed
            }
            fixes.append(Fix(time: time, latitude: lat, longitude: lon, altitude: try number("AltitudeMeters"),
                             speed: try number("Speed"), heartRate: try number("HeartRate"),
                             cadence: try number("Cadence") ?? number("RunCadence"), segment: segment,
                             sourceIndex: recordIndex))
        } catch let problem as FieldValue.Problem {
            if distances.count == recordIndex { distances.append(nil) }
            reject(problem.rule, problem.reason)
        } catch {
            if distances.count == recordIndex { distances.append(nil) }
            reject("unparseable-value", "\(error)")
        }
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

    static func state(_ ctx: UnsafeMutableRawPointer?) -> TCXParseState? {
        guard let ctx else { return nil }
        return Unmanaged<TCXParseState>.fromOpaque(ctx).takeUnretainedValue()
    }

    static func makeHandler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = UInt32(XML_SAX2_MAGIC)
        h.startElementNs = { ctx, localname, _, _, _, _, nbAttributes, _, attributes in
            guard let s = TCXParseState.state(ctx), let localname else { return }
            s.start(String(cString: localname), attributes: attributes, count: Int(nbAttributes))
        }
        h.endElementNs = { ctx, _, _, _ in
            TCXParseState.state(ctx)?.end()
        }
        h.characters = { ctx, ch, len in
            guard let s = TCXParseState.state(ctx), let ch, len > 0 else { return }
            s.characters(ch, Int(len))
        }
        h.cdataBlock = h.characters
        h.serror = { ctx, error in
            guard let s = TCXParseState.state(ctx), let error, s.fatal == nil else { return }
            s.fatal = XMLSAXParser.error(error, sourceName: s.sourceName)
        }
        return h
    }
}
