/// Splits delimiter-separated text into records (RFC 4180: fields may be quoted with `"`, a quote inside a
/// quoted field is doubled, quoted fields may span lines; CRLF or LF line ends; blank lines skipped; lines
/// starting with `#` before the first record skipped as comments).
public struct CSVTokenizer: Sendable {
    public struct Record: Sendable {
        /// 1-based line where the record starts.
        public var line: Int
        public var fields: [String]
        /// 1-based column (byte offset in the line) where each field starts.
        public var columns: [Int]
    }

    /// The most frequent of `,`, `;`, tab outside quotes in the first line; `,` when none occurs.
    public static func detectDelimiter(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [44: 0, 59: 0, 9: 0]
        var inQuotes = false
        for c in bytes {
            if c == 34 { inQuotes.toggle() }
            if !inQuotes, c == 10 { break }
            if !inQuotes, counts[c] != nil { counts[c, default: 0] += 1 }
        }
        let best = counts.max { a, b in a.value < b.value || (a.value == b.value && a.key != 44 && b.key == 44) }
        return (best?.value ?? 0) > 0 ? (best?.key ?? 44) : 44
    }

    /// All records of `bytes`. Malformed quoting (a quote inside an unquoted field, an unterminated quote) is
    /// read leniently as literal text; the row's values are then checked by the reader.
    public static func records(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> [Record] {
        var out: [Record] = []
        var i = 0
        let n = bytes.count
        // Skip a UTF-8 byte-order mark.
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        var line = 1
        var lineStart = i
        while i < n {
            // Blank line?
            if bytes[i] == 10 { line += 1; i += 1; lineStart = i; continue }
            if bytes[i] == 13 { i += 1; continue }
            // `#` lines before the first record are comments, skipped whole: a quote or delimiter in them
            // means nothing (TrackPipe's own provenance line is one).
            if out.isEmpty, bytes[i] == 35 {
                while i < n, bytes[i] != 10 { i += 1 }
                continue
            }
            var record = Record(line: line, fields: [], columns: [])
            var field: [UInt8] = []
            var endOfRecord = false
            while !endOfRecord {
                record.columns.append(i - lineStart + 1)
                field.removeAll(keepingCapacity: true)
                if i < n, bytes[i] == 34 {
                    i += 1
                    while i < n {
                        let c = bytes[i]
                        if c == 34 {
                            if i + 1 < n, bytes[i + 1] == 34 { field.append(34); i += 2; continue }
                            i += 1
                            break
                        }
                        if c == 10 { line += 1; lineStart = i + 1 }
                        field.append(c)
                        i += 1
                    }
                }
                while i < n, bytes[i] != delimiter, bytes[i] != 10 {
                    if bytes[i] != 13 { field.append(bytes[i]) }
                    i += 1
                }
                record.fields.append(String(decoding: field, as: UTF8.self))
                if i < n, bytes[i] == delimiter {
                    i += 1
                } else {
                    endOfRecord = true
                    if i < n { i += 1; line += 1; lineStart = i }
                }
            }
            out.append(record)
        }
        return out
    }
}
