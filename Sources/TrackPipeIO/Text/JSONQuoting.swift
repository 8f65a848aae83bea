/// JSON string quoting for the writers (RFC 8259 escapes: quote, backslash, `\n`, `\r`, `\t`, other control
/// characters as `\u00XX`; everything else, UTF-8 sequences included, as it is).
enum JSONQuoting {
    /// `s` quoted, appended to `out` (see ``put(_:to:)``).
    static func append(_ s: String, to out: inout [UInt8]) {
        out.append(atMost: maximumLength(s)) { put(s, to: &$0) }
    }

    /// The most bytes ``put(_:to:)`` writes for `s`: every byte escaped as `\u00XX`, and the quotes.
    static func maximumLength(_ s: String) -> Int { 6 * s.utf8.count + 2 }

    /// `s` quoted, written at `cursor` (at most ``maximumLength(_:)`` bytes). A string with nothing to escape (a
    /// stage's name, an event's kind: nearly all of them) is copied whole: byte by byte through the string's UTF-8
    /// view it was 16.7 M of the 254 M instructions a 23 000-fix run's report costs (callgrind).
    static func put(_ s: String, to cursor: inout ByteCursor) {
        var s = s
        s.withUTF8 { bytes in
            cursor.put(UInt8(ascii: "\""))
            if bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                putEscaped(bytes, to: &cursor)
            } else {
                cursor.put(bytes)
            }
            cursor.put(UInt8(ascii: "\""))
        }
    }

    /// `bytes` with JSON's escapes, without the quotes.
    private static func putEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to cursor: inout ByteCursor) {
        for c in bytes {
            switch c {
            case UInt8(ascii: "\""): cursor.put("\\\"")
            case UInt8(ascii: "\\"): cursor.put("\\\\")
            case UInt8(ascii: "\n"): cursor.put("\\n")
            case UInt8(ascii: "\r"): cursor.put("\\r")
            case UInt8(ascii: "\t"): cursor.put("\\t")
            case ..<0x20:
                cursor.put("\\u00")
                cursor.put(hexDigits[Int(c >> 4)])
                cursor.put(hexDigits[Int(c & 15)])
            default: cursor.put(c)
            }
        }
    }

    /// `s` quoted, as text.
    static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
