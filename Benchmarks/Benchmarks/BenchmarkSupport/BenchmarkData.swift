import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStages

/// Where the benchmarks find their inputs — the one locator every benchmark target uses — and the setup they
/// share: reading tracks, building pipelines, pushing a track through a live pipeline.
///
/// Every input is a file of the repository:
/// - `Tests/Data/` — the licensed real recordings (`real/`) and the Kalman reference (`reference/kalman/`), as
///   the test suites read them; `TRACKPIPE_TEST_DATA`, when set and non-empty, names another folder of the same
///   layout instead (the variable the tests honour).
/// - `datasets/` — the repository's simulated runs and their truth files.
///
/// A missing or unreadable input stops the benchmark run with a message naming the path and where it should
/// come from: a benchmark on no data would measure nothing.
public enum BenchmarkData {
    /// The repository root, found from this file's path (Benchmarks/Benchmarks/BenchmarkSupport/BenchmarkData.swift).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url = url.deletingLastPathComponent() }
        return url
    }()

    /// The folders the inputs live in.
    public enum Folder: Sendable {
        /// `Tests/Data/` of the repository, or `$TRACKPIPE_TEST_DATA` when set and non-empty.
        case testData
        /// `datasets/` of the repository.
        case datasets

        /// The folder's location.
        public var url: URL {
            switch self {
            case .testData:
                if let custom = ProcessInfo.processInfo.environment["TRACKPIPE_TEST_DATA"], !custom.isEmpty {
                    return URL(fileURLWithPath: custom, isDirectory: true)
                }
                return repositoryRoot.appendingPathComponent("Tests/Data", isDirectory: true)
            case .datasets:
                return repositoryRoot.appendingPathComponent("datasets", isDirectory: true)
            }
        }

        var origin: String {
            switch self {
            case .testData: "Tests/Data of the repository; TRACKPIPE_TEST_DATA overrides it"
            case .datasets: "datasets/ of the repository; datasets/make-datasets.sh writes it"
            }
        }
    }

    /// Stops the benchmark run with `message` on standard error (exit status 1).
    public static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("TrackPipe benchmarks: \(message)\n".utf8))
        exit(1)
    }

    /// The path of `relative` under `folder`; stops the run, naming the path, when there is no such file.
    public static func path(_ relative: String, in folder: Folder = .testData) -> String {
        let path = folder.url.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            fail("input file \(path) is missing (expected in \(folder.origin))")
        }
        return path
    }

    /// The bytes of `relative` under `folder`.
    public static func bytes(_ relative: String, in folder: Folder = .testData) -> [UInt8] {
        let path = path(relative, in: folder)
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        return [UInt8](data)
    }

    /// The text of `relative` under `folder`, as UTF-8.
    public static func text(_ relative: String, in folder: Folder = .testData) -> String {
        String(decoding: bytes(relative, in: folder), as: UTF8.self)
    }

    /// `relative` under `folder` read as `trackpipe run` reads it (format from the file name).
    public static func track(_ relative: String, in folder: Folder = .testData) -> Track {
        let path = path(relative, in: folder)
        do {
            return try TrackReader.read(path: path)
        } catch {
            fail("cannot read the track \(path): \(error)")
        }
    }

    /// `bytes` parsed as `format`, as the readers benchmark does it.
    public static func track(bytes: [UInt8], format: TrackFormat) -> Track {
        do {
            return try TrackReader.read(bytes: bytes, format: format, sourceName: "benchmark")
        } catch {
            fail("cannot parse the \(format) input: \(error)")
        }
    }

    /// The Kalman reference's input, `reference/kalman/input_2300.gpx`: the 2300-record reference run (1 Hz,
    /// about 38 min) with its warm-up, jumps, invalid, duplicate and swapped fixes — what the first stage of a
    /// pipeline sees.
    public static let referenceRunPath = "reference/kalman/input_2300.gpx"

    /// The same run as CSV, `reference/kalman/input_2300.csv`.
    public static let referenceRunCSVPath = "reference/kalman/input_2300.csv"

    /// The reference run as a track (``referenceRunPath``).
    public static func referenceRun() -> Track { track(referenceRunPath) }

    /// The built-in stages.
    public static func registry() -> StageRegistry {
        do {
            return try StageRegistry.builtIn()
        } catch {
            fail("cannot build the registry of built-in stages: \(error)")
        }
    }

    /// A pipeline from the JSON `spec`.
    public static func pipeline(spec: String) -> Pipeline {
        do {
            return try Pipeline.load(Array(spec.utf8), registry: registry()).get()
        } catch {
            fail("cannot build the pipeline \(spec): \(error)")
        }
    }

    /// The default preset (`pipelines/default.json`, compiled into TrackPipeStages).
    public static func defaultPipeline() -> Pipeline { pipeline(spec: PresetPipelines.defaultSpec) }

    /// A pipeline of the single built-in stage `name`, with `parameters` (JSON members written inline in the
    /// stage entry, as pipeline specs do, e.g. `"rule": "speed"`) or the defaults.
    public static func singleStage(_ name: String, parameters: String = "") -> Pipeline {
        let members = parameters.isEmpty ? "" : ", " + parameters
        return pipeline(spec: #"{"version": 1, "name": "bench \#(name)", "stages": [{"stage": "\#(name)"\#(members)}]}"#)
    }

    /// The first stage's offline input on `track`, as ``Pipeline/run(_:clock:)`` builds it.
    public static func offlineInput(_ pipeline: Pipeline, _ track: Track) -> StageInput {
        let label = pipeline.steps[0].label
        return StageInput(track: track, context: StageContext(label: label, activity: track.activity, trackName: track.name))
    }

    /// Pushes every fix of `fixes` through `live` and finishes it, reusing one output buffer (a streaming host
    /// would hand each batch on and clear it); returns the number of outputs so the work cannot be elided.
    public static func pushAll(_ fixes: [Fix], into live: inout LivePipeline, buffer: inout [LivePipeline.Output]) throws -> Int {
        var n = 0
        for fix in fixes {
            buffer.removeAll(keepingCapacity: true)
            try live.push(fix, into: &buffer)
            n += buffer.count
        }
        buffer.removeAll(keepingCapacity: true)
        n += try live.finish().count
        return n
    }
}
