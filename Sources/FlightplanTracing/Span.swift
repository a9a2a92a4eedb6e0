/// A trace's id: 16 bytes, never all zero, written as 32 lower-case hex digits (W3C Trace Context).
public struct TraceID: Sendable, Hashable {
    /// The first 8 bytes, big-endian.
    public let high: UInt64
    /// The last 8 bytes, big-endian; what the `traceidratio` sampler reads.
    public let low: UInt64

    /// The id of these two halves; nil when both are zero (an invalid id).
    /// - Parameters:
    ///   - high: The first 8 bytes, big-endian.
    ///   - low: The last 8 bytes, big-endian.
    public init?(high: UInt64, low: UInt64) {
        guard high != 0 || low != 0 else { return nil }
        self.high = high
        self.low = low
    }

    /// The id 32 hex digits spell (either case), or nil when they do not or spell zero.
    /// - Parameter hex: The id as `traceparent` carries it.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 32, let high = HexDigits.value(hex.utf8.prefix(16)), let low = HexDigits.value(hex.utf8.dropFirst(16)) else {
            return nil
        }
        self.init(high: high, low: low)
    }

    /// 32 lower-case hex digits.
    public var hex: String { HexDigits.text(high, low) }
}

/// A span's id: 8 bytes, never all zero, written as 16 lower-case hex digits.
public struct SpanID: Sendable, Hashable {
    /// The 8 bytes, big-endian.
    public let value: UInt64

    /// The id of these bytes; nil for zero (an invalid id).
    /// - Parameter value: The 8 bytes, big-endian.
    public init?(_ value: UInt64) {
        guard value != 0 else { return nil }
        self.value = value
    }

    /// The id 16 hex digits spell (either case), or nil when they do not or spell zero.
    /// - Parameter hex: The id as `traceparent` carries it.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 16, let value = HexDigits.value(hex.utf8) else { return nil }
        self.init(value)
    }

    /// 16 lower-case hex digits.
    public var hex: String { HexDigits.text(value) }
}

/// A finished span, as OTLP carries it (opentelemetry-proto's `trace.v1.Span`, the fields Flightplan fills).
public struct Span: Sendable, Hashable {
    /// What the span stands for (OTLP's `SpanKind`).
    public enum Kind: Int, Sendable, Hashable {
        /// An operation inside the process (`SPAN_KIND_INTERNAL`).
        case `internal` = 1
        /// The handling of a request from a remote client (`SPAN_KIND_SERVER`).
        case server = 2
    }

    /// How the operation ended (OTLP's `Status`).
    public enum Status: Sendable, Hashable {
        /// Not set: the default, and what a server span of a client error (4xx) keeps.
        case unset
        /// Failed, with a message.
        case error(String)
    }

    /// The trace the span belongs to.
    public var traceID: TraceID
    /// The span's own id.
    public var spanID: SpanID
    /// The span it is a child of (the caller's, from `traceparent`), or nil for a trace's root.
    public var parentSpanID: SpanID?
    /// A short, low-cardinality name (`POST /v1/plans`).
    public var name: String
    /// Server or internal.
    public var kind: Kind
    /// When it began, nanoseconds since the Unix epoch.
    public var startNanoseconds: UInt64
    /// When it ended, nanoseconds since the Unix epoch.
    public var endNanoseconds: UInt64
    /// Its attributes, in the order given.
    public var attributes: [Attribute]
    /// How it ended.
    public var status: Status

    /// A span with every field given.
    /// - Parameters:
    ///   - traceID: The trace it belongs to.
    ///   - spanID: Its own id.
    ///   - parentSpanID: Its parent's id, nil for a root.
    ///   - name: A low-cardinality name.
    ///   - kind: Server or internal.
    ///   - startNanoseconds: Its start, nanoseconds since the Unix epoch.
    ///   - endNanoseconds: Its end, nanoseconds since the Unix epoch.
    ///   - attributes: Its attributes.
    ///   - status: How it ended; unset by default.
    public init(
        traceID: TraceID, spanID: SpanID, parentSpanID: SpanID?, name: String, kind: Kind, startNanoseconds: UInt64, endNanoseconds: UInt64,
        attributes: [Attribute], status: Status = .unset
    ) {
        self.traceID = traceID
        self.spanID = spanID
        self.parentSpanID = parentSpanID
        self.name = name
        self.kind = kind
        self.startNanoseconds = startNanoseconds
        self.endNanoseconds = endNanoseconds
        self.attributes = attributes
        self.status = status
    }
}

/// A key and its value, on a span or the resource (OTLP's `KeyValue`).
public struct Attribute: Sendable, Hashable {
    /// A value of one of the types Flightplan records (OTLP's `AnyValue`).
    public enum Value: Sendable, Hashable {
        /// A string.
        case string(String)
        /// A signed 64-bit integer.
        case int(Int64)
        /// A boolean.
        case bool(Bool)
    }

    /// The key, by the semantic conventions where one applies (`http.route`).
    public var key: String
    /// The value.
    public var value: Value

    /// The attribute `key` = `value`.
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The value.
    public init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }
}

/// Hex digits in and out of 64-bit values.
enum HexDigits {
    /// The value of up to 16 hex digits (either case), or nil when one is not a hex digit.
    static func value(_ digits: some Collection<UInt8>) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// 16 lower-case hex digits for `first`, then 16 for `second` if given: written straight into one string (a trace
    /// id as two strings joined took three allocations).
    static func text(_ first: UInt64, _ second: UInt64? = nil) -> String {
        let count = second == nil ? 16 : 32
        return String(unsafeUninitializedCapacity: count) { digits in
            func write(_ word: UInt64, at offset: Int) {
                var rest = word
                for index in (offset..<(offset + 16)).reversed() {
                    let nibble = UInt8(truncatingIfNeeded: rest & 15)
                    digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    rest >>= 4
                }
            }
            write(first, at: 0)
            if let second { write(second, at: 16) }
            return count
        }
    }
}
