import Foundation
import TestSupport

/// Runs the built `trackpipe` binary for end-to-end tests.
enum CLIRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }


    /// The `trackpipe` executable built beside the test bundle.
    static var executable: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("trackpipe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return TestData.packageRoot.appendingPathComponent(".build/debug/trackpipe")
    }

    /// Runs `trackpipe ARGS` with `stdin` as its standard input and waits for it.
    static func run(_ args: [String], stdin: String = "", in directory: URL? = nil) throws -> Output {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        if let directory { p.currentDirectoryURL = directory }
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = inPipe
        p.standardOutput = outPipe
        p.standardError = errPipe
        try p.run()
        let writer = Thread {
            inPipe.fileHandleForWriting.write(Data(stdin.utf8))
            try? inPipe.fileHandleForWriting.close()
        }
        writer.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs `script` with `/bin/sh -c` (or another `shell`, e.g. bash for process substitution), `$TP` naming the `trackpipe` executable — for redirections a `Process`
    /// cannot set up (`>/dev/full`, `<&-`). Standard output and error are captured unless the script redirects them.
    static func shell(_ script: String, in directory: URL? = nil, shell: String = "/bin/sh") throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: shell)
        p.arguments = ["-c", script]
        p.environment = ProcessInfo.processInfo.environment.merging(["TP": executable.path]) { $1 }
        if let directory { p.currentDirectoryURL = directory }
        let outPipe = Pipe(), errPipe = Pipe()
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = outPipe
        p.standardError = errPipe
        try p.run()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        let err = errPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        try Scratch.directory("cli")
    }
}
