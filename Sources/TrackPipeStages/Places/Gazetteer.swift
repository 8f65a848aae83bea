import CGeoNames
import Foundation
import TrackPipe

/// Named places and the nearest one to a point, offline: the `places` stage's lookup.
///
/// ``cities1000`` is GeoNames' populated places (170 391 places with more than 1000 inhabitants, and seats of
/// administrative divisions — a city's districts among them; CC BY 4.0, geonames.org), compiled into the binary in
/// the layout that `Scripts/make-gazetteer.py` writes and read in place: nothing is loaded or parsed when a run
/// starts. Places are stored by 1°×1° cell, by latitude within a cell; ``nearest(to:minimumPopulation:)`` searches
/// rings of cells around the point's cell and stops as soon as no unsearched cell can hold a nearer place, so a
/// lookup on land touches a few cells (2 µs, FilterBenchmarks), and never answers anything but the nearest place
/// (tested against a scan of every place). Distances are great-circle distances on the mean-radius sphere
/// (`Geodesy.haversine`), metres.
public struct Gazetteer: @unchecked Sendable {
    // @unchecked: the bytes are immutable for the life of the process (static data, or a caller's buffer that
    // `init(bytes:)` documents must outlive the gazetteer).
    private let base: UnsafeRawPointer
    /// Number of places.
    public let count: Int
    private let countryCount: Int
    private let rows: Int, columns: Int
    private let cellsOffset: Int, latitudeOffset: Int, longitudeOffset: Int, populationOffset: Int, nameOffset: Int
    private let countryOffset: Int, codeOffset: Int, countryNameOffset: Int
    private let namesOffset: Int, countryNamesOffset: Int
    /// Bytes of place names and of country names.
    private let namesSize: Int, countryNamesSize: Int

    /// GeoNames' cities1000 as compiled in; an error only if the compiled-in header is damaged. The whole file is
    /// checked by the test suite (``validate()``), not at each start: it is 5 MB, and a run looks at a few cells.
    public static let cities1000: Result<Gazetteer, GazetteerError> = {
        do throws(GazetteerError) {
            return .success(try Gazetteer(bytes: UnsafeRawBufferPointer(start: tp_geonames_cities1000(), count: tp_geonames_cities1000_size())))
        } catch {
            return .failure(error)
        }
    }()

    /// Reads a gazetteer in TrackPipe's layout from `bytes`, checking its header and that the sections it describes
    /// fill `bytes` exactly (constant time). Whatever the rest holds, a lookup never reads outside `bytes`: every
    /// offset it follows is checked where it is used. ``validate()`` checks the contents. `bytes` must be 4-byte
    /// aligned and stay valid and unchanged while the gazetteer is used.
    public init(bytes: UnsafeRawBufferPointer) throws(GazetteerError) {
        guard let base = bytes.baseAddress, bytes.count >= 32 else { throw .damaged("shorter than its header") }
        guard Int(bitPattern: base) % 4 == 0 else { throw .damaged("not 4-byte aligned") }
        func u32(_ offset: Int) -> Int { Int(UInt32(littleEndian: base.load(fromByteOffset: offset, as: UInt32.self))) }
        guard bytes.prefix(4).elementsEqual("TPGZ".utf8) else { throw .damaged("no TPGZ signature") }
        guard u32(4) == 3 else { throw .damaged("layout version \(u32(4)), expected 3") }
        count = u32(8)
        countryCount = u32(12)
        rows = u32(16)
        columns = u32(20)
        guard rows == 180, columns == 360 else { throw .damaged("a \(rows)×\(columns) grid, expected 180×360") }
        guard count > 0, countryCount > 0, countryCount <= Int(UInt16.max) else { throw .damaged("\(count) places in \(countryCount) countries") }
        func aligned(_ n: Int) -> Int { (n + 3) & ~3 }
        cellsOffset = 32
        latitudeOffset = cellsOffset + 4 * (rows * columns + 1)
        longitudeOffset = latitudeOffset + 4 * count
        populationOffset = longitudeOffset + 4 * count
        nameOffset = populationOffset + 4 * count
        countryOffset = nameOffset + 4 * (count + 1)
        codeOffset = countryOffset + aligned(2 * count)
        countryNameOffset = codeOffset + aligned(2 * countryCount)
        namesOffset = countryNameOffset + 4 * (countryCount + 1)
        namesSize = u32(24)
        countryNamesOffset = namesOffset + namesSize
        countryNamesSize = u32(28)
        guard countryNamesOffset + countryNamesSize == bytes.count else {
            throw .damaged("\(bytes.count) bytes, the header describes \(countryNamesOffset + countryNamesSize)")
        }
        self.base = base
    }

