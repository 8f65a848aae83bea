import TrackPipe

/// `privacy-zones`: hides places in a track that is to be shared — every fix within a zone's radius of its centre
/// (home, work), and optionally within a distance of the track's first and last fix, is dropped, and the track is
/// cut where it passed through a hidden place so that no step of the kept track — and so no point interpolated on
/// one, such as a badge checkpoint — crosses it.
///
/// Offline (`hide-end` needs the last fix). Distance is `Geodesy.distance` (the default formula); a fix exactly at
/// a radius is dropped. The cut: the kept fix after a hidden passage, or after a step whose straight line comes within
/// a radius of a centre, starts a new segment (its `segment` is raised, recorded as a change; positions never move).
/// A drop's detail names the zone by its number in the list, never by its coordinates, so a report does not
/// reveal the place it hides (the dropped fixes themselves are still in `--drops`: share the track, not the drops).
public struct PrivacyZonesStage: Stage {
    public static let descriptor = StageDescriptor(
        name: "privacy-zones",
        summary: "Drop every fix within a zone (home, work) or near the track's start and end, and cut the track where it passed through one.",
        discussion: """
            For tracks that are to be shared. Drops every fix within radius metres of a zone's centre (rule zone; \
            the detail names the zone by its number, not its place), within hide-start metres of the track's first \
            fix (rule start) and within hide-end metres of its last fix (rule end); a fix exactly at a radius is \
            dropped. Where the track passed through a hidden place, or where a straight step between kept fixes \
            comes within a radius of a centre, the kept track starts a new segment, so no kept step and no point \
            interpolated on one (a badge checkpoint, a split) lies inside. Zones are written as \
            [{"latitude": 51.5, "longitude": -0.12, "radius": 200}]. Offline (hide-end needs the last fix). Put \
            distance, splits and badges after it (as the share preset does) so their figures and checkpoints \
            are of the shared track; before it they count the whole run, but a checkpoint may lie in a zone.
            """,
        parameters: [
            .zones("zones", radius: .closed(1, 10_000),
                   help: "Places to hide: a list of {latitude, longitude, radius} (degrees, degrees, metres; radius 1–10000 m). Default none."),
            .number("hide-start", unit: .metres, default: 0, range: .closed(0, 10_000),
                    help: "Drop every fix within this distance of the track's first fix, metres. Default 0 (off)."),
            .number("hide-end", unit: .metres, default: 0, range: .closed(0, 10_000),
                    help: "Drop every fix within this distance of the track's last fix, metres. Default 0 (off)."),
        ],
        guarantees: [.preservesOrder, .preservesPositions], drops: .leftOut)

    public var zones: [Zone]
    /// Metres.
    public var hideStart: Double
    /// Metres.
    public var hideEnd: Double

    public init(parameters: StageParameters) throws {
        zones = try parameters.zones("zones")
        hideStart = try parameters.number("hide-start")
        hideEnd = try parameters.number("hide-end")
    }

    /// One hidden place with the rule and detail its drops carry (kept apart from its geometry, which the loop over
    /// every fix reads: copying the strings per fix and place was a third of the stage's time).
    struct Hidden {
        let geometry: Geometry
        let rule: String
        let detail: String?

        init(_ zone: Zone, rule: String, detail: String?) {
            geometry = Geometry(zone: zone, frame: TangentFrame(origin: zone.center))
            self.rule = rule
            self.detail = detail
        }
    }

    /// A hidden place's circle and its tangent frame.
    struct Geometry {
        let zone: Zone
        /// Nil within 1° of a pole: then every fix is measured exactly and steps are judged conservatively.
        let frame: TangentFrame?

        /// The frame's scale error is under 2 % within 10 km up to 85° of latitude; the margin covers it, and the
        /// exact distance decides.
        static let margin = 1.05

