import Foundation
import Testing
import TrackPipe
@testable import TrackPipeIO
import TestSupport

/// Every real file under Tests/Data/real (FIT excepted) and the Kalman reference input.
///
/// Expected counts and first/last values were read independently of TrackPipe: GPX with Python's
/// `xml.etree.ElementTree` (counting every element whose local name is `trkpt`/`rtept`, and per `trkseg`);
/// NMEA with a 20-line Python script (checksum XOR, grouping GGA/RMC by consecutive time field); CSV with
/// Python's `csv.DictReader`; GnssLogger with `grep -c '^Fix'` and `grep '^Fix' | head/tail -1`.
/// Times are recomputed here with Foundation's Calendar (``utc(_:_:_:_:_:_:)``), not with ISO8601Time.
@Suite struct RealFileTests {
    func read(_ relative: String) throws -> Track { try TrackReader.read(path: try TestData.real(relative)) }

    func close(_ a: Double?, _ b: Double, _ tol: Double = 1e-9) -> Bool { a.map { abs($0 - b) <= tol } ?? false }

    @Test func appleWatchHealthFitGPX() throws {
        let t = try read("applewatch-run/myfile_multseg.gpx")
        #expect(t.fixes.count == 1559 && t.rejected.isEmpty)
        #expect(t.segments.map(\.count) == [1545, 14])
        #expect(t.activity == .running)
        let f = try #require(t.fixes.first), l = try #require(t.fixes.last)
        #expect(f.latitude == 37.622025375096 && f.longitude == -77.587098570964)
        #expect(f.altitude == 51.820438 && f.time == utc(2021, 7, 21, 12, 37, 41))
        #expect(f.temperature == 24 && f.cadence == 72 && f.speed == 2.147612)
        #expect(f.horizontalAccuracy == 6.406485 && !f.horizontalAccuracyIsEstimated && f.verticalAccuracy == 5.718293)
        #expect(f.heartRate == nil)
        #expect(l.latitude == 37.617506815624 && l.longitude == -77.590237112943 && l.altitude == 53.579403)
        #expect(l.time == utc(2021, 7, 21, 13, 3, 56) && l.heartRate == 160 && l.course == 326.052948)
        #expect(l.horizontalAccuracy == 2.068255 && l.verticalAccuracy == 1.385282 && l.speed == 0.947727)
        #expect(l.sourceIndex == 1558 && l.segment == 1)
    }

    @Test func gpsbabelMTKLogger() throws {
        let t = try read("gpsbabel-loggers/mtk_logger.gpx")
        #expect(t.fixes.count == 817 && t.rejected.isEmpty)  // waypoints are not track points
        #expect(t.segments.map(\.count) == [2, 813, 2])
        let f = try #require(t.fixes.first), l = try #require(t.fixes.last)
        #expect(f.latitude == 57.719580948 && f.longitude == 12.016372082 && f.altitude == 98.47)
        #expect(close(f.time, utc(2008, 1, 27, 13, 3, 22.836), 1e-6) && f.fixQuality == FixQuality.none)
        #expect(f.course == 0 && f.speed == 0)
        #expect(l.latitude == 57.70740879 && l.longitude == 11.971353747 && l.altitude == 29.133)
        #expect(close(l.time, utc(2008, 1, 27, 18, 13, 31.929), 1e-6))
    }

    @Test func gpsbabelM241() throws {
        let t = try read("gpsbabel-loggers/mtk_logger_m241.gpx")
        #expect(t.fixes.count == 1199 && t.segments.count == 1)
        let f = try #require(t.fixes.first), l = try #require(t.fixes.last)
        #expect(f.latitude == 41.805591583 && f.longitude == 12.679831505 && f.altitude == 374.813)
        #expect(f.time == utc(2008, 5, 4, 12, 52, 47) && f.speed == 0.24041 && f.fixQuality == .threeD)
        #expect(f.satellites == 11 && f.hdop == 0.85 && f.vdop == 0.74 && f.pdop == 1.13)
        // Only HDOP: accuracy estimated as HDOP × factor.
        #expect(f.horizontalAccuracy == 0.85 * Fix.hdopAccuracyFactor && f.horizontalAccuracyIsEstimated)
        #expect(l.latitude == 41.805969238 && l.longitude == 12.679401398 && l.altitude == 384.406)
        #expect(l.time == utc(2008, 5, 4, 13, 22, 35) && l.satellites == 9 && l.hdop == 1.12 && l.pdop == 1.41)
    }

