import Dispatch
import FlightplanTracing
import Foundation
import Synchronization
import Testing

/// A value behind an NSLock (a pthread mutex, which ThreadSanitizer sees; `Mutex` it does not, on Linux).
private final class Guarded<Value>: @unchecked Sendable {  // `value` is only touched holding `lock`
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// What a test's export function saw, and a gate that holds it inside an export until the test opens it.
private final class RecordingExport: Sendable {
    let batches = Guarded<[[Span]]>([])
    let entered = Atomic<Int>(0)
    let gate = DispatchSemaphore(value: 0)
    let holds: Bool
    let failure: String?

    init(holds: Bool = false, failure: String? = nil) {
        self.holds = holds
        self.failure = failure
    }

    func export(_ batch: [Span]) -> String? {
        entered.add(1, ordering: .relaxed)
        if holds {
            gate.wait()
            gate.signal()
        }
        batches.withLock { $0.append(batch) }
        return failure
    }

    var sizes: [Int] { batches.withLock { $0.map(\.count) } }
}

/// Waits up to 5 s for `condition`.
private func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        usleepMilliseconds(5)
    }
    return condition()
}

private func usleepMilliseconds(_ milliseconds: Int) {
    Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
}

private func settings(queue: Int, batch: Int, delay: Duration) -> BatchSettings {
    var settings = BatchSettings()
    settings.maxQueueSize = queue
    settings.maxExportBatchSize = batch
    settings.scheduleDelay = delay
    return settings
}

private func span(_ number: Int) -> Span {
    Span(
        traceID: .random(), spanID: .random(), parentSpanID: nil, name: "span \(number)", kind: .server, startNanoseconds: 1, endNanoseconds: 2,
        attributes: [])
}

@Suite("The batch span processor: bounded queue, drops counted, batches by size and delay, flushed on shutdown")
struct SpanBatcherTests {
    @Test("while an export is stuck, the queue holds maxQueueSize spans and drops and counts the rest; all held are sent later")
    func queueBoundAndDrops() {
        let export = RecordingExport(holds: true)
        let batcher = SpanBatcher(settings: settings(queue: 4, batch: 2, delay: .seconds(60)), export: export.export)
        batcher.submit(span(0))
        batcher.submit(span(1))
        // A full batch is sent at once, without waiting for the 60 s delay; the export holds there.
        #expect(eventually { export.entered.load(ordering: .relaxed) == 1 })
        for number in 2..<9 { batcher.submit(span(number)) }
        #expect(batcher.droppedSpans == 3)
        export.gate.signal()
        #expect(batcher.shutdown(timeout: .seconds(5)))
        #expect(export.sizes == [2, 2, 2] && batcher.exportedSpans == 6 && batcher.droppedSpans == 3)
        let names = export.batches.withLock { $0.flatMap { $0.map(\.name) } }
        #expect(names == (0..<6).map { "span \($0)" })
    }

    @Test("a span waits at most the schedule delay when its batch does not fill")
    func scheduleDelay() {
        let export = RecordingExport()
        let batcher = SpanBatcher(settings: settings(queue: 100, batch: 50, delay: .milliseconds(50)), export: export.export)
        batcher.submit(span(0))
        #expect(eventually { export.sizes == [1] })
        batcher.shutdown(timeout: .seconds(5))
    }

    @Test("shutdown sends what is queued before it returns, in batches; later spans are dropped and counted")
    func flushOnShutdown() {
        let export = RecordingExport()
        let batcher = SpanBatcher(settings: settings(queue: 100, batch: 4, delay: .seconds(60)), export: export.export)
        for number in 0..<3 { batcher.submit(span(number)) }
        #expect(export.sizes.isEmpty)
        #expect(batcher.shutdown(timeout: .seconds(5)))
        #expect(export.sizes == [3] && batcher.exportedSpans == 3)
        batcher.submit(span(3))
        #expect(batcher.droppedSpans == 1)
        #expect(batcher.shutdown(timeout: .seconds(1)))
    }

    @Test("shutdown waits no longer than its timeout for an export that hangs; what it never took is counted as dropped")
    func shutdownTimeout() {
        let export = RecordingExport(holds: true)
        let batcher = SpanBatcher(settings: settings(queue: 10, batch: 1, delay: .seconds(60)), export: export.export)
        batcher.submit(span(0))
        #expect(eventually { export.entered.load(ordering: .relaxed) == 1 })
        batcher.submit(span(1))
        let started = ContinuousClock.now
        #expect(!batcher.shutdown(timeout: .milliseconds(200)))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(batcher.droppedSpans == 1)
        export.gate.signal()
    }

    @Test("failed exports are counted, and reported once per outage, not once per batch")
    func failures() {
        let export = RecordingExport(failure: "refused")
        let reports = Guarded<[String]>([])
        let batcher = SpanBatcher(
            settings: settings(queue: 100, batch: 1, delay: .seconds(60)), export: export.export,
            reportFailure: { reason in reports.withLock { $0.append(reason) } })
        for number in 0..<3 { batcher.submit(span(number)) }
        #expect(batcher.shutdown(timeout: .seconds(5)))
        #expect(batcher.failedExports == 3 && batcher.exportedSpans == 0)
        #expect(reports.withLock { $0 } == ["refused"])
    }

    @Test("submitting never waits for the export: 10 000 spans from 4 threads while the export hangs take well under a second")
    func submitNeverBlocks() {
        let export = RecordingExport(holds: true)
        let batcher = SpanBatcher(settings: settings(queue: 2048, batch: 512, delay: .seconds(60)), export: export.export)
        let started = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for number in 0..<2500 { batcher.submit(span(number)) }
        }
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(eventually { export.entered.load(ordering: .relaxed) == 1 })
        // One batch of 512 taken by the hung export (taken while the others went on, or once they were done), 2 048
        // queued, the rest dropped; and every span is accounted for.
        #expect((10_000 - 2048 - 512)...(10_000 - 2048) ~= batcher.droppedSpans)
        export.gate.signal()
        #expect(batcher.shutdown(timeout: .seconds(5)))
        #expect(batcher.exportedSpans + batcher.droppedSpans == 10_000)
    }
}
