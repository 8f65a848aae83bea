import Benchmark
import BenchmarkSupport
import TrackPipe
import TrackPipeIO

/// Reading and writing tracks. The main figure: GPX parsing of the 633 KB, 2300-record reference run
/// (Tests/Data/reference/kalman/input_2300.gpx). Also the other readers on files of their own kind: the same
/// run as CSV (input_2300.csv) and as GeoJSON (written from it in memory), the 2.8 MB u-blox F9K NMEA log and
/// the GnssLogger log from Tests/Data/real, and the three writers on the 2300-fix track. Divide the file size
/// by the median wall time for MB/s (each reader benchmark's name gives the size).
let benchmarks: @Sendable () -> Void = {
    let config = BenchmarkPolicy.configuration(maxDuration: .seconds(3))

    let gpx = BenchmarkData.bytes(BenchmarkData.referenceRunPath)
    let csv = BenchmarkData.bytes(BenchmarkData.referenceRunCSVPath)
    let nmea = BenchmarkData.bytes("real/f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea")
    let gnss = BenchmarkData.bytes("real/gnsslogger-static/pseudoranges_log_2016_06_30_21_26_07.txt")
    let track = BenchmarkData.track(bytes: gpx, format: .gpx)
    let geojson = GeoJSONWriter.write(track)

    for (label, bytes, format) in [("GPX", gpx, TrackFormat.gpx), ("CSV", csv, .csv), ("GeoJSON", geojson, .geojson),
                                   ("NMEA", nmea, .nmea), ("GnssLogger", gnss, .gnsslogger)] {
        Benchmark(BenchmarkPolicy.name("read", label, "\(bytes.count)-bytes"), configuration: config) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(BenchmarkData.track(bytes: bytes, format: format))
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
    Benchmark(BenchmarkPolicy.name("write", "GeoJSON", "\(n)-fixes"), configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(GeoJSONWriter.write(track)) }
    }
}