    @Test func gpsbabelSBN() throws {
        let t = try read("gpsbabel-loggers/sbn-v13.gpx")
        #expect(t.fixes.count == 3453 && t.segments.count == 1)
        let f = try #require(t.fixes.first), l = try #require(t.fixes.last)
        #expect(f.latitude == 51.9954543 && f.longitude == 4.3705501 && f.altitude == 19.47)
        #expect(close(f.time, utc(2010, 2, 1, 12, 31, 38.545), 1e-6) && f.course == 338.779999 && f.speed == 12.05)
        #expect(f.fixQuality == FixQuality.none && f.satellites == 3 && f.hdop == 3.2)
        #expect(l.latitude == 51.9899313 && l.longitude == 4.3758272 && l.altitude == 32.63)
        #expect(l.time == utc(2010, 2, 1, 13, 30, 40) && l.satellites == nil && l.hdop == 1.6)
    }

    @Test func whitchurchPlannedRoute() throws {
        let t = try read("whitchurch-ride-A/planned-route.gpx")
        #expect(t.fixes.count == 833 && t.name == "whitchurch-route-A")
        #expect(t.fixes.first?.latitude == 51.057904 && t.fixes.first?.longitude == -1.321018 && t.fixes.first?.altitude == 42.75)
        #expect(t.fixes.first?.time == nil)
        #expect(t.fixes.last?.latitude == 51.229789 && t.fixes.last?.longitude == -1.338924 && t.fixes.last?.altitude == 69.75)
    }

    /// (file, count, segment sizes, first lat/lon/ele/time, last lat/lon/ele/time)
    static let whitchurch: [(String, Int, [Int], (Double, Double, Double, Double), (Double, Double, Double, Double))] = [
        ("Garmin-Edge-605.gpx", 6398, [671, 494, 62, 3730, 1441],
         (51.057894, -1.320601, 24.37, utc(2019, 11, 29, 11, 53, 49)), (51.229783, -1.338881, 68.58, utc(2019, 11, 29, 13, 40, 35))),
        ("Garmin-Etrex-30x.gpx", 1043, [1043],
         (51.057721, -1.319352, 35.71, utc(2019, 11, 29, 11, 54, 12)), (51.229456, -1.33872, 61.18, utc(2019, 11, 29, 13, 40, 28))),
        ("Lezyne.gpx", 2577, [2577],
         (51.05794, -1.320857, 38, utc(2019, 11, 29, 11, 53, 46)), (51.229765, -1.338858, 61, utc(2019, 11, 29, 13, 40, 35))),
        ("MotoG3.gpx", 2363, [2363],
         (51.057938, -1.320692, 84, utc(2019, 11, 29, 11, 53, 48)), (51.22973, -1.338841, 121, utc(2019, 11, 29, 13, 40, 35))),
        ("adafruit.gpx", 1267, [1267],
         (51.057703, -1.32011, 42, utc(2019, 11, 29, 11, 53, 58)), (51.229613, -1.338838, 58, utc(2019, 11, 29, 13, 40, 33))),
        ("openlog.gpx", 641, [641],
         (51.057823, -1.320296, 0, utc(2019, 11, 29, 11, 53, 55)), (51.229667, -1.338681, 0, utc(2019, 11, 29, 13, 40, 35))),
        ("xiaomi.gpx", 4062, [4062],
         (51.057925, -1.32084, 82.47, utc(2019, 11, 29, 11, 53, 44)), (51.229743, -1.338851, 120.6, utc(2019, 11, 29, 13, 40, 35))),
    ]

