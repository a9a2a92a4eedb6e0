import Testing

@testable import FlightplanTracing

@Suite("OTLP ExportTraceServiceRequest in protobuf")
struct OTLPProtobufTests {
    static let trace = TraceID(hex: "4bf92f3577b34da6a3ce929d0e0e4736")!
    static let span = Span(
        traceID: trace, spanID: SpanID(hex: "00f067aa0ba902b7")!, parentSpanID: SpanID(hex: "b7ad6b7169203331")!, name: "POST /v1/plans",
        kind: .server, startNanoseconds: 1_700_000_000_123_456_789, endNanoseconds: 1_700_000_000_223_456_789,
        attributes: [
            Attribute("http.route", .string("/v1/plans")), Attribute("http.response.status_code", .int(503)), Attribute("retried", .bool(true))
        ],
        status: .error("HTTP 503"))

    @Test("a KeyValue is written as protobuf's reference encoder writes it")
    func keyValueBytes() {
        var writer = ProtobufWriter()
        writer.attribute(Attribute("a", .string("b")))
        #expect(writer.bytes == [0x0A, 0x01, 0x61, 0x12, 0x03, 0x0A, 0x01, 0x62])
        var number = ProtobufWriter()
        number.attribute(Attribute("n", .int(-1)))
        // A negative int64 is a 10-byte varint (two's complement), as protobuf writes int64.
        #expect(number.bytes == [0x0A, 0x01, 0x6E, 0x12, 0x0B, 0x18] + [UInt8](repeating: 0xFF, count: 9) + [0x01])
    }

    @Test("resource, scope and span read back field by field: ids big-endian, times fixed64, status, flags")
    func readsBack() throws {
        let resource = [Attribute("service.name", .string("flightplan-test"))]
        let message = OTLPProtobuf.exportRequest([Self.span, Self.span], resource: resource, scopeVersion: "1.2.3")
        let resourceSpans = ProtobufReader.bytes(1, in: message)
        try #require(resourceSpans.count == 1)
        let resourceMessage = try #require(ProtobufReader.bytes(1, in: resourceSpans[0]).first)
        let serviceName = try #require(ProtobufReader.bytes(1, in: resourceMessage).first)
        #expect(ProtobufReader.bytes(1, in: serviceName) == [Array("service.name".utf8)])
        #expect(ProtobufReader.bytes(1, in: ProtobufReader.bytes(2, in: serviceName)[0]) == [Array("flightplan-test".utf8)])
        let scopeSpans = try #require(ProtobufReader.bytes(2, in: resourceSpans[0]).first)
        let scope = try #require(ProtobufReader.bytes(1, in: scopeSpans).first)
        #expect(ProtobufReader.bytes(1, in: scope) == [Array("flightplan".utf8)] && ProtobufReader.bytes(2, in: scope) == [Array("1.2.3".utf8)])
        let spans = ProtobufReader.bytes(2, in: scopeSpans)
        try #require(spans.count == 2)
        let span = spans[0]
        #expect(
            ProtobufReader.bytes(1, in: span) == [[0x4B, 0xF9, 0x2F, 0x35, 0x77, 0xB3, 0x4D, 0xA6, 0xA3, 0xCE, 0x92, 0x9D, 0x0E, 0x0E, 0x47, 0x36]])
        #expect(ProtobufReader.bytes(2, in: span) == [[0x00, 0xF0, 0x67, 0xAA, 0x0B, 0xA9, 0x02, 0xB7]])
        #expect(ProtobufReader.bytes(4, in: span) == [[0xB7, 0xAD, 0x6B, 0x71, 0x69, 0x20, 0x33, 0x31]])
        #expect(ProtobufReader.bytes(5, in: span) == [Array("POST /v1/plans".utf8)])
        #expect(ProtobufReader.value(6, in: span) == .varint(2))
        #expect(ProtobufReader.value(7, in: span) == .fixed64(1_700_000_000_123_456_789))
        #expect(ProtobufReader.value(8, in: span) == .fixed64(1_700_000_000_223_456_789))
        let attributes = ProtobufReader.bytes(9, in: span)
        #expect(attributes.count == 3)
        #expect(ProtobufReader.value(3, in: ProtobufReader.bytes(2, in: attributes[1])[0]) == .varint(503))
        #expect(ProtobufReader.value(2, in: ProtobufReader.bytes(2, in: attributes[2])[0]) == .varint(1))
        let status = try #require(ProtobufReader.bytes(15, in: span).first)
        #expect(ProtobufReader.bytes(2, in: status) == [Array("HTTP 503".utf8)] && ProtobufReader.value(3, in: status) == .varint(2))
        // Sampled (0x01), parent's remoteness known (0x100) and remote (0x200).
        #expect(ProtobufReader.value(16, in: span) == .fixed32(0x301))
    }

    @Test("a message of 128 bytes or more gets a length of two or three bytes, and what follows it still reads", arguments: [127, 128, 300, 20_000])
    func longMessages(length: Int) throws {
        var long = Self.span
        long.attributes = [Attribute("long", .string(String(repeating: "x", count: length))), Attribute("after", .int(7))]
        let message = OTLPProtobuf.exportRequest([long, Self.span], resource: [], scopeVersion: "1")
        let scopeSpans = try #require(ProtobufReader.bytes(2, in: ProtobufReader.bytes(1, in: message)[0]).first)
        let spans = ProtobufReader.bytes(2, in: scopeSpans)
        try #require(spans.count == 2)
        let attributes = ProtobufReader.bytes(9, in: spans[0])
        #expect(ProtobufReader.bytes(1, in: ProtobufReader.bytes(2, in: attributes[0])[0]).first?.count == length)
        #expect(ProtobufReader.value(3, in: ProtobufReader.bytes(2, in: attributes[1])[0]) == .varint(7))
        #expect(ProtobufReader.bytes(5, in: spans[1]) == [Array("POST /v1/plans".utf8)])
    }

    @Test("a root span has no parent field, no status when unset, and a local parent flag", arguments: [Span.Kind.server, .internal])
    func rootSpan(kind: Span.Kind) throws {
        var root = Self.span
        root.parentSpanID = nil
        root.status = .unset
        root.kind = kind
        let message = OTLPProtobuf.exportRequest([root], resource: [], scopeVersion: "1")
        let scopeSpans = try #require(ProtobufReader.bytes(2, in: ProtobufReader.bytes(1, in: message)[0]).first)
        let span = try #require(ProtobufReader.bytes(2, in: scopeSpans).first)
        #expect(ProtobufReader.bytes(4, in: span).isEmpty && ProtobufReader.bytes(15, in: span).isEmpty)
        #expect(ProtobufReader.value(6, in: span) == .varint(UInt64(kind.rawValue)))
        #expect(ProtobufReader.value(16, in: span) == .fixed32(0x101))
    }

    @Test("ids parse from hex in either case, print lower-case, and refuse zero or a wrong length")
    func ids() {
        #expect(TraceID(hex: "4BF92F3577B34DA6A3CE929D0E0E4736")?.hex == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(
            TraceID(hex: String(repeating: "0", count: 32)) == nil && TraceID(hex: "4bf9") == nil
                && TraceID(hex: String(repeating: "g", count: 32)) == nil)
        #expect(SpanID(hex: "00f067aa0ba902b7")?.hex == "00f067aa0ba902b7" && SpanID(hex: String(repeating: "0", count: 16)) == nil)
        let drawn = (0..<1000).map { _ in SpanID.random() }
        #expect(Set(drawn).count == 1000)
    }
}
