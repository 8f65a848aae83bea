import Foundation

/// Parses JSON text into a ``JSONValue`` with Foundation's parser, turning its errors into a problem with a
/// line and column (Foundation reports a character offset; we count lines up to it).
public enum JSONText {
    public static func parse(_ data: Data) -> Result<JSONValue, SpecProblem> {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(SpecProblem(path: "line 1, column 1", message: "not JSON: the text is empty"))
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return .success(try JSONDecoder().decode(JSONValue.self, from: data))
        } catch {
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            let offset = characterOffset(in: message) ?? data.count
            let (line, column) = lineAndColumn(of: offset, in: data)
            let cleaned = message.replacingOccurrences(of: #" around (line \d+, column \d+|character \d+)"#, with: "", options: .regularExpression)
            return .failure(SpecProblem(path: "line \(line), column \(column)", message: "not JSON: \(cleaned.trimmingCharacters(in: CharacterSet(charactersIn: ".")))"))
        }
    }

    static func characterOffset(in message: String) -> Int? {
        guard let r = message.range(of: #"character (\d+)"#, options: .regularExpression) else { return nil }
        return Int(message[r].split(separator: " ").last ?? "")
    }

    /// 1-based line and column of byte `offset` (clamped to the text).
    static func lineAndColumn(of offset: Int, in data: Data) -> (Int, Int) {
        var line = 1, column = 1
        for (i, byte) in data.enumerated() {
            if i >= offset { break }
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}
