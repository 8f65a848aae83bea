/// Escaping for XML text and attribute values.
enum XMLText {
    /// `s` with `&`, `<`, `>`, quotes and carriage returns as references; in an `attribute`, tabs and newlines
    /// too, which a parser would otherwise normalise to spaces (XML 1.0 §3.3.3).
    static func escape(_ s: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            default:
                // Control characters other than tab/newline are not allowed in XML 1.0.
                if c.value < 0x20, c != "\t", c != "\n", c != "\r" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
