import TrackPipe

/// `splits`: per-km or per-mile splits — moving time, pace, clock time and altitude change of each, with the
/// boundary crossings interpolated between fixes; the last split, if the run ended inside it, is marked
/// partial. Keeps every fix; publishes the ``SplitsKey`` annotation and a `split` event as each completes.
public struct SplitsStage: StreamingStage {
    public static let descriptor = StageDescriptor(
        name: "splits",
        summary: "Per-km or per-mile splits with interpolated boundaries: time, pace, altitude change, ascent, descent, grade.",
        discussion: """
            Keeps every fix. A split ends where the cumulative distance (same rules and parameters as the \
            `distance` stage) reaches a whole number of km or miles; the point, its time, moving time and \
            altitude are interpolated linearly between the two fixes either side. Split pace is moving time / \
            length (pauses excluded); elapsed time includes pauses. Altitude change is end minus start, where \
            the fixes carry altitude; grade is that change / length. Ascent and descent are counted with \
            hysteresis (ascent-threshold, as the `elevation` stage counts them), up to the fix that completes the \
            split. The run's remainder is a last split marked partial. Events: `split` with \
            fields index, start-distance, end-distance (m), moving-time, elapsed-time (s), pace (s/m), \
            altitude-change, ascent, descent (m), grade, partial. A step between two fixes that crosses several boundaries (a gap in the \
            recording) ends one split at the first and one spanning split at the last: that split is several \
            units long and numbered by its last unit, so a run has at most about twice as many splits as fixes.
            """,
        parameters: [
            .choice("per", ["km", "mi"], default: "km", help: "Split length: a kilometre (1 000 m) or a mile (1 609.344 m)."),
        ] + DistanceParameters.specs + ElevationParameters.specs,
        guarantees: [.preservesOrder, .preservesPositions, .measuresOnly])

    public let units: UnitSystem
    public let distance: DistanceParameters
    public let elevation: ElevationParameters

    public init(parameters: StageParameters) throws {
        units = try parameters.string("per") == "mi" ? .imperial : .metric
        distance = try DistanceParameters(parameters)
        elevation = try ElevationParameters(parameters)
    }

    public init(units: UnitSystem = .metric, distance: DistanceParameters = DistanceParameters(),
                elevation: ElevationParameters = ElevationParameters()) {
        self.units = units
        self.distance = distance
        self.elevation = elevation
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(accumulator: distance.accumulator(for: context.activity), climb: elevation.counter(),
                  length: units.metresPerDistanceUnit, units: units)
    }

    struct Processor: FixProcessor {
        var accumulator: DistanceAccumulator
        /// Ascent and descent of the run so far; a split's are the difference at its ends.
        var climb: AscentCounter
        var sawAltitude = false
        var startAscent = 0.0, startDescent = 0.0
        let length: Double
        let units: UnitSystem
        var splits: [Split] = []
        /// Where the current split started.
        var startDistance = 0.0
        var startTime: Double?
        var startMoving = 0.0
        var startAltitude: Double?
        var lastAltitude: Double?

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            // The step's figures, and its fixes only where a boundary falls inside it.
            let step = accumulator.measureStep(to: fix)
            let first = accumulator.count == 0
            climb.add(fix.altitude, at: fix.time)
            if fix.altitude != nil { sawAltitude = true }
            if first {  // the run's first fix
                startTime = fix.time
                startAltitude = fix.altitude
            }
            var boundary = startDistance + length
            var closedInStep = 0
            while true {
                if closedInStep == 1 {
                    // Beyond the first boundary in one step — a gap in the recording, or a jump the filters kept —
                    // one split spans every whole unit the step crosses: the splits stay at most twice the
                    // fixes, whatever the distance between two of them.
                    let last = startDistance + ((step.distanceAfter - startDistance) / length).rounded(.down) * length
                    if last > boundary, last < step.distanceAfter { boundary = last }
                }
                // An infinite distance (speeds near the largest double), or one so large that adding a split's
                // length no longer changes it, has no next boundary.
                guard step.distanceAfter.isFinite, boundary > startDistance, closedInStep < 2,
                      let c = accumulator.crossing(step, to: fix, atDistance: boundary) else { break }
                closedInStep += 1
                let fromAltitude = accumulator.previous?.altitude
                let altitude = c.altitude ?? (c.fraction < 0.5 ? fromAltitude ?? fix.altitude : fix.altitude ?? fromAltitude)
                close(endDistance: boundary, endTime: c.time, endMoving: c.movingTime, endAltitude: altitude,
                      partial: false, sourceIndex: fix.sourceIndex, into: &out)
                startDistance = boundary
                startTime = c.time
                startMoving = c.movingTime
                startAltitude = altitude
                boundary = startDistance + length
            }
            accumulator.commit(fix, step)
            if let a = fix.altitude { lastAltitude = a }
            out.keep(fix)
        }

        mutating func finish(into out: inout StageEmitter) throws {
            if accumulator.distance > startDistance {
                close(endDistance: accumulator.distance, endTime: accumulator.previous?.time ?? accumulator.lastTime,
                      endMoving: accumulator.movingTime, endAltitude: lastAltitude, partial: true,
                      sourceIndex: accumulator.previous?.sourceIndex, into: &out)
            }
            out.annotate(SplitsKey.self, Splits(splitLength: length, units: units, splits: splits))
        }

        private mutating func close(endDistance: Double, endTime: Double?, endMoving: Double, endAltitude: Double?,
                                    partial: Bool, sourceIndex: Int?, into out: inout StageEmitter) {
            var altitudeChange: Double?
            if let a0 = startAltitude, let a1 = endAltitude { altitudeChange = a1 - a0 }
            // The number of the split's last unit: km 7 is split 7 even after a split that spans several.
            let next = (splits.last?.index ?? 0) + 1
            let units = endDistance / length
            let index = partial || !(units < Double(Int.max / 2)) ? next : max(next, Int(units.rounded()))
            let split = Split(index: index, startDistance: startDistance, endDistance: endDistance,
                              startTime: startTime, endTime: endTime, movingTime: endMoving - startMoving,
                              altitudeChange: altitudeChange, ascent: sawAltitude ? climb.ascent - startAscent : nil,
                              descent: sawAltitude ? climb.descent - startDescent : nil, isPartial: partial)
            startAscent = climb.ascent
            startDescent = climb.descent
            splits.append(split)
            var fields: [String: JSONValue] = [
                "index": .number(Double(split.index)), "start-distance": .number(split.startDistance),
                "end-distance": .number(split.endDistance), "moving-time": .number(split.movingTime),
                "partial": .bool(partial),
            ]
            if let e = split.elapsedTime { fields["elapsed-time"] = .number(e) }
            if let p = split.pace { fields["pace"] = .number(p) }
            if let a = split.altitudeChange { fields["altitude-change"] = .number(a) }
            if let a = split.ascent { fields["ascent"] = .number(a) }
            if let d = split.descent { fields["descent"] = .number(d) }
            if let g = split.grade { fields["grade"] = .number(g) }
            out.emit("split", time: endTime, sourceIndex: sourceIndex, fields: fields)
        }
    }
}
