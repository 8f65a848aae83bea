import Testing
@testable import TrackPipeIO

/// ``OutputBlock/append(count:maximumLength:to:item:)`` hands on the same bytes, in the same order, whether it
/// formats the items on the calling thread or on every core: checked against a plain loop for counts either side
/// of the threshold, of one range, of several waves and with a short last range.
@Suite struct OutputBlockTests {
    /// Item `i`'s text: its number and a newline.
    static func text(_ i: Int) -> [UInt8] { Array("\(i)\n".utf8) }

    @Test(arguments: [0, 1, 100, OutputBlock.parallelThreshold - 1, OutputBlock.parallelThreshold,
                      OutputBlock.parallelThreshold + 1, 9 * OutputBlock.parallelRange + 17])
    func sameBytesInOrderAsALoop(_ count: Int) {
        var expected = Array("head\n".utf8)
        for i in 0..<count { expected += Self.text(i) }
        var out = OutputBlock()
        out.bytes.append(contentsOf: "head\n".utf8)
        var written: [UInt8] = []
        out.append(count: count, maximumLength: 24, to: { written += $0 }) { i, cursor in
            cursor.put(integer: i)
            cursor.put(UInt8(ascii: "\n"))
        }
        out.flush(to: { written += $0 })
        #expect(written.count == expected.count)
        let firstDifference = (0..<min(written.count, expected.count)).first { written[$0] != expected[$0] }
        #expect(firstDifference == nil, "the bytes differ from offset \(firstDifference ?? 0)")
    }

    /// The sink's error ends the writing and reaches the caller, on either path.
    @Test(arguments: [5000, 3 * OutputBlock.parallelThreshold])
    func sinkErrorsReachTheCaller(_ count: Int) {
        struct Full: Error {}
        var out = OutputBlock()
        var calls = 0
        #expect(throws: Full.self) {
            try out.append(count: count, maximumLength: 128, to: { _ in calls += 1; throw Full() }) { _, cursor in
                for _ in 0..<100 { cursor.put(UInt8(ascii: "x")) }
            }
        }
        #expect(calls == 1)
    }

    /// An error in a later wave, while the wave after it is being formatted: the writing stops there, after the
    /// earlier texts went out in order, and nothing is left running (the formatting is waited for).
    @Test func aSinkErrorMidwayStopsAfterTheTextsBeforeIt() {
        struct Full: Error {}
        let count = 9 * OutputBlock.parallelRange + 17
        var out = OutputBlock()
        var written: [UInt8] = [], calls = 0
        #expect(throws: Full.self) {
            try out.append(count: count, maximumLength: 24, to: { text in
                calls += 1
                if calls == 6 { throw Full() }
                written += text
            }) { i, cursor in
                cursor.put(integer: i)
                cursor.put(UInt8(ascii: "\n"))
            }
        }
        #expect(calls == 6)
        var expected: [UInt8] = []
        for i in 0..<(5 * OutputBlock.parallelRange) { expected += Self.text(i) }
        #expect(written == expected)
    }
}
