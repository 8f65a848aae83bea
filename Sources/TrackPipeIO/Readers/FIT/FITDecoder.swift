/// Walks the records of a FIT file (Garmin's Flexible and Interoperable Data Transfer protocol) and hands each
/// data message to a visitor, decoded to numbers.
///
/// What it checks, each failure a ``TrackReadError`` naming the byte offset: the header (size 12 or more,
/// `.FIT` signature, a data size that fits the file) and its CRC when present; the file CRC after the data
/// records; definition messages (architecture 0 or 1, field definitions within the data); data messages (a
/// local message type that was defined, a body within the data). Nothing is allocated from a length read in
/// the file beyond the at most 255 field definitions of a definition message, so a corrupt length cannot make
/// it allocate without bound. Files chained one after another (a header after the previous file's CRC) are
/// read in turn.
///
/// Handled as the protocol says: normal and compressed-timestamp record headers, local message types 0–15,
/// little- and big-endian definitions, developer fields (skipped by their declared sizes), array fields (the
/// first element), invalid-value sentinels (left out, never read as 0).
enum FITDecoder {
    /// Seconds from the Unix epoch to the FIT epoch, 1989-12-31T00:00:00Z.
    static let epochOffset = 631_065_600.0

    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, sourceName: String, visit: (FITMessage) throws -> Void
    ) throws {
        var start = 0
        var files = 0
        var message = FITMessage()
        while start < bytes.count {
            // Padding after the last file (some tools write zeros) is not another file.
            // (A header starts with its size, never 0, so only a 0 byte needs the scan: chained files stay linear.)
            if files > 0, bytes[start] == 0, bytes[start...].allSatisfy({ $0 == 0 }) { break }
            start = try decodeFile(bytes, at: start, sourceName: sourceName, message: &message, visit: visit)
            files += 1
        }
    }

    /// Decodes the file whose header is at `start`; returns the offset after its CRC.
    private static func decodeFile(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, sourceName: String, message: inout FITMessage,
        visit: (FITMessage) throws -> Void
    ) throws -> Int {
        func fail(_ offset: Int, _ text: String) -> TrackReadError {
            TrackReadError(file: sourceName, message: "byte \(offset): \(text)")
        }
        let available = bytes.count - start
        guard available >= 12 else {
            throw fail(start, "truncated FIT header: \(available) bytes where at least 12 are needed")
        }
        let headerSize = Int(bytes[start])
        guard headerSize >= 12 else { throw fail(start, "FIT header size \(headerSize); expected 12 or 14") }
        guard headerSize <= available else {
            throw fail(start, "truncated FIT header: it declares \(headerSize) bytes, \(available) remain")
        }
        guard bytes[start + 8] == 0x2E, bytes[start + 9] == 0x46, bytes[start + 10] == 0x49, bytes[start + 11] == 0x54 else {
            throw fail(start + 8, "not a FIT file: the header has no \".FIT\" signature")
        }
        if headerSize >= 14 {
            let stored = UInt16(bytes[start + 12]) | UInt16(bytes[start + 13]) << 8
            let computed = FITCRC.update(0, UnsafeBufferPointer(rebasing: bytes[start..<(start + 12)]))
            if stored != 0, stored != computed {
                throw fail(start + 12, "header CRC mismatch: stored 0x\(hex(stored)), computed 0x\(hex(computed))")
            }
        }
        let dataSize = Int(UInt32(bytes[start + 4]) | UInt32(bytes[start + 5]) << 8 | UInt32(bytes[start + 6]) << 16
            | UInt32(bytes[start + 7]) << 24)
        let dataStart = start + headerSize
        let dataEnd = dataStart + dataSize
        guard dataEnd <= bytes.count - 2 else {
            throw fail(start + 4, "truncated FIT file: the header declares \(dataSize) data bytes and a 2-byte CRC, "
                + "\(bytes.count - dataStart) bytes follow the header")
        }
        let storedCRC = UInt16(bytes[dataEnd]) | UInt16(bytes[dataEnd + 1]) << 8
        let computedCRC = FITCRC.update(0, UnsafeBufferPointer(rebasing: bytes[start..<dataEnd]))
        guard storedCRC == computedCRC else {
            throw fail(dataEnd, "file CRC mismatch: stored 0x\(hex(storedCRC)), computed 0x\(hex(computedCRC)); the file is corrupt")
        }

        var definitions = [FITDefinition?](repeating: nil, count: 16)
        var lastTimestamp: UInt32?
        var p = dataStart
        while p < dataEnd {
            let recordStart = p
            let header = bytes[p]
            p += 1
            if header & 0x80 != 0 {
                // Compressed timestamp header: a data message of local type 0–3 with a 5-bit time offset.
                let local = Int((header >> 5) & 0x3)
                guard let definition = definitions[local] else {
                    throw fail(recordStart, "data message of local type \(local) before its definition")
                }
                guard let last = lastTimestamp else {
                    throw fail(recordStart, "compressed timestamp before any full timestamp")
                }
                let offset = UInt32(header & 0x1F)
                let timestamp = last &+ ((offset &- (last & 0x1F)) & 0x1F)
                lastTimestamp = timestamp
                try readData(bytes, at: &p, end: dataEnd, definition: definition, recordStart: recordStart,
                             message: &message, fail: fail)
                message.set(253, Double(timestamp))
                try visit(message)
            } else if header & 0x40 != 0 {
                let local = Int(header & 0x0F)
                definitions[local] = try readDefinition(bytes, at: &p, end: dataEnd, developer: header & 0x20 != 0,
                                                        recordStart: recordStart, fail: fail)
            } else {
                let local = Int(header & 0x0F)
                guard let definition = definitions[local] else {
                    throw fail(recordStart, "data message of local type \(local) before its definition")
                }
                try readData(bytes, at: &p, end: dataEnd, definition: definition, recordStart: recordStart,
                             message: &message, fail: fail)
                if let t = message.value(253) { lastTimestamp = UInt32(t) }
                try visit(message)
            }
        }
        return dataEnd + 2
    }

    private static func readDefinition(
        _ bytes: UnsafeBufferPointer<UInt8>, at p: inout Int, end: Int, developer: Bool, recordStart: Int,
        fail: (Int, String) -> TrackReadError
    ) throws -> FITDefinition {
        guard p + 5 <= end else { throw fail(recordStart, "definition message runs past the end of the data") }
        let architecture = bytes[p + 1]
        guard architecture <= 1 else {
            throw fail(p + 1, "definition message architecture \(architecture); expected 0 (little-endian) or 1 (big-endian)")
        }
        let bigEndian = architecture == 1
        let global = bigEndian ? UInt16(bytes[p + 2]) << 8 | UInt16(bytes[p + 3]) : UInt16(bytes[p + 3]) << 8 | UInt16(bytes[p + 2])
        let count = Int(bytes[p + 4])
        p += 5
        guard p + 3 * count <= end else { throw fail(recordStart, "definition message runs past the end of the data") }
        var fields: [FITDefinition.Field] = []
        fields.reserveCapacity(count)
        var size = 0
        for _ in 0..<count {
            let fieldSize = Int(bytes[p + 1])
            fields.append(.init(number: bytes[p], size: fieldSize, type: FITBaseType(bytes[p + 2])))
            size += fieldSize
            p += 3
        }
        var developerBytes = 0
        if developer {
            guard p + 1 <= end else { throw fail(recordStart, "definition message runs past the end of the data") }
            let devCount = Int(bytes[p])
            p += 1
            guard p + 3 * devCount <= end else { throw fail(recordStart, "definition message runs past the end of the data") }
            for _ in 0..<devCount {
                developerBytes += Int(bytes[p + 1])
                p += 3
            }
        }
        return FITDefinition(global: global, bigEndian: bigEndian, fields: fields, developerBytes: developerBytes,
                             dataSize: size + developerBytes)
    }

    private static func readData(
        _ bytes: UnsafeBufferPointer<UInt8>, at p: inout Int, end: Int, definition: FITDefinition, recordStart: Int,
        message: inout FITMessage, fail: (Int, String) -> TrackReadError
    ) throws {
        guard p + definition.dataSize <= end else {
            throw fail(recordStart, "data message (global \(definition.global)) runs past the end of the data")
        }
        message.reset(global: definition.global, offset: recordStart)
        for field in definition.fields {
            defer { p += field.size }
            guard let type = field.type, !type.isText, field.size >= type.size, field.size % type.size == 0 else { continue }
            var raw: UInt64 = 0
            for k in 0..<type.size {
                let byte = UInt64(bytes[p + (definition.bigEndian ? k : type.size - 1 - k)])
                raw = raw << 8 | byte
            }
            if let v = type.value(raw) { message.set(field.number, v) }
        }
        p += definition.developerBytes
    }

    private static func hex(_ v: UInt16) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - s.count) + s
    }
}
