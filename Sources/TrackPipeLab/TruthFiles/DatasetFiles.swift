import Foundation
import TrackPipe
import TrackPipeIO

/// Expands dataset arguments (files or folders) into track files: a folder contributes every file under it
/// (recursively, sorted by path) whose extension names a readable track format, except truth companions
/// (``DatasetTruth/isCompanion(_:)``). Each track comes with its root for the `planned-route.gpx` search:
/// the folder named, or for a file named directly the folder above the file's own (so
/// `ride/tracks/phone.gpx` finds `ride/planned-route.gpx`).
public enum DatasetFiles {
    public static func expand(_ arguments: [String]) throws -> [DatasetFile] {
        var out: [DatasetFile] = []
        let fm = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw TrackReadError(file: argument, message: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                out.append(DatasetFile(track: argument, root: URL(fileURLWithPath: argument).deletingLastPathComponent().deletingLastPathComponent().path, name: argument))
                continue
            }
            guard let walker = fm.enumerator(atPath: argument) else {
                throw TrackReadError(file: argument, message: "the folder cannot be read")
            }
            var found: [(path: String, relative: String)] = []
            while let relative = walker.nextObject() as? String {
                let path = URL(fileURLWithPath: argument).appendingPathComponent(relative).path
                var dir: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &dir), !dir.boolValue else { continue }
                guard TrackFormat(pathExtension: path) != nil, !DatasetTruth.isCompanion(path) else { continue }
                found.append((path, relative))
            }
            if found.isEmpty { throw TrackReadError(file: argument, message: "the folder holds no track files (\(TrackFormat.recognizedExtensionNames))") }
            let folder = URL(fileURLWithPath: argument).standardizedFileURL.lastPathComponent
            out += found.sorted { $0.path < $1.path }.map { DatasetFile(track: $0.path, root: argument, name: folder + "/" + $0.relative) }
        }
        return out
    }
}
