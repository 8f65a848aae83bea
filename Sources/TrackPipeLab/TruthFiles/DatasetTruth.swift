import Foundation
import TrackPipe
import TrackPipeIO

/// Finds and loads a dataset's ground truth by convention. For a track `DIR/NAME.EXT`:
///
/// | file | holds | scored |
/// |---|---|---|
/// | `DIR/NAME.truth.csv` | per-fix truth (``TruthCSV``) | everything |
/// | `DIR/NAME.route.gpx`, else `planned-route.gpx` in `DIR` or a parent folder up to the dataset root (the folder named on the command line; for a file named directly, the folder above its own) | the route line (any track or route points, all segments joined) | cross-track error; the route's length is the true distance when nothing better is known |
/// | `DIR/NAME.distance.txt` | a known distance in metres (one number; `#` comment lines allowed) | distance error |
///
/// Missing files are simply absent truth; a file that exists but cannot be read, or a truth CSV that does
/// not line up with the track, is an error naming both files.
public enum DatasetTruth {
    /// The companion files found for `trackPath`, searching parent folders for `planned-route.gpx` no higher
    /// than `root` (the folder the user named; `nil` = the track's own folder only).
    public static func companions(of trackPath: String, root: String? = nil) -> (truth: String?, route: String?, distance: String?) {
        let url = URL(fileURLWithPath: trackPath)
        let dir = url.deletingLastPathComponent()
        let base = url.deletingPathExtension().lastPathComponent
        let fm = FileManager.default
        func existing(_ u: URL) -> String? { fm.fileExists(atPath: u.path) ? u.path : nil }
        let truth = existing(dir.appendingPathComponent(base + ".truth.csv"))
        let distance = existing(dir.appendingPathComponent(base + ".distance.txt"))
        var route = existing(dir.appendingPathComponent(base + ".route.gpx"))
        if route == nil {
            let stop = root.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            var current = dir.standardizedFileURL
            while true {
                if let found = existing(current.appendingPathComponent("planned-route.gpx")) { route = found; break }
                guard let stop, current.path != stop, current.path.hasPrefix(stop), current.path != "/" else { break }
                current = current.deletingLastPathComponent()
            }
        }
        return (truth, route, distance)
    }

    /// True when `path` is itself a truth companion (never scored as a dataset).
    public static func isCompanion(_ path: String) -> Bool {
        let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
        return name.hasSuffix(".truth.csv") || name.hasSuffix(".route.gpx") || name.hasSuffix(".distance.txt") || name == "planned-route.gpx"
    }

    /// Loads the ground truth of a recorded activity: the companion files' (see
    /// ``load(for:trackPath:root:)``), plus the device's timer pauses when the file records its timer (FIT).
    public static func load(for recorded: RecordedActivity, trackPath: String, root: String? = nil) throws -> GroundTruth {
        var truth = try load(for: recorded.track, trackPath: trackPath, root: root)
        if recorded.recordsTimer {
            truth.pauses = recorded.timerPauses.map { TimeSpan(start: $0.lowerBound, end: $0.upperBound) }
        }
        return truth
    }

    /// Loads the ground truth of `track` (read from `trackPath`), checking it lines up.
    public static func load(for track: Track, trackPath: String, root: String? = nil) throws -> GroundTruth {
        let found = companions(of: trackPath, root: root)
        var truth = GroundTruth()
        if let path = found.truth {
            let rows = try TruthCSV.decode(try readFile(path), file: path)
            try TruthCSV.checkAlignment(rows, truthFile: path, track: track, trackFile: trackPath)
            truth.fixes = rows
            truth.sources.append(path)
        }
        if let path = found.route {
            let route: Track
            do { route = try TrackReader.read(path: path) } catch {
                throw TruthFileError(file: path, message: "the route cannot be read: \(error)")
            }
            guard route.fixes.count >= 2 else {
                throw TruthFileError(file: path, message: "a route needs at least two points, found \(route.fixes.count)")
            }
            truth.route = route.fixes.map(\.point)
            truth.sources.append(path)
        }
        if let path = found.distance {
            truth.knownDistance = try parseDistance(try readFile(path), file: path)
            truth.sources.append(path)
        }
        return truth
    }

    /// A distance file's value, metres.
    public static func parseDistance(_ bytes: [UInt8], file: String) throws -> Double {
        let text = String(decoding: bytes, as: UTF8.self)
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let v = Double(line), v.isFinite, v > 0 else {
                throw TruthFileError(file: file, line: n + 1, message: "expected a distance in metres (a positive number), found '\(line)'")
            }
            return v
        }
        throw TruthFileError(file: file, message: "no distance found; expected one positive number (metres)")
    }

    static func readFile(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TruthFileError(file: path, message: "cannot be read")
        }
        return [UInt8](data)
    }
}
