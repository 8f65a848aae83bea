import Foundation
import Testing
import TrackPipe
import TrackPipeLab

@Suite struct RunSimulatorTests {
    func run(_ parameters: SimulationParameters = SimulationParameters(), seed: UInt64 = 1,
             scenario: RouteScenario = .cityLoop) throws -> SimulatedRun {
        try RunSimulator(parameters: parameters, seed: seed).simulate(route: try scenario.route())
    }

    @Test func sameSeedGivesTheSameRunAndAnotherSeedDoesNot() throws {
        let a = try run(seed: 5), b = try run(seed: 5), c = try run(seed: 6)
        #expect(a.track == b.track)
        #expect(a.truth == b.truth)
        #expect(a.track.fixes.map(\.latitude) != c.track.fixes.map(\.latitude))
    }

    @Test(arguments: RouteScenario.allCases)
    func producesTheRequestedFixCountWithTruthForEach(scenario: RouteScenario) throws {
        let r = try run(seed: 3, scenario: scenario)
        #expect(r.track.fixes.count == 2300)
        #expect(r.truth.count == 2300)
        #expect(r.track.fixes.map(\.sourceIndex) == Array(0..<2300))
        #expect(r.truth.map(\.sourceIndex) == Array(0..<2300))
        for (fix, row) in zip(r.track.fixes, r.truth) { #expect(fix.time == row.time) }
    }

    /// With one effect off, no fix carries its label; every other effect is still there.
    @Test func switchingAnEffectOffRemovesItsAnomalies() throws {
        func kinds(_ r: SimulatedRun) -> Set<AnomalyKind> { Set(r.truth.map(\.anomaly)) }
        let all = try run(seed: 11)
        #expect(kinds(all).isSuperset(of: [.warmUp, .jump, .cellFix, .outOfOrder, .duplicateTime]))
        var p = SimulationParameters()
        p.jumps.enabled = false
        let noJumps = try run(p, seed: 11)
        #expect(!kinds(noJumps).contains(.jump))
        #expect(kinds(noJumps).isSuperset(of: [.warmUp, .cellFix, .outOfOrder, .duplicateTime]))
        p = SimulationParameters()
        p.cellFixes.enabled = false
        let noCell = try run(p, seed: 11)
        #expect(!kinds(noCell).contains(.cellFix))
        #expect(!noCell.track.fixes.contains { ($0.verticalAccuracy ?? 0) < 0 })
        // Everything off: no anomaly, times strictly increasing by 1 s (no gaps, no clock faults).
        let clean = try run(.clean, seed: 11)
        #expect(kinds(clean) == [.none])
        let times = clean.track.fixes.compactMap(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 1 })
    }

