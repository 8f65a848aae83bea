import Foundation

/// Expands dataset arguments (files or folders) into track files: a folder contributes every file under it
/// (recursively, sorted by path) whose extension names a readable track format, except truth companions
/// (``DatasetTruth/isCompanion(_:)``). Each track comes with its root — the folder named, for the
/// `planned-route.gpx` search.
public enum DatasetFiles {
    public static func expand(_ arguments: [String]) throws -> [(track: String, root: String?)] {
        var out: [(String, String?)] = []
        let fm = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw TrackReadError(file: argument, message: "no such file or folder")
            }
            guard isDirectory.boolValue else { out.append((argument, nil)); continue }
            guard let walker = fm.enumerator(atPath: argument) else {
                throw TrackReadError(file: argument, message: "the folder cannot be read")
            }
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                let path = URL(fileURLWithPath: argument).appendingPathComponent(relative).path
                var dir: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &dir), !dir.boolValue else { continue }
                guard TrackFormat(pathExtension: path) != nil, !DatasetTruth.isCompanion(path) else { continue }
                found.append(path)
            }
            if found.isEmpty { throw TrackReadError(file: argument, message: "the folder holds no track files (.gpx, .csv, .geojson, .nmea)") }
            out += found.sorted().map { ($0, argument) }
        }
        return out
    }
}
