/// Escaping for XML text and attribute values.
enum XMLText {
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Control characters other than tab/newline are not allowed in XML 1.0.
                if c.value < 0x20, c != "\t", c != "\n", c != "\r" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
