import Dispatch
import Synchronization
import Testing
@testable import TrackPipe

/// `Handoff` between two threads: everything given comes out once, in order; a giver never gets more than
/// `capacity` items ahead of its taker; closing ends the taking after the last item; abandoning releases a
/// waiting giver with `false`.
@Suite struct HandoffTests {
    /// Waits for `group` at most 30 s, so a handoff that never wakes its waiter fails the test instead of hanging it.
    func finished(_ group: DispatchGroup) -> Bool {
        group.wait(timeout: .now() + 30) == .success
    }

    @Test func everyItemComesOutOnceInOrderAndTheGiverStaysWithinCapacity() {
        let capacity = 3, count = 5000
        let handoff = Handoff<Int>(capacity: capacity)
        let given = Atomic<Int>(0)  // puts returned so far
        let giver = DispatchGroup()
        DispatchQueue.global().async(group: giver) {
            for i in 0..<count {
                handoff.put(i)
                given.store(i + 1, ordering: .sequentiallyConsistent)
            }
            handoff.close()
        }
        var taken: [Int] = [], aheadMost = 0
        while let item = handoff.take() {
            taken.append(item)
            // When item k comes out, k + 1 items have left and at most `capacity` wait: no more puts have returned.
            aheadMost = max(aheadMost, given.load(ordering: .sequentiallyConsistent) - taken.count)
        }
        #expect(finished(giver))
        #expect(taken == Array(0..<count))
        #expect(aheadMost <= capacity, "the giver got \(aheadMost) items ahead with room for \(capacity)")
    }

    @Test func closingHandsOverWhatIsLeftThenNil() {
        let handoff = Handoff<String>(capacity: 4)
        #expect(handoff.put("a") && handoff.put("b"))
        handoff.close()
        #expect(handoff.take() == "a")
        #expect(handoff.take() == "b")
        #expect(handoff.take() == nil)
        #expect(handoff.take() == nil)
    }

    @Test func abandoningReleasesAWaitingGiverAndRefusesLaterItems() {
        let handoff = Handoff<Int>(capacity: 1)
        #expect(handoff.put(1))  // full now
        let accepted = Atomic<Int>(-1)
        let giver = DispatchGroup()
        DispatchQueue.global().async(group: giver) {
            // Waits for room, or finds the queue already abandoned: `false` either way.
            accepted.store(handoff.put(2) ? 1 : 0, ordering: .sequentiallyConsistent)
        }
        handoff.abandon()
        #expect(finished(giver))
        #expect(accepted.load(ordering: .sequentiallyConsistent) == 0)
        #expect(!handoff.put(3))
        #expect(handoff.take() == nil)  // what waited was dropped
    }

    @Test func aTakerWaitsForTheNextItem() {
        let handoff = Handoff<Int>()
        let got = Atomic<Int>(0)
        let taker = DispatchGroup()
        DispatchQueue.global().async(group: taker) {
            got.store(handoff.take() ?? -1, ordering: .sequentiallyConsistent)
        }
        handoff.put(42)
        #expect(finished(taker))
        #expect(got.load(ordering: .sequentiallyConsistent) == 42)
    }
}
