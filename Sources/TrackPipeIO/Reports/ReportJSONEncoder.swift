import Synchronization
import TrackPipe

/// Encodes the small parts of a run report (its pipeline, events, stages, summary, annotations) as
/// ``RunReportWriter/makeEncoder()``'s `JSONEncoder` writes them — pretty-printed with two spaces and `"key" : value`,
/// keys sorted by their UTF-8 bytes, coding keys in snake_case (a `[String: …]` dictionary's keys as they are),
/// doubles as `Double.description` without a trailing `.0`, non-finite ones as `"inf"`, `"-inf"` and `"nan"`,
/// `nil` members left out — into ``JSONBytes``.
///
/// Why not `JSONEncoder` itself: it asks every value it meets whether it is one of the types it treats specially
/// (`as?` a protocol), and the first such question about a type scans the binary's 7000 conformance records: 15 M
/// of the 50.7 M instructions `run --report` added to a 2300-fix run, the same for every run whatever its length.
/// This encoder asks nothing at run time (the report writer 50.6 → 41.8 M): a dictionary's coding key type is
/// recognised by comparing it with the one a `[String: Int]` uses. What `JSONEncoder` writes its own way — `Date`,
/// `Data`, `URL`, `Decimal` — this one writes as their `Encodable` conformances do; no report type holds them.
struct ReportJSONEncoder {
    /// `value`'s text, its lines after the first indented by `indent` more spaces (the depth it is written at).
    static func encode<T: Encodable>(_ value: T, indent: Int, to out: inout JSONBytes) throws {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        write(root, indent: indent, base: indent, to: &out)
    }

    /// A value under construction: what an encoder's containers write into.
    fileprivate final class Node {
        enum Content {
            case empty
            case null
            case bool(Bool)
            case double(Double)
            case integer(String)
            case string(String)
            case array([Node])
            case object([String: Node])
        }
        var content = Content.empty
    }

    /// `node` at depth `indent`; `base` is the depth the whole value is written at, which is all the blank line of
    /// an empty array or object holds (JSONEncoder leaves it empty; the report indents each line by its depth).
    private static func write(_ node: Node, indent: Int, base: Int, to out: inout JSONBytes) {
        switch node.content {
        case .empty, .null: out.literal("null")
        case .bool(let b): out.bool(b)
        case .integer(let text): out.raw(text)
        case .string(let s): out.string(s)
        case .double(let d):
            if d.isNaN { out.string("nan") } else if d == .infinity { out.string("inf") } else if d == -.infinity { out.string("-inf") } else {
                let text = d.description
                out.raw(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
            }
        case .array(let items):
            out.literal("[\n")
            if items.isEmpty { out.raw(String(repeating: " ", count: base)) }
            let pad = String(repeating: " ", count: indent + 2)
            for (i, item) in items.enumerated() {
                if i > 0 { out.literal(",\n") }
                out.raw(pad)
                write(item, indent: indent + 2, base: base, to: &out)
            }
            // An empty array is "[", a blank line, "]", as JSONEncoder writes it (and an empty object likewise).
            out.raw("\n" + String(repeating: " ", count: indent) + "]")
        case .object(let members):
            out.literal("{\n")
            if members.isEmpty { out.raw(String(repeating: " ", count: base)) }
            let pad = String(repeating: " ", count: indent + 2)
            for (i, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if i > 0 { out.literal(",\n") }
                out.raw(pad)
                out.string(key)
                out.literal(" : ")
                write(members[key]!, indent: indent + 2, base: base, to: &out)
            }
            out.raw("\n" + String(repeating: " ", count: indent) + "}")
        }
    }

    /// ``snakeCase(_:)`` of `key`, remembered: a report converts the same few dozen coding keys for every split,
    /// badge, place and event (the conversions were 6 M of the 42 M instructions `--report` added to a 2300-fix
    /// run). At most 4096 keys are remembered, in case some value's keys are made from data.
    static func snakeCaseRemembered(_ key: String) -> String {
        if let known = snakeCaseMemory.withLock({ $0[key] }) { return known }
        let converted = snakeCase(key)
        snakeCaseMemory.withLock { memory in
            if memory.count < 4096 { memory[key] = converted }
        }
        return converted
    }

    private static let snakeCaseMemory = Mutex<[String: String]>([:])

    /// `key` as `JSONEncoder`'s `convertToSnakeCase` writes it, by the same steps: from the second character on,
    /// each upper-case letter ends the word before it; a run of upper-case letters followed by a lower-case one is a
    /// word up to the last of them (`sourceURLText` → `source_url_text`); after the last lower-case letter the rest
    /// is one word (`aB1C` → `a_b1c`). The words are joined by `_` and lower-cased; leading and trailing `_` stay.
    static func snakeCase(_ key: String) -> String {
        guard key.unicodeScalars.contains(where: \.properties.isUppercase) else { return key }
        let all = Array(key.unicodeScalars)
        var first = 0, last = all.count - 1
        while first < last, all[first] == "_" { first += 1 }
        guard first < all.count, all[first] != "_" else { return key }
        while last > first, all[last] == "_" { last -= 1 }
        let scalars = all[first...last]
        func index(of predicate: (Unicode.Scalar.Properties) -> Bool, in range: Range<Int>) -> Int? {
            range.first { predicate(scalars[$0].properties) }
        }
        var words: [Range<Int>] = []
        var wordStart = scalars.startIndex
        var searchRange = (wordStart + 1)..<scalars.endIndex
        while let upper = index(of: \.isUppercase, in: searchRange) {
            words.append(wordStart..<upper)
            searchRange = upper..<searchRange.upperBound
            guard let lower = index(of: \.isLowercase, in: searchRange) else {
                wordStart = searchRange.lowerBound
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchRange = (lower + 1)..<searchRange.upperBound
        }
        words.append(wordStart..<searchRange.upperBound)
        let body = words.map { String(String.UnicodeScalarView(scalars[$0])).lowercased() }.joined(separator: "_")
        return String(String.UnicodeScalarView(all[..<first])) + body + String(String.UnicodeScalarView(all[(last + 1)...]))
    }

    /// The coding key type `Dictionary` encodes `String` keys with (the standard library's own, not public): a
    /// keyed container with it holds a dictionary's keys, which are written as they are.
    fileprivate static let dictionaryKeyType: ObjectIdentifier? = {
        let probe = KeyTypeProbe()
        try? ["k": 0].encode(to: probe)
        return probe.found
    }()
}

/// Records the coding key type of the first keyed container asked for.
private final class KeyTypeProbe: Encoder {
    var found: ObjectIdentifier?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if found == nil { found = ObjectIdentifier(type) }
        return KeyedEncodingContainer(NodeKeyedContainer<Key>(node: ReportJSONEncoder.Node(), codingPath: [], convertsKeys: false))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { NodeUnkeyedContainer(node: ReportJSONEncoder.Node(), codingPath: []) }
    func singleValueContainer() -> any SingleValueEncodingContainer { NodeSingleValueContainer(node: ReportJSONEncoder.Node(), codingPath: []) }
}

private struct NodeEncoder: Encoder {
    let node: ReportJSONEncoder.Node
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([:]) }
        let converts = ObjectIdentifier(type) != ReportJSONEncoder.dictionaryKeyType
        return KeyedEncodingContainer(NodeKeyedContainer<Key>(node: node, codingPath: codingPath, convertsKeys: converts))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return NodeUnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        NodeSingleValueContainer(node: node, codingPath: codingPath)
    }
}

