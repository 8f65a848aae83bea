import Foundation
import TrackPipe

/// Simulates a run along a route and what a phone records of it. Deterministic: the same parameters, route
/// and seed give the same run, bit for bit (``Xoshiro256StarStar``; every effect draws from its own stream,
/// so switching one effect off leaves the others' random draws unchanged).
///
/// How it works, in order:
/// 1. **Gaps** (``SignalGapEffect``) are placed first; the run lasts `fixCount` + the gaps' seconds.
/// 2. **True path**, one sample per second: the runner's pace wanders (``RunnerProfile``), brakes at
///    `acceleration` to stop at red traffic lights and extra stops, waits, and speeds up again. The true
///    cumulative distance is the sum of the geodesic steps between samples.
/// 3. **Observed fixes**, one per second outside gaps: true position + Gauss–Markov error
///    (``PositionErrorModel``) + warm-up error + multipath pull, with a consistent reported accuracy; then
///    jumps and cell/Wi-Fi fixes replace chosen fixes.
/// 4. **Timestamps**: the clock jump, duplicate timestamps and swapped pairs are applied; records get their
///    final order and source indices.
///
/// Anomalies never overlap: each labelled fix (and its neighbours, for the timestamp effects) is reserved.
/// Observed coordinates are rounded to 1e-7° (1 cm), accuracies and altitudes to 0.1 m, as phones report them.
public struct RunSimulator: Sendable {
    public var parameters: SimulationParameters
    public var seed: UInt64

    public init(parameters: SimulationParameters = SimulationParameters(), seed: UInt64) {
        self.parameters = parameters
        self.seed = seed
    }

    /// Random stream number `k` of this seed: independent streams per effect.
    func stream(_ k: UInt64) -> Xoshiro256StarStar {
        var mixer = SplitMix64(seed: seed ^ (0xA076_1D64_78BD_642F &* (k + 1)))
        return Xoshiro256StarStar(seed: mixer.next())
    }

