/// What the server holds to export spans: the sampler that decides which traces leave and the batcher that sends
/// them.
public final class Tracer: Sendable {
    /// Which traces are exported.
    public let sampler: TraceSampler
    /// The queue and the thread that send spans.
    public let batcher: SpanBatcher

    /// A tracer sampling with `sampler` and sending through `batcher`.
    /// - Parameters:
    ///   - sampler: Which traces are exported.
    ///   - batcher: Where their spans go.
    public init(sampler: TraceSampler, batcher: SpanBatcher) {
        self.sampler = sampler
        self.batcher = batcher
    }

    /// A tracer exporting by OTLP/HTTP as `configuration` says, from a batcher thread it starts.
    /// - Parameters:
    ///   - configuration: The endpoint, sampler, resource and batch settings.
    ///   - reportFailure: Told why an export failed, once per outage.
    public convenience init(configuration: TracingConfiguration, reportFailure: @escaping @Sendable (String) -> Void) {
        let exporter = OTLPHTTPExporter(configuration: configuration)
        self.init(
            sampler: configuration.sampler,
            batcher: SpanBatcher(settings: configuration.batch, export: { exporter.export($0) }, reportFailure: reportFailure))
    }

    /// Nanoseconds since the Unix epoch now, as spans' timestamps count.
    public static var wallClockNanoseconds: UInt64 { SystemCalls.wallClockNanoseconds() }
}