/// Stores one value into a node (a single value container, or a container's new member).
private func store<T: Encodable>(_ value: T, into node: ReportJSONEncoder.Node, codingPath: [any CodingKey]) throws {
    try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
}

private struct NodeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: ReportJSONEncoder.Node
    var codingPath: [any CodingKey]
    let convertsKeys: Bool

    private func member(_ key: Key) -> ReportJSONEncoder.Node {
        let name = convertsKeys ? ReportJSONEncoder.snakeCaseRemembered(key.stringValue) : key.stringValue
        let child = ReportJSONEncoder.Node()
        guard case .object(var members) = node.content else { return child }
        node.content = .empty  // the dictionary stays uniquely referenced while it changes
        members[name] = child
        node.content = .object(members)
        return child
    }

    mutating func encodeNil(forKey key: Key) throws { member(key).content = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { member(key).content = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { member(key).content = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { member(key).content = .double(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { member(key).content = .double(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { member(key).content = .integer(String(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try store(value, into: member(key), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: member(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: member(Key(stringValue: "super")!), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: member(key), codingPath: codingPath + [key])
    }
}

/// What the unkeyed and single-value containers share: every value goes into the node ``slot()`` gives (the next
/// item of an array, or the container's own node).
private protocol NodeSlots {
    var codingPath: [any CodingKey] { get }
    mutating func slot() -> ReportJSONEncoder.Node
}

extension NodeSlots {
    mutating func encodeNil() throws { slot().content = .null }
    mutating func encode(_ value: Bool) throws { slot().content = .bool(value) }
    mutating func encode(_ value: String) throws { slot().content = .string(value) }
    mutating func encode(_ value: Double) throws { slot().content = .double(value) }
    mutating func encode(_ value: Float) throws { slot().content = .double(Double(value)) }
    mutating func encode(_ value: Int) throws { slot().content = .integer(String(value)) }
    mutating func encode(_ value: Int8) throws { slot().content = .integer(String(value)) }
    mutating func encode(_ value: Int16) throws { slot().content = .integer(String(value)) }
    mutating func encode(_ value: Int32) throws { slot().content = .integer(String(value)) }
    mutating func encode(_ value: Int64) throws { slot().content = .integer(String(value)) }
    mutating func encode(_ value: UInt) throws { slot().content = .integer(String(value)) }
    mutating func encode(_ value: UInt8) throws { slot().content = .integer(String(value)) }
    mutating func encode(_ value: UInt16) throws { slot().content = .integer(String(value)) }
    mutating func encode(_ value: UInt32) throws { slot().content = .integer(String(value)) }
    mutating func encode(_ value: UInt64) throws { slot().content = .integer(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try store(value, into: slot(), codingPath: codingPath)
    }
}

private struct NodeUnkeyedContainer: UnkeyedEncodingContainer, NodeSlots {
    let node: ReportJSONEncoder.Node
    var codingPath: [any CodingKey]
    var count: Int {
        guard case .array(let items) = node.content else { return 0 }
        return items.count
    }

    /// A new last item.
    func slot() -> ReportJSONEncoder.Node {
        let child = ReportJSONEncoder.Node()
        guard case .array(var items) = node.content else { return child }
        node.content = .empty  // the array stays uniquely referenced while it grows
        items.append(child)
        node.content = .array(items)
        return child
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: slot(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: slot(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: slot(), codingPath: codingPath) }
}

private struct NodeSingleValueContainer: SingleValueEncodingContainer, NodeSlots {
    let node: ReportJSONEncoder.Node
    var codingPath: [any CodingKey]

    func slot() -> ReportJSONEncoder.Node { node }
}
