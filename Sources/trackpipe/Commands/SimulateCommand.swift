import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeLab
import TrackPipeIO

/// `trackpipe simulate`: a simulated run with ground truth — the observed track in any writable format and
/// `NAME.truth.csv` beside it.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate a run and the track a phone records of it, with per-fix ground truth.",
        discussion: """
        Writes the observed track (format from the extension: .gpx, .csv, .geojson) and NAME.truth.csv next to \
        it (one row per record: true time and position, true cumulative distance, moving or stopped, injected \
        anomaly). Deterministic for a seed. Effects are switched and sized with --set NAME=VALUE; \
        --list-parameters prints every setting with its unit and default.
        """
    )

    @Option(help: "Built-in route: \(RouteScenario.allCases.map(\.rawValue).joined(separator: ", ")) (default park-loop).")
    var scenario: String?

    @Option(help: "A route to run instead of a scenario: a GPX (or any track file) whose points are the route line. A closed line is run round; an open one out and back.")
    var route: String?

    @Option(help: "Random seed (any whole number ≥ 0). The same seed and settings give the same run.")
    var seed: UInt64 = 1

    @Option(name: .customLong("set"), help: ArgumentHelp("A simulation setting NAME=VALUE (repeatable), e.g. jumps.count=4 or multipath.enabled=off.", valueName: "name=value"))
    var settings: [String] = []

    @Flag(help: "Switch every effect off (warm-up, multipath, jumps, cell fixes, out-of-order, duplicates, clock jump, gaps) before applying --set.")
    var clean = false

    @Option(help: "Origin of a built-in route as LAT,LON degrees (default \(RouteScenario.defaultOrigin.latitude),\(RouteScenario.defaultOrigin.longitude)).")
    var origin: String?

    @Option(help: "The track's name (default: the output file's name).")
    var name: String?

    @Option(name: .shortAndLong, help: "The observed track to write; NAME.truth.csv goes beside it.")
    var output: String?

    @Flag(help: "Print every setting (name, unit, default, meaning) and exit.")
    var listParameters = false

    @OptionGroup var forceOption: ForceOption

    func validate() throws {
        if listParameters { return }
        if scenario != nil, route != nil { throw ValidationError("give either --scenario or --route, not both") }
        guard let output else { throw ValidationError("give the output track with -o FILE.gpx (or .csv, .geojson, .tcx, .ndjson)") }
        guard let format = TrackFormat(pathExtension: output), format.isWritable else {
            throw ValidationError("cannot tell a writable format from '\(output)'; use .gpx, .csv, .geojson, .tcx or .ndjson")
        }
        if let name = scenario, RouteScenario(rawValue: name) == nil {
            throw ValidationError("unknown scenario '\(name)'; choose one of \(RouteScenario.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        _ = try parsedOrigin()
    }

    func run() throws {
        if listParameters {
            Console.out(Self.parameterTable(), terminator: "")
            return
        }
        guard let output, let format = TrackFormat(pathExtension: output) else { return }  // checked by validate()
        var parameters = clean ? SimulationParameters.clean : SimulationParameters()
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let parameter = SimulationParameter.named(parts[0]) else {
                let known = SimulationParameter.all.map(\.name)
                let hint = NameSuggester.suggest(parts.first ?? setting, among: known).first.map { "; did you mean '\($0)'?" } ?? ""
                throw CLIError("--set \(setting): expected NAME=VALUE with a known NAME\(hint) (see --list-parameters)")
            }
            if let problem = parameter.set(parts[1], in: &parameters) { throw CLIError("--set \(setting): \(problem)") }
        }
        if let problem = parameters.problems.first { throw CLIError(problem) }
        let routeLine: SimulationRoute
        var inputs: [String] = []
        if let route {
            let track: Track
            do { track = try TrackReader.read(path: route) } catch { throw CLIError(TrackInput.message(for: error)) }
            do { routeLine = try SimulationRoute(points: track.fixes.map(\.point)) } catch { throw CLIError("\(route): \(error)") }
            inputs.append(route)
        } else {
            let name = self.scenario ?? RouteScenario.parkLoop.rawValue
            guard let scenario = RouteScenario(rawValue: name) else { return }  // checked by validate()
            routeLine = try scenario.route(origin: try parsedOrigin())
        }
        let stem = (output as NSString).deletingPathExtension
        let truthPath = stem + ".truth.csv"
        let outputs = OutputSet(inputs: inputs, force: forceOption.force)
        let trackOutput = try outputs.plan(output, role: "the simulated track")
        let truthOutput = try outputs.plan(truthPath, role: "its truth")
        let run: SimulatedRun
        do {
            run = try RunSimulator(parameters: parameters, seed: seed).simulate(route: routeLine, name: name ?? (stem as NSString).lastPathComponent)
        } catch { throw CLIError("\(error)") }
        try outputs.stage(for: trackOutput) { sink in try TrackWriter.encode(run.track, format: format, target: output, to: sink) }
        try outputs.stage(TruthCSV.encode(run.truth), for: truthOutput)
        try outputs.commit()
        var counts: [AnomalyKind: Int] = [:]
        for row in run.truth where row.anomaly != .none { counts[row.anomaly, default: 0] += 1 }
        let anomalies = AnomalyKind.anomalies.compactMap { k in counts[k].map { "\(k.rawValue) \($0)" } }.joined(separator: ", ")
        Console.out("\(output): \(run.track.fixes.count) fixes, \(RunFormatter.distance(run.path.last?.cumulativeDistance ?? 0)) true distance, \(run.stops.count) stop\(run.stops.count == 1 ? "" : "s"), \(run.gaps.count) gap\(run.gaps.count == 1 ? "" : "s"); anomalies: \(anomalies.isEmpty ? "none" : anomalies)")
        Console.out("\(truthPath): truth for every fix")
    }

    func parsedOrigin() throws -> GeoPoint {
        guard let origin else { return RouteScenario.defaultOrigin }
        let parts = origin.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let lat = parts[0], let lon = parts[1], abs(lat) <= LocalProjection.maximumLatitude, abs(lon) <= 180 else {
            throw ValidationError("--origin \(origin): expected LAT,LON in degrees (latitude within ±\(JSONValue.number(LocalProjection.maximumLatitude))°)")
        }
        return GeoPoint(latitude: lat, longitude: lon)
    }

    /// The settings as an aligned text table.
    static func parameterTable() -> String {
        let rows = SimulationParameter.all.map { [$0.name, $0.unit, $0.defaultText, $0.rangeText, $0.help] }
        return TextTable.render(headers: ["setting", "unit", "default", "range", "meaning"], rows: rows)
    }
}
