import TrackPipe
import TrackPipeLab

/// Random tracks as a reader leaves them, for round-trip properties: every optional field is sometimes
/// unknown and sometimes set, including the edge values writers must carry (negative "invalid" accuracies,
/// fractional heart rates, negative speeds, courses of 360°, RTK fix qualities a GPX `<fix>` cannot say,
/// altitudes below sea level, times with and without fractional seconds, paused fixes, several segments).
///
/// Invariants a reader guarantees and the generator keeps: segments are numbered 0, 1, 2… in order;
/// `sourceIndex` is the fix's position; a fix with HDOP and no reported accuracy carries the estimate
/// `hdop × Fix.hdopAccuracyFactor` with ``TrackPipe/Fix/horizontalAccuracyIsEstimated`` set; longitudes are in
/// −180…<180 (GPX writes 180° as −180°).
enum RandomTrack {
    static func make(_ rng: inout SplitMix64, maxFixes: Int = 60) -> Track {
        let count = Int.random(in: 0...maxFixes, using: &rng)
        var fixes: [Fix] = []
        var segment = 0
        var time = Double(Int.random(in: 0...4_000_000_000, using: &rng))
        var lat = Double.random(in: -89.9...89.9, using: &rng)
        var lon = Double.random(in: -179.9..<179.9, using: &rng)
        let hasTimes = Int.random(in: 0..<8, using: &rng) != 0
        for i in 0..<count {
            if i > 0, Int.random(in: 0..<15, using: &rng) == 0 { segment += 1 }
            // Times: whole seconds, milliseconds, or an arbitrary binary fraction.
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: time += 1
            case 1: time = (time + Double(Int.random(in: 1...5000, using: &rng)) / 1000)
            default: time += Double.random(in: 0...3, using: &rng)
            }
            lat = min(90, max(-90, lat + Double.random(in: -0.001...0.001, using: &rng)))
            lon = lon + Double.random(in: -0.001...0.001, using: &rng)
            if lon >= 180 { lon -= 360 }
            if lon < -180 { lon += 360 }
            var f = Fix(time: hasTimes && maybe(&rng, 0.95) ? time : nil, latitude: lat, longitude: lon,
                        segment: segment, sourceIndex: i)
            if maybe(&rng, 0.8) { f.altitude = Double.random(in: -430...8848, using: &rng) }
            if maybe(&rng, 0.5) {
                f.horizontalAccuracy = maybe(&rng, 0.1) ? -1 : Double.random(in: 0...200, using: &rng)
            }
            if maybe(&rng, 0.5) {
                f.verticalAccuracy = maybe(&rng, 0.1) ? -1 : Double.random(in: 0...300, using: &rng)
            }
            if maybe(&rng, 0.5) { f.speed = maybe(&rng, 0.1) ? -Double.random(in: 0...3, using: &rng) : Double.random(in: 0...60, using: &rng) }
            if maybe(&rng, 0.5) { f.course = maybe(&rng, 0.1) ? 360 : Double.random(in: 0..<360, using: &rng) }
            if maybe(&rng, 0.4) { f.hdop = Double(Int.random(in: 5...500, using: &rng)) / 10 }
            if maybe(&rng, 0.3) { f.vdop = Double(Int.random(in: 5...500, using: &rng)) / 10 }
            if maybe(&rng, 0.3) { f.pdop = Double.random(in: 0.5...50, using: &rng) }
            if maybe(&rng, 0.4) { f.satellites = Int.random(in: 0...40, using: &rng) }
            if maybe(&rng, 0.4) { f.fixQuality = FixQuality.allCases.randomElement(using: &rng) }
            if maybe(&rng, 0.3) { f.heartRate = maybe(&rng, 0.2) ? Double.random(in: 40...220, using: &rng) : Double(Int.random(in: 40...220, using: &rng)) }
            if maybe(&rng, 0.3) { f.cadence = maybe(&rng, 0.1) ? 300 : Double(Int.random(in: 0...200, using: &rng)) }
            if maybe(&rng, 0.3) { f.temperature = Double.random(in: -40...50, using: &rng) }
            f.paused = maybe(&rng, 0.1)
            f.estimateAccuracyFromHDOPIfMissing()
            fixes.append(f)
        }
        let names = [nil, "Morning run", "Ride <with> \"quotes\" & ampersands", "Ünïcödé — trail 🏃"]
        return Track(name: names.randomElement(using: &rng) ?? nil,
                     activity: maybe(&rng, 0.5) ? Activity.allCases.randomElement(using: &rng) : nil,
                     fixes: fixes)
    }

    static func maybe(_ rng: inout SplitMix64, _ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &rng) < probability
    }
}
