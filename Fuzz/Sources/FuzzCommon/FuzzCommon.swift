import CLibFuzzer
import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStages

// What the fuzz targets share. A target's entry point only forwards libFuzzer's buffer to one of these;
// throwing is the expected outcome for most inputs and is not a failure. A failure is what libFuzzer and
// AddressSanitizer report: a trap (overflow, index out of range, `!` on nil, `try!`, precondition), a memory
// error, a leak, a timeout or an out-of-memory.

public enum Fuzz {
    /// The built-in stages, as the CLI's registry holds them. Built once per process.
    public static let registry: StageRegistry = {
        do { return try StageRegistry.builtIn() } catch { fatalError("the built-in registry does not build: \(error)") }
    }()

    /// The embedded default pipeline, as `trackpipe run` loads it without `--pipeline`.
    public static let defaultPipeline: Pipeline = {
        switch Pipeline.load(Array(PresetPipelines.defaultSpec.utf8), source: "(default pipeline)", registry: registry) {
        case .success(let p): return p
        case .failure(let problems): fatalError("the default pipeline does not load: \(problems)")
        }
    }()

    /// A small fixed track for fuzzed specs to run on: a warm-up with poor accuracy, a straight run, a
    /// 2 km one-second jump, a stop, a duplicated and a backwards timestamp, a fix without time, a second
    /// segment after a 10-minute gap. 60 fixes, so every stage has something to do and a run stays fast.
    public static let sampleTrack: Track = {
        let lat0 = 51.5, lon0 = -0.12
        let metresPerDegLat = 111_200.0
        let metresPerDegLon = 111_200.0 * cos(lat0 * .pi / 180)
        var fixes: [Fix] = []
        func add(t: Double?, east: Double, north: Double, accuracy: Double?, speed: Double? = nil, segment: Int = 0) {
            fixes.append(Fix(time: t.map { 1_700_000_000 + $0 }, latitude: lat0 + north / metresPerDegLat,
                             longitude: lon0 + east / metresPerDegLon, altitude: 20 + Double(fixes.count % 7),
                             horizontalAccuracy: accuracy, speed: speed, hdop: accuracy.map { $0 / 5 },
                             segment: segment, sourceIndex: fixes.count))
        }
        for i in 0..<10 { add(t: Double(i), east: Double(i) * 3, north: 0, accuracy: 40 - Double(i) * 3.5) }
        for i in 10..<30 { add(t: Double(i), east: Double(i) * 3, north: Double(i % 3), accuracy: 4, speed: 3) }
        add(t: 30, east: 2_000, north: 2_000, accuracy: 5)             // a jump
        add(t: 30, east: 93, north: 0, accuracy: 5)                    // a duplicated time
        add(t: 29.5, east: 94, north: 0, accuracy: 5)                  // time going backwards
        add(t: nil, east: 95, north: 0, accuracy: 5)                   // no time
        for i in 34..<50 { add(t: Double(i), east: 96, north: 0.5 * Double(i % 2), accuracy: 6, speed: 0) } // a stop
        for i in 50..<60 { add(t: 600 + Double(i), east: 96 + Double(i - 49) * 4, north: 0, accuracy: 3, segment: 1) }
        return Track(name: "fuzz sample", activity: .running, fixes: fixes, sourceFormat: "gpx")
    }()

    /// Reads `bytes` as `format` (`nil`: detect, gzip included); every error is expected.
    @discardableResult
    public static func read(_ start: UnsafeRawPointer, _ count: Int, format: TrackFormat?) -> RecordedActivity? {
        let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
        return try? TrackReader.activity(bytes: bytes, format: format, sourceName: "fuzz-input")
    }

    /// Loads a pipeline spec and, when it loads, runs it on ``sampleTrack`` (stage parameters exercised on
    /// real work) and on an empty track.
    public static func spec(_ start: UnsafeRawPointer, _ count: Int) {
        let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
        _ = PipelineSpec.parse(Data(bytes), source: "fuzz-spec")
        guard case .success(let pipeline) = Pipeline.load(bytes, source: "fuzz-spec", registry: registry) else { return }
        _ = pipeline.provenance
        _ = try? pipeline.run(sampleTrack)
        _ = try? pipeline.run(Track(name: "empty", fixes: []))
    }

    /// Loads a badge catalog; every error is expected.
    public static func badgeCatalog(_ start: UnsafeRawPointer, _ count: Int) {
        let data = Data(UnsafeRawBufferPointer(start: start, count: count))
        guard let loaded = try? BadgeCatalog.load(json: data) else { return }
        _ = loaded.problems.map { "\($0)" }
    }

    /// Reads `bytes` as NDJSON, else CSV, runs the default pipeline on what was read and writes the result as
    /// NDJSON and GPX: hostile values (NaN, huge times and gaps, extreme coordinates) through every default stage
    /// and two writers.
    public static func trackPipeline(_ start: UnsafeRawPointer, _ count: Int) {
        let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
        let track: Track
        if let t = try? TrackReader.read(bytes: bytes, format: .ndjson, sourceName: "fuzz-input") {
            track = t
        } else if let t = try? TrackReader.read(bytes: bytes, format: .csv, sourceName: "fuzz-input") {
            track = t
        } else {
            return
        }
        guard let result = try? defaultPipeline.run(track) else { return }
        let distance = result.annotations[CumulativeDistanceKey.self]
        _ = try? TrackWriter.encode(result.track, format: .ndjson, provenance: result.provenance, cumulativeDistance: distance)
        _ = try? TrackWriter.encode(result.track, format: .gpx, provenance: result.provenance, cumulativeDistance: distance)
    }
}

extension Fuzz {
    /// Hands the process to libFuzzer's driver with the target's `LLVMFuzzerTestOneInput`, and exits with its
    /// status. Every target's main.swift ends with this call. SwiftPM (tools 5.5 and later) links an executable
    /// target's top-level code as the program's `main` (`--defsym main=<Target>_main`), so libFuzzer's own
    /// `main` is never the entry point and `-parse-as-library` cannot be used; this is the documented
    /// alternative entry (https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library).
    public static func runLibFuzzer() -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput)
        exit(status)
    }
}
