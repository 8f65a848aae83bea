import Foundation
import Testing
import TrackPipe
import TrackPipeIO
import TrackPipeLab
import TrackPipeStages
@testable import TrackPipeIO

/// The streamed run report is the same document as ``RunReport`` encoded whole: parsed, the two are equal, on a
/// simulated run with every anomaly (drops by several stages, changes by the smoother and auto-pause, events,
/// reader rejections) and on an empty track.
@Suite struct RunReportWriterTests {
    func bothForms(_ pipeline: Pipeline, _ runs: [(input: String, output: String?, result: PipelineResult)]) throws -> (Any, Any) {
        var streamed: [UInt8] = []
        var blocks = 0
        try RunReportWriter.write(pipeline: pipeline, runs: runs) { streamed += $0; blocks += 1 }
        let whole = try RunReportWriter.makeEncoder().encode(RunReport(pipeline: pipeline, runs: runs))
        return (try JSONSerialization.jsonObject(with: Data(streamed)), try JSONSerialization.jsonObject(with: whole))
    }

    @Test func streamedEqualsEncodedWhole() throws {
        let pipeline = try TestPipelines.preset("default")
        let run = try RunSimulator(parameters: SimulationParameters(), seed: 5)
            .simulate(route: try RouteScenario.parkLoop.route(origin: RouteScenario.defaultOrigin), name: "sim")
        var track = run.track
        track.rejected = [RejectedRecord(sourceIndex: 9999, line: 12, column: 3, rule: "bad-record", reason: "a \"quoted\"\tline\u{1}")]
        let result = try pipeline.run(track)
        #expect(!result.dropped.isEmpty && !result.changed.isEmpty && !result.events.isEmpty)
        let empty = try pipeline.run(Track(fixes: []))
        let (streamed, whole) = try bothForms(pipeline, [("a.gpx", "b.gpx", result), ("empty.gpx", nil, empty)])
        let a = try #require(streamed as? NSDictionary), b = try #require(whole as? NSDictionary)
        #expect(a == b)
        #expect(((a["runs"] as? [Any])?.first as? NSDictionary)?["changed"] as? [Any] != nil)
        let (none, noneWhole) = try bothForms(pipeline, [])
        #expect(try #require(none as? NSDictionary) == (try #require(noneWhole as? NSDictionary)))
    }

    /// A run long enough that its `changed` list and per-fix series are formatted on every core
    /// (`OutputBlock.parallelThreshold` records or more) is still the same document, and its lists keep their order.
    @Test func longRunWrittenOnEveryCoreEqualsEncodedWhole() throws {
        let pipeline = try TestPipelines.preset("default")
        var parameters = SimulationParameters()
        parameters.fixCount = OutputBlock.parallelThreshold + 2000
        let run = try RunSimulator(parameters: parameters, seed: 8)
            .simulate(route: try RouteScenario.parkLoop.route(origin: RouteScenario.defaultOrigin), name: "long")
        let result = try pipeline.run(run.track)
        #expect(result.changed.count >= OutputBlock.parallelThreshold)
        let (streamed, whole) = try bothForms(pipeline, [("long.gpx", "long-out.gpx", result)])
        let a = try #require(streamed as? NSDictionary), b = try #require(whole as? NSDictionary)
        let same = a == b  // not in the expectation: its message would print both documents, 30 MB
        #expect(same)
    }

    /// Records with values no JSON number can hold are written as TrackPipe's encoders write them.
    @Test func nonFiniteValuesMatchTheEncoder() throws {
        let fix = Fix(time: 1_700_000_000.25, latitude: 51.5, longitude: -0.1, altitude: -0.0, horizontalAccuracy: .infinity, sourceIndex: 3)
        let drop = Drop(fix: fix, stage: "s", rule: "r", measured: .nan, threshold: -.infinity, unit: .metres, detail: "d/é")
        var bytes = JSONBytes()
        DropRecord(drop).appendJSON(to: &bytes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let expected = try JSONSerialization.jsonObject(with: encoder.encode(DropRecord(drop))) as? NSDictionary
        #expect(expected != nil)
        #expect((try JSONSerialization.jsonObject(with: Data(bytes.bytes)) as? NSDictionary) == expected)
        let change = FixChange(original: FixSnapshot(fix), updated: FixSnapshot(fix), stage: "k")
        var c = JSONBytes()
        ChangeRecord.appendJSON(change, to: &c)
        let expectedChange = try JSONSerialization.jsonObject(with: encoder.encode(ChangeRecord(change))) as? NSDictionary
        #expect(expectedChange != nil)
        #expect((try JSONSerialization.jsonObject(with: Data(c.bytes)) as? NSDictionary) == expectedChange)
    }
}
