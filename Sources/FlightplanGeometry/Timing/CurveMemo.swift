#if os(Linux)
import Synchronization
#endif

/// Values that depend only on a timing curve (its `linear()` stops, a spring's turns and the times it crosses a
/// level), remembered once made: they cost a plan tens of thousands of instructions, and a server's requests use few
/// distinct curves (every request made from one example shares its spring). Thread-safe; at most `capacity` entries,
/// emptied whole when full, so a stream of distinct curves costs what it did without the memo and holds no more. A
/// remembered value is the one its maker made, so the answers are the same to the bit. On Linux only (the server's
/// and the CLI's): the SDK's Apple systems before macOS 15 and iOS 18 have no `Mutex`, and make every value afresh.
package final class CurveMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    #if os(Linux)
    private let entries = Mutex<[Key: Value]>([:])
    #endif
    private let capacity: Int

    /// An empty memo of at most `capacity` entries.
    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value remembered for `key`, if any.
    package func value(for key: Key) -> Value? {
        #if os(Linux)
        entries.withLock { $0[key] }
        #else
        nil
        #endif
    }

    /// The value remembered for `key`, else `make()`'s, remembered (made outside the lock: two threads may make it at once).
    package func value(for key: Key, making make: () -> Value) -> Value {
        if let known = value(for: key) { return known }
        let made = make()
        remember(made, for: key)
        return made
    }

    /// Remembers `value`, made from `key` (two threads that make it at once remember the same value).
    package func remember(_ value: Value, for key: Key) {
        #if os(Linux)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        #endif
    }
}
