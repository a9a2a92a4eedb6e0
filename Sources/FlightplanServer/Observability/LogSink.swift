import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Log lines gathered in a bounded buffer and written by a thread of the sink's own, so that logging never waits for
/// the output: a request thread only appends its line under a short lock, and the writer takes everything gathered
/// every ``interval`` (sooner once half the buffer is full) and writes it with blocking writes, off every request's
/// path.
///
/// When the output stalls (a log pipe nobody reads), the buffer fills to ``capacity`` and later lines are dropped
/// and counted (``droppedLines``) instead of blocking their threads; once a write completes again, the sink's
/// `reportDropped` is told how many were lost, so that it can log a line saying so where the gap is. ``close()``
/// writes what is left, waiting a bounded time for a stalled output.
///
/// Batches are written in the order their lines were appended, one batch at a time.
public final class LogSink: Sendable {
    /// How long a line may wait before it is written.
    public let interval: Duration
    /// Bytes the buffer holds at most; a line that would take it past this is dropped.
    public let capacity: Int

    private struct Buffer {
        var bytes: [UInt8] = []
        /// Appends dropped since the buffer was last taken.
        var dropped = 0
    }

    /// Where appended lines go.
    private enum Mode: UInt8, AtomicRepresentable {
        /// Into the buffer, for the writer thread.
        case buffered
        /// Written at once by the appending thread: the sink is closed, or its thread could not start.
        case direct
        /// Dropped: the sink closed while its writer was stalled in the output.
        case abandoned
    }

    private let buffer = Locked(Buffer())
    private let output: @Sendable (UnsafeRawBufferPointer) -> Void
    private let reportDropped: @Sendable (Int) -> Void
    private let closeTimeout: Duration
    private let droppedTotal = Atomic<Int>(0)
    private let mode = Atomic<Mode>(.buffered)
    /// Set by ``close()``: the writer writes a last batch and returns.
    private let closing = Atomic<Bool>(false)
    /// Held while a batch is taken and written, so that batches leave in order and never overlap.
    private let writing = Locked(())
    private let writer = Locked<JoinableThread?>(nil)
    /// Wakes the writer early: half the buffer is full, or the sink closes.
    private let wakeup = Wakeup()
    /// Given by the writer once it has written what was left at close and returned.
    private let finished = Wakeup()

    /// A sink writing its batches with `output` from a thread it starts.
    /// - Parameters:
    ///   - interval: The longest a line waits before it is written; 20 ms by default.
    ///   - capacity: The most bytes held for the output; 1 MiB by default. Lines past it are dropped.
    ///   - closeTimeout: How long ``close()`` waits for the writer to write what is left; 2 s by default.
    ///   - output: Writes one batch of whole lines, blocking as long as it must; called from the writer thread or,
    ///     once the sink is closed (or if its thread could not start), from the appending thread. Batches never overlap.
    ///   - reportDropped: Told how many lines were dropped (never 0) once the batch written before them has left,
    ///     on the thread that wrote it; it may append to this sink. Nothing by default.
    public init(
        interval: Duration = .milliseconds(20), capacity: Int = 1_048_576, closeTimeout: Duration = .seconds(2),
        output: @escaping @Sendable (UnsafeRawBufferPointer) -> Void, reportDropped: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.interval = interval
        self.capacity = capacity
        self.closeTimeout = closeTimeout
        self.output = output
        self.reportDropped = reportDropped
        buffer.withLock { $0.bytes.reserveCapacity(64 * 1024) }
        guard let thread = JoinableThread({ self.runWriter() }) else {
            // Without the thread every append writes at once: slower, and waiting when the output does.
            mode.store(.direct, ordering: .releasing)
            return
        }
        writer.withLock { $0 = thread }
    }

    /// A sink writing to standard error (the server's log).
    /// - Parameter reportDropped: Told, on the sink's thread, how many lines were dropped while standard error was
    ///   stalled, once it moves again.
    /// - Returns: A new sink with its own writer thread, writing every batch whole to file descriptor 2.
    public static func standardError(reportDropped: @escaping @Sendable (Int) -> Void = { _ in }) -> LogSink {
        LogSink(output: { bytes in Self.writeAll(bytes, to: STDERR_FILENO) }, reportDropped: reportDropped)
    }

