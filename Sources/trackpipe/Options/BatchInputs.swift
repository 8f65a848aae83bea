import Foundation
import TrackPipeIO
import TrackPipeLab

/// The inputs of a batch run and where each one's kept track goes: files named on the command line, every track
/// file under a folder (recursively, sorted; truth companions skipped — `DatasetFiles`), and the paths listed in
/// `--files-from` (one per line; blank lines and lines starting with `#` skipped; `-` reads the list from
/// standard input).
struct BatchInputs {
    struct Input {
        /// The path as given or found.
        var path: String
        /// The output's path relative to the output folder, without extension: the path under the folder it was
        /// found in (so `runs/2024/a.gpx` keeps `2024/a`), or the file's own name for a file named directly.
        var relativeStem: String
    }

    var inputs: [Input]

    init(_ inputs: [Input]) { self.inputs = inputs }

    init(arguments: [String], filesFrom: String?) throws {
        var inputs: [Input] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                let root = URL(fileURLWithPath: argument).standardizedFileURL.path
                for file in try DatasetFiles.expand([argument]) {
                    let full = URL(fileURLWithPath: file.track).standardizedFileURL.path
                    var relative = full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : URL(fileURLWithPath: full).lastPathComponent
                    relative = Self.stem(relative)
                    inputs.append(Input(path: file.track, relativeStem: relative))
                }
            } else {
                inputs.append(Input(path: argument, relativeStem: Self.stem(URL(fileURLWithPath: argument).lastPathComponent)))
            }
        }
        if let filesFrom {
            for path in try Self.list(filesFrom) {
                inputs.append(Input(path: path, relativeStem: Self.stem(URL(fileURLWithPath: path).lastPathComponent)))
            }
        }
        self.inputs = inputs
    }

    /// Where each input's output goes under `folder` — its relative stem with `format`'s extension — checked before
    /// anything runs: two inputs landing on one output are refused, the folders are made, and each path is planned
    /// in `planner` (never over an input, a special file or a write-protected one). `role` says what the output is,
    /// for messages: "the kept track", "the converted track".
    func plannedOutputs(in folder: String, format: (Input) -> TrackFormat, role: String, planner: OutputSet) throws -> [String] {
        var seen: [String: String] = [:]
        var paths: [String] = []
        var made: Set<String> = []  // output folders made (or found) already: each is made once, not once per file
        for input in inputs {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(input.relativeStem + "." + format(input).fileExtension).path
            if let other = seen[path] {
                throw CLIError("\(other) and \(input.path) would both be written to \(path); give them different names or separate runs")
            }
            seen[path] = input.path
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if made.insert(parent).inserted {
                do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                    throw CLIError("\(parent): the output folder cannot be made (\(error.localizedDescription))")
                }
            }
            do { try planner.plan(path, role: "\(role) of \(input.path)") } catch let e as TrackWriteError {
                throw CLIError(e.description)
            }
            paths.append(path)
        }
        return paths
    }

    /// The paths listed in the file `list` (`-`: standard input), one per line; blank lines and lines starting
    /// with `#` skipped. Read through the descriptor: a list may be a pipe (`--files-from <(find …)`), which
    /// Foundation's file reading refuses.
    static func list(_ list: String) throws -> [String] {
        let bytes: [UInt8]
        do { bytes = list == "-" ? try TrackReader.readStandardInput() : try TrackReader.readFile(list) } catch {
            throw CLIError(TrackInput.message(for: error))
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var paths: [String] = []
        for (n, line) in lines.enumerated() {
            // Binary data is not a list: say so once, rather than try every chunk of it as a path.
            if line.contains("\u{FFFD}") || line.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\r" }) {
                throw CLIError("\(list == "-" ? "standard input" : list):\(n + 1): not a list of paths (binary data or control characters); give one path per line")
            }
            let path = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if !path.isEmpty && !path.hasPrefix("#") { paths.append(path) }
        }
        return paths
    }

    /// `relative` without its track extension (and `.gz`).
    static func stem(_ relative: String) -> String {
        var url = URL(fileURLWithPath: "/" + relative)
        if url.pathExtension.lowercased() == "gz" { url = url.deletingPathExtension() }
        return String(url.deletingPathExtension().path.dropFirst())
    }
}
