import TrackPipe

/// `elevation`: removes altitude spikes and counts total ascent and descent with a hysteresis threshold, as
/// watches do. Keeps every fix (a bad altitude says nothing about the position): an altitude implying a vertical
/// speed above `max-vertical-speed` from the last accepted one is removed (the fix keeps its position; the change is
/// recorded), until `recovery-fixes` such altitudes in a row make the latest the new reference. Ascent and descent
/// (`AscentCounter`) are published as the summary items `ascent` and `descent`, metres. Causal.
///
/// Barometric altitude is what the readers give when the source has it (FIT `enhanced_altitude`, else the device's
/// `altitude`, barometric on watches that have a barometer), so this stage counts the better sensor's altitude
/// where there is one.
public struct ElevationStage: StreamingStage {
    public enum SummaryKey {
        /// Metres climbed.
        public static let ascent = "ascent"
        /// Metres descended.
        public static let descent = "descent"
        /// Altitudes removed as spikes (count).
        public static let spikes = "altitude-spikes"
    }

    public static let descriptor = StageDescriptor(
        name: "elevation",
        summary: "Remove altitude spikes and count total ascent and descent with a hysteresis threshold.",
        discussion: """
            Keeps every fix. An altitude that implies a vertical speed above max-vertical-speed from the last \
            accepted altitude (over at least 1 s) is removed from the fix, which keeps its position (a change is \
            recorded); after recovery-fixes such altitudes in a row, the latest is accepted as the new reference, \
            so a wrong first altitude cannot hide the rest. Ascent and descent are counted with hysteresis: a \
            change counts once the altitude has moved ascent-threshold metres from the last counted level, after \
            an optional trailing average over altitude-smoothing seconds (for GPS-only altitude). \
            Publishes ascent, descent (m) and altitude-spikes (count). Causal. Put it before splits so split \
            ascent and altitude change use the cleaned altitudes; give splits the same ascent-threshold.
            """,
        parameters: ElevationParameters.specs + [
            .number("max-vertical-speed", unit: .metresPerSecond, default: 10, range: .positive,
                    help: "Fastest believable climb or drop between accepted altitudes, m/s. Default 10 m/s: between consecutive fixes of the bundled real recordings altitude never changes faster than 7.3 m/s, except two sensor spikes (87 m/s at the Fenix 2 run's start, 76 m/s in an MTK logger's track), which it removes"),
            .integer("recovery-fixes", unit: .count, default: 5, range: .closed(1, 1_000),
                     help: "Rejected altitudes in a row after which the latest becomes the new reference. Default 5."),
        ],
        guarantees: [.preservesOrder])

    public let parameters: ElevationParameters
    /// m/s.
    public let maximumVerticalSpeed: Double
    public let recoveryFixes: Int

    public init(parameters: StageParameters) throws {
        self.parameters = try ElevationParameters(parameters)
        maximumVerticalSpeed = try parameters.number("max-vertical-speed")
        recoveryFixes = try parameters.integer("recovery-fixes")
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(stage: self, counter: parameters.counter())
    }

    struct Processor: FixProcessor {
        let stage: ElevationStage
        var counter: AscentCounter
        /// The last accepted altitude and its time.
        var reference: (altitude: Double, time: Double?)?
        var rejectedInARow = 0
        var spikes = 0

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            guard let altitude = fix.altitude, altitude.isFinite else {
                out.keep(fix)
                return
            }
            if let reference, let t0 = reference.time, let t1 = fix.time {
                let speed = abs(altitude - reference.altitude) / max(abs(t1 - t0), 1)
                if speed > stage.maximumVerticalSpeed, rejectedInARow + 1 < stage.recoveryFixes {
                    rejectedInARow += 1
                    spikes += 1
                    var cleaned = fix
                    cleaned.altitude = nil
                    out.keep(cleaned, changedFrom: fix)
                    return
                }
            }
            rejectedInARow = 0
            reference = (altitude, fix.time)
            counter.add(altitude, at: fix.time)
            out.keep(fix)
        }

        mutating func finish(into out: inout StageEmitter) throws {
            out.summarize(SummaryKey.ascent, label: "Ascent", value: counter.ascent, unit: .metres)
            out.summarize(SummaryKey.descent, label: "Descent", value: counter.descent, unit: .metres)
            if spikes > 0 { out.summarize(SummaryKey.spikes, label: "Altitude spikes removed", value: Double(spikes), unit: .count) }
        }
    }
}
