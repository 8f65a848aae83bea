import Benchmark
import BenchmarkSupport
import TrackPipe
import TrackPipeIO

/// Reading and writing tracks. The main figure: GPX parsing of the 633 KB, 2300-record reference run
/// (Tests/Data/reference/kalman/input_2300.gpx). Also the other readers on files of their own kind: the same
/// run as CSV (input_2300.csv) and as GeoJSON and NDJSON (written from it in memory), the 2.8 MB u-blox F9K NMEA log and
/// the GnssLogger log from Tests/Data/real, and the writers on the 2300-fix track (GPX and CSV also on that run 100
/// times over, 230 000 fixes, which they format on every core; GPX read back at 10 and 100 times the run, which is
/// read on every core). Divide the file size by the median wall time for MB/s (each reader benchmark's name gives
/// the size).
///
/// FIT and TCX at growing sizes, to show the rate holds (linear in size): FIT as 1, 10 and 100 copies of the
/// 122 KB Fenix 2 run chained one after another (a chained FIT file is one input; 12 MB at 100), TCX as the
/// Fenix 2 run repeated 1 and 10 times (times shifted so they keep increasing) written by TCXWriter.
let benchmarks: @Sendable () -> Void = {
    let config = BenchmarkPolicy.configuration(maxDuration: .seconds(3))

    let gpx = BenchmarkData.bytes(BenchmarkData.referenceRunPath)
    let csv = BenchmarkData.bytes(BenchmarkData.referenceRunCSVPath)
    let nmea = BenchmarkData.bytes("real/f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea")
    let gnss = BenchmarkData.bytes("real/gnsslogger-static/pseudoranges_log_2016_06_30_21_26_07.txt")
    let track = BenchmarkData.track(bytes: gpx, format: .gpx)
    let geojson = GeoJSONWriter.write(track)
    guard let ndjson = try? NDJSONWriter.write(track) else { BenchmarkData.fail("the reference run cannot be written as NDJSON") }

    for (label, bytes, format) in [("GPX", gpx, TrackFormat.gpx), ("CSV", csv, .csv), ("GeoJSON", geojson, .geojson),
                                   ("NDJSON", ndjson, .ndjson), ("NMEA", nmea, .nmea), ("GnssLogger", gnss, .gnsslogger)] {
        Benchmark(BenchmarkPolicy.name("read", label, "\(bytes.count)-bytes"), configuration: config) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(BenchmarkData.track(bytes: bytes, format: format))
            }
        }
    }
    let fenix = BenchmarkData.bytes("real/fenix2-run-fit/activity-small-fenix2-run.fit")
    for copies in [1, 10, 100] {
        let chained = Array([[UInt8]](repeating: fenix, count: copies).joined())
        Benchmark(BenchmarkPolicy.name("read", "FIT", "\(chained.count)-bytes"), configuration: config) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(BenchmarkData.track(bytes: chained, format: .fit))
            }
        }
    }
    let fenixTrack = BenchmarkData.track(bytes: fenix, format: .fit)
    for copies in [1, 10] {
        var repeated = Track(name: fenixTrack.name, activity: fenixTrack.activity)
        let span = (fenixTrack.fixes.last?.time ?? 0) - (fenixTrack.fixes.first?.time ?? 0) + 1
        for k in 0..<copies {
            repeated.fixes += fenixTrack.fixes.map { fix in
                var f = fix
                f.time = fix.time.map { $0 + Double(k) * span }
                f.sourceIndex = fix.sourceIndex + k * fenixTrack.fixes.count
                return f
            }
        }
        guard let tcx = try? TCXWriter.write(repeated) else { BenchmarkData.fail("the Fenix 2 run cannot be written as TCX") }
        Benchmark(BenchmarkPolicy.name("read", "TCX", "\(tcx.count)-bytes"), configuration: config) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(BenchmarkData.track(bytes: tcx, format: .tcx))
            }
        }
    }

    let n = track.fixes.count
    Benchmark(BenchmarkPolicy.name("write", "GPX", "\(n)-fixes"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(GPXWriter.write(track)) }
    }
    Benchmark(BenchmarkPolicy.name("write", "CSV", "\(n)-fixes"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(CSVWriter.write(track)) }
    }
    // The same run 100 times over (times shifted so they keep increasing): long tracks are written on every core.
    var long = Track(name: track.name, activity: track.activity)
    let span = (track.fixes.last?.time ?? 0) - (track.fixes.first?.time ?? 0) + 1
    for k in 0..<100 {
        long.fixes += track.fixes.map { fix in
            var f = fix
            f.time = fix.time.map { $0 + Double(k) * span }
            return f
        }
    }
    Benchmark(BenchmarkPolicy.name("write", "GPX", "\(long.fixes.count)-fixes"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(GPXWriter.write(long)) }
    }
    Benchmark(BenchmarkPolicy.name("write", "CSV", "\(long.fixes.count)-fixes"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(CSVWriter.write(long)) }
    }
    // The long track as GPX, 10 and 100 times the run (6 and 63 MB): a document of 2 MiB or more is read on every
    // core (GPXReader).
    for copies in [10, 100] {
        let longGPX = GPXWriter.write(Track(name: long.name, activity: long.activity,
                                            fixes: Array(long.fixes.prefix(copies * n))))
        Benchmark(BenchmarkPolicy.name("read", "GPX", "\(longGPX.count)-bytes"), configuration: config) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(BenchmarkData.track(bytes: longGPX, format: .gpx))
            }
        }
    }
    Benchmark(BenchmarkPolicy.name("write", "GeoJSON", "\(n)-fixes"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(GeoJSONWriter.write(track)) }
    }
    Benchmark(BenchmarkPolicy.name("write", "TCX", "\(n)-fixes"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try TCXWriter.write(track)) }
    }
    Benchmark(BenchmarkPolicy.name("write", "NDJSON", "\(n)-fixes"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try NDJSONWriter.write(track)) }
    }
}