    /// Checks every index and position: cell starts ascend to the place count; every place lies within ±90°/±180°
    /// and in its cell, and latitudes ascend within a cell (what the search relies on); name offsets ascend within
    /// the name bytes; country indices are in the table. Linear in the places (a few milliseconds); the test suite
    /// runs it on ``cities1000``.
    public func validate() throws(GazetteerError) {
        guard u32(cellsOffset) == 0, u32(cellsOffset + 4 * rows * columns) == count else { throw .damaged("the cells do not cover the places") }
        for c in 0..<(rows * columns) {
            let start = u32(cellsOffset + 4 * c), end = u32(cellsOffset + 4 * c + 4)
            guard start <= end, end <= count else { throw .damaged("cell \(c) holds places \(start) ..< \(end)") }
            for i in start..<end {
                guard abs(rawLatitude(i)) <= 9_000_000, abs(rawLongitude(i)) <= 18_000_000,
                      row(point(i).latitude) * columns + column(point(i).longitude) == c
                else { throw .damaged("place \(i) lies outside its cell \(c)") }
                guard i == start || rawLatitude(i) >= rawLatitude(i - 1) else { throw .damaged("cell \(c)'s latitudes do not ascend at place \(i)") }
            }
        }
        var previous = 0
        for i in 0...count {
            let start = u32(nameOffset + 4 * i)
            guard start >= previous, start <= namesSize else { throw .damaged("place \(i)'s name starts at byte \(start)") }
            previous = start
        }
        previous = 0
        for i in 0...countryCount {
            let start = u32(countryNameOffset + 4 * i)
            guard start >= previous, start <= countryNamesSize else { throw .damaged("country \(i)'s name starts at byte \(start)") }
            previous = start
        }
        for i in 0..<count where countryIndex(i) >= countryCount {
            throw .damaged("place \(i)'s country is not in the table")
        }
    }

    // MARK: Places

    /// The place at `index` (0 ..< ``count``). Offsets the bytes give are checked here: a damaged name or country
    /// reads as empty rather than outside the bytes.
    public func place(at index: Int) -> Place {
        precondition(index >= 0 && index < count, "place index \(index) outside 0..<\(count)")
        let country = countryIndex(index)
        let known = country < countryCount
        return Place(name: string(namesOffset, size: namesSize, from: u32(nameOffset + 4 * index), to: u32(nameOffset + 4 * index + 4)),
                     countryCode: known ? string(codeOffset, size: 2 * countryCount, from: 2 * country, to: 2 * country + 2) : "",
                     country: known ? string(countryNamesOffset, size: countryNamesSize, from: u32(countryNameOffset + 4 * country),
                                             to: u32(countryNameOffset + 4 * country + 4)) : "",
                     point: point(index), population: population(index))
    }

    /// Place `index`'s population as GeoNames gives it (0 where it gives none).
    public func population(_ index: Int) -> Int { u32(populationOffset + 4 * index) }

    /// Place `index`'s position, degrees.
    public func point(_ index: Int) -> GeoPoint {
        GeoPoint(latitude: Double(rawLatitude(index)) / 1e5, longitude: Double(rawLongitude(index)) / 1e5)
    }

    // MARK: Nearest

    /// The place nearest to `point` among those with at least `minimumPopulation` inhabitants, and its distance
    /// in metres; nil for a point that is not a position (non-finite, or latitude beyond ±90°) or when no place is
    /// that large.
    public func nearest(to point: GeoPoint, minimumPopulation: Int = 0) -> (index: Int, distance: Double)? {
        guard point.latitude.isFinite, point.longitude.isFinite, abs(point.latitude) <= 90 else { return nil }
        let row0 = row(point.latitude), column0 = column(point.longitude)
        var best: (index: Int, distance: Double)?
        // Ring r is the cells whose row and (cyclic) column are both within r of the point's cell, and one of them
        // exactly r. After ring r every place left is ≥ r degrees away in latitude, or within the latitude band
        // and ≥ r degrees away in longitude: `bound(after:)` is the shortest distance either can be.
        for ring in 0...(columns / 2) {
            let top = row0 - ring, bottom = row0 + ring
            for r in max(0, top)...min(rows - 1, bottom) {
                if r == top || r == bottom {
                    // An edge row of the ring: every column within `ring` of the point's (all of them from 180 on).
                    if 2 * ring >= columns {
                        for c in 0..<columns { scan(minimumPopulation, cell: r * columns + c, from: point, best: &best) }
                    } else {
                        for k in -ring...ring { scan(minimumPopulation, cell: r * columns + wrap(column0 + k), from: point, best: &best) }
                    }
                } else if 2 * ring < columns {
                    // An inner row: the two columns `ring` either side of the point's.
                    scan(minimumPopulation, cell: r * columns + wrap(column0 - ring), from: point, best: &best)
                    scan(minimumPopulation, cell: r * columns + wrap(column0 + ring), from: point, best: &best)
                } else if 2 * ring == columns {
                    // The column half-way round, once.
                    scan(minimumPopulation, cell: r * columns + wrap(column0 + ring), from: point, best: &best)
                }
            }
            if let b = best, b.distance <= bound(after: ring, latitude: point.latitude) { return b }
        }
        return best
    }

