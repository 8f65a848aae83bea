import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO
import TrackPipeStore

/// `trackpipe history --store runs.sqlite`: the runs kept by `run --store`, personal bests and totals per week
/// and month — from the store alone, no track read again.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Stored runs, personal bests, and totals per week and month.",
        discussion: """
        Lists the runs in a run store (made by `trackpipe run --store`), oldest first; the fastest 1 km, 1 mile, \
        5 km, 10 km, half marathon and marathon within any one run (clock time between the two places on the \
        run's cumulative distance, interpolated, pauses included); and runs, distance and moving time per ISO \
        week and per month (UTC). A file stored under two pipelines is two runs: --pipeline keeps one.
        """
    )

    @Option(help: "The run store (SQLite), as written by `trackpipe run --store`.")
    var store: String

    @Option(help: "Only runs stored with the pipeline of this name.")
    var pipeline: String?

    @Option(help: "metric (km, /km) or imperial (mi, /mi).")
    var units: UnitSystem = .metric

    @Flag(help: "Print the history as JSON (SI units) instead of tables.")
    var json = false

    struct Best: Encodable {
        var name: String
        var distanceM: Double
        var timeS: Double
        var runId: Int64
        var file: String
        var startTime: String?
    }

    struct Output: Encodable {
        struct Run: Encodable {
            var id: Int64
            var file: String
            var pipeline: String
            var activity: String?
            var startTime: String?
            var distanceM: Double?
            var movingTimeS: Double?
            var elapsedTimeS: Double?
            /// Where the run started (the `places` stage's nearest place), when it was stored with one.
            var startPlace: String?
        }
        struct Total: Encodable {
            var period: String
            var runs: Int
            var distanceM: Double
            var movingTimeS: Double
        }
        var runs: [Run]
        var personalBests: [Best]
        var weeks: [Total]
        var months: [Total]
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: store) else { throw CLIError("\(store): no such run store") }
        let output: Output
        do {
            let runStore = try RunStore(path: store)
            let runs = try runStore.runs().filter { pipeline == nil || $0.pipelineName == pipeline }
            var bests: [Best] = []
            var series: [Int64: [(time: Double, distance: Double)]] = [:]
            for run in runs { series[run.id] = try runStore.timedDistances(runID: run.id) }
            for (name, metres) in PersonalBests.distances {
                var best: Best?
                for run in runs {
                    guard let points = series[run.id], let time = PersonalBests.fastest(points, over: metres) else { continue }
                    if best.map({ time < $0.timeS }) ?? true {
                        best = Best(name: name, distanceM: metres, timeS: time, runId: run.id, file: run.inputPath,
                                    startTime: run.start.flatMap(ISO8601Time.format))
                    }
                }
                if let best { bests.append(best) }
            }
            func totals(_ period: HistoryTotals.Period) -> [Output.Total] {
                HistoryTotals.totals(runs, by: period).map { .init(period: $0.period, runs: $0.runs, distanceM: $0.distance, movingTimeS: $0.movingTime) }
            }
            output = Output(
                runs: runs.map { .init(id: $0.id, file: $0.inputPath, pipeline: $0.pipelineName, activity: $0.activity,
                                       startTime: $0.start.flatMap(ISO8601Time.format), distanceM: $0.distance,
                                       movingTimeS: $0.movingTime, elapsedTimeS: $0.elapsedTime, startPlace: $0.startPlace) },
                personalBests: bests, weeks: totals(.week), months: totals(.month))
        } catch let error as RunStoreError {
            throw CLIError(error.description)
        }
        if json {
            try StandardOutput.write(try CLIJSON.string(output) + "\n")
            return
        }
        var text = "\(output.runs.count) run\(output.runs.count == 1 ? "" : "s") in \(store)\n"
        if !output.runs.isEmpty {
            text += TextTable.render(headers: ["start (UTC)", "file", "pipeline", "distance", "moving", "pace", "near"], rows: output.runs.map { r in
                [r.startTime.map { String($0.prefix(16)).replacingOccurrences(of: "T", with: " ") } ?? RunFormatter.dash, r.file, r.pipeline,
                 RunFormatter.distance(r.distanceM, units: units), RunFormatter.duration(r.movingTimeS),
                 RunFormatter.pace(metres: r.distanceM, seconds: r.movingTimeS, units: units), r.startPlace ?? RunFormatter.dash]
            })
        }
        if !output.personalBests.isEmpty {
            text += "\nPersonal bests (clock time within one run, pauses included):\n"
            text += TextTable.render(headers: ["distance", "time", "pace", "run", "date"], rows: output.personalBests.map { b in
                [b.name, RunFormatter.duration(b.timeS), RunFormatter.pace(metres: b.distanceM, seconds: b.timeS, units: units), b.file,
                 b.startTime.map { String($0.prefix(10)) } ?? RunFormatter.dash]
            })
        }
        for (title, rows) in [("Per week", output.weeks), ("Per month", output.months)] where !rows.isEmpty {
            text += "\n\(title):\n" + TextTable.render(headers: ["period", "runs", "distance", "moving"], rows: rows.map { t in
                [t.period, "\(t.runs)", RunFormatter.distance(t.distanceM, units: units), RunFormatter.duration(t.movingTimeS)]
            })
        }
        Console.out(text, terminator: "")
    }
}
