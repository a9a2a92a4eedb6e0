import Synchronization

/// OpenTelemetry's batch span processor: finished spans wait in a bounded queue and a thread of the batcher's own
/// sends them, a batch at a time, so that a request thread only appends under a short lock and never waits for the
/// network.
///
/// A batch leaves when ``BatchSettings/maxExportBatchSize`` spans are waiting or the oldest has waited
/// ``BatchSettings/scheduleDelay``. When ``BatchSettings/maxQueueSize`` spans are waiting (the receiver is slow or
/// gone), later spans are dropped and counted (``droppedSpans``) rather than held or waited for. ``shutdown(timeout:)``
/// sends what is left, waiting a bounded time.
public final class SpanBatcher: Sendable {
    /// The queue's bound and the batches' size and timing.
    public let settings: BatchSettings

    private struct Queue {
        var spans: [Span] = []
        /// Set by ``SpanBatcher/shutdown(timeout:)``: send what is left, then stop.
        var closing = false
        /// Set by the thread once it has sent what was left at shutdown.
        var finished = false
    }

    private let queue: ConditionLock<Queue>
    private let export: @Sendable ([Span]) -> String?
    private let reportFailure: @Sendable (String) -> Void
    private let dropped = Atomic<Int>(0)
    private let exported = Atomic<Int>(0)
    private let failures = Atomic<Int>(0)

    /// A batcher sending with `export` from a thread it starts.
    /// - Parameters:
    ///   - settings: The queue's bound, the batch size, the delay and the export timeout.
    ///   - export: Sends one batch, blocking at most the export timeout; returns nil on success, else why it failed.
    ///     Called on the batcher's thread only, one batch at a time.
    ///   - reportFailure: Told why an export failed, when the one before it succeeded (once per outage, not per batch).
    public init(
        settings: BatchSettings, export: @escaping @Sendable ([Span]) -> String?, reportFailure: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.settings = settings
        self.export = export
        self.reportFailure = reportFailure
        var empty = Queue()
        empty.spans.reserveCapacity(settings.maxExportBatchSize)
        queue = ConditionLock(empty)
        // The thread holds the batcher until it has sent what is left at shutdown.
        if !SystemCalls.startThread({ [self] in run() }) {
            queue.withLock { $0.finished = true }
        }
    }

    /// Spans dropped because the queue was full (or the batcher shut down).
    public var droppedSpans: Int { dropped.load(ordering: .relaxed) }
    /// Spans a receiver accepted.
    public var exportedSpans: Int { exported.load(ordering: .relaxed) }
    /// Export requests that failed (refused, timed out, unreachable); their spans are lost.
    public var failedExports: Int { failures.load(ordering: .relaxed) }

    /// Queues a finished span, or drops and counts it when ``BatchSettings/maxQueueSize`` spans are waiting. Never
    /// waits for the network.
    /// - Parameter span: The span.
    public func submit(_ span: Span) {
        let (accepted, batchReady) = queue.withLock { queue -> (Bool, Bool) in
            guard !queue.closing, queue.spans.count < settings.maxQueueSize else { return (false, false) }
            queue.spans.append(span)
            return (true, queue.spans.count == settings.maxExportBatchSize)
        }
        if !accepted { dropped.add(1, ordering: .relaxed) }
        if batchReady { queue.broadcast() }
    }

    /// Sends what is queued and stops the thread, waiting at most `timeout`; later spans are dropped. Idempotent.
    /// - Parameter timeout: The longest wait for the last batches.
    /// - Returns: Whether everything queued was sent (or tried) in time.
    @discardableResult
    public func shutdown(timeout: Duration) -> Bool {
        queue.withLock { $0.closing = true }
        queue.broadcast()
        let finished = queue.withLock(waitingUntil: \.finished, deadline: .now + timeout) { $0.finished }
        if !finished {
            // The thread is blocked in an export: what it has not taken yet is lost.
            let left = queue.withLock { queue -> Int in
                defer { queue.spans = [] }
                return queue.spans.count
            }
            dropped.add(left, ordering: .relaxed)
        }
        return finished
    }

    private func run() {
        var lastFailed = false
        var due = ContinuousClock.now + settings.scheduleDelay
        while true {
            let (batch, stop) = queue.withLock(
                waitingUntil: { $0.closing || $0.spans.count >= self.settings.maxExportBatchSize }, deadline: due
            ) { queue -> ([Span], Bool) in
                let count = min(queue.spans.count, settings.maxExportBatchSize)
                let batch = Array(queue.spans[..<count])
                queue.spans.removeFirst(count)
                return (batch, queue.closing && queue.spans.isEmpty)
            }
            due = ContinuousClock.now + settings.scheduleDelay
            if !batch.isEmpty {
                if let failure = export(batch) {
                    failures.add(1, ordering: .relaxed)
                    if !lastFailed { reportFailure(failure) }
                    lastFailed = true
                } else {
                    exported.add(batch.count, ordering: .relaxed)
                    lastFailed = false
                }
            }
            if stop { break }
        }
        queue.withLock { $0.finished = true }
        queue.broadcast()
    }
}
