import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small element tree built with Foundation's `XMLParser` (not TrackPipe's libxml2 reader), so tests check
/// written GPX with an independent parser.
final class XMLTree {
    let name: String
    let namespace: String?
    let attributes: [String: String]
    var children: [XMLTree] = []
    var text = ""

    init(name: String, namespace: String?, attributes: [String: String]) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
    }

    func child(_ name: String) -> XMLTree? { children.first { $0.name == name } }

    /// Where the children break an `xsd:sequence` of `order` (an element not in it, or out of its place; one in
    /// `repeatable` may follow itself), prefixed with `here`.
    func orderProblems(_ order: [String], repeatable: Set<String>, where here: String) -> [String] {
        var problems: [String] = []
        var position = 0
        var previous: String?
        for c in children {
            guard let k = order.firstIndex(of: c.name) else {
                problems.append("\(here): <\(c.name)> is not allowed in <\(name)>")
                continue
            }
            if k < position || (k == position && previous == c.name && !repeatable.contains(c.name)) {
                problems.append("\(here): <\(c.name)> out of order in <\(name)> (after <\(previous ?? "")>)")
            }
            position = k
            previous = c.name
        }
        return problems
    }
    func all(_ name: String) -> [XMLTree] { children.filter { $0.name == name } }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// The document element of `bytes`, local names and namespace URIs resolved.
    static func parse(_ bytes: [UInt8]) throws -> XMLTree {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseError(description: "XMLParser: \(parser.parserError.map { "\($0)" } ?? "no root") at line \(parser.lineNumber)")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        var stack: [XMLTree] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let node = XMLTree(name: elementName, namespace: namespaceURI, attributes: attributeDict)
            if let parent = stack.last { parent.children.append(node) } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
