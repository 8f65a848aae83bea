import TrackPipe

/// The fields of one `trkpt`/`rtept` as they arrive from the parser, before validation.
struct GPXPendingPoint {
    var line = 0
    var column = 0
    var latitude: Double?
    var longitude: Double?
    var fix = Fix(time: nil, latitude: 0, longitude: 0, sourceIndex: 0)
    var gteSpeed: Double?
    var gteCourse: Double?
    /// The first problem found; the point is rejected with it.
    var problem: (rule: String, reason: String)?

    init() {}
    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    mutating func note(_ rule: String, _ reason: String) {
        if problem == nil { problem = (rule, reason) }
    }

    mutating func setCoordinate(latitude isLatitude: Bool, _ raw: UnsafeBufferPointer<UInt8>) {
        guard let v = DecimalText.parseDouble(raw) else {
            note("unparseable-coordinate",
                 "\(isLatitude ? "lat" : "lon")=\"\(String(decoding: raw, as: UTF8.self))\" is not a number of degrees")
            return
        }
        if isLatitude { latitude = v } else { longitude = v }
    }

    mutating func set(_ element: GPXElement, _ raw: UnsafeBufferPointer<UInt8>) {
        var isBlank = true
        for c in raw where !ISO8601Time.isSpace(c) { isBlank = false; break }
        if isBlank { return }
        func number() -> Double? {
            guard let v = DecimalText.parseDouble(raw), v.isFinite else {
                note("unparseable-value", "<\(element)> \"\(String(decoding: raw, as: UTF8.self))\" is not a finite number")
                return nil
            }
            return v
        }
        switch element {
        case .time:
            if let t = ISO8601Time.parse(raw) {
                fix.time = t
            } else {
                note("unparseable-time",
                     "<time> \"\(String(decoding: raw, as: UTF8.self))\" is not an ISO 8601 date-time such as 2024-05-18T10:00:00Z")
            }
        case .ele: fix.altitude = number()
        case .hdop: fix.hdop = number()
        case .vdop: fix.vdop = number()
        case .pdop: fix.pdop = number()
        case .sat:
            if let v = number() {
                if v >= 0, v.rounded() == v, v < 1000 { fix.satellites = Int(v) } else {
                    note("unparseable-value", "<sat> \(v) is not a count of satellites")
                }
            }
        case .fix, .fixQuality:
            let word = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if let q = FixQuality(rawValue: word) {
                // The trackpipe: extension carries the exact quality; GPX's <fix> only the nearest schema value.
                if element == .fixQuality || fix.fixQuality == nil { fix.fixQuality = q }
            } else {
                note("unparseable-value", "<fix> \"\(word)\" is not one of none, 2d, 3d, dgps, pps")
            }
        case .speed: fix.speed = number()
        case .course: fix.course = number()
        case .hr: fix.heartRate = number()
        case .cad: fix.cadence = number()
        case .atemp: fix.temperature = number()
        case .horizontalAccuracy: fix.horizontalAccuracy = number()
        case .verticalAccuracy: fix.verticalAccuracy = number()
        case .paused:
            let word = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            fix.paused = word == "true" || word == "1"
        default:
            break
        }
    }

    func makeFix(sourceIndex: Int, segment: Int) -> Result<Fix, GPXPointProblem> {
        if let problem { return .failure(GPXPointProblem(rule: problem.rule, reason: problem.reason)) }
        guard let latitude, let longitude else {
            return .failure(GPXPointProblem(rule: "missing-coordinate",
                                            reason: "the point has no \(latitude == nil ? "lat" : "lon") attribute"))
        }
        if let p = CoordinateCheck.problem(latitude: latitude, longitude: longitude) {
            return .failure(GPXPointProblem(rule: p.rule, reason: p.reason))
        }
        var f = fix
        f.latitude = latitude
        f.longitude = longitude
        f.sourceIndex = sourceIndex
        f.segment = segment
        if f.speed == nil { f.speed = gteSpeed }
        if f.course == nil { f.course = gteCourse }
        return .success(f)
    }
}

/// Why a GPX point could not become a fix.
struct GPXPointProblem: Error {
    var rule: String
    var reason: String
}