    @Test(arguments: 0..<7) func whitchurchTracks(_ k: Int) throws {
        let (name, count, segments, first, last) = Self.whitchurch[k]
        let t = try read("whitchurch-ride-A/tracks/" + name)
        #expect(t.fixes.count == count && t.rejected.isEmpty, "\(name)")
        #expect(t.segments.map(\.count) == segments, "\(name)")
        let f = try #require(t.fixes.first), l = try #require(t.fixes.last)
        #expect(f.latitude == first.0 && f.longitude == first.1 && f.altitude == first.2 && f.time == first.3, "\(name)")
        #expect(l.latitude == last.0 && l.longitude == last.1 && l.altitude == last.2 && l.time == last.3, "\(name)")
    }

    @Test func whitchurchPhoneHDOPAndGTESpeed() throws {
        // <hdop> holds OsmAnd's accuracy in metres; it is read as HDOP (the estimate then follows the factor).
        let x = try read("whitchurch-ride-A/tracks/xiaomi.gpx")
        #expect(x.fixes.first?.hdop == 3.2 && x.fixes.last?.hdop == 3.2)
        #expect(x.fixes.first?.horizontalAccuracy == 3.2 * Fix.hdopAccuracyFactor)
        // <gte:gps speed="25.1"/> is km/h.
        #expect(close(x.fixes.first?.speed, 25.1 / 3.6, 1e-12) && close(x.fixes.last?.speed, 14.7 / 3.6, 1e-12))
        let o = try read("whitchurch-ride-A/tracks/openlog.gpx")
        #expect(o.fixes.first?.course == 91.6 && o.fixes.last?.course == 351.3)
        #expect(close(o.fixes.first?.speed, 16.7 / 3.6, 1e-12))
        let m = try read("whitchurch-ride-A/tracks/MotoG3.gpx")
        #expect(m.fixes.first?.hdop == 3 && m.fixes.last?.hdop == 6)
    }

