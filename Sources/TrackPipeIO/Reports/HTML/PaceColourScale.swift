/// MoonRunner's pace colouring: each step of the route coloured from red (slowest) through yellow to green
/// (fastest). The ends are the 5th and 95th percentiles of the moving steps' paces, not the extremes, so one
/// spike (a step of 0.1 m in 1 s, a jump) does not squeeze every other step into one colour. Paces beyond an
/// end take the end's colour. Colours come in ``bins`` steps, so runs of steps with one colour are drawn as one
/// line.
struct PaceColourScale {
    static let bins = 16
    /// The end colours and the middle, RGB (ColorBrewer's RdYlGn ends, which stay distinct on a light map).
    static let slowColour = (215.0, 48.0, 39.0)
    static let middleColour = (254.0, 224.0, 76.0)
    static let fastColour = (26.0, 152.0, 80.0)

    /// Seconds per metre at the fast (green) and slow (red) ends.
    let fast: Double
    let slow: Double

    /// The scale for `paces` (seconds per metre, of moving steps); `nil` when none is positive and finite.
    init?(paces: [Double]) {
        let sorted = paces.filter { $0.isFinite && $0 > 0 }.sorted()
        guard !sorted.isEmpty else { return nil }
        let low = Self.percentile(sorted, 0.05), high = Self.percentile(sorted, 0.95)
        fast = low
        // One pace throughout: a scale of ±5 % about it, so the route is one colour, not an undefined one.
        slow = high > low ? high : low * 1.05
    }

    /// The bin of a step with pace `secondsPerMetre`: 0 is the slowest (red), `bins − 1` the fastest (green).
    func bin(_ secondsPerMetre: Double) -> Int {
        guard secondsPerMetre.isFinite, secondsPerMetre > 0 else { return 0 }
        let t = (slow - secondsPerMetre) / (slow - fast)
        return Int((min(max(t, 0), 1) * Double(Self.bins - 1)).rounded())
    }

    /// The pace at the middle of `bin`, seconds per metre.
    func pace(atBin bin: Int) -> Double { slow - (slow - fast) * Double(bin) / Double(Self.bins - 1) }

    /// `#rrggbb` of `bin`.
    static func colour(bin: Int) -> String {
        let t = Double(min(max(bin, 0), bins - 1)) / Double(bins - 1)
        let (a, b, u) = t < 0.5 ? (slowColour, middleColour, t * 2) : (middleColour, fastColour, (t - 0.5) * 2)
        func mix(_ x: Double, _ y: Double) -> Int { Int((x + (y - x) * u).rounded()) }
        return hex(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    }

    static func hex(_ r: Int, _ g: Int, _ b: Int) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + [r, g, b].map { v in String([digits[(v >> 4) & 15], digits[v & 15]]) }.joined()
    }

    /// Linear-interpolated percentile `q` (0…1) of ascending `sorted`.
    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? 0 }
        let position = q * Double(sorted.count - 1)
        let i = Int(position.rounded(.down))
        let j = min(i + 1, sorted.count - 1)
        return sorted[i] + (sorted[j] - sorted[i]) * (position - Double(i))
    }
}
