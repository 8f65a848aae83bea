/// A per-fix field as named in column-oriented formats (CSV headers, GeoJSON properties), with the aliases
/// readers accept. Names are compared after ``normalize(_:)``: lower-cased, with spaces, `_`, `-`, `.`,
/// brackets and parentheses removed (so `horizontal_accuracy`, `Horizontal Accuracy` and
/// `horizontalAccuracy` are one name).
public enum TrackField: String, Sendable, CaseIterable {
    /// ISO 8601 text, or a number of Unix seconds (milliseconds when above 1e11, i.e. after 5138 AD in seconds).
    case time
    /// Unix seconds.
    case unixSeconds
    /// Unix milliseconds.
    case unixMilliseconds
    case latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, speed, course
    case hdop, vdop, pdop, satellites, fixQuality, heartRate, cadence, temperature, segment, paused
    /// When the fix reached the app (ISO 8601 or Unix seconds, as `time`); `Fix.received`.
    case received

    /// Accepted names, already normalised.
    public var aliases: [String] {
        switch self {
        case .time: return ["time", "timestamp", "timestamputc", "datetime", "timeiso8601", "iso8601", "timeutc",
                            "utc", "date", "utctime", "timestampiso8601"]
        case .unixSeconds: return ["unixtime", "unixtimestamp", "epoch", "epochtime", "unixseconds", "timeunix",
                                   "posixtime"]
        case .unixMilliseconds: return ["unixtimems", "timems", "timestampms", "unixtimemillis", "timeinms",
                                        "utctimeinms", "epochms", "unixms"]
        case .latitude: return ["lat", "latitude", "latitudedegrees", "latitudedeg", "latdeg", "y"]
        case .longitude: return ["lon", "lng", "long", "longitude", "longitudedegrees", "longitudedeg", "londeg", "lngdeg", "x"]
        case .altitude: return ["ele", "alt", "altitude", "elevation", "altitudem", "elevationm", "altitudemeters",
                                "height"]
        case .horizontalAccuracy: return ["accuracy", "horizontalaccuracy", "hacc", "accuracym",
                                          "horizontalaccuracym", "accuracymeters", "horizontalaccuracymeters"]
        case .verticalAccuracy: return ["verticalaccuracy", "vacc", "verticalaccuracym", "verticalaccuracymeters"]
        case .speed: return ["speed", "speedmps", "speedms", "velocity", "speedmeterspersecond"]
        case .course: return ["course", "bearing", "heading", "coursedeg", "bearingdeg", "bearingdegrees", "cog"]
        case .hdop: return ["hdop"]
        case .vdop: return ["vdop"]
        case .pdop: return ["pdop"]
        case .satellites: return ["sats", "satellites", "sat", "numsats", "satellitesused", "numsv"]
        case .fixQuality: return ["fix", "fixquality", "fixtype"]
        case .heartRate: return ["hr", "heartrate", "heartratebpm", "heart", "bpm"]
        case .cadence: return ["cad", "cadence", "cadencerpm"]
        case .temperature: return ["temp", "temperature", "atemp", "temperaturec"]
        case .segment: return ["segment", "seg", "trkseg", "segmentindex"]
        case .paused: return ["paused"]
        case .received: return ["received", "receivedtime", "receivedat", "arrival", "arrivaltime", "arrivedat"]
        }
    }

    /// The field a column or property name means, or `nil` for names TrackPipe does not read.
    public init?(columnName: String) {
        let n = TrackField.normalize(columnName)
        guard let f = TrackField.byAlias[n] else { return nil }
        self = f
    }

    static let byAlias: [String: TrackField] = {
        var d: [String: TrackField] = [:]
        for f in TrackField.allCases { for a in f.aliases { d[a] = f } }
        return d
    }()

    /// Lower-cased, without whitespace, `_`, `-`, `.`, `(`, `)`, `[`, `]`, `"`.
    public static func normalize(_ name: String) -> String {
        String(name.lowercased().filter { !($0.isWhitespace || "_-.()[]\"\u{FEFF}".contains($0)) })
    }
}
