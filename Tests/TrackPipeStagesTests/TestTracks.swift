import Foundation
import Testing
import TestSupport
import TrackPipe
import TrackPipeLab
import TrackPipeStages
import TrackPipeTesting

/// Builders for synthetic fixes, in a local east/north metre frame around a reference point, so expected
/// distances and speeds can be worked out by hand.
enum TestTracks {
    /// The plugin authors' fixture builder (TrackPipeTesting), around 51.5° N, 0.12° W.
    static let fixtures = TrackFixtures()
    static var reference: GeoPoint { fixtures.reference }

    /// A fix `east`, `north` metres from the reference at time `t` (s), with index `i`.
    static func fix(
        _ i: Int, t: Double?, east: Double = 0, north: Double = 0, accuracy: Double? = 5,
        vertical: Double? = nil, hdop: Double? = nil, speed: Double? = nil, segment: Int = 0
    ) -> Fix {
        fixtures.fix(i, t: t, east: east, north: north, accuracy: accuracy, vertical: vertical, hdop: hdop,
                     speed: speed, segment: segment)
    }

    /// A straight run east at `speed` m/s, one fix per `interval` s, accuracy 5 m.
    static func straight(count: Int, speed: Double = 3, interval: Double = 1, accuracy: Double? = 5) -> [Fix] {
        fixtures.straight(count: count, speed: speed, interval: interval, accuracy: accuracy)
    }

    /// A seeded random walk: random speeds, headings, accuracies (some invalid or missing), occasional jumps,
    /// duplicate and out-of-order times. Deterministic for a given seed.
    static func random(seed: UInt64, count: Int) -> [Fix] {
        var rng = SplitMix64(seed: seed)
        var fixes: [Fix] = []
        var t = 0.0, e = 0.0, n = 0.0
        for i in 0..<count {
            let r = rng.unit()
            t += r < 0.05 ? 0 : (r < 0.1 ? -2 : (r < 0.12 ? 30 : 1))
            let heading = rng.unit() * 2 * .pi
            let step = rng.unit() < 0.03 ? 2000 : rng.unit() * 4
            e += step * cos(heading); n += step * sin(heading)
            let a = rng.unit()
            let accuracy: Double? = a < 0.05 ? -1 : (a < 0.1 ? nil : a * 60)
            fixes.append(fix(i, t: rng.unit() < 0.02 ? nil : t, east: e, north: n, accuracy: accuracy,
                             vertical: rng.unit() < 0.03 ? -1 : 5, hdop: rng.unit() < 0.3 ? rng.unit() * 8 : nil))
        }
        return fixes
    }
}

extension SplitMix64 {
    /// Uniform in [0, 1), from the top 53 bits (property tests' draws).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// Pipelines for tests, built with the built-in stages.
enum TestPipelines {
    /// A pipeline from spec text, with the built-in stages.
    static func pipeline(_ text: String, source: String) throws -> Pipeline {
        try Pipeline.load(Array(text.utf8), source: source, registry: try StageRegistry.builtIn()).get()
    }

    /// The embedded preset `name` (``PresetPipelines/names``).
    static func preset(_ name: String) throws -> Pipeline {
        try pipeline(try #require(PresetPipelines.spec(named: name)), source: name)
    }
}

/// The reference run of the Kalman reference (Tests/Data/reference/kalman): input fixes and the truth flags of each row.
struct ReferenceRun {
    struct Truth {
        var speed: Double
        var warmup: Bool, jump: Bool, invalid: Bool, duplicate: Bool, swapped: Bool, gapBefore: Bool
    }

    var fixes: [Fix]
    var truth: [Truth]

    /// Loads input_2300.csv and truth_2300.csv (plain numeric CSVs with a header row).
    static func load() throws -> ReferenceRun {
        let input = try rows(try TestData.kalmanReference("input_2300.csv"))
        let truth = try rows(try TestData.kalmanReference("truth_2300.csv"))
        var fixes: [Fix] = []
        for (i, r) in input.enumerated() {
            // time_iso8601,unix_time,lat,lon,ele,horizontal_accuracy,vertical_accuracy,speed
            guard r.count >= 8, let t = Double(r[1]), let lat = Double(r[2]), let lon = Double(r[3]) else {
                throw LoadError(description: "input row \(i) is malformed: \(r)")
            }
            fixes.append(Fix(time: t, latitude: lat, longitude: lon, altitude: Double(r[4]),
                             horizontalAccuracy: Double(r[5]), verticalAccuracy: Double(r[6]), speed: Double(r[7]),
                             sourceIndex: i))
        }
        var flags: [Truth] = []
        for (i, r) in truth.enumerated() {
            // row,time_iso8601,unix_time,lat,lon,ele,speed,east_m,north_m,ve,vn,dist_m,warmup,jump,invalid,duplicate,swapped,gap_before
            guard r.count >= 18, let speed = Double(r[6]) else { throw LoadError(description: "truth row \(i) is malformed") }
            flags.append(Truth(speed: speed, warmup: r[12] != "0", jump: r[13] != "0", invalid: r[14] != "0",
                               duplicate: r[15] != "0", swapped: r[16] != "0", gapBefore: r[17] != "0"))
        }
        guard flags.count == fixes.count else {
            throw LoadError(description: "input has \(fixes.count) rows, truth \(flags.count)")
        }
        return ReferenceRun(fixes: fixes, truth: flags)
    }

    struct LoadError: Error, CustomStringConvertible { var description: String }

    private static func rows(_ path: String) throws -> [[String]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",").map(String.init) }
    }
}

/// Precision and recall of a set of flagged rows against the truth.
struct DetectionScore: CustomStringConvertible {
    var truePositives: Int
    var falsePositives: Int
    var falseNegatives: Int

    init(predicted: Set<Int>, actual: Set<Int>) {
        truePositives = predicted.intersection(actual).count
        falsePositives = predicted.subtracting(actual).count
        falseNegatives = actual.subtracting(predicted).count
    }

    var precision: Double { truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives) }
    var recall: Double { truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives) }
    var description: String {
        String(format: "TP %d FP %d FN %d precision %.3f recall %.3f", truePositives, falsePositives, falseNegatives, precision, recall)
    }
}
