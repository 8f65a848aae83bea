import CSimdJSON
import TrackPipe

/// Reads a whole JSON document — an array or an object — into a `JSONValue` with simdjson's On-Demand parser, when
/// the document is one that Foundation's `JSONDecoder` reads to the same value. Otherwise (a scalar document,
/// invalid JSON, nesting deeper than
/// ``maximumDepth``, a key given twice in an object, a number with an exponent — Foundation's parser refuses some
/// valid ones, such as `0e5` — or of more than 19 digits — simdjson 3.0.1, Debian 12's, misreads some — or one
/// that underflows, a byte-order mark, a trailing comma `JSONDecoder` tolerates) it answers `nil`, and the caller decodes with `JSONDecoder` for its verdict and message.
///
/// `JSONDecoder` decoding into `JSONValue` took 13 µs per fix of a GeoJSON track, the slowest of the readers;
/// the tests hold the two equal on every document the fast path reads.
public final class JSONTree {
    /// The deepest nesting `JSONDecoder` reads (512 levels of arrays and objects); deeper documents are its to refuse.
    public static let maximumDepth = 512
    private let tree: OpaquePointer?

    public init() { tree = trackpipe_json_tree_create() }

    deinit { trackpipe_json_tree_destroy(tree) }

    /// The document in `bytes`, or `nil` when `JSONDecoder` is to read it (see the type's description).
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        guard let tree else { return nil }
        var nodes: UnsafePointer<trackpipe_json_node>?
        let count = bytes.withMemoryRebound(to: CChar.self) { text in
            trackpipe_json_tree_parse(tree, text.baseAddress, text.count, Self.maximumDepth, &nodes)
        }
        guard count > 0, let nodes else { return nil }
        var next = 0
        return Self.value(UnsafeBufferPointer(start: nodes, count: count), at: &next)
    }

    /// The value whose node is `nodes[next]`, with its members; `next` moves past them.
    private static func value(_ nodes: UnsafeBufferPointer<trackpipe_json_node>, at next: inout Int) -> JSONValue {
        let node = nodes[next]
        next += 1
        switch node.kind {
        case TRACKPIPE_JSON_NODE_FALSE: return .bool(false)
        case TRACKPIPE_JSON_NODE_TRUE: return .bool(true)
        case TRACKPIPE_JSON_NODE_NUMBER: return .number(node.number)
        case TRACKPIPE_JSON_NODE_STRING: return .string(text(node))
        case TRACKPIPE_JSON_NODE_ARRAY:
            var items: [JSONValue] = []
            items.reserveCapacity(Int(node.count))
            for _ in 0..<node.count { items.append(value(nodes, at: &next)) }
            return .array(items)
        case TRACKPIPE_JSON_NODE_OBJECT:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(Int(node.count))
            for _ in 0..<node.count {
                let key = text(nodes[next])  // the key node, then the value's
                next += 1
                members[key] = value(nodes, at: &next)
            }
            return .object(members)
        default: return .null
        }
    }

    /// A string or key node's text (UTF-8 that simdjson has checked).
    private static func text(_ node: trackpipe_json_node) -> String {
        guard let start = node.string, node.count > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: start, count: Int(node.count)), as: UTF8.self)
    }
}
