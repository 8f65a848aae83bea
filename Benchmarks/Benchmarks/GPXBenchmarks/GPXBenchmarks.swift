import Benchmark
import Foundation
import TrackPipe
import TrackPipeIO

/// Reading and writing tracks. The main figure: GPX parsing of the 633 KB, 2300-fix
/// ../shared/reference/kalman/input_2300.gpx, target ≤ 6 ms (≥ 100 MB/s); GPSBabel needs about 20 ms and gpxpy
/// 38 ms for it on the project machine. Also the other readers on files of their own kind: the same run as CSV
/// (../shared/reference/kalman/input_2300.csv) and as GeoJSON (written from it in memory), the 2.8 MB u-blox F9K
/// NMEA log and the GnssLogger log from ../shared/datasets/real, and the three writers on the 2300-fix track.
/// Divide the file size by the median wall time for MB/s (each benchmark's name gives the size).
let benchmarks: @Sendable () -> Void = {
    let config = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(3))

    let gpx = IOBenchmarkFiles.bytes("reference/kalman/input_2300.gpx")
    let csv = IOBenchmarkFiles.bytes("reference/kalman/input_2300.csv")
    let nmea = IOBenchmarkFiles.bytes("datasets/real/f9k-rtk-drive/MTV.Local1.ublox-F9K.20200206-181434.nmea")
    let gnss = IOBenchmarkFiles.bytes("datasets/real/gnsslogger-static/pseudoranges_log_2016_06_30_21_26_07.txt")
    let track = IOBenchmarkFiles.read(gpx, .gpx)
    let geojson = GeoJSONWriter.write(track)

    for (label, bytes, format) in [("GPX", gpx, TrackFormat.gpx), ("CSV", csv, .csv), ("GeoJSON", geojson, .geojson),
                                   ("NMEA", nmea, .nmea), ("GnssLogger", gnss, .gnsslogger)] {
        Benchmark("read \(label) \(bytes.count) bytes", configuration: config) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(IOBenchmarkFiles.read(bytes, format))
            }
        }
    }
    Benchmark("write GPX 2300 fixes", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(GPXWriter.write(track)) }
    }
    Benchmark("write CSV 2300 fixes", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(CSVWriter.write(track)) }
    }
    Benchmark("write GeoJSON 2300 fixes", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(GeoJSONWriter.write(track)) }
    }
}

/// The benchmark inputs from ../shared beside the repository.
enum IOBenchmarkFiles {
    static func bytes(_ relative: String) -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared").appendingPathComponent(relative)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            fatalError("GPXBenchmarks: \(url.path) is missing (../shared beside the repository)")
        }
        return [UInt8](data)
    }

    static func read(_ bytes: [UInt8], _ format: TrackFormat) -> Track {
        do {
            return try TrackReader.read(bytes: bytes, format: format, sourceName: "benchmark")
        } catch {
            fatalError("GPXBenchmarks: \(error)")
        }
    }
}
