import Foundation
import TrackPipe

/// Writes the run report (``RunReport``'s JSON, key for key) a piece at a time, so a report of 230 000 changed
/// fixes never exists as one value: the small parts are encoded as ``makeEncoder()`` encodes them (by
/// `ReportJSONEncoder`, without `JSONEncoder`'s cost per type), the `dropped` and `changed`
/// lists record by record (``DropRecord``, ``ChangeRecord``, one compact object per line), and the text is
/// handed to `sink` in blocks of about 1 MB. The document is pretty-printed with sorted keys like TrackPipe's
/// other JSON, except that each record of those two lists sits on one line.
public enum RunReportWriter {
    /// Writes the report of `runs` of `pipeline`; `sink` receives consecutive blocks of the UTF-8 text.
    public static func write(pipeline: Pipeline, runs: [(input: String, output: String?, result: PipelineResult)],
                             to sink: ([UInt8]) throws -> Void) throws {
        var out = JSONBytes()
        func flush() throws {
            guard !out.bytes.isEmpty else { return }
            try sink(out.bytes)
            out.bytes.removeAll(keepingCapacity: true)
        }
        func flushIfLarge() throws {
            if out.bytes.count >= 1 << 20 { try flush() }
        }
        /// `value` as ``makeEncoder()`` encodes it, its lines after the first indented by `indent` spaces
        /// (``ReportJSONEncoder``: the same text without `JSONEncoder`'s cost per type).
        func put<T: Encodable>(_ value: T, indent: Int) throws {
            try ReportJSONEncoder.encode(value, indent: indent, to: &out)
        }
        /// The annotations object (what `put(_:indent:)` writes for it), with each per-fix series — a number
        /// per kept fix, most of a long run's annotations — written straight into bytes rather than through
        /// the encoder (an eighth of `run --report` at 230 000 fixes). Names with capitals, which the encoder's
        /// snake-case strategy would rewrite, and an empty set go through the encoder as a whole.
        func annotations(_ a: Annotations, indent: Int) throws {
            let names = a.names
            guard !names.isEmpty, !names.contains(where: { $0.contains(where: \.isUppercase) }) else {
                try put(a, indent: indent)
                return
            }
            let pad = String(repeating: " ", count: indent + 2)
            out.raw("{")
            for (i, name) in names.enumerated() {
                out.raw(i == 0 ? "\n" + pad : ",\n" + pad)
                out.string(name)
                out.raw(" : ")
                guard let value = a.encodable(named: name) else { out.raw("null"); continue }
                if let series = value as? PerFixSeries {
                    let inner = pad + "  "
                    // Each item on its own line: the line breaks and indents made once, not per item.
                    let firstBreak = Array(("\n" + inner + "  ").utf8), nextBreak = Array((",\n" + inner + "  ").utf8)
                    /// `[`, the items each after its line break (`put` writes one, at most `room` bytes), `]`.
                    /// A long list is formatted on every core (`OutputBlock.inRanges`), as the GPX writer does.
                    func list(_ count: Int, room: Int, _ put: @escaping @Sendable (Int, inout ByteCursor) -> Void) throws {
                        out.raw("[")
                        let items: @Sendable (Range<Int>, inout [UInt8]) -> Void = { range, text in
                            firstBreak.withUnsafeBufferPointer { first in
                                nextBreak.withUnsafeBufferPointer { next in
                                    for k in range {
                                        text.append(atMost: next.count + room) { c in
                                            c.put(k == 0 ? first : next)
                                            put(k, &c)
                                        }
                                    }
                                }
                            }
                        }
                        if OutputBlock.formatsOnEveryCore(count) {
                            try flush()
                            try OutputBlock.inRanges(count: count, rangeSize: OutputBlock.parallelRange, to: sink, format: items)
                        } else {
                            items(0..<count, &out.bytes)
                        }
                        out.raw(count == 0 ? "]" : "\n" + inner + "]")
                    }
                    out.raw("{\n" + inner + "\"source_indices\" : ")
                    try list(series.sourceIndices.count, room: ByteCursor.maximumIntegerLength) { $1.put(integer: series.sourceIndices[$0]) }
                    out.raw(",\n" + inner + "\"unit\" : ")
                    out.string(series.unit.rawValue)
                    out.raw(",\n" + inner + "\"values\" : ")
                    try list(series.values.count, room: DecimalText.maximumLength + 6) { k, c in
                        var value = JSONCursor(cursor: c)
                        value.number(series.values[k])
                        c = value.cursor
                    }
                    out.raw("\n" + pad + "}")
                } else {
                    try put(value, indent: indent + 2)
                }
                try flushIfLarge()
            }
            out.raw("\n" + String(repeating: " ", count: indent) + "}")
        }
        let info = RunReport.PipelineInfo(name: pipeline.spec.name, sha256: pipeline.spec.contentHash, spec: pipeline.spec.document)
        out.raw("{\n  \"pipeline\" : ")
        try put(info, indent: 2)
        out.raw(",\n  \"runs\" : [")
        for (n, run) in runs.enumerated() {
            let r = run.result
            out.raw(n == 0 ? "\n    {\n" : ",\n    {\n")
            var firstMember = true
            func begin(_ key: String) {
                out.raw(firstMember ? "      " : ",\n      ")
                firstMember = false
                out.string(key)
                out.raw(" : ")
            }
            func member<T: Encodable>(_ key: String, _ value: T) throws {
                begin(key)
                try put(value, indent: 6)
                try flushIfLarge()
            }
            if let activity = r.activity { try member("activity", activity) }
            begin("annotations")
            try annotations(r.annotations, indent: 6)
            try flushIfLarge()
            /// A list written record by record, one compact object per line.
            /// A long list is formatted on every core (`OutputBlock.inRanges`), as the GPX writer does.
            func list<T: Sendable>(_ key: String, _ items: [T], _ append: @escaping @Sendable (T, inout JSONBytes) -> Void) throws {
                begin(key)
                out.raw("[")
                if OutputBlock.formatsOnEveryCore(items.count) {
                    try flush()
                    try OutputBlock.inRanges(count: items.count, rangeSize: OutputBlock.parallelRange, to: sink) { range, text in
                        var json = JSONBytes()
                        swap(&json.bytes, &text)
                        for i in range {
                            json.literal(i == 0 ? "\n        " : ",\n        ")
                            append(items[i], &json)
                        }
                        swap(&json.bytes, &text)
                    }
                } else {
                    for (i, item) in items.enumerated() {
                        out.literal(i == 0 ? "\n        " : ",\n        ")
                        append(item, &out)
                        try flushIfLarge()
                    }
                }
                out.raw(items.isEmpty ? "]" : "\n      ]")
            }
            try list("changed", r.changed) { ChangeRecord.appendJSON($0, to: &$1) }
            try list("dropped", r.dropped) { DropRecord($0).appendJSON(to: &$1) }
            try member("dropped_count", r.dropped.count)
            try member("events", r.events)
            try member("input", r.input)
            try member("input_file", run.input)
            try member("kept", r.track.fixes.count)
            // Only for a pipeline that made fixes (resampling), so other reports are unchanged.
            if !r.made.isEmpty { try member("made_count", r.made.count) }
            if let output = run.output { try member("output_file", output) }
            try member("stages", r.stages)
            try member("summary", r.summary)
            out.raw("\n    }")
        }
        out.raw(runs.isEmpty ? "],\n" : "\n  ],\n")
        out.raw("  \"schema\" : ")
        try put(RunReport.schemaName, indent: 2)
        out.raw(",\n  \"trackpipe_version\" : ")
        try put(TrackPipeVersion.current, indent: 2)
        out.raw("\n}")
        try sink(out.bytes)
    }

    /// The encoder for the report's parts: pretty-printed, keys sorted and snake_case, non-finite numbers as
    /// `"inf"`, `"-inf"`, `"nan"`.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }
}
