import FlightplanTracing

/// A request's W3C Trace Context (https://www.w3.org/TR/trace-context/): the caller's `traceparent`, read as
/// the recommendation says a receiver must, and the span this server opens for the request under it.
///
/// A header that does not parse is ignored, never refused: the request goes on untraced, as if it had none.
/// `tracestate` is accepted and not read: Flightplan calls no other service, so it has nowhere to pass it on.
///
/// Hand-written rather than swift-w3c-trace-context with swift-distributed-tracing: the parse is 55 bytes
/// checked in one pass with no allocation but the two ids, and an untraced request pays one dictionary lookup;
/// the packages would add a task-local context and an instrument bootstrap that nothing here reads.
public struct TraceContext: Sendable, Hashable {
    /// The trace's id: 32 lower-case hex digits, not all zero.
    public let traceID: String
    /// The caller's span (the `parent-id`): 16 lower-case hex digits, not all zero.
    public let parentID: String
    /// Whether the caller sampled the trace (bit 0 of `trace-flags`).
    public let sampled: Bool
    /// The span this server opens for the request under the caller's: 16 lower-case hex digits, random, never all
    /// zero. Drawn once, when the context is read from the request's head, so the response's `traceresponse` and
    /// the access line name the same span.
    public let spanID: String

    /// The context a `traceparent` value carries, or nil when it does not parse: a version other than two
    /// lower-case hex digits or `ff`; for version `00` anything but exactly `00-<32 hex>-<16 hex>-<2 hex>`; for a
    /// later version fewer than those 55 characters, or a 56th that is not `-`; an upper-case digit; an all-zero
    /// trace or parent id. Several `traceparent` headers (joined with ", ") are invalid too.
    /// - Parameter traceparent: The header's value as received.
    public init?(traceparent: String) {
        var text = traceparent
        let parsed: TraceContext? = text.withUTF8 { bytes in
            guard bytes.count >= 55, let version = Self.hexValue(bytes[0..<2]), version != 0xFF else { return nil }
            guard version != 0 ? (bytes.count == 55 || bytes[55] == UInt8(ascii: "-")) : bytes.count == 55 else { return nil }
            guard bytes[2] == UInt8(ascii: "-"), bytes[35] == UInt8(ascii: "-"), bytes[52] == UInt8(ascii: "-") else { return nil }
            let trace = bytes[3..<35], parent = bytes[36..<52]
            guard let flags = Self.hexValue(bytes[53..<55]), Self.isNonZeroHex(trace), Self.isNonZeroHex(parent) else { return nil }
            return TraceContext(
                traceID: String(decoding: trace, as: UTF8.self), parentID: String(decoding: parent, as: UTF8.self), sampled: flags & 1 == 1)
        }
        guard let parsed else { return nil }
        self = parsed
    }

    private init(traceID: String, parentID: String, sampled: Bool) {
        self.traceID = traceID
        self.parentID = parentID
        self.sampled = sampled
        self.spanID = SpanID.random().hex
    }

    /// The context of a request head's `traceparent`, or nil when it has none or it does not parse.
    /// - Parameter head: The request's head; only its `traceparent` header is read.
    public init?(_ head: RequestHead) {
        guard let header = head[header: "traceparent"] else { return nil }
        self.init(traceparent: header)
    }

    /// The `traceresponse` header's value (Trace Context Level 2): version `00`, the trace, this server's span
    /// (``spanID``) and the caller's sampled flag: `00-<trace id>-<span id>-<01 or 00>`.
    public var traceresponse: String { "00-\(traceID)-\(spanID)-\(sampled ? "01" : "00")" }

    /// The value of two lower-case hex digits, or nil.
    private static func hexValue(_ pair: Slice<UnsafeBufferPointer<UInt8>>) -> UInt8? {
        guard let high = digit(pair[pair.startIndex]), let low = digit(pair[pair.startIndex + 1]) else { return nil }
        return high << 4 | low
    }

    /// Whether every byte is a lower-case hex digit and one at least is not `0`.
    private static func isNonZeroHex(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.allSatisfy { digit($0) != nil } && bytes.contains { $0 != UInt8(ascii: "0") }
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