    @Test func effectsAreSizedByTheirParameters() throws {
        var p = SimulationParameters.clean
        p.jumps.enabled = true
        p.jumps.count = 5
        p.jumps.maximumFixes = 1
        p.jumps.minimumDistance = 500
        p.jumps.maximumDistance = 600
        p.duplicates.enabled = true
        p.duplicates.count = 4
        p.gaps.enabled = true
        p.gaps.count = 3
        p.gaps.minimumDuration = 20
        p.gaps.maximumDuration = 20
        let r = try run(p, seed: 21)
        let jumps = r.truth.filter { $0.anomaly == .jump }
        #expect(jumps.count == 5)
        // Every effect draws from its own random stream, so the same run without jumps has the same everyday
        // error: the difference is the jump alone, 500–600 m in the simulator's plane (about the route's origin).
        // Both fixes are rounded to 1e-7° (≤ 1.11 cm north, 0.70 cm east at 51°): 1.4 cm of tolerance.
        var noJumps = p
        noJumps.jumps.enabled = false
        let plain = try run(noJumps, seed: 21)
        let projection = try LocalProjection(reference: try RouteScenario.cityLoop.route().origin)
        for row in jumps {
            let a = projection.project(r.track.fixes[row.sourceIndex].point)
            let b = projection.project(plain.track.fixes[row.sourceIndex].point)
            let off = ((a.east - b.east) * (a.east - b.east) + (a.north - b.north) * (a.north - b.north)).squareRoot()
            #expect(off >= 500 - 0.014 && off <= 600 + 0.014, "jump of \(off) m")
        }
        let duplicates = r.truth.filter { $0.anomaly == .duplicateTime }
        #expect(duplicates.count == 4)
        for row in duplicates { #expect(r.track.fixes[row.sourceIndex].time == r.track.fixes[row.sourceIndex - 1].time) }
        #expect(r.gaps.count == 3)
        // Each gap is 20 s of true time without a fix: true time steps of 21 s appear exactly three times.
        let trueTimes = r.truth.map(\.trueTime)
        #expect(zip(trueTimes, trueTimes.dropFirst()).filter { $1 - $0 == 21 }.count == 3)
    }

    @Test func warmUpCellAndMultipathFixesLookAsDocumented() throws {
        var p = SimulationParameters.clean
        p.warmUp.enabled = true
        p.warmUp.fixes = 10
        p.warmUp.initialError = 100
        p.warmUp.finalError = 10
        p.cellFixes.enabled = true
        p.cellFixes.count = 4
        p.multipath.enabled = true
        p.multipath.ratePerHour = 60
        p.multipath.openSkyFactor = 0
        p.error.accuracyNoise = 0
        let r = try run(p, seed: 31)
        // Warm-up: the first 10 fixes, the first 100 m off and the last 10 m off on top of the everyday error
        // (compared with the same run without warm-up, which draws the same everyday error), shrinking
        // geometrically (× 0.1^(1/9) a fix); the reported accuracy follows (per axis: √(σ² + e²/2)).
        #expect(r.truth.prefix(10).allSatisfy { $0.anomaly == .warmUp })
        #expect(r.truth[10].anomaly != .warmUp)
        var noWarmUp = p
        noWarmUp.warmUp.enabled = false
        let plain = try run(noWarmUp, seed: 31)
        let projection = try LocalProjection(reference: try RouteScenario.cityLoop.route().origin)
        for k in 0..<10 {
            let a = projection.project(r.track.fixes[k].point), b = projection.project(plain.track.fixes[k].point)
            let off = ((a.east - b.east) * (a.east - b.east) + (a.north - b.north) * (a.north - b.north)).squareRoot()
            // Coordinates are rounded to 1e-7° (see the jump test): 1.4 cm.
            #expect(abs(off - 100 * pow(0.1, Double(k) / 9)) < 0.014, "warm-up fix \(k) \(off) m off")
        }
        // The city loop starts near buildings (σ = 2 × 2.5 m) and the accuracy noise is off: √(5² + 100²/2) =
        // 70.887 m, reported to 0.1 m.
        #expect(r.track.fixes[0].horizontalAccuracy == 70.9)
        // Cell/Wi-Fi fixes: invalid vertical accuracy, no altitude, accuracy in 65…1414 m.
        let cellRows = r.truth.filter { $0.anomaly == .cellFix }.map(\.sourceIndex)
        let cell = cellRows.map { r.track.fixes[$0] }
        // Four runs of consecutive cell fixes (runs are placed at least 3 fixes apart, so they never merge).
        #expect(zip(cellRows, cellRows.dropFirst()).filter { $1 != $0 + 1 }.count + 1 == 4, "\(cellRows)")
        #expect(cell.allSatisfy { $0.verticalAccuracy == -1 && $0.altitude == nil && (65...1414).contains($0.horizontalAccuracy ?? 0) })
        #expect(r.track.fixes.filter { $0.verticalAccuracy == -1 }.count == cell.count)
        // Multipath only near buildings (open-sky factor 0): the city loop's buildings cover 0…1450 m of each lap.
        let route = try RouteScenario.cityLoop.route()
        let byTime = Dictionary(uniqueKeysWithValues: r.path.map { ($0.time, $0) })
        let multipath = r.truth.filter { $0.anomaly == .multipath }
        // How many bursts start is up to the random stream; the check below needs some to mean anything.
        try #require(!multipath.isEmpty)
        for row in multipath {
            let sample = try #require(byTime[row.trueTime])
            // A burst that starts near buildings may run a few seconds past their end (≤ 12 s at ≤ 4 m/s).
            #expect(route.isNearBuildings(atDistance: sample.routeDistance) || route.lapPosition(sample.routeDistance) < 1450 + 50)
        }
    }

    @Test func clockJumpShiftsTheTimestampsButNotTheTruth() throws {
        var p = SimulationParameters.clean
        p.clockJump.enabled = true
        p.clockJump.at = 0.5
        p.clockJump.offset = -90
        let r = try run(p, seed: 2)
        let jumped = try #require(r.truth.firstIndex { $0.anomaly == .clockJump })
        #expect(jumped == 1150)
        for row in r.truth { #expect(row.time - row.trueTime == (row.sourceIndex >= jumped ? -90 : 0)) }
    }

    /// The truth is self-consistent: cumulative distance is the sum of the geodesic steps of the true path,
    /// and each truth row is the path sample at its true time.
    @Test func truthIsConsistentWithTheTruePath() throws {
        let r = try run(seed: 8)
        var sum = 0.0
        for (a, b) in zip(r.path, r.path.dropFirst()) {
            sum += Geodesy.distance(a.point, b.point)
            #expect(abs(b.cumulativeDistance - sum) < 1e-6)
            #expect(b.time - a.time == 1)
        }
        let byTime = Dictionary(uniqueKeysWithValues: r.path.map { ($0.time, $0) })
        for row in r.truth {
            let sample = try #require(byTime[row.trueTime])
            #expect(row.cumulativeDistance == sample.cumulativeDistance)
            #expect(row.point == sample.point)
            #expect(row.moving == (sample.speed > 0))
        }
        // The runner's speed never exceeds what the profile allows (mean + 5 σ of the pace wander).
        let p = SimulationParameters().runner
        #expect(r.path.allSatisfy { $0.speed <= p.speed * (1 + 5 * p.speedVariation) })
        // Stops are where the runner stands still: no distance inside a stop.
        for stop in r.stops {
            let inside = r.path.filter { $0.time >= stop.start && $0.time <= stop.end }
            #expect(inside.allSatisfy { $0.speed == 0 })
            #expect(abs((inside.last?.cumulativeDistance ?? 0) - (inside.first?.cumulativeDistance ?? 0)) < 1e-9)
        }
        // Which lights are red is up to the random stream; the stop checks above need at least one to mean anything.
        #expect(!r.stops.isEmpty)
    }

    /// `runner.start-delay`: the runner stands at the start for that many seconds — a stop from the first second,
    /// no distance, not moving — then sets off; without it the runner starts moving in the first seconds.
    @Test func aStartDelayStandsAtTheStart() throws {
        var parameters = SimulationParameters()
        parameters.runner.startDelay = 90
        let r = try run(parameters, seed: 4, scenario: .outAndBack)
        let start = try #require(r.path.first)
        let first = try #require(r.stops.first)
        #expect(first.start == start.time && first.end == start.time + 90)
        let standing = r.path.prefix { $0.time <= start.time + 90 }
        #expect(standing.count == 91)
        #expect(standing.allSatisfy { $0.speed == 0 && $0.cumulativeDistance == 0 && $0.point == start.point })
        #expect(r.path[91].speed > 0)
        #expect(r.truth.prefix(91).allSatisfy { !$0.moving })
        let prompt = try run(seed: 4, scenario: .outAndBack)
        #expect(prompt.path[3].speed > 0 && prompt.stops.first?.start != prompt.path[0].time)
    }

    /// Property: with every effect off and a constant σ (park loop: no buildings), the observed error east
    /// and north has standard deviation σ and lag-τ autocorrelation e⁻¹, and the reported accuracy (noise off)
    /// equals σ. 20 000 fixes at τ = 30 s give ~330 independent stretches per axis: sample std within ~4 %,
    /// autocorrelation within ~0.06; tolerances 12 % and 0.15.
    @Test func gaussMarkovErrorHasTheModelledStatistics() throws {
        var p = SimulationParameters.clean
        p.fixCount = 20_000
        p.error.sigma = 3
        p.error.timeConstant = 30
        p.error.accuracyNoise = 0
        let r = try run(p, seed: 17, scenario: .parkLoop)
        let projection = try LocalProjection(reference: RouteScenario.defaultOrigin)
        var east: [Double] = [], north: [Double] = []
        for (fix, row) in zip(r.track.fixes, r.truth) {
            let o = projection.project(fix.point), t = projection.project(row.point)
            east.append(o.east - t.east)
            north.append(o.north - t.north)
        }
        for xs in [east, north] {
            let mean = xs.reduce(0, +) / Double(xs.count)
            let std = (xs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(xs.count - 1)).squareRoot()
            #expect(abs(std - 3) / 3 < 0.12, "std \(std)")
            let r30 = RandomSourceTests.autocorrelation(xs, lag: 30)
            #expect(abs(r30 - exp(-1)) < 0.15, "lag-30 autocorrelation \(r30)")
        }
        #expect(r.track.fixes.allSatisfy { $0.horizontalAccuracy == 3 })
    }

    /// The reported accuracy follows the actual error: near buildings (σ × 2) both double. With the accuracy
    /// noise off, the accuracy is exactly the per-axis σ in force; the observed per-axis RMS error in each
    /// group matches it within 15 % (20 000 fixes: hundreds of independent stretches per group).
    @Test func reportedAccuracyIsConsistentWithTheError() throws {
        var p = SimulationParameters.clean
        p.fixCount = 20_000
        p.error.accuracyNoise = 0
        let r = try run(p, seed: 23, scenario: .cityLoop)
        let projection = try LocalProjection(reference: RouteScenario.defaultOrigin)
        var groups: [Double: [Double]] = [:]
        for (fix, row) in zip(r.track.fixes, r.truth) {
            let o = projection.project(fix.point), t = projection.project(row.point)
            groups[fix.horizontalAccuracy ?? -1, default: []] += [o.east - t.east, o.north - t.north]
        }
        #expect(Set(groups.keys) == [2.5, 5])
        for (accuracy, errors) in groups {
            let rms = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
            #expect(abs(rms - accuracy) / accuracy < 0.15, "accuracy \(accuracy) m: per-axis RMS error \(rms) m")
        }
    }

    /// Doppler speed and course: the per-axis velocity error against the true velocity (central difference of
    /// the true path, independent of the simulator's route tangent) has σ = √(white² + bias²); ∫ speed dt
    /// matches the true distance; course is absent below its minimum speed, speed absent on dropouts and
    /// cell fixes; positions are those of the run without Doppler.
    @Test func dopplerSpeedAndCourseHaveTheModelledError() throws {
        var p = SimulationParameters.clean
        p.fixCount = 20_000
        p.doppler.enabled = true
        p.doppler.dropoutProbability = 0
        let r = try run(p, seed: 29, scenario: .parkLoop)
        let withoutDoppler = try run({ var q = p; q.doppler.enabled = false; return q }(), seed: 29, scenario: .parkLoop)
        #expect(r.track.fixes.map(\.point) == withoutDoppler.track.fixes.map(\.point))
        #expect(withoutDoppler.track.fixes.allSatisfy { $0.speed == nil && $0.course == nil })
        let projection = try LocalProjection(reference: RouteScenario.defaultOrigin)
        // The true velocity on the ground: the frame's central difference in ground metres.
        let ground = projection.groundScale
        var east: [Double] = [], north: [Double] = []
        for k in 1..<(r.path.count - 1) where r.path[k - 1].speed > 1 && r.path[k].speed > 1 && r.path[k + 1].speed > 1 {
            let fix = r.track.fixes[k]
            guard let speed = fix.speed, let course = fix.course else { Issue.record("fix \(k): no speed or course"); continue }
            let a = projection.project(r.path[k - 1].point), b = projection.project(r.path[k + 1].point)
            let radians = course * .pi / 180
            east.append(speed * sin(radians) - ground.east * (b.east - a.east) / 2)
            north.append(speed * cos(radians) - ground.north * (b.north - a.north) / 2)
        }
        #expect(east.count > 15_000)
        let expected = (0.15 * 0.15 + 0.05 * 0.05).squareRoot()
        for xs in [east, north] {
            let mean = xs.reduce(0, +) / Double(xs.count)
            let std = (xs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(xs.count - 1)).squareRoot()
            #expect(abs(mean) < 0.01, "mean \(mean)")
            #expect(abs(std - expected) / expected < 0.1, "std \(std), expected \(expected)")
        }
        // ∫ speed dt (trapezoid, 1 s steps) against the true distance.
        let speeds = r.track.fixes.map { $0.speed ?? 0 }
        let integral = zip(speeds, speeds.dropFirst()).reduce(0) { $0 + ($1.0 + $1.1) / 2 }
        let truth = r.path[r.path.count - 1].cumulativeDistance
        #expect(abs(integral - truth) / truth < 0.005, "∫ speed dt \(integral) m, true \(truth) m")
        // Standing: a speed of noise only, course only when that noise reaches the minimum speed.
        let standing = r.track.fixes.indices.filter { r.path[$0].speed == 0 }
        #expect(!standing.isEmpty)
        for k in standing {
            let fix = r.track.fixes[k]
            #expect((fix.speed ?? 9) < 1)
            #expect((fix.course != nil) == ((fix.speed ?? 0) >= 0.5))
        }
        // Dropouts and cell fixes carry neither.
        var q = SimulationParameters()
        q.doppler.enabled = true
        q.doppler.dropoutProbability = 0.1
        let d = try run(q, seed: 31, scenario: .cityLoop)
        for (fix, row) in zip(d.track.fixes, d.truth) where row.anomaly == .cellFix {
            #expect(fix.speed == nil && fix.course == nil)
        }
        let missing = Double(d.track.fixes.filter { $0.speed == nil }.count) / Double(d.track.fixes.count)
        #expect(abs(missing - 0.1) < 0.025, "fraction without speed \(missing)")
    }

    /// Without noise, the receiver's speeds integrate to the truth's distance (measured on the WGS84 ellipsoid),
    /// on every heading: a route east-west and one north-south. They were the projection sphere's metres,
    /// 0.32 % slow east-west and 0.06 % north-south at the default origin's 51.45°.
    @Test func noiselessDopplerSpeedsIntegrateToTheTrueDistance() throws {
        let origin = RouteScenario.defaultOrigin
        for vertices in [[PlanarPoint(east: 0, north: 0), PlanarPoint(east: 3000, north: 0)],
                         [PlanarPoint(east: 0, north: 0), PlanarPoint(east: 0, north: 3000)]] {
            let route = try SimulationRoute(origin: origin, vertices: vertices)
            var p = SimulationParameters.clean
            p.fixCount = 1000  // 2.75 km at 2.75 m/s: short of the turn at 3 km
            p.doppler.enabled = true
            p.doppler.whiteSigma = 0
            p.doppler.biasSigma = 0
            p.doppler.dropoutProbability = 0
            let r = try RunSimulator(parameters: p, seed: 5).simulate(route: route)
            let speeds = r.track.fixes.map { $0.speed ?? 0 }
            let integral = zip(speeds, speeds.dropFirst()).reduce(0) { $0 + ($1.0 + $1.1) / 2 }
            let truth = r.path[r.path.count - 1].cumulativeDistance
            #expect(truth > 2000)
            #expect(abs(integral - truth) / truth < 1e-4, "∫ speed dt \(integral) m, true \(truth) m")
        }
    }

    @Test func invalidParametersAreRefusedWithTheirName() throws {
        var p = SimulationParameters()
        p.jumps.minimumDistance = 900
        p.jumps.maximumDistance = 100
        #expect(throws: SimulationError.self) { try run(p) }
        #expect(p.problems.contains { $0.contains("jumps.minimum-distance") })
        var q = SimulationParameters()
        #expect(SimulationParameter.named("runner.speed")?.set("-2", in: &q)?.contains("runner.speed") == true)
    }

    @Test func routeFromPointsIsRunOutAndBackWhenOpen() throws {
        let origin = GeoPoint(latitude: 51, longitude: 0)
        let route = try SimulationRoute(origin: origin, vertices: [PlanarPoint(east: 0, north: 0), PlanarPoint(east: 100, north: 0)])
        #expect(!route.isLoop)
        #expect(route.point(atDistance: 150).east == 50)   // out 100 m, back 50 m
        #expect(route.point(atDistance: 230).east == 30)   // out, back, out again 30 m
        let track400 = try RouteScenario.track400.route()
        #expect(track400.isLoop)
        // Two 84.39 m straights and two bends of radius 36.80 m drawn as 60 chords each: 2 × 84.39 +
        // 120 × 2 × 36.8 × sin(π/120) = 399.974807455 m (the arcs themselves would make 400.001 m).
        #expect(abs(track400.length - 399.974807455) < 1e-6, "\(track400.length)")
    }
}
