import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStages

/// Inputs the stage benchmarks share: real recordings from ../shared (beside the repository; never copied
/// into it) and one-stage pipelines of the built-in stages with their default parameters.
public enum BenchmarkData {
    /// ../shared: Benchmarks/Benchmarks/BenchmarkSupport/this file → up five.
    public static let shared: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url = url.deletingLastPathComponent() }
        return url.appendingPathComponent("shared")
    }()

    /// A file under ../shared read as `trackpipe run` reads it; stops the benchmark run with the path when it
    /// is missing (a benchmark on no data would measure nothing).
    public static func track(_ relativePath: String) -> Track {
        let path = shared.appendingPathComponent(relativePath).path
        do {
            return try TrackReader.read(path: path)
        } catch {
            fatalError("benchmark setup: cannot read \(path): \(error)")
        }
    }

    /// ../shared/reference/kalman/input_2300.gpx: the 2300-record reference run (1 Hz, about 38 min), with its
    /// warm-up, jumps, invalid, duplicate and swapped fixes — what the first stage of a pipeline sees.
    public static func referenceRun() -> Track { track("reference/kalman/input_2300.gpx") }

    /// A pipeline of the single built-in stage `name`, with `parameters` (JSON members written inline in the
    /// stage entry, as pipeline specs do, e.g. `"rule": "speed"`) or the defaults.
    public static func singleStage(_ name: String, parameters: String = "") -> Pipeline {
        let members = parameters.isEmpty ? "" : ", " + parameters
        let spec = #"{"version": 1, "name": "bench \#(name)", "stages": [{"stage": "\#(name)"\#(members)}]}"#
        do {
            let registry = try StageRegistry.builtIn()
            return try Pipeline.load(Array(spec.utf8), registry: registry).get()
        } catch {
            fatalError("benchmark setup: cannot build the pipeline \(spec): \(error)")
        }
    }

    /// The stage's offline run on `track`, as ``Pipeline/run(_:clock:)`` calls it.
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
