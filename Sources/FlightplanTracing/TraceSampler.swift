/// Which traces get their spans exported: OpenTelemetry's built-in samplers, as `OTEL_TRACES_SAMPLER` names them.
public indirect enum TraceSampler: Sendable, Hashable {
    /// Every trace (`always_on`).
    case alwaysOn
    /// None (`always_off`).
    case alwaysOff
    /// A share of traces, chosen by trace id so that every service keeping the same share keeps the same traces
    /// (`traceidratio`): 0…1.
    case traceIDRatio(Double)
    /// The caller's decision (the `traceparent`'s sampled flag) when there is a caller, else `root`'s
    /// (`parentbased_always_on`, the default, and its kin).
    case parentBased(root: TraceSampler)

    /// Whether a span of `traceID` is exported.
    /// - Parameters:
    ///   - traceID: The span's trace.
    ///   - parentSampled: The caller's sampled flag, or nil when the span has no remote parent.
    /// - Returns: The decision.
    public func samples(_ traceID: TraceID, parentSampled: Bool?) -> Bool {
        switch self {
        case .alwaysOn: true
        case .alwaysOff: false
        // As the Java and Go SDKs read it: the trace id's last 8 bytes, less their lowest bit, against ratio · 2⁶³.
        case .traceIDRatio(let ratio): traceID.low >> 1 < UInt64(ratio * 0x1p63)
        case .parentBased(let root): parentSampled ?? root.samples(traceID, parentSampled: nil)
        }
    }

    /// The name and argument `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG` give it (`parentbased_traceidratio 0.25`).
    public var description: String {
        switch self {
        case .alwaysOn: "always_on"
        case .alwaysOff: "always_off"
        case .traceIDRatio(let ratio): "traceidratio \(ratio)"
        case .parentBased(let root): "parentbased_\(root.description)"
        }
    }
}
