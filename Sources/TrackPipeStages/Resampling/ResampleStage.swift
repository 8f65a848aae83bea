import Foundation
import TrackPipe

/// `resample`: offline resampling to a fixed time interval or a fixed distance along the track, as MovingPandas
/// and GPSBabel's `interpolate` do, without inventing positions across gaps.
///
/// Per stretch of fixes (one segment, times increasing, no step longer than `max-gap` seconds) the output
/// instants are the stretch's first fix and then every `interval` seconds (`by: time`) or every `spacing` metres of
/// the path (`by: distance`), and its last fix. An input fix that falls on an instant (within 1 ms, or 1 mm) is
/// kept as it is; every other instant gets a **made** fix (`MadeFix`) interpolated linearly between the input
/// fixes around it — position in a local frame, time, altitude, speed, heart rate, cadence, temperature; course
/// the short way round; accuracies the larger of the two; the rest from the nearer fix. Input fixes not on an
/// instant are dropped with rule `resampled` (`.leftOut`: valid, not wrong), measured by their distance from the
/// resampled line at their time. Steps longer than `max-gap`, across segments, or with time not increasing are
/// left as they are: no fix is made there, and the fixes on both sides are kept.
///
/// Work is bounded by the input: at most ``maximumMadePerStep`` fixes are made within one input step (a step
/// that would need more is left as a gap, with a `resample-step-skipped` event), so a track of n fixes makes at
/// most 100·n.
public struct ResampleStage: Stage {
    /// What the instants are spaced by.
    public enum Basis: String, Sendable, CaseIterable {
        case time, distance
    }

    /// Most fixes made within one input step.
    public static let maximumMadePerStep = 100

    public static let descriptor = StageDescriptor(
        name: "resample",
        summary: "Resample to a fixed time interval or distance; interpolated fixes are made, never across gaps.",
        discussion: """
            Offline. Per stretch (one segment, time increasing, no step longer than max-gap s) the instants are its \
            first fix, then every interval seconds (by time) or every spacing metres along the path (by distance), \
            and its last fix. An input fix on an instant is kept; other instants get a made fix interpolated \
            between the fixes around it (position, time, altitude, speed, heart rate, cadence, temperature; course \
            the short way; accuracies the larger; the rest from the nearer fix), numbered with a fresh source \
            index. Input fixes between instants are dropped as resampled (left out, not wrong), measured by their \
            distance from the resampled line. Steps longer than max-gap, across segments or with time not \
            increasing are left as gaps. At most 100 fixes are made within one input step (else that step is left \
            as it is, event resample-step-skipped).
            """,
        parameters: [
            .choice("by", Basis.allCases.map(\.rawValue), default: Basis.time.rawValue,
                    help: "Space the instants by time (interval) or by distance along the path (spacing)."),
            .number("interval", unit: .seconds, default: 1, range: .closed(0.01, 86_400),
                    help: "Seconds between instants with by time. Default 1 s: a steady 1 Hz track from an irregular one."),
            .number("spacing", unit: .metres, default: 10, range: .closed(0.01, 100_000),
                    help: "Metres along the path between instants with by distance. Default 10 m, MoonRunner's distance filter."),
            .number("max-gap", unit: .seconds, default: 10, range: .closed(0, 86_400),
                    help: "No fix is made across a step longer than this, seconds: the runner's path in a longer gap is unknown, so the gap stays a gap. Default 10 s."),
        ],
        guarantees: [.preservesOrder], drops: .leftOut)

    public var basis: Basis
    /// Seconds.
    public var interval: Double
    /// Metres.
    public var spacing: Double
    /// Seconds.
    public var maxGap: Double

    public init(parameters: StageParameters) throws {
        basis = try parameters.choice("by")
        interval = try parameters.number("interval")
        spacing = try parameters.number("spacing")
        maxGap = try parameters.number("max-gap")
    }