    /// A sink writing to standard output.
    /// - Returns: A new sink with its own writer thread, writing every batch whole to file descriptor 1.
    public static func standardOutput() -> LogSink {
        LogSink { bytes in Self.writeAll(bytes, to: STDOUT_FILENO) }
    }

    /// Lines dropped since the sink was made: appended while the buffer was full, or after a stalled close.
    public var droppedLines: Int { droppedTotal.load(ordering: .relaxed) }

    /// Appends what `format` writes at the end of the buffer (one or more whole lines), or drops it, counted, when
    /// that would take the buffer past ``capacity``. Never waits for the output while the sink is open.
    /// - Parameter format: Appends the lines' bytes to the buffer it is given, under the sink's lock: it must not
    ///   block or log.
    public func append(_ format: (inout [UInt8]) -> Void) {
        let current = mode.load(ordering: .acquiring)
        guard current != .abandoned else {
            droppedTotal.add(1, ordering: .relaxed)
            return
        }
        let crossedHalf = buffer.withLock { buffer -> Bool in
            let before = buffer.bytes.count
            format(&buffer.bytes)
            guard buffer.bytes.count <= capacity else {
                // Cut back, keeping the storage: a line's size is known only once it is formatted.
                buffer.bytes.removeSubrange(before...)
                buffer.dropped += 1
                droppedTotal.add(1, ordering: .relaxed)
                return false
            }
            return before < capacity / 2 && buffer.bytes.count >= capacity / 2
        }
        if current == .direct {
            writeTaken()
        } else if crossedHalf {
            wakeup.signal()
        }
    }

    /// Stops the sink's thread once it has written what is left, waiting at most the close timeout for a stalled
    /// output; later appends are written at once by their own thread, or dropped if the output was stalled. Idempotent.
    public func close() {
        guard
            let thread = writer.withLock({ (thread: inout JoinableThread?) -> JoinableThread? in
                defer { thread = nil }
                return thread
            })
        else { return }
        closing.store(true, ordering: .releasing)
        wakeup.signal()
        if finished.wait(for: closeTimeout) {
            thread.join()
            mode.store(.direct, ordering: .releasing)
            // Lines appended after the writer's last batch.
            writeTaken()
        } else {
            // The writer is blocked in the output: leave it there (it holds the sink) and drop whatever comes later.
            mode.store(.abandoned, ordering: .releasing)
            thread.detach()
        }
    }

    private func runWriter() {
        while !closing.load(ordering: .acquiring) {
            wakeup.wait(for: interval)
            writeTaken()
        }
        writeTaken()
        finished.signal()
    }

    /// Takes everything gathered and writes it, then reports the lines dropped after it.
    private func writeTaken() {
        let lost = writing.withLock { _ in
            var batch: [UInt8] = []
            let lost = buffer.withLock { buffer in
                swap(&buffer.bytes, &batch)
                buffer.bytes.reserveCapacity(min(batch.capacity, capacity))
                defer { buffer.dropped = 0 }
                return buffer.dropped
            }
            if !batch.isEmpty { batch.withUnsafeBytes { output($0) } }
            return lost
        }
        if lost > 0 { reportDropped(lost) }
    }
}

extension LogSink {
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

/// A signal one thread waits for with a timeout and another gives: a pthread condition and its mutex. A signal
/// given while nobody waits is kept for the next wait, which takes it.
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

    /// Returns once signalled, taking the signal, or after `timeout`.
    /// - Returns: Whether it was signalled.
    @discardableResult
    func wait(for timeout: Duration) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(timeout.components.seconds) * 1_000_000_000 + Int(timeout.components.attoseconds / 1_000_000_000)
        let total = deadline.tv_nsec + nanoseconds % 1_000_000_000
        deadline.tv_sec += nanoseconds / 1_000_000_000 + total / 1_000_000_000
        deadline.tv_nsec = total % 1_000_000_000
        pthread_mutex_lock(mutex)
        while !signalled && pthread_cond_timedwait(condition, mutex, &deadline) == 0 {}
        let wasSignalled = signalled
        signalled = false
        pthread_mutex_unlock(mutex)
        return wasSignalled
    }

    /// Wakes the waiter, or the next wait if none is waiting.
    func signal() {
        pthread_mutex_lock(mutex)
        signalled = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }
}
