/// JSON string quoting for the writers (RFC 8259 escapes: quote, backslash, `\n`, `\r`, `\t`, other control
/// characters as `\u00XX`; everything else, UTF-8 sequences included, as it is).
enum JSONQuoting {
    /// `s` quoted, appended to `out` byte by byte.
    static func append(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): out.append(text: "\\\"")
            case UInt8(ascii: "\\"): out.append(text: "\\\\")
            case UInt8(ascii: "\n"): out.append(text: "\\n")
            case UInt8(ascii: "\r"): out.append(text: "\\r")
            case UInt8(ascii: "\t"): out.append(text: "\\t")
            case ..<0x20:
                out.append(text: "\\u00")
                out.append(hexDigits[Int(c >> 4)])
                out.append(hexDigits[Int(c & 15)])
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `s` quoted, as text.
    static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
