import Foundation

/// A bounded queue from one thread to another, in order: `stream` passes batches of decoded lines to the thread
/// that decides them and their answers to the thread that writes them, so that reading, deciding and writing run
/// on two cores at once instead of one after another.
///
/// The giving side ``put(_:)``s items and ``close()``s the queue when it has no more; the taking side ``take()``s
/// them until it gets `nil`. A taker that stops early (its output failed) ``abandon()``s the queue: what waits in it
/// is dropped and the giver's next ``put(_:)`` returns `false`, so the giver stops too instead of waiting forever.
package final class Handoff<Item: Sendable>: @unchecked Sendable {
    /// Guards everything below; its condition wakes a giver waiting for room and a taker waiting for an item.
    private let condition = NSCondition()
    private var items: [Item] = []
    private var isClosed = false
    private var isAbandoned = false
    /// The most items waiting at once: a giver faster than its taker waits rather than filling memory. Default 4
    /// batches — enough for either side to find work ready when it comes back, few enough to stay a few hundred
    /// kilobytes for `stream`'s batches.
    package let capacity: Int

    package init(capacity: Int = 4) {
        precondition(capacity > 0, "a handoff needs room for an item")
        self.capacity = capacity
    }

    /// Adds `item` after the ones already given, waiting while ``capacity`` items wait. Returns `false` (and drops
    /// `item`) when the taker has abandoned the queue.
    @discardableResult
    package func put(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        precondition(!isClosed, "put after close")
        while items.count >= capacity && !isAbandoned { condition.wait() }
        guard !isAbandoned else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The first item not yet taken, waiting while there is none; `nil` once the queue is closed (or abandoned)
    /// and nothing is left.
    package func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !isClosed && !isAbandoned { condition.wait() }
        guard !items.isEmpty else { return nil }
        let item = items.removeFirst()  // at most `capacity` items: a shift of a few words
        condition.broadcast()
        return item
    }

    /// The giver has no more items: ``take()`` returns the ones left, then `nil`.
    package func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()
    }

    /// The taker stops: the items waiting are dropped, ``put(_:)`` returns `false` from now on and ``take()`` `nil`.
    package func abandon() {
        condition.lock()
        defer { condition.unlock() }
        isAbandoned = true
        items.removeAll()
        condition.broadcast()
    }
}
