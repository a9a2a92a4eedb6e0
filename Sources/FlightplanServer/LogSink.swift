import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Log lines gathered in memory and written in batches: a request thread only appends its line under a short
/// lock, and a thread of the sink's own writes everything gathered every ``interval`` with one call. A clean
/// shutdown (``close()``) writes what is left, so no line is lost; a burst past ``highWater`` bytes is written
/// by the appending thread itself, so memory stays bounded when the output is slow.
///
/// Batches are written in the order their lines were appended, one batch at a time.
public final class LogSink: Sendable {
    /// How long a line may wait before it is written.
    public let interval: Duration
    /// Gathered bytes past which the appending thread writes the batch itself.
    public let highWater = 1 << 20

    private let pending = Locked<[UInt8]>([])
    /// Held while one batch is taken and written, so batches leave in order.
    private let writing = Locked(())
    private let output: @Sendable (UnsafeRawBufferPointer) -> Void
    private let open = Atomic<Bool>(true)
    private let flusher = Locked<pthread_t?>(nil)
    /// Wakes the flusher early when the sink closes.
    private let closing = Wakeup()

    /// A sink writing its batches with `output`, flushed every `interval` by a thread it starts.
    /// - Parameters:
    ///   - interval: The longest a line waits before it is written; 20 ms by default. A batch reaching the high-water
    ///     mark is written at once, whatever the interval.
    ///   - output: Writes one batch of whole lines; called from the flusher thread or, past the high-water mark or
    ///     once the sink is closed (or its thread could not start), from the appending thread. Batches never overlap.
    public init(interval: Duration = .milliseconds(20), output: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.interval = interval
        self.output = output
        pending.withLock { $0.reserveCapacity(64 * 1024) }
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        guard
            pthread_create(
                &thread, nil,
                { context in
                    let sink = Unmanaged<LogSink>.fromOpaque(context!).takeRetainedValue()
                    sink.runFlusher()
                    return nil
                }, context) == 0
        else {
            // Without the thread every append writes at once: slower, never lost.
            Unmanaged<LogSink>.fromOpaque(context).release()
            open.store(false, ordering: .releasing)
            return
        }
        flusher.withLock { $0 = thread }
    }

    /// A sink writing to standard error (the server's log).
    /// - Returns: A new sink with its own flusher thread, writing every batch whole to file descriptor 2.
    public static func standardError() -> LogSink {
        LogSink { bytes in Self.writeAll(bytes, to: STDERR_FILENO) }
    }

    /// A sink writing to standard output.
    /// - Returns: A new sink with its own flusher thread, writing every batch whole to file descriptor 1.
    public static func standardOutput() -> LogSink {
        LogSink { bytes in Self.writeAll(bytes, to: STDOUT_FILENO) }
    }

    /// Appends what `format` writes at the end of the pending bytes (one or more whole lines).
    /// - Parameter format: Appends the lines' bytes to the buffer it is given, under the sink's lock: it must not
    ///   block or log.
    public func append(_ format: (inout [UInt8]) -> Void) {
        let size = pending.withLock { bytes in
            format(&bytes)
            return bytes.count
        }
        if size >= highWater || !open.load(ordering: .acquiring) { flush() }
    }

    /// Writes every line appended so far.
    public func flush() {
        writing.withLock { _ in
            var batch: [UInt8] = []
            pending.withLock { bytes in
                swap(&bytes, &batch)
                bytes.reserveCapacity(batch.capacity)
            }
            guard !batch.isEmpty else { return }
            batch.withUnsafeBytes { output($0) }
        }
    }

    /// Stops the sink's thread and writes what is left; later appends are written at once. Idempotent.
    public func close() {
        open.store(false, ordering: .releasing)
        closing.signal()
        if let thread = flusher.withLock({ (thread: inout pthread_t?) -> pthread_t? in
            defer { thread = nil }
            return thread
        }) {
            pthread_join(thread, nil)
        }
        flush()
    }

    private func runFlusher() {
        while open.load(ordering: .acquiring) {
            closing.wait(for: interval)
            flush()
        }
    }

    /// Writes all of `bytes` to a file descriptor, retrying short writes and interruptions.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

/// A signal one thread waits for with a timeout and another gives: a pthread condition and its mutex.
private final class Wakeup: @unchecked Sendable {  // `signalled` is only touched holding `mutex`
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var signalled = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Returns after `timeout`, or at once once signalled.
    func wait(for timeout: Duration) {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(timeout.components.seconds) * 1_000_000_000 + Int(timeout.components.attoseconds / 1_000_000_000)
        let total = deadline.tv_nsec + nanoseconds % 1_000_000_000
        deadline.tv_sec += nanoseconds / 1_000_000_000 + total / 1_000_000_000
        deadline.tv_nsec = total % 1_000_000_000
        pthread_mutex_lock(mutex)
        while !signalled && pthread_cond_timedwait(condition, mutex, &deadline) == 0 {}
        pthread_mutex_unlock(mutex)
    }

    /// Wakes the waiter now and every later wait.
    func signal() {
        pthread_mutex_lock(mutex)
        signalled = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
