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
            // Read through the descriptor: a list may be a pipe (`--files-from <(find …)`), which Foundation's
            // file reading refuses.
            let text = String(decoding: filesFrom == "-" ? try TrackReader.readStandardInput() : try TrackReader.readFile(filesFrom), as: UTF8.self)
            for line in text.split(whereSeparator: \.isNewline) {
                let path = line.trimmingCharacters(in: .whitespaces)
                guard !path.isEmpty, !path.hasPrefix("#") else { continue }
                inputs.append(Input(path: path, relativeStem: Self.stem(URL(fileURLWithPath: path).lastPathComponent)))
            }
        }
        self.inputs = inputs
    }

    /// `relative` without its track extension (and `.gz`).
    static func stem(_ relative: String) -> String {
        var url = URL(fileURLWithPath: "/" + relative)
        if url.pathExtension.lowercased() == "gz" { url = url.deletingPathExtension() }
        return String(url.deletingPathExtension().path.dropFirst())
    }
}
