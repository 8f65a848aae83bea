import Foundation

/// Finds keys that appear twice in one JSON object. Foundation, Python and jq all accept such text but disagree
/// on which value counts (Foundation keeps the first, Python and jq the last), so a spec or catalog with a
/// repeated key would mean different things to different tools: TrackPipe refuses it, naming the key and path.
///
/// It walks text that Foundation has already accepted as JSON, so it only needs to follow the structure:
/// objects, arrays, strings (with escapes) and scalars. Keys are compared after decoding their escapes
/// (`"a"` and `"\u0061"` are the same key). Nesting is bounded by Foundation's own depth limit.
enum JSONDuplicateKeys {
    struct Duplicate {
        /// JSON path of the object holding the key (`$`, `$.stages[2]`).
        var path: String
        var key: String
        /// 1-based line and column of the second occurrence.
        var line: Int
        var column: Int
    }

    /// Every repeated key in `data`, in document order. `data` must be valid JSON.
    static func find(in data: Data) -> [Duplicate] {
        let bytes = [UInt8](data)
        var scanner = Scanner(bytes: bytes)
        scanner.value(path: "$")
        return scanner.duplicates
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var duplicates: [Duplicate] = []

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        mutating func value(path: String) {
            skipSpace()
            guard i < bytes.count else { return }
            switch bytes[i] {
            case UInt8(ascii: "{"): object(path: path)
            case UInt8(ascii: "["): array(path: path)
            case UInt8(ascii: "\""): _ = string()
            default:
                while i < bytes.count, !",]} \n\r\t".utf8.contains(bytes[i]) { i += 1 }
            }
        }

        mutating func object(path: String) {
            i += 1
            var seen = Set<String>()
            while true {
                skipSpace()
                guard i < bytes.count else { return }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                let start = i
                let key = string()
                if !seen.insert(key).inserted {
                    let (line, column) = JSONText.lineAndColumn(of: start, in: bytes)
                    duplicates.append(Duplicate(path: path, key: key, line: line, column: column))
                }
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ":") { i += 1 }
                value(path: path + JSONPath.member(key))
            }
        }

        mutating func array(path: String) {
            i += 1
            var index = 0
            while true {
                skipSpace()
                guard i < bytes.count else { return }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return }
                if bytes[i] == UInt8(ascii: ",") { i += 1; index += 1; continue }
                value(path: path + "[\(index)]")
            }
        }

        /// The string at `i` (which is a `"`), decoded; `i` moves past its closing quote.
        mutating func string() -> String {
            let start = i
            i += 1
            var escaped = false
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\\") {
                    escaped = true
                    i += 2
                    continue
                }
                i += 1
                if b == UInt8(ascii: "\"") { break }
            }
            let raw = bytes[start..<min(i, bytes.count)]
            if !escaped { return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self) }
            return (try? JSONSerialization.jsonObject(with: Data(raw), options: [.fragmentsAllowed]) as? String)
                ?? String(decoding: raw, as: UTF8.self)
        }
    }
}

/// JSON path pieces for messages.
enum JSONPath {
    /// `.name` for a plain key, `["odd key"]` otherwise.
    static func member(_ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
        if plain { return "." + key }
        let quoted = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "[\"" + quoted + "\"]"
    }
}