        /// Distance from the centre to `fix` when it is inside, else nil; `here` is `fix` in ``frame``.
        func contains(_ fix: Fix, at here: (east: Double, north: Double)?) -> Double? {
            if let here {
                let bound = zone.radius * Self.margin + 1
                guard here.east * here.east + here.north * here.north <= bound * bound else { return nil }
            }
            let d = Geodesy.distance(zone.center, fix.point)
            return d <= zone.radius ? d : nil
        }

        /// Whether the straight step from `a` to `b` may come within the radius (conservative: true near the margin);
        /// `pa` and `pb` are the fixes in ``frame``.
        func isCrossed(from a: GeoPoint, _ pa: (east: Double, north: Double)?, to b: GeoPoint, _ pb: (east: Double, north: Double)?) -> Bool {
            guard let pa, let pb else {
                let reach = Geodesy.distance(a, b)
                return min(Geodesy.distance(zone.center, a), Geodesy.distance(zone.center, b)) <= zone.radius + reach
            }
            // Every point of the step is within its length s of both ends, so when the nearer end is farther than
            // r + s the step cannot come within r; (r + s)² ≤ 2(r² + s²) makes that a test without a square root,
            // and it settles the step of nearly every fix (most of a run is far from any zone).
            let r = zone.radius * Self.margin
            let de = pb.east - pa.east, dn = pb.north - pa.north
            let near = min(pa.east * pa.east + pa.north * pa.north, pb.east * pb.east + pb.north * pb.north)
            if near > 2 * (r * r + de * de + dn * dn) { return false }
            return TangentFrame.distanceFromOrigin(toSegment: pa, pb) <= r
        }
    }

    func hiddenPlaces(in fixes: [Fix]) -> [Hidden] {
        var places = zones.enumerated().map { Hidden($0.element, rule: "zone", detail: "zone \($0.offset + 1)") }
        if let first = fixes.first, hideStart > 0 {
            places.append(Hidden(Zone(center: first.point, radius: hideStart), rule: "start", detail: nil))
        }
        if let last = fixes.last, hideEnd > 0 {
            places.append(Hidden(Zone(center: last.point, radius: hideEnd), rule: "end", detail: nil))
        }
        return places
    }

    public func run(_ input: StageInput) throws -> StageOutput {
        var out = StageEmitter(label: input.context.label)
        let places = hiddenPlaces(in: input.fixes)
        let geometry = places.map(\.geometry)
        // Every fix kept or dropped once; after the first cut every kept fix is a change (its segment raised).
        out.reserveCapacity(kept: input.fixes.count, changed: places.isEmpty ? 0 : input.fixes.count)
        // Each fix in each place's frame, once; the last kept fix's too, for the step check.
        var here = [(east: Double, north: Double)?](repeating: nil, count: places.count)
        var lastKeptHere = here
        var lastKept: (segment: Int, point: GeoPoint)?
        var hiddenSinceLastKept = false
        var segments = SegmentRenumbering()
        fixes: for fix in input.fixes {
            for (k, place) in geometry.enumerated() {
                here[k] = place.frame?.project(fix.point)
                if let d = place.contains(fix, at: here[k]) {
                    out.drop(fix, rule: places[k].rule, measured: d, threshold: place.zone.radius, unit: .metres, detail: places[k].detail)
                    hiddenSinceLastKept = true
                    continue fixes
                }
            }
            var crossed = false
            if let last = lastKept, last.segment == fix.segment {
                crossed = hiddenSinceLastKept
                for (k, place) in geometry.enumerated() where !crossed {
                    crossed = place.isCrossed(from: last.point, lastKeptHere[k], to: fix.point, here[k])
                }
            }
            lastKept = (fix.segment, fix.point)
            for k in places.indices { lastKeptHere[k] = here[k] }  // elementwise: `=` would share, then copy per fix
            hiddenSinceLastKept = false
            segments.keep(fix, breakBefore: crossed, into: &out)
        }
        return out.output
    }
}
