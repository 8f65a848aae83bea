import CLibXML2
import TrackPipe

/// Runs libxml2's SAX2 streaming parser over a document held in memory, safely: no network access
/// (`XML_PARSE_NONET`), no external DTD or entity loading, no entity substitution. The GPX and TCX readers
/// give it their handler and state; the state receives the parser context before parsing starts, so its
/// callbacks can ask for line and column and stop the parser.
///
/// libxml2 reads the document through a read callback, in the chunks it asks for, and keeps a window of it:
/// its memory parser (`xmlCreateMemoryParserCtxt`) copied the whole document first (580 MB for a 2.3 M-fix GPX).
enum XMLSAXParser {
    /// Parses `bytes` (after `prefix`, when given: `GPXPartitionedRead` parses a part of a document after the
    /// start of the whole); returns whether the document was well-formed. Throws when the parser cannot run at
    /// all.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, prefix: [UInt8] = [], sourceName: String, handler: xmlSAXHandler,
        state: AnyObject, context: (xmlParserCtxtPtr) -> Void
    ) throws -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw TrackReadError(file: sourceName, message: "the file is empty")
        }
        guard prefix.count + bytes.count < Int(Int32.max) else {
            throw TrackReadError(file: sourceName, message: "the file is larger than 2 GB, the XML readers' limit")
        }
        _ = initialized
        let source = Source(prefix: prefix, base: base, count: bytes.count)
        let sourcePointer = Unmanaged.passUnretained(source).toOpaque()
        guard let ctxt = xmlCreateIOParserCtxt(nil, nil, Source.read, nil, sourcePointer, XML_CHAR_ENCODING_NONE),
              let sax = ctxt.pointee.sax
        else {
            throw TrackReadError(file: sourceName, message: "the XML parser could not be created")
        }
        defer { withExtendedLifetime(source) { xmlFreeParserCtxt(ctxt) } }
        sax.pointee = handler
        ctxt.pointee.userData = Unmanaged.passUnretained(state).toOpaque()
        context(ctxt)
        _ = xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue))
        ctxt.pointee.replaceEntities = 0
        ctxt.pointee.loadsubset = 0
        _ = withExtendedLifetime(state) { xmlParseDocument(ctxt) }
        return ctxt.pointee.wellFormed != 0
    }

    /// The error libxml2 reports, as a ``TrackReadError`` with its line and column; `nil` for warnings.
    static func error(_ error: UnsafePointer<xmlError>, sourceName: String) -> TrackReadError? {
        guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return nil }
        let message = error.pointee.message.map { String(cString: $0) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "malformed XML"
        let line = Int(error.pointee.line)
        let column = Int(error.pointee.int2)
        return TrackReadError(file: sourceName, line: line > 0 ? line : nil, column: column > 0 ? column : nil,
                              message: "malformed XML: \(message)")
    }

    /// The document's bytes as libxml2's read callback hands them out, from the start to the end: the prefix,
    /// then the bytes.
    private final class Source {
        let prefix: [UInt8]
        let base: UnsafePointer<UInt8>
        let count: Int
        /// Bytes handed out so far, the prefix's included.
        var offset = 0

        init(prefix: [UInt8], base: UnsafePointer<UInt8>, count: Int) {
            self.prefix = prefix
            self.base = base
            self.count = count
        }

        /// Copies up to `length` of the next bytes into libxml2's `buffer`; 0 at the end.
        static let read: xmlInputReadCallback = { context, buffer, length in
            guard let context, let buffer, length > 0 else { return 0 }
            let source = Unmanaged<Source>.fromOpaque(context).takeUnretainedValue()
            let target = UnsafeMutableRawPointer(buffer)
            if source.offset < source.prefix.count {
                let n = min(Int(length), source.prefix.count - source.offset)
                source.prefix.withUnsafeBytes { prefix in
                    if let b = prefix.baseAddress { target.copyMemory(from: b + source.offset, byteCount: n) }
                }
                source.offset += n
                return Int32(n)
            }
            let at = source.offset - source.prefix.count
            let n = min(Int(length), source.count - at)
            target.copyMemory(from: source.base + at, byteCount: n)
            source.offset += n
            return Int32(n)
        }
    }

    /// libxml2 wants one global initialisation before first use from any thread.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()
}