    public func run(_ input: StageInput) throws -> StageOutput {
        let fixes = input.fixes
        let label = input.context.label
        // Kept fixes and made ones are collected here; drops go through the emitter (built where they are stored).
        var out = StageEmitter(label: label)
        out.reserveCapacity(dropped: fixes.count)
        var kept: [Fix] = []
        kept.reserveCapacity(fixes.count)
        var made: [MadeFix] = []
        var events: [StageEvent] = []
        var nextIndex = input.context.firstMadeSourceIndex
        // Per stretch, reused: each input fix in the frame and along the stretch, whether it lies on an instant, and
        // each output fix's place in the frame and along the stretch (the drops are measured against them).
        var points: [(east: Double, north: Double)] = []
        var position: [Double] = []
        var onInstant: [Bool] = []
        var anchors: [(east: Double, north: Double, at: Double)] = []
        var start = 0
        while start < fixes.count {
            // The stretch: fixes[start...end], each step resamplable.
            var end = start
            while end + 1 < fixes.count, isResamplable(from: fixes[end], to: fixes[end + 1]) { end += 1 }
            guard end > start, let frame = try? LocalProjection(reference: fixes[start].point) else {
                kept.append(contentsOf: fixes[start...end])
                start = end + 1
                continue
            }
            let stretch = fixes[start...end]
            let count = stretch.count
            points.removeAll(keepingCapacity: true)
            for fix in stretch { points.append(frame.project(fix.point)) }
            // Where each input fix lies along the stretch: time (s) or path length (m) from its first fix.
            position.removeAll(keepingCapacity: true)
            position.append(0)
            for k in 1..<count {
                switch basis {
                case .time:
                    position.append((fixes[start + k].time ?? 0) - (fixes[start].time ?? 0))
                case .distance:
                    position.append(position[k - 1] + hypot(points[k].east - points[k - 1].east, points[k].north - points[k - 1].north))
                }
            }
            let step = basis == .time ? interval : spacing
            let tolerance = 1e-3  // 1 ms or 1 mm
            onInstant.removeAll(keepingCapacity: true)
            onInstant.append(contentsOf: repeatElement(false, count: count))
            anchors.removeAll(keepingCapacity: true)
            /// An output fix: kept, with its place.
            func emit(_ fix: Fix, _ east: Double, _ north: Double, at: Double) {
                kept.append(fix)
                anchors.append((east, north, at))
            }
            // The first fix, then the instants within each input step, then the last fix.
            emit(fixes[start], points[0].east, points[0].north, at: 0)
            onInstant[0] = true
            var instant = step
            for k in 1..<count {
                let previous = fixes[start + k - 1], fix = fixes[start + k]
                let lo = position[k - 1], hi = position[k]
                let last = k == count - 1
                let inStep = hi - lo > 0 ? Int(((hi - tolerance - max(instant, lo)) / step).rounded(.down)) + 1 : 0
                if inStep > Self.maximumMadePerStep {
                    // Too many for one step: left as it is, its end kept, the instants resumed after it.
                    events.append(StageEvent(stage: label, kind: "resample-step-skipped", time: fix.time,
                                             sourceIndex: fix.sourceIndex,
                                             fields: ["instants": .number(Double(inStep)), "limit": .number(Double(Self.maximumMadePerStep))]))
                    emit(fix, points[k].east, points[k].north, at: hi)
                    onInstant[k] = true
                    instant = hi + step
                    continue
                }
                while instant < hi - tolerance {
                    if instant > lo + tolerance {
                        let u = (instant - lo) / (hi - lo)
                        let east = points[k - 1].east + u * (points[k].east - points[k - 1].east)
                        let north = points[k - 1].north + u * (points[k].north - points[k - 1].north)
                        var madeFix = Self.interpolate(previous, fix, u, at: frame.unproject(east: east, north: north))
                        madeFix.sourceIndex = nextIndex
                        made.append(MadeFix(sourceIndex: nextIndex, from: previous.sourceIndex, to: fix.sourceIndex))
                        nextIndex += 1
                        emit(madeFix, east, north, at: instant)
                    }
                    instant += step
                }
                if abs(instant - hi) <= tolerance || last {
                    emit(fix, points[k].east, points[k].north, at: hi)
                    onInstant[k] = true
                    if abs(instant - hi) <= tolerance { instant += step }
                }
            }
            // Input fixes between instants: dropped, measured by their distance from the resampled line.
            var j = 0
            for k in 0..<count where !onInstant[k] {
                let t = position[k]
                while j + 1 < anchors.count, anchors[j + 1].at < t { j += 1 }
                let a = anchors[j], b = anchors[min(j + 1, anchors.count - 1)]
                let u = b.at > a.at ? (t - a.at) / (b.at - a.at) : 0
                let e = a.east + u * (b.east - a.east), n = a.north + u * (b.north - a.north)
                let off = hypot(points[k].east - e, points[k].north - n)
                out.drop(fixes[start + k], rule: "resampled", measured: off, unit: .metres, detail: "between the resampled instants")
            }
            start = end + 1
        }
        var result = out.output
        result.kept = kept
        result.events = events
        result.made = made
        return result
    }

    func isResamplable(from a: Fix, to b: Fix) -> Bool {
        guard a.segment == b.segment, let t0 = a.time, let t1 = b.time, t0.isFinite, t1.isFinite, t1 > t0, t1 - t0 <= maxGap,
              DistanceAccumulator.hasValidCoordinates(a), DistanceAccumulator.hasValidCoordinates(b) else { return false }
        return true
    }

    /// The fix a fraction `u` (0 < u < 1) of the way from `a` to `b` (in time or along the step), at `point`.
    static func interpolate(_ a: Fix, _ b: Fix, _ u: Double, at point: GeoPoint) -> Fix {
        func mix(_ x: Double?, _ y: Double?) -> Double? {
            guard let x, let y, x.isFinite, y.isFinite else { return nil }
            return x + u * (y - x)
        }
        func larger(_ x: Double?, _ y: Double?) -> Double? {
            guard let x, let y else { return nil }
            return max(x, y)
        }
        let near = u < 0.5 ? a : b
        var fix = near
        fix.latitude = point.latitude
        fix.longitude = point.longitude
        fix.time = mix(a.time, b.time)
        fix.altitude = mix(a.altitude, b.altitude)
        fix.speed = mix(a.speed, b.speed)
        if let c0 = a.course, let c1 = b.course, c0.isFinite, c1.isFinite {
            var d = (c1 - c0).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 } else if d < -180 { d += 360 }
            var c = (c0 + u * d).truncatingRemainder(dividingBy: 360)
            if c < 0 { c += 360 }
            fix.course = c
        } else {
            fix.course = nil
        }
        fix.heartRate = mix(a.heartRate, b.heartRate)
        fix.cadence = mix(a.cadence, b.cadence)
        fix.temperature = mix(a.temperature, b.temperature)
        if a.hasValidHorizontalAccuracy, b.hasValidHorizontalAccuracy {
            fix.horizontalAccuracy = larger(a.horizontalAccuracy, b.horizontalAccuracy)
            fix.horizontalAccuracyIsEstimated = a.horizontalAccuracyIsEstimated || b.horizontalAccuracyIsEstimated
        }
        if (a.verticalAccuracy ?? -1) >= 0, (b.verticalAccuracy ?? -1) >= 0 {
            fix.verticalAccuracy = larger(a.verticalAccuracy, b.verticalAccuracy)
        }
        fix.received = nil
        return fix
    }
}
