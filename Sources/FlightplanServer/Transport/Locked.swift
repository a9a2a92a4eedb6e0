#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`. Synchronization's `Mutex` would do, but on Linux it locks with raw
/// futex calls that ThreadSanitizer cannot see, so the sanitizer run reports every access it guards as a
/// race; a pthread mutex it understands, so a real race in what it guards still fails that run.
package final class Locked<Value>: @unchecked Sendable {  // every access to `value` holds `mutex`
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    /// Guards `value`.
    package init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
