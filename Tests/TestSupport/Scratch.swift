import Foundation

/// Scratch space for tests: every directory it hands out lives under one folder per test process, and that folder
/// is removed when the process exits, so a run of the suite leaves nothing in the system's temporary directory
/// (a test that crashes the process leaves its folder, `trackpipe-tests-<pid>-…`, for a look).
public enum Scratch {
    /// This process's folder, made on first use; its removal is registered with `atexit`.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("trackpipe-tests-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { Scratch.removeRoot() }
        return url
    }()

    /// A fresh, empty directory under ``root``; `label` only makes its name readable.
    public static func directory(_ label: String = "test") throws -> URL {
        let url = root.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path under ``root`` for a file of that name, in a fresh directory; nothing is created at the path.
    public static func path(_ name: String) throws -> URL {
        try directory("file").appendingPathComponent(name)
    }

    /// Removes ``root``, first making its directories writable (a test may leave one read-only).
    static func removeRoot() {
        let manager = FileManager.default
        if let walk = manager.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) {
            for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                try? manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
            }
        }
        try? manager.removeItem(at: root)
    }
}
