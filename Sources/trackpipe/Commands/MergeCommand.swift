import ArgumentParser
import Foundation
import TrackPipe
import TrackPipeIO

/// `trackpipe merge A B… -o OUT`: several recordings of one activity merged by time (``TrackMerge``).
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge several recordings of one activity by time (two devices, or a recording stopped and started again).",
        discussion: """
            The recordings are ranked in the order given. Every fix of the first is kept; a fix of a later one is \
            kept only where no earlier recording has a fix within --max-gap seconds of it, so a second device fills \
            the first one's gaps and is left out where the first covers the time (interleaving two devices would \
            zig-zag between their offsets and add distance never run). The kept fixes are ordered by time; each \
            stretch from one recording's segment becomes a segment, so no step joins two devices. Source indices \
            are numbered on: the second recording's records after all of the first's. Every fix needs a time. \
            What was kept and left out of each input is printed on standard error. The output is written as \
            convert writes (atomically; never over an input or a write-protected file without --force).
            """
    )

    @Argument(help: "Recordings, best first (any readable format; - for standard input, once).")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output file, or - for standard output.")
    var output: String

    @Option(help: "A later recording's fix is left out when an earlier recording has a fix within this many seconds of it.")
    var maxGap: Double = 5

    @Option(help: "Output format: gpx, csv, geojson, tcx or ndjson (default: from the output extension).")
    var to: String?

    @OptionGroup var forceOption: ForceOption

    func validate() throws {
        guard inputs.count >= 2 else { throw ValidationError("merge needs at least two recordings") }
        guard inputs.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("standard input (-) can be read once") }
        guard maxGap.isFinite, maxGap >= 0, maxGap <= 86_400 else {
            throw ValidationError("--max-gap must be between 0 and 86400 seconds, not \(maxGap)")
        }
        try TrackOutputFormat.validate(to: to, output: output)
    }

    func run() throws {
        let outFormat = try TrackOutputFormat.resolve(to: to, output: output)
        let outputs = OutputSet(inputs: inputs, force: forceOption.force)
        let target = try outputs.plan(output, role: "the merged track")
        var tracks: [Track] = []
        for input in inputs {
            do {
                let track = try TrackInput.read(input, format: nil)
                TrackInput.reportRejected(track, file: input)
                tracks.append(track)
            } catch {
                throw CLIError(TrackInput.message(for: error, formatOption: nil))
            }
        }
        let merged: TrackMerge.Result
        do {
            merged = try TrackMerge.merge(tracks, maxGap: maxGap)
        } catch {
            switch error {
            case .untimed(let i, _): throw CLIError("\(inputs[i]): \(error)")
            case .noRecordings: throw CLIError("\(error)")
            }
        }
        for (input, count) in zip(inputs, merged.inputs) {
            let left = count.covered == 0 ? "" : ", \(count.covered) left out (an earlier recording has a fix within \(DecimalText.format(maxGap) ?? "\(maxGap)") s)"
            Console.err("\(Console.escaped(input)): \(count.fixes) fixes, \(count.kept) kept\(left)\n")
        }
        do {
            try outputs.stage(for: target) { sink in try TrackWriter.encode(merged.track, format: outFormat, target: output, to: sink) }
            try outputs.commit()
        } catch let error as TrackWriteError {
            throw CLIError(TrackInput.message(for: error, formatOption: "--to"))
        }
    }
}