    /// The simulated run along `route`; `name` becomes the track's name.
    public func simulate(route: SimulationRoute, name: String? = nil) throws -> SimulatedRun {
        let p = parameters
        if let problem = p.problems.first { throw SimulationError.invalidParameters(problem) }
        let projection = try LocalProjection(reference: route.origin)

        // 1. Gaps, in true seconds from the start.
        var gapRandom = stream(1)
        var gapSeconds: [(start: Int, length: Int)] = []
        if p.gaps.enabled, p.gaps.count > 0 {
            let lengths = (0..<p.gaps.count).map { _ in Int(gapRandom.uniform(p.gaps.minimumDuration...p.gaps.maximumDuration).rounded()) }
            let total = p.fixCount + lengths.reduce(0, +)
            let earliest = (p.warmUp.enabled ? p.warmUp.fixes : 0) + 30
            for length in lengths {
                for _ in 0..<1000 {
                    let latest = total - length - 30
                    guard latest > earliest else { break }
                    let start = gapRandom.integer(earliest...latest)
                    if gapSeconds.allSatisfy({ start + length + 30 < $0.start || $0.start + $0.length + 30 < start }) {
                        gapSeconds.append((start, length))
                        break
                    }
                }
            }
            guard gapSeconds.count == lengths.count else {
                throw SimulationError.invalidParameters(
                    "gaps.count: only \(gapSeconds.count) of \(lengths.count) gaps fit among \(p.fixCount) fixes with 30 s of fixes around each; lower gaps.count or gaps.maximum-duration, or raise fix-count")
            }
            gapSeconds.sort { $0.start < $1.start }
        }
        let trueSeconds = p.fixCount + gapSeconds.reduce(0) { $0 + $1.length }

        // 2. The true path.
        let (path, stops) = truePath(route: route, projection: projection, seconds: trueSeconds)

        // 3. Observed fixes in time order.
        var inGap = [Bool](repeating: false, count: trueSeconds)
        for g in gapSeconds { for k in g.start..<min(trueSeconds, g.start + g.length) { inGap[k] = true } }
        var errorRandom = stream(2), accuracyRandom = stream(3), warmRandom = stream(4), multipathRandom = stream(5)
        var gmEast = GaussMarkovProcess(timeConstant: p.error.timeConstant, random: &errorRandom)
        var gmNorth = GaussMarkovProcess(timeConstant: p.error.timeConstant, random: &errorRandom)
        var gmUp = GaussMarkovProcess(timeConstant: p.error.timeConstant, random: &errorRandom)
        let warmDirection = warmRandom.uniform(0...(2 * .pi))
        var burst: (remaining: Int, length: Int, direction: Double, magnitude: Double)?

        struct Observation {
            var second: Int
            var east: Double, north: Double
            var altitude: Double?
            var accuracy: Double
            var verticalAccuracy: Double
            var time: Double
            var anomaly: AnomalyKind
            var speed: Double? = nil
            var course: Double? = nil
        }
        var observations: [Observation] = []
        observations.reserveCapacity(p.fixCount)
        for k in 0..<trueSeconds {
            if k > 0 { gmEast.step(1, random: &errorRandom); gmNorth.step(1, random: &errorRandom); gmUp.step(1, random: &errorRandom) }
            let sample = path[k]
            let nearBuildings = route.isNearBuildings(atDistance: sample.routeDistance)
            let sigma = p.error.sigma * (nearBuildings ? p.error.buildingFactor : 1)
            let index = observations.count
            // Multipath bursts evolve in true time, gaps included; none during warm-up.
            let warmingUp = p.warmUp.enabled && index < p.warmUp.fixes
            if burst == nil, p.multipath.enabled, !warmingUp {
                let rate = p.multipath.ratePerHour / 3600 * (nearBuildings ? 1 : p.multipath.openSkyFactor)
                if multipathRandom.chance(rate) {
                    let length = max(1, Int(multipathRandom.uniform(p.multipath.minimumDuration...p.multipath.maximumDuration).rounded()))
                    burst = (length, length, multipathRandom.uniform(0...(2 * .pi)),
                             multipathRandom.uniform(p.multipath.minimumMagnitude...p.multipath.maximumMagnitude))
                }
            }
            var pullEast = 0.0, pullNorth = 0.0, pull = 0.0
            var anomaly = AnomalyKind.none
            if let b = burst {
                let j = b.length - b.remaining
                pull = b.magnitude * sin(.pi * (Double(j) + 0.5) / Double(b.length))
                pullEast = pull * cos(b.direction)
                pullNorth = pull * sin(b.direction)
                anomaly = .multipath
                burst = b.remaining > 1 ? (b.remaining - 1, b.length, b.direction, b.magnitude) : nil
            }
            if inGap[k] { continue }
            var warm = 0.0
            if warmingUp {
                let n = max(1, p.warmUp.fixes - 1)
                let ratio = p.warmUp.initialError > 0 ? p.warmUp.finalError / p.warmUp.initialError : 0
                warm = p.warmUp.initialError * pow(max(ratio, 1e-9), Double(index) / Double(n))
                anomaly = .warmUp
            }
            let warmAngle = warmDirection + 0.05 * Double(index)
            let planar = projection.project(sample.point)
            let east = planar.east + sigma * gmEast.value + warm * cos(warmAngle) + pullEast
            let north = planar.north + sigma * gmNorth.value + warm * sin(warmAngle) + pullNorth
            let reported = p.multipath.reportedFraction * pull
            let perAxis = (sigma * sigma + warm * warm / 2 + reported * reported / 2).squareRoot()
            let noise = exp(p.error.accuracyNoise * accuracyRandom.gaussian() - p.error.accuracyNoise * p.error.accuracyNoise / 2)
            let accuracy = p.error.accuracyScale * perAxis * noise
            observations.append(Observation(
                second: k, east: east, north: north, altitude: sample.altitude + 1.5 * sigma * gmUp.value,
                accuracy: accuracy, verticalAccuracy: 1.5 * accuracy, time: sample.time, anomaly: anomaly))
        }

        // Doppler speed and course, from the true velocity plus white and correlated error (own stream). The
        // route's metres are the projection's (a sphere's); the truth's distance and a receiver's velocity are on
        // the ground (WGS84), so the true velocity is converted.
        if p.doppler.enabled {
            var random = stream(10)
            let d = p.doppler
            let ground = projection.groundScale
            var biasEast = GaussMarkovProcess(timeConstant: d.biasTimeConstant, random: &random)
            var biasNorth = GaussMarkovProcess(timeConstant: d.biasTimeConstant, random: &random)
            var lastSecond = 0
            for j in observations.indices {
                let k = observations[j].second
                if k > lastSecond {
                    biasEast.step(Double(k - lastSecond), random: &random)
                    biasNorth.step(Double(k - lastSecond), random: &random)
                    lastSecond = k
                }
                let sample = path[k]
                let scale = route.isNearBuildings(atDistance: sample.routeDistance) ? p.error.buildingFactor : 1
                let truth = Self.trueVelocity(route: route, sample: sample)
                let east = ground.east * truth.east + scale * (d.whiteSigma * random.gaussian() + d.biasSigma * biasEast.value)
                let north = ground.north * truth.north + scale * (d.whiteSigma * random.gaussian() + d.biasSigma * biasNorth.value)
                guard !random.chance(d.dropoutProbability) else { continue }
                let velocity = GroundVelocity(east: east, north: north)
                observations[j].speed = velocity.speed
                if velocity.speed >= d.courseMinimumSpeed { observations[j].course = velocity.course }
            }
        }

        // Reserve labelled fixes so later effects pick ordinary ones.
        var reserved = Set(observations.indices.filter { observations[$0].anomaly != .none })
        let firstFree = (p.warmUp.enabled ? p.warmUp.fixes : 0) + 5
        func pick(_ run: Int, margin: Int, random: inout Xoshiro256StarStar) -> Int? {
            guard observations.count - run - 5 > firstFree else { return nil }
            for _ in 0..<10_000 {
                let i = random.integer(firstFree...(observations.count - run - 5))
                if ((i - margin)...(i + run - 1 + margin)).allSatisfy({ !reserved.contains($0) }) {
                    for j in i..<(i + run) { reserved.insert(j) }
                    return i
                }
            }
            return nil
        }
        if p.jumps.enabled {
            var random = stream(6)
            for _ in 0..<p.jumps.count {
                let run = random.integer(1...p.jumps.maximumFixes)
                guard let i = pick(run, margin: 3, random: &random) else { break }
                let distance = random.uniform(p.jumps.minimumDistance...p.jumps.maximumDistance)
                let direction = random.uniform(0...(2 * .pi))
                for j in i..<(i + run) {
                    observations[j].east += distance * cos(direction)
                    observations[j].north += distance * sin(direction)
                    observations[j].anomaly = .jump
                }
            }
        }
        if p.cellFixes.enabled {
            var random = stream(7)
            for _ in 0..<p.cellFixes.count {
                let run = random.integer(1...p.cellFixes.maximumFixes)
                guard let i = pick(run, margin: 3, random: &random) else { break }
                let accuracy = random.uniform(p.cellFixes.minimumAccuracy...p.cellFixes.maximumAccuracy).rounded()
                for j in i..<(i + run) {
                    let truth = projection.project(path[observations[j].second].point)
                    observations[j].east = truth.east + p.cellFixes.errorSigma * random.gaussian()
                    observations[j].north = truth.north + p.cellFixes.errorSigma * random.gaussian()
                    observations[j].altitude = nil
                    observations[j].accuracy = accuracy
                    observations[j].verticalAccuracy = -1
                    observations[j].speed = nil
                    observations[j].course = nil
                    observations[j].anomaly = .cellFix
                }
            }
        }

        // 4. Timestamps.
        if p.clockJump.enabled, observations.count > 2 {
            let first = min(observations.count - 1, max(1, Int((p.clockJump.at * Double(observations.count)).rounded())))
            let endTime = p.clockJump.duration > 0 ? observations[first].time + p.clockJump.duration : .infinity
            var last = first
            for j in first..<observations.count where observations[j].time < endTime {
                observations[j].time += p.clockJump.offset
                last = j
            }
            observations[first].anomaly = .clockJump
            reserved.formUnion((first - 2)...(first + 2))
            if last + 1 < observations.count, p.clockJump.duration > 0 {
                observations[last + 1].anomaly = .clockJump
                reserved.formUnion((last - 1)...(last + 3))
            }
        }
        if p.duplicates.enabled {
            var random = stream(8)
            for _ in 0..<p.duplicates.count {
                guard let i = pick(1, margin: 2, random: &random) else { break }
                observations[i].time = observations[i - 1].time
                observations[i].anomaly = .duplicateTime
            }
        }
        var order = Array(observations.indices)
        if p.outOfOrder.enabled {
            var random = stream(9)
            for _ in 0..<p.outOfOrder.count {
                guard let i = pick(2, margin: 2, random: &random) else { break }
                order.swapAt(i, i + 1)
                observations[i].anomaly = .outOfOrder  // now written after its successor
            }
        }

        // Records in file order.
        // Scale by the whole number 1/step and divide back: the result is the double nearest the decimal.
        func rounded(_ v: Double, _ step: Double) -> Double { let scale = (1 / step).rounded(); return (v * scale).rounded() / scale }
        var fixes: [Fix] = []
        var truth: [FixTruth] = []
        fixes.reserveCapacity(order.count)
        truth.reserveCapacity(order.count)
        for (sourceIndex, j) in order.enumerated() {
            let o = observations[j]
            let point = projection.unproject(east: o.east, north: o.north)
            fixes.append(Fix(time: o.time, latitude: rounded(point.latitude, 1e-7), longitude: rounded(point.longitude, 1e-7),
                             altitude: o.altitude.map { rounded($0, 0.1) },
                             horizontalAccuracy: max(0.1, rounded(o.accuracy, 0.1)),
                             verticalAccuracy: o.verticalAccuracy < 0 ? -1 : max(0.1, rounded(o.verticalAccuracy, 0.1)),
                             speed: o.speed.map { rounded($0, 0.01) },
                             course: o.course.map { c in let r = rounded(c, 0.1); return r >= 360 ? 0 : r },
                             sourceIndex: sourceIndex))
            let s = path[o.second]
            truth.append(FixTruth(sourceIndex: sourceIndex, time: o.time, trueTime: s.time, latitude: s.point.latitude,
                                  longitude: s.point.longitude, cumulativeDistance: s.cumulativeDistance,
                                  moving: s.moving, anomaly: o.anomaly))
        }
        let gaps = gapSeconds.map { g in
            TimeSpan(start: p.startTime + Double(g.start), end: p.startTime + Double(min(trueSeconds - 1, g.start + g.length - 1)))
        }
        return SimulatedRun(track: Track(name: name, activity: .running, fixes: fixes, sourceFormat: nil),
                            truth: truth, path: path, stops: stops, gaps: gaps)
    }

