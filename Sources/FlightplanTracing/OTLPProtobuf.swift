/// OTLP's `ExportTraceServiceRequest` (opentelemetry-proto 1.x, `collector/trace/v1/trace_service.proto`) in the
/// protobuf wire format, written by hand: one resource, one instrumentation scope, the spans given. Only the fields
/// Flightplan fills are written; a receiver reads the others as their defaults.
///
/// Field numbers, from `trace/v1/trace.proto`, `resource/v1/resource.proto` and `common/v1/common.proto`:
/// ExportTraceServiceRequest.resource_spans = 1; ResourceSpans.resource = 1, .scope_spans = 2;
/// Resource.attributes = 1; ScopeSpans.scope = 1, .spans = 2; InstrumentationScope.name = 1, .version = 2;
/// Span.trace_id = 1, .span_id = 2, .parent_span_id = 4, .name = 5, .kind = 6, .start_time_unix_nano = 7 (fixed64),
/// .end_time_unix_nano = 8 (fixed64), .attributes = 9, .status = 15, .flags = 16 (fixed32); Status.message = 2,
/// .code = 3; KeyValue.key = 1, .value = 2; AnyValue.string_value = 1, .bool_value = 2, .int_value = 3.
public enum OTLPProtobuf {
    /// The name and version of the instrumentation scope every span is reported under.
    public static let scopeName = "flightplan"

    /// The request's body: `resource` and `spans` as one `ExportTraceServiceRequest`.
    /// - Parameters:
    ///   - spans: The spans, in the order they are written.
    ///   - resource: The resource's attributes (`service.name` and the others).
    ///   - scopeVersion: The instrumentation scope's version (Flightplan's).
    /// - Returns: The encoded message, for a `Content-Type: application/x-protobuf` body.
    public static func exportRequest(_ spans: some Collection<Span>, resource: [Attribute], scopeVersion: String) -> [UInt8] {
        // About 340 bytes a server span; one buffer for the whole request, its messages' lengths written in place.
        var request = ProtobufWriter(capacity: 512 + 400 * spans.count)
        request.message(1) { resourceSpans in
            resourceSpans.message(1) { resourceMessage in
                for attribute in resource { resourceMessage.message(1) { $0.attribute(attribute) } }
            }
            resourceSpans.message(2) { scopeSpans in
                scopeSpans.message(1) { scope in
                    scope.string(1, scopeName)
                    scope.string(2, scopeVersion)
                }
                for span in spans { scopeSpans.message(2) { $0.span(span) } }
            }
        }
        return request.bytes
    }
}

/// Protobuf's wire format, the parts OTLP's trace messages need: varints, fixed-width integers and length-delimited
/// fields (https://protobuf.dev/programming-guides/encoding/).
///
/// Everything is written into one buffer: an embedded message is written in place after a one-byte length, which is
/// widened once the message is written if it took 128 bytes or more (the message moved up by a byte or two). Writing
/// each embedded message into an array of its own and copying it in cost 27 000 instructions a server span; this,
/// 7 300 (callgrind over 410 spans, `Benchmarks/server_instructions.py --spans`, 2026-11-28).
struct ProtobufWriter {
    /// What has been written.
    private(set) var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    private enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    private mutating func tag(_ field: UInt64, _ type: WireType) {
        varint(field << 3 | type.rawValue)
    }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A varint field (an enum, a bool, an int64 as its two's complement); zero is written too.
    mutating func varint(_ field: UInt64, _ value: UInt64) {
        tag(field, .varint)
        varint(value)
    }

    /// A fixed64 field, little-endian.
    mutating func fixed64(_ field: UInt64, _ value: UInt64) {
        tag(field, .fixed64)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A fixed32 field, little-endian.
    mutating func fixed32(_ field: UInt64, _ value: UInt32) {
        tag(field, .fixed32)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A string field, UTF-8.
    mutating func string(_ field: UInt64, _ value: String) {
        var value = value
        tag(field, .lengthDelimited)
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A bytes field of one or two words, each big-endian (a span id is one word, a trace id two).
    mutating func bigEndian(_ field: UInt64, _ first: UInt64, _ second: UInt64? = nil) {
        tag(field, .lengthDelimited)
        varint(second == nil ? 8 : 16)
        withUnsafeBytes(of: first.bigEndian) { bytes.append(contentsOf: $0) }
        if let second { withUnsafeBytes(of: second.bigEndian) { bytes.append(contentsOf: $0) } }
    }

    /// An embedded message field, written by `body` in place (its length is only known once it is written).
    mutating func message(_ field: UInt64, _ body: (inout ProtobufWriter) -> Void) {
        tag(field, .lengthDelimited)
        let lengthAt = bytes.count
        bytes.append(0)
        body(&self)
        let length = bytes.count - lengthAt - 1
        guard length >= 0x80 else {
            bytes[lengthAt] = UInt8(length)
            return
        }
        // The length takes more than one byte: make room for the others, then write it.
        let extra = (64 - UInt64(length).leadingZeroBitCount - 1) / 7
        bytes.insert(contentsOf: repeatElement(0, count: extra), at: lengthAt + 1)
        var rest = length
        for index in lengthAt...(lengthAt + extra) {
            bytes[index] = UInt8(truncatingIfNeeded: rest) | (index < lengthAt + extra ? 0x80 : 0)
            rest >>= 7
        }
    }

    /// A `KeyValue`'s fields.
    mutating func attribute(_ attribute: Attribute) {
        string(1, attribute.key)
        message(2) { value in
            switch attribute.value {
            case .string(let text): value.string(1, text)
            case .bool(let flag): value.varint(2, flag ? 1 : 0)
            case .int(let number): value.varint(3, UInt64(bitPattern: number))
            }
        }
    }

    /// A `Span`'s fields.
    mutating func span(_ span: Span) {
        bigEndian(1, span.traceID.high, span.traceID.low)
        bigEndian(2, span.spanID.value)
        if let parent = span.parentSpanID { bigEndian(4, parent.value) }
        string(5, span.name)
        varint(6, UInt64(span.kind.rawValue))
        fixed64(7, span.startNanoseconds)
        fixed64(8, span.endNanoseconds)
        for attribute in span.attributes { message(9) { $0.attribute(attribute) } }
        if case .error(let text) = span.status {
            message(15) { status in
                status.string(2, text)
                status.varint(3, 2)  // STATUS_CODE_ERROR
            }
        }
        // SpanFlags: bits 0–7 are the W3C trace flags (sampled, since it is exported); bit 8 says whether the parent's
        // remoteness is known, bit 9 that it is remote (a parent from `traceparent` always is).
        fixed32(16, span.kind == .server && span.parentSpanID != nil ? 0x301 : 0x101)
    }
}
