import Foundation

/// Whether `python3` can import pyspark, for the Spark recipe's test (`.ci/setup-spark` installs it).
enum PySpark {
    static let available: Bool = {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import pyspark"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }()
}
