import TrackPipe

/// `discard`: drops fixes by what the receiver reports about them — too few satellites, too high a VDOP or
/// PDOP, too weak a fix type, an altitude outside a range — as GPSBabel's `discard` filter does. Causal, no
/// look-ahead. Every rule is off by default and judges only fixes that carry the value: a file without
/// satellite counts loses nothing to `min-satellites`.
///
/// Rules, in this order (the first that fires names the drop): `min-satellites`, `max-vdop`, `max-pdop`,
/// `min-fix`, `min-altitude`, `max-altitude`. A fix exactly at a limit is kept.
public struct DiscardStage: StreamingStage {
    /// The weakest fix type kept by `min-fix`.
    public enum MinimumFix: String, Sendable, CaseIterable {
        /// Drop fixes the receiver marked as no fix, or as estimated (dead reckoning).
        case twoD = "2d"
        /// Also drop 2D fixes (no altitude solution: fewer than four satellites).
        case threeD = "3d"
    }

    public static let descriptor = StageDescriptor(
        name: "discard",
        summary: "Drop fixes with too few satellites, too high a VDOP or PDOP, too weak a fix type, or an altitude outside a range.",
        discussion: """
            GPSBabel's discard filter as a stage. Rules in order: min-satellites, max-vdop, max-pdop, min-fix, \
            min-altitude, max-altitude; each is off until set, and judges only fixes that report the value (a \
            fix without a satellite count is never dropped for it). A fix exactly at a limit is kept. min-fix 2d \
            drops fixes marked no fix or estimated (dead reckoning); 3d also drops 2D fixes. DGPS, RTK and PPS \
            fixes count as 3D. Causal: every fix is decided as it arrives. Each drop carries the rule, the \
            measured value and the limit.
            """,
        parameters: [
            .integer("min-satellites", unit: .count, default: nil, range: .closed(0, 100),
                     help: "Fewest satellites a fix may report. Off by default: counts vary by receiver and constellation."),
            .number("max-vdop", unit: .none, default: nil, range: .positive,
                    help: "Largest vertical dilution of precision kept (dimensionless). Off by default."),
            .number("max-pdop", unit: .none, default: nil, range: .positive,
                    help: "Largest position dilution of precision kept (dimensionless). Off by default."),
            .choice("min-fix", MinimumFix.allCases.map(\.rawValue), default: nil,
                    help: "Weakest fix type kept: 2d (drops no-fix and estimated fixes) or 3d (drops 2D fixes too). Off by default."),
            .number("min-altitude", unit: .metres, default: nil, range: .closed(-11_000, 100_000),
                    help: "Lowest altitude kept, metres. Off by default."),
            .number("max-altitude", unit: .metres, default: nil, range: .closed(-11_000, 100_000),
                    help: "Highest altitude kept, metres. Off by default."),
        ],
        guarantees: [.preservesOrder, .preservesPositions])

    public var minSatellites: Int?
    public var maxVDOP: Double?
    public var maxPDOP: Double?
    public var minFix: MinimumFix?
    public var minAltitude: Double?
    public var maxAltitude: Double?

    public init(parameters: StageParameters) throws {
        minSatellites = try parameters.optionalInteger("min-satellites")
        maxVDOP = try parameters.optionalNumber("max-vdop")
        maxPDOP = try parameters.optionalNumber("max-pdop")
        minFix = try parameters.optionalString("min-fix").flatMap(MinimumFix.init(rawValue:))
        minAltitude = try parameters.optionalNumber("min-altitude")
        maxAltitude = try parameters.optionalNumber("max-altitude")
        if let lo = minAltitude, let hi = maxAltitude, lo > hi {
            throw Problem.altitudeRangeEmpty(minimum: lo, maximum: hi)
        }
    }

    /// Parameters the stage refuses even though each is in its range.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case altitudeRangeEmpty(minimum: Double, maximum: Double)
        public var description: String {
            switch self {
            case .altitudeRangeEmpty(let lo, let hi): return "min-altitude (\(lo) m) is above max-altitude (\(hi) m)"
            }
        }
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor { Processor(stage: self) }

    struct Processor: FixProcessor {
        let stage: DiscardStage

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            if let limit = stage.minSatellites, let n = fix.satellites, n < limit {
                out.drop(fix, rule: "min-satellites", measured: Double(n), threshold: Double(limit), unit: .count, detail: nil)
            } else if let limit = stage.maxVDOP, let v = fix.vdop, !(v <= limit) {
                out.drop(fix, rule: "max-vdop", measured: v, threshold: limit, unit: .none, detail: nil)
            } else if let limit = stage.maxPDOP, let v = fix.pdop, !(v <= limit) {
                out.drop(fix, rule: "max-pdop", measured: v, threshold: limit, unit: .none, detail: nil)
            } else if let minimum = stage.minFix, let q = fix.fixQuality, Self.isWeaker(q, than: minimum) {
                out.drop(fix, rule: "min-fix", measured: nil, threshold: nil, unit: .none,
                         detail: "fix type \(q.rawValue) is weaker than \(minimum.rawValue)")
            } else if let limit = stage.minAltitude, let a = fix.altitude, a < limit {
                out.drop(fix, rule: "min-altitude", measured: a, threshold: limit, unit: .metres, detail: nil)
            } else if let limit = stage.maxAltitude, let a = fix.altitude, a > limit {
                out.drop(fix, rule: "max-altitude", measured: a, threshold: limit, unit: .metres, detail: nil)
            } else {
                out.keep(fix)
            }
        }

        mutating func finish(into out: inout StageEmitter) throws {}

        static func isWeaker(_ quality: FixQuality, than minimum: MinimumFix) -> Bool {
            switch quality {
            case .none, .estimated: return true
            case .twoD: return minimum == .threeD
            case .threeD, .dgps, .rtkFixed, .rtkFloat, .pps: return false
            }
        }
    }
}