    /// The shortest distance, metres, from a point at `latitude` to any place outside ring `ring` of its cell: a
    /// latitude difference of at least `ring` degrees, or a longitude difference of at least `ring` degrees at
    /// latitudes no farther from the equator than `|latitude| + ring + 1` (haversine with the smaller cosine).
    func bound(after ring: Int, latitude: Double) -> Double {
        let degree = Double.pi / 180
        let byLatitude = Geodesy.meanEarthRadius * Double(ring) * degree
        guard 2 * ring < columns else { return byLatitude }
        let farthest = min(90, abs(latitude) + Double(ring) + 1)
        let h = cos(latitude * degree) * cos(farthest * degree) * pow(sin(Double(ring) * degree / 2), 2)
        let byLongitude = 2 * Geodesy.meanEarthRadius * asin(min(1, max(0, h).squareRoot()))
        return min(byLatitude, byLongitude)
    }

    /// Scans `cell` for a place nearer than `best`. A cell's places ascend by latitude, and a place more than the
    /// best distance away in latitude cannot be nearer (the great-circle distance is at least R·|Δφ|), so only the
    /// band of latitudes within the best distance is measured, found by binary search; the band narrows as `best`
    /// improves. Damaged cell bytes are clamped to the places, so they cannot send a lookup outside them.
    private func scan(_ minimumPopulation: Int, cell: Int, from point: GeoPoint, best: inout (index: Int, distance: Double)?) {
        let end = min(u32(cellsOffset + 4 * cell + 4), count), start = min(u32(cellsOffset + 4 * cell), end)
        guard start < end else { return }
        func eligible(_ i: Int) -> Bool { minimumPopulation == 0 || population(i) >= minimumPopulation }
        /// The first place of the cell at or above `latitude` degrees.
        func firstAtOrAbove(_ latitude: Double) -> Int {
            var low = start, high = end
            while low < high {
                let mid = low + (high - low) / 2
                if Double(rawLatitude(mid)) / 1e5 < latitude { low = mid + 1 } else { high = mid }
            }
            return low
        }
        if best == nil {
            // Seed with the place nearest in latitude, so the band is narrow from the start.
            let near = firstAtOrAbove(point.latitude)
            for i in [near, near - 1] where i >= start && i < end && eligible(i) {
                let d = Geodesy.haversine(point, self.point(i))
                if best == nil || d < best!.distance { best = (i, d) }
            }
        }
        // Degrees of latitude within the best distance (a hair wider, for rounding), infinite without a best.
        func reach() -> Double { best.map { $0.distance / Geodesy.meanEarthRadius * 180 / .pi * (1 + 1e-9) + 1e-9 } ?? .infinity }
        var band = reach()
        var i = band.isFinite ? firstAtOrAbove(point.latitude - band) : start
        while i < end {
            if Double(rawLatitude(i)) / 1e5 > point.latitude + band { break }
            if eligible(i) {
                let d = Geodesy.haversine(point, self.point(i))
                if best == nil || d < best!.distance {
                    best = (i, d)
                    band = reach()
                }
            }
            i += 1
        }
    }

    private func row(_ latitude: Double) -> Int { min(max(Int((latitude).rounded(.down)) + 90, 0), rows - 1) }
    private func column(_ longitude: Double) -> Int {
        // Longitudes outside −180…180 (a reader's raw value) are wrapped first; 180 itself stays in the last column.
        var l = longitude.truncatingRemainder(dividingBy: 360)
        if l > 180 { l -= 360 } else if l < -180 { l += 360 }
        return min(max(Int(l.rounded(.down)) + 180, 0), columns - 1)
    }
    private func wrap(_ column: Int) -> Int { ((column % columns) + columns) % columns }

    private func u32(_ offset: Int) -> Int { Int(UInt32(littleEndian: base.load(fromByteOffset: offset, as: UInt32.self))) }
    private func rawLatitude(_ i: Int) -> Int { Int(Int32(littleEndian: base.load(fromByteOffset: latitudeOffset + 4 * i, as: Int32.self))) }
    private func rawLongitude(_ i: Int) -> Int { Int(Int32(littleEndian: base.load(fromByteOffset: longitudeOffset + 4 * i, as: Int32.self))) }
    private func countryIndex(_ i: Int) -> Int { Int(UInt16(littleEndian: base.load(fromByteOffset: countryOffset + 2 * i, as: UInt16.self))) }
    /// Bytes `start ..< end` of the section at `section` (`size` bytes) as UTF-8; empty when they are not inside it.
    private func string(_ section: Int, size: Int, from start: Int, to end: Int) -> String {
        guard start <= end, end <= size else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: base + section + start, count: end - start), as: UTF8.self)
    }
}
