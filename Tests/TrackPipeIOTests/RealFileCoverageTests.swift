import Foundation
import Testing
import TrackPipe
import TrackPipeIO
import TestSupport

/// Every record of every real file, not only the first and last (``RealFileTests`` checks those): how many
/// fixes carry each field, the bounding box and the fix-quality mix, against counts made independently.
///
/// How the expected values were obtained (scripts run on Tests/Data/real, not TrackPipe):
/// - GPX: Python `xml.etree.ElementTree`; for each element with local name `trkpt`/`rtept`, whether any
///   descendant has local name `ele`, `time`, `hdop`, `sat`, `fix`, `speed`, `course`, `hr`, `cad`, `atemp`,
///   `hAcc`, `vAcc`, or is `<gte:gps>` with a `speed`/`azimuth` attribute; `<fix>` texts counted with
///   `collections.Counter`; bounding box as min/max of the `lat`/`lon` attributes.
/// - CSV: `csv.DictReader`, non-empty cells per column, min/max of lat/lon.
/// - NMEA: `$GNGGA` lines with a position, converted ddmm.mmmm → degrees in Python; talkers with a Counter.
/// - GnssLogger: `grep '^Fix'` lines split on commas; provider counted, min/max of columns 3 and 4.
@Suite struct RealFileCoverageTests {
    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var count: Int
        /// minLat, maxLat, minLon, maxLon
        var box: (Double, Double, Double, Double)
        /// Fixes carrying each field (a field not listed is carried by none).
        var fields: [String: Int]
        var description: String { file }
    }

    /// Fixes carrying each field, by the names used in ``Expected/fields``.
    static func fieldCounts(_ t: Track) -> [String: Int] {
        let fields: [(String, (Fix) -> Bool)] = [
            ("time", { $0.time != nil }), ("ele", { $0.altitude != nil }), ("hdop", { $0.hdop != nil }),
            ("vdop", { $0.vdop != nil }), ("pdop", { $0.pdop != nil }), ("sat", { $0.satellites != nil }),
            ("fix", { $0.fixQuality != nil }), ("speed", { $0.speed != nil }), ("course", { $0.course != nil }),
            ("hr", { $0.heartRate != nil }), ("cad", { $0.cadence != nil }), ("atemp", { $0.temperature != nil }),
            ("hAcc", { $0.horizontalAccuracy != nil && !$0.horizontalAccuracyIsEstimated }),
            ("hAccFromHDOP", { $0.horizontalAccuracyIsEstimated }), ("vAcc", { $0.verticalAccuracy != nil }),
        ]
        var out: [String: Int] = [:]
        for (name, has) in fields {
            let n = t.fixes.filter(has).count
            if n > 0 { out[name] = n }
        }
        return out
    }

    static let files: [Expected] = [
        Expected(file: "applewatch-run/myfile_multseg.gpx", count: 1559,
                 box: (37.617450310298, 37.625220215834, -77.590237112943, -77.584813835307),
                 fields: ["ele": 1559, "time": 1559, "speed": 1559, "course": 682, "hr": 1556, "cad": 1555, "atemp": 1559,
                          "hAcc": 1559, "vAcc": 1559]),
        Expected(file: "gpsbabel-loggers/mtk_logger.gpx", count: 817, box: (57.697088223, 57.719580948, 11.952844574, 12.016372082),
                 fields: ["ele": 817, "time": 817, "sat": 805, "fix": 817, "speed": 817, "course": 817]),
        Expected(file: "gpsbabel-loggers/mtk_logger_m241.gpx", count: 1199, box: (41.797885895, 41.80695343, 12.679211617, 12.708602905),
                 fields: ["ele": 1199, "time": 1199, "hdop": 1199, "vdop": 1199, "pdop": 1199, "sat": 1199, "fix": 1199,
                          "speed": 1199, "hAccFromHDOP": 1199]),
        Expected(file: "gpsbabel-loggers/sbn-v13.gpx", count: 3453, box: (51.9811701, 52.0621117, 4.2890388, 4.4008791),
                 fields: ["ele": 3453, "time": 3453, "hdop": 3447, "sat": 3420, "fix": 3453, "speed": 3453, "course": 3453,
                          "hAccFromHDOP": 3447]),
        Expected(file: "whitchurch-ride-A/planned-route.gpx", count: 833, box: (51.057655, 51.229789, -1.338924, -1.210354),
                 fields: ["ele": 833]),
        Expected(file: "whitchurch-ride-A/tracks/Garmin-Edge-605.gpx", count: 6398, box: (51.057724, 51.229783, -1.338881, -1.21041),
                 fields: ["ele": 6398, "time": 6398]),
        Expected(file: "whitchurch-ride-A/tracks/Garmin-Etrex-30x.gpx", count: 1043, box: (51.057721, 51.229456, -1.33872, -1.210387),
                 fields: ["ele": 1043, "time": 1043]),
        Expected(file: "whitchurch-ride-A/tracks/Lezyne.gpx", count: 2577, box: (51.05774, 51.229765, -1.338858, -1.210443),
                 fields: ["ele": 2577, "time": 2577]),
        Expected(file: "whitchurch-ride-A/tracks/MotoG3.gpx", count: 2363, box: (51.057732, 51.22973, -1.338841, -1.21053),
                 fields: ["ele": 2363, "time": 2363, "hdop": 2363, "speed": 2363, "hAccFromHDOP": 2363]),
        Expected(file: "whitchurch-ride-A/tracks/adafruit.gpx", count: 1267, box: (51.05765, 51.229613, -1.338838, -1.210494),
                 fields: ["ele": 1267, "time": 1267]),
        Expected(file: "whitchurch-ride-A/tracks/openlog.gpx", count: 641, box: (51.057821, 51.229667, -1.338681, -1.20968),
                 fields: ["ele": 641, "time": 641, "speed": 641, "course": 564]),
        Expected(file: "whitchurch-ride-A/tracks/xiaomi.gpx", count: 4062, box: (51.057698, 51.229743, -1.338851, -1.210433),
                 fields: ["ele": 4062, "time": 4062, "hdop": 4062, "speed": 3687, "hAccFromHDOP": 4062]),
        // heart_rate is empty in one row (2808 of 2809); device_distance_m is not a fix field and is ignored.
        Expected(file: "fenix2-run-fit/activity-small-fenix2-run.derived.csv", count: 2809,
                 box: (58.9531474, 58.9605613, 5.7025114, 5.7302531),
                 fields: ["time": 2809, "ele": 2809, "speed": 2809, "hr": 2808, "cad": 2809]),
        Expected(file: "gnsslogger-static/pseudoranges_log_2016_06_30_21_26_07.txt", count: 216,
                 box: (37.422537, 37.422545, -122.081659, -122.081645),
                 fields: ["time": 216, "ele": 216, "speed": 216, "hAcc": 216]),
    ]

    @Test(arguments: files)
    func everyRecordRead(_ e: Expected) throws {
        let t = try TrackReader.read(path: try TestData.real(e.file))
        #expect(t.fixes.count == e.count && t.rejected.isEmpty)
        #expect(Self.fieldCounts(t) == e.fields)
        let lats = t.fixes.map(\.latitude), lons = t.fixes.map(\.longitude)
        #expect(lats.min() == e.box.0 && lats.max() == e.box.1 && lons.min() == e.box.2 && lons.max() == e.box.3)
        #expect(t.fixes.map(\.sourceIndex) == Array(0..<e.count))
    }

    @Test func gpxFixQualityMix() throws {
        func mix(_ file: String) throws -> [FixQuality: Int] {
            try TrackReader.read(path: try TestData.real(file)).fixes.reduce(into: [:]) { $0[$1.fixQuality ?? .estimated, default: 0] += 1 }
        }
        #expect(try mix("gpsbabel-loggers/mtk_logger.gpx") == [FixQuality.none: 14, .threeD: 803])
        #expect(try mix("gpsbabel-loggers/mtk_logger_m241.gpx") == [.threeD: 1061, .dgps: 138])
        #expect(try mix("gpsbabel-loggers/sbn-v13.gpx") == [FixQuality.none: 89, .threeD: 3307, .twoD: 57])
    }

    @Test func nmeaEveryEpoch() throws {
        // 1653 $GNGGA + 1653 $GNRMC + 6612 $GNGSA, all checksums good; 1653 epochs 021417.00 … 024304.00.
        let t = try TrackReader.read(path: try TestData.real("f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea"))
        #expect(t.fixes.count == 1653 && t.rejected.isEmpty)
        let lats = t.fixes.map(\.latitude), lons = t.fixes.map(\.longitude)
        let close = { (a: Double?, b: Double) in abs((a ?? .nan) - b) < 1e-12 }
        #expect(close(lats.min(), 37.41672783333333) && close(lats.max(), 37.42683183333334))
        #expect(close(lons.min(), -122.09420116666666) && close(lons.max(), -122.06994433333332))
        // Every epoch has GGA and RMC, so every fix has a date-time, HDOP, speed and course, and PDOP/VDOP from GSA.
        #expect(Self.fieldCounts(t) == ["time": 1653, "ele": 1653, "hdop": 1653, "vdop": 1653, "pdop": 1653, "sat": 1653,
                                        "fix": 1653, "speed": 1653, "course": 1653, "hAccFromHDOP": 1653])
        // Times strictly increase across the log (one epoch per receiver second or faster).
        let times = t.fixes.compactMap(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }
}