    /// The runner's true velocity (east, north; m/s) at `sample`: its speed along the route's direction there
    /// (the chord over the metre around the sample's route distance, so corners and turn-backs are averaged
    /// over 1 m).
    static func trueVelocity(route: SimulationRoute, sample: TruePathSample) -> (east: Double, north: Double) {
        guard sample.speed > 0 else { return (0, 0) }
        let s = max(0.5, sample.routeDistance)
        let a = route.point(atDistance: s - 0.5), b = route.point(atDistance: s + 0.5)
        let length = hypot(b.east - a.east, b.north - a.north)
        guard length > 0 else { return (0, 0) }
        return (sample.speed * (b.east - a.east) / length, sample.speed * (b.north - a.north) / length)
    }

    /// The runner's true path, one sample per second, and the stops (arrival to last stopped second).
    func truePath(route: SimulationRoute, projection: LocalProjection, seconds: Int) -> ([TruePathSample], [TimeSpan]) {
        let r = parameters.runner
        var random = stream(0)
        var pace = GaussMarkovProcess(timeConstant: r.speedTimeConstant, random: &random)
        // Extra stops at random distances along the expected run.
        let expected = Double(seconds) * r.speed * 0.85
        var forced: [Double] = (0..<r.extraStops).map { _ in random.uniform(min(200, expected)...max(200, expected)) }.sorted()
        var decidedUpTo = 0.0
        var pending: (at: Double, duration: Int)?
        var stopRemaining = 0
        var s = 0.0, v = 0.0, cumulative = 0.0
        var samples: [TruePathSample] = []
        samples.reserveCapacity(seconds)
        var stops: [TimeSpan] = []
        var previous: GeoPoint?
        func stopDuration() -> Int { Int(random.uniform(r.minimumStop...r.maximumStop).rounded()) }
        // Standing at the start: a stop from the first second (no random draw, so the rest of the run is drawn
        // as without it).
        let startDelay = Int(r.startDelay.rounded())
        if startDelay > 0 {
            stopRemaining = startDelay
            stops.append(TimeSpan(start: parameters.startTime, end: parameters.startTime))
        }
        for k in 0..<seconds {
            let time = parameters.startTime + Double(k)
            if k > 0 {
                pace.step(1, random: &random)
                if stopRemaining > 0 {
                    stopRemaining -= 1
                    v = 0
                    if stopRemaining == 0, let last = stops.popLast() {
                        stops.append(TimeSpan(start: last.start, end: time))
                    }
                } else {
                    let target = max(0.3, r.speed * (1 + r.speedVariation * pace.value))
                    // Decide the lights (and pick up forced stops) within braking reach plus a second.
                    if pending == nil {
                        let reach = v * v / (2 * r.acceleration) + 2 * max(v, target) + 5
                        for light in route.lights(after: max(s, decidedUpTo), within: s + reach - max(s, decidedUpTo)) {
                            decidedUpTo = light
                            if random.chance(r.trafficLightStopProbability) { pending = (light, stopDuration()); break }
                        }
                        if pending == nil, let f = forced.first, f <= s + reach {
                            forced.removeFirst()
                            pending = (max(f, s + 0.5), stopDuration())
                        }
                    }
                    var vNew = target >= v ? min(target, v + r.acceleration) : max(target, v - r.acceleration)
                    if let stop = pending {
                        let remaining = stop.at - s
                        vNew = min(vNew, (2 * r.acceleration * max(0, remaining)).squareRoot())
                        let step = (v + vNew) / 2
                        if remaining < 1 || s + step >= stop.at - 0.25 {
                            s = stop.at
                            v = 0
                            stopRemaining = stop.duration
                            stops.append(TimeSpan(start: time, end: time))
                            pending = nil
                        } else {
                            s += step
                            v = vNew
                        }
                    } else {
                        s += (v + vNew) / 2
                        v = vNew
                    }
                }
            }
            let planar = route.point(atDistance: s)
            let point = projection.unproject(east: planar.east, north: planar.north)
            if let previous { cumulative += Geodesy.distance(previous, point) }
            previous = point
            let altitude = parameters.error.altitude + 5 * sin(route.lapPosition(s) / 250)
            samples.append(TruePathSample(time: time, point: point, altitude: altitude, cumulativeDistance: cumulative,
                                          speed: v, routeDistance: s))
        }
        // A stop still running at the end lasts to the end.
        if stopRemaining > 0, let last = stops.popLast() {
            stops.append(TimeSpan(start: last.start, end: parameters.startTime + Double(seconds - 1)))
        }
        return (samples, stops)
    }
}
