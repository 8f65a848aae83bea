import CZlib

/// Just enough of a PNG decoder for the browser test's screenshots: 8-bit RGB or RGBA, not interlaced (what
/// chromium writes). The image data is inflated with the system zlib and un-filtered by the five PNG filters.
struct PNGImage {
    let width: Int
    let height: Int
    /// RGB(A) bytes, row by row.
    let pixels: [UInt8]
    let channels: Int

    enum Failure: Error { case notPNG, unsupported(String), corrupt(String) }

    init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure.notPNG }
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        var i = 8, width = 0, height = 0, channels = 0
        var data: [UInt8] = []
        while i + 8 <= bytes.count {
            let length = u32(i), type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            guard i + 12 + length <= bytes.count else { throw Failure.corrupt("chunk \(type) runs past the end") }
            let body = Array(bytes[(i + 8)..<(i + 8 + length)])
            switch type {
            case "IHDR":
                width = u32(i + 8); height = u32(i + 12)
                guard body[8] == 8, body[12] == 0 else { throw Failure.unsupported("bit depth \(body[8]), interlace \(body[12])") }
                switch body[9] { case 2: channels = 3; case 6: channels = 4; default: throw Failure.unsupported("colour type \(body[9])") }
            case "IDAT": data += body
            default: break
            }
            i += 12 + length
        }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawLength, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { throw Failure.corrupt("zlib status \(status)") }
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let v = Int(raw[y * (stride + 1) + 1 + x])
                let a = x >= channels ? Int(pixels[y * stride + x - channels]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * stride + x]) : 0
                let c = x >= channels && y > 0 ? Int(pixels[(y - 1) * stride + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure.corrupt("filter \(filter) on row \(y)")
                }
                pixels[y * stride + x] = UInt8((v + predicted) & 0xFF)
            }
        }
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// The RGB of the pixel at (x, y).
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let o = (y * width + x) * channels
        return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]))
    }
}
