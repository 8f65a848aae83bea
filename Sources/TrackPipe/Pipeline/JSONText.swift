import Foundation

/// Parses JSON text into a ``JSONValue`` with Foundation's parser, turning its errors into a problem with a
/// line and column (Foundation reports a character offset; we count lines up to it).
public enum JSONText {
    /// The document, or the first problem: the text is not JSON, or an object repeats a key.
    public static func parse(_ data: Data) -> Result<JSONValue, SpecProblem> {
        parseDocument(data).mapError { $0.problems[0] }
    }

    /// The document, or every problem: why the text is not JSON, or each key repeated within one object (with its
    /// path, line and column — readers disagree on which value of a repeated key counts, so none is taken).
    public static func parseDocument(_ data: Data) -> Result<JSONValue, SpecProblems> {
        let value: JSONValue
        switch syntax(data) {
        case .failure(let problem): return .failure(SpecProblems([problem]))
        case .success(let v): value = v
        }
        let duplicates = JSONDuplicateKeys.find(in: data)
        guard duplicates.isEmpty else {
            return .failure(SpecProblems(duplicates.map {
                SpecProblem(path: $0.path + JSONPath.member($0.key),
                            message: "the key '\($0.key)' appears again at line \($0.line), column \($0.column); give each key once (JSON readers disagree on which value counts)")
            }))
        }
        return .success(value)
    }

    static func syntax(_ data: Data) -> Result<JSONValue, SpecProblem> {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(SpecProblem(path: "line 1, column 1", message: "not JSON: the text is empty"))
        }
        // Decoded once; only text that does not decode is read again by JSONSerialization, whose message says where
        // it fails (a second parse of every spec was a millisecond of each run's start-up).
        if let value = try? JSONDecoder().decode(JSONValue.self, from: data) { return .success(value) }
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
        lineAndColumn(of: offset, in: [UInt8](data))
    }

    static func lineAndColumn(of offset: Int, in data: [UInt8]) -> (Int, Int) {
        let p = data.withUnsafeBufferPointer { TextPosition.of(offset, in: $0) }
        return (p.line, p.column)
    }
}