    @Test func kalmanReferenceGPXAndCSVAgree() throws {
        let g = try TrackReader.read(path: try TestData.kalmanReference("input_2300.gpx"))
        let c = try TrackReader.read(path: try TestData.kalmanReference("input_2300.csv"))
        #expect(g.fixes.count == 2300 && c.fixes.count == 2300 && g.rejected.isEmpty && c.rejected.isEmpty)
        let f = try #require(g.fixes.first), l = try #require(g.fixes.last)
        #expect(f.latitude == 42.3591555 && f.longitude == -71.0603005 && f.altitude == 61.61)
        #expect(f.time == utc(2024, 5, 18, 10, 0, 0) && f.time == 1_716_026_400)
        #expect(f.hdop == 29.664 && f.horizontalAccuracy == 148.32 && !f.horizontalAccuracyIsEstimated)
        #expect(f.verticalAccuracy == 221.13 && f.speed == 0)
        #expect(l.latitude == 42.3600909 && l.longitude == -71.0588436 && l.horizontalAccuracy == 6.84)
        #expect(l.time == utc(2024, 5, 18, 10, 38, 23))
        // Same positions, times and accuracies from both files (the CSV has no HDOP column).
        for (a, b) in zip(g.fixes, c.fixes) {
            #expect(a.latitude == b.latitude && a.longitude == b.longitude && a.time == b.time
                    && a.horizontalAccuracy == b.horizontalAccuracy && a.verticalAccuracy == b.verticalAccuracy
                    && a.altitude == b.altitude && a.speed == b.speed)
        }
        // The file's invalid fixes (negative accuracy; rows 51, 1304, 1336, 1459 by csv.DictReader) are read as
        // they are, not dropped.
        #expect(c.fixes.filter { ($0.horizontalAccuracy ?? 0) < 0 }.map(\.sourceIndex) == [51, 1304, 1336, 1459])
    }

    @Test func fenixDerivedCSV() throws {
        let t = try read("fenix2-run-fit/activity-small-fenix2-run.derived.csv")
        #expect(t.fixes.count == 2809 && t.rejected.isEmpty)
        let f = try #require(t.fixes.first), l = try #require(t.fixes.last)
        // Degrees, not semicircles: 58.9591828 N, 5.7288390 E (Stavanger).
        #expect(f.latitude == 58.9591828 && f.longitude == 5.728839 && f.altitude == 55)
        #expect(f.time == utc(2015, 8, 15, 14, 45, 8) && f.speed == 5.89 && f.heartRate == 69 && f.cadence == 56)
        #expect(l.latitude == 58.9588145 && l.longitude == 5.7298341 && l.altitude == 58.60000000000002)
        #expect(l.time == utc(2015, 8, 15, 15, 32, 21) && l.speed == 2.59 && l.heartRate == 117 && l.cadence == 82)
    }

    @Test func ubloxF9KNMEA() throws {
        let t = try read("f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea")
        #expect(t.fixes.count == 1653 && t.rejected.isEmpty)
        let f = try #require(t.fixes.first), l = try #require(t.fixes.last)
        // $GNRMC,021417.00,A,3725.58362,N,12205.61915,W,0.028,65.13,070220,… and GGA quality 5, 12 sats,
        // HDOP 0.76, altitude 4.4 m.
        #expect(close(f.latitude, 37 + 25.58362 / 60) && close(f.longitude, -(122 + 5.61915 / 60)))
        #expect(f.time == utc(2020, 2, 7, 2, 14, 17) && f.fixQuality == .rtkFloat && f.satellites == 12)
        #expect(f.hdop == 0.76 && f.altitude == 4.4 && close(f.speed, 0.028 * 1852 / 3600) && f.course == 65.13)
        #expect(f.pdop == 1.48 && f.vdop == 1.27)  // from the epoch's GSA
        // Last epoch: 024304.00, quality 4 (RTK fixed), HDOP 0.94, altitude 4.1 m.
        #expect(close(l.latitude, 37 + 25.58346 / 60) && close(l.longitude, -(122 + 5.619 / 60)))
        #expect(l.time == utc(2020, 2, 7, 2, 43, 4) && l.fixQuality == .rtkFixed && l.hdop == 0.94 && l.altitude == 4.1)
        // GGA quality counts from the Python script: 4 ×967, 5 ×632, 2 ×54.
        #expect(t.fixes.filter { $0.fixQuality == .rtkFixed }.count == 967)
        #expect(t.fixes.filter { $0.fixQuality == .rtkFloat }.count == 632)
        #expect(t.fixes.filter { $0.fixQuality == .dgps }.count == 54)
    }

    @Test func gnssLoggerFixLines() throws {
        let t = try read("gnsslogger-static/pseudoranges_log_2016_06_30_21_26_07.txt")
        #expect(t.fixes.count == 216 && t.rejected.isEmpty)
        let f = try #require(t.fixes.first), l = try #require(t.fixes.last)
        // Fix,gps,37.422541,-122.081659,-33.000000,0.000000,3.000000,1467321969000
        #expect(f.latitude == 37.422541 && f.longitude == -122.081659 && f.altitude == -33)
        #expect(f.speed == 0 && f.horizontalAccuracy == 3 && f.time == 1_467_321_969)
        // Fix,gps,37.422544,-122.081647,-34.000000,0.000000,3.000000,1467322191000
        #expect(l.latitude == 37.422544 && l.longitude == -122.081647 && l.altitude == -34 && l.time == 1_467_322_191)
        #expect(t.fixes.filter { $0.horizontalAccuracy == 4 }.count == 5)  // SOURCE.txt: 211 × 3 m, 5 × 4 m
    }
}
