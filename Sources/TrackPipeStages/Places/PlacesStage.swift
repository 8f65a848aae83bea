import Foundation
import TrackPipe

/// `places`: where the run was — the populated place nearest to its start, its finish and its farthest point from
/// the start, from GeoNames' places compiled into the binary (``Gazetteer/cities1000``; no network, no file).
///
/// Keeps every fix unchanged. Causal: the start's place is known at the first fix (a live display can show it at
/// once), the finish and the farthest point at the end. Publishes ``RunPlacesKey`` and three summary figures —
/// `start-place`, `finish-place`, `farthest-place`, each the distance in metres from the place, with the direction
/// and the place in words as the item's text ("S of Winchester, United Kingdom"). The farthest point is the fix at
/// the greatest great-circle distance from the first (the first of equals).
public struct PlacesStage: StreamingStage {
    public static let descriptor = StageDescriptor(
        name: "places",
        summary: "Name the populated places nearest to the run's start, finish and farthest point (GeoNames, offline).",
        discussion: """
            Keeps every fix. Looks up the kept track's first fix, last fix and the fix farthest from the first \
            in GeoNames' populated places (cities1000: 170 391 places with more than 1000 inhabitants, and seats \
            of administrative divisions; CC BY 4.0, geonames.org), compiled into TrackPipe: no network access and \
            no data file at run time. A lookup searches 1-degree cells around the fix and ends when no unsearched \
            cell can hold a nearer place, so it answers the nearest place by great-circle distance, in \
            microseconds on land. Summary figures start-place, finish-place and farthest-place: the distance \
            from the place in metres, with the direction and the place as the figure's text ("S of Winchester, \
            United Kingdom": the fix lies south of the place); the places annotation adds each place's position \
            and country code and the bearing from the place to the fix. min-population passes over smaller \
            places: the nearest place is often a city's district (Lambeth for a run by the Thames in London) or a \
            village; 10000 names towns. Put it after the filters and the smoother, so the places are those of the \
            kept track.
            """,
        parameters: [
            .integer("min-population", default: 0, range: .closed(0, 50_000_000),
                     help: "Name only places with at least this many inhabitants (GeoNames' figure), e.g. 10000 for towns rather than a city's districts or villages. Default 0: the nearest place of any size."),
        ],
        guarantees: [.preservesOrder, .preservesPositions, .measuresOnly])

    /// The summary figures' keys.
    public enum SummaryKey {
        public static let start = "start-place"
        public static let finish = "finish-place"
        public static let farthest = "farthest-place"
    }

    public let gazetteer: Gazetteer
    /// Places with fewer inhabitants are passed over; 0 names the nearest place of any size.
    public let minimumPopulation: Int

    /// Throws ``GazetteerError`` when the compiled-in gazetteer is damaged.
    public init(parameters: StageParameters) throws {
        try self.init(minimumPopulation: parameters.integer("min-population"))
    }

    public init(gazetteer: Gazetteer? = nil, minimumPopulation: Int = 0) throws {
        self.gazetteer = try gazetteer ?? Gazetteer.cities1000.get()
        self.minimumPopulation = minimumPopulation
    }

    public func makeProcessor(context: StageContext) throws -> any FixProcessor {
        Processor(gazetteer: gazetteer, minimumPopulation: minimumPopulation)
    }

    struct Processor: FixProcessor {
        let gazetteer: Gazetteer
        let minimumPopulation: Int
        var places = RunPlaces()
        /// The first fix's longitude (`nil` before it), latitude in radians and that latitude's cosine: all the
        /// fixes after it are measured against, held as numbers rather than as the whole fix, which binding it copied
        /// (144 bytes) for every fix.
        var firstLongitude: Double?
        var phi1 = 0.0, cosPhi1 = 0.0
        var last: Fix?
        /// The fix farthest from the first so far, and its haversine h = sin²(Δφ/2) + cos φ₁ cos φ₂ sin²(Δλ/2) from
        /// the first: the great-circle distance is 2R·asin(√h), which grows with h, so the farthest fix is the one
        /// with the largest h — three trigonometric calls per fix instead of the distance's five (the stage, offline
        /// on the reference run: 0.107 → 0.086 µs per fix).
        var farthest: (fix: Fix, h: Double)?

        mutating func push(_ fix: Fix, into out: inout StageEmitter) throws {
            out.keep(fix)
            last = fix
            guard let firstLongitude else {
                firstLongitude = fix.longitude
                phi1 = fix.latitude * .pi / 180
                cosPhi1 = cos(phi1)
                farthest = (fix, 0)
                places.start = nearby(fix)
                publish(into: &out)
                return
            }
            let phi2 = fix.latitude * .pi / 180
            let s = sin((phi2 - phi1) / 2), t = sin(Geodesy.wrappedLongitudeDelta(firstLongitude, fix.longitude) / 2)
            let h = s * s + cosPhi1 * cos(phi2) * t * t
            if h > farthest?.h ?? -1 { farthest = (fix, h) }
        }

        mutating func finish(into out: inout StageEmitter) throws {
            guard let last else { return }
            places.finish = nearby(last)
            places.farthest = farthest.flatMap { nearby($0.fix) }
            publish(into: &out)
        }

        /// The place nearest to `fix`, if it has a position.
        func nearby(_ fix: Fix) -> NearbyPlace? {
            gazetteer.nearest(to: fix.point, minimumPopulation: minimumPopulation).map { NearbyPlace(place: gazetteer.place(at: $0.index), distance: $0.distance, fix: fix) }
        }

        func publish(into out: inout StageEmitter) {
            out.annotate(RunPlacesKey.self, places)
            for (role, key, nearby) in places.named {
                out.summarize(key, label: role, value: nearby.distance, unit: .metres, text: nearby.direction)
            }
        }
    }
}
