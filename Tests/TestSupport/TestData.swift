import Foundation

/// Where the test suites find their data — the one locator every test target uses.
///
/// - `Tests/Data/` holds the licensed real recordings (`real/`) and the independent Kalman reference
///   (`reference/kalman/`), each folder with its SOURCE notes and upstream licence; every file is shipped in
///   the repository, so the suite passes on a fresh clone with nothing beside it.
/// - `TRACKPIPE_TEST_DATA`, when set, names another folder of the same layout to read instead (to run the
///   suite against a fresh copy of the upstream files, for example).
/// - `datasets/` and `pipelines/` are the repository's own simulated runs and presets.
///
/// A missing file is an error that names the path and the variable, never a silent pass.
public enum TestData {
    /// The package root, found from this file's path (Tests/TestSupport/TestData.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The data folder: `$TRACKPIPE_TEST_DATA` when set and non-empty, else `Tests/Data` in the repository.
    public static let root: URL = {
        if let custom = ProcessInfo.processInfo.environment["TRACKPIPE_TEST_DATA"], !custom.isEmpty {
            return URL(fileURLWithPath: custom, isDirectory: true)
        }
        return packageRoot.appendingPathComponent("Tests/Data", isDirectory: true)
    }()

    /// The repository's simulated datasets (`datasets/`).
    public static let datasets = packageRoot.appendingPathComponent("datasets", isDirectory: true)

    /// The repository's preset pipeline files (`pipelines/`).
    public static let pipelines = packageRoot.appendingPathComponent("pipelines", isDirectory: true)

    /// A file under the data folder is missing.
    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "test data file \(path) is missing (the data folder is \(TestData.root.path); TRACKPIPE_TEST_DATA overrides it)"
        }
    }

    /// The URL of `relative` under the data folder, whether or not it exists.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The path of `relative` under the data folder; throws ``Missing`` when there is no such file.
    public static func path(_ relative: String) throws -> String {
        let p = url(relative).path
        guard FileManager.default.fileExists(atPath: p) else { throw Missing(path: p) }
        return p
    }

    /// The path of a real recording, `relative` to `real/` (e.g. `applewatch-run/myfile_multseg.gpx`).
    public static func real(_ relative: String) throws -> String { try path("real/" + relative) }

    /// The path of a file of the Kalman reference (`reference/kalman/NAME`).
    public static func kalmanReference(_ name: String) throws -> String { try path("reference/kalman/" + name) }
}
