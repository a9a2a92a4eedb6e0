import FlightplanServerTestSupport
import Foundation
import Logging
import Testing

@testable import FlightplanServer

/// A plan of 7 000 keyframes on 7 moving tracks (the overlay, the flying screen, its destination image, two snapshots
/// per child): its answer (about 6.5 MB) is larger than loopback's socket buffers, so a client that does not read
/// leaves most of it queued in the server. (The overlay and the screen alone, 2.9 MB, fitted in them on Linux.)
private let largePlan = """
    {"source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 160}},
     "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}, "sampling": {"keyframes": 7000},
     "children": [{"id": "a", "from": {"x": 20, "y": 230, "width": 10, "height": 10}, "to": {"x": 5, "y": 5, "width": 20, "height": 20}},
                  {"id": "b", "from": {"x": 20, "y": 230, "width": 10, "height": 10}, "to": {"x": 5, "y": 5, "width": 20, "height": 20}}]}
    """

/// A plan of 200 keyframes (a 190 kB answer): neither small nor large for the answer budget.
private let ordinaryPlan = largePlan.replacingOccurrences(of: "7000", with: "200")

/// A GET of `target` with `fields` after `Host: x`, padded with an `X-Pad` field so that the request line and
/// headers, blank line included, take exactly `size` bytes (when `size` is given).
private func rawHead(_ target: String, fields: [String] = [], size: Int? = nil) -> [UInt8] {
    let line = "GET \(target) HTTP/1.1\r\nHost: x\r\n" + fields.map { "\($0)\r\n" }.joined()
    guard let size else { return Array((line + "\r\n").utf8) }
    let padding = size - line.utf8.count - "X-Pad: \r\n\r\n".utf8.count
    precondition(padding >= 0, "the head is already longer than \(size) bytes")
    return Array((line + "X-Pad: " + String(repeating: "a", count: padding) + "\r\n\r\n").utf8)
}

/// Sends `bytes` on a new connection; returns the one response and what followed it until the server closed.
private func exchangeOnce(_ bytes: [UInt8], port: Int) throws -> (response: RawHTTPClient.Response, after: [UInt8]) {
    let client = try RawHTTPClient(port: port)
    try client.send(bytes)
    let response = try client.receive()
    return (response, try client.readToEnd())
}

@Suite("Transport limits of the real daemon: head sizes, framing, unread answers", .serialized)
struct TransportLimitTests {
    @Test(
        "every head within 8 KiB and 100 fields is answered, whatever fills it",
        arguments: ["a long target", "500 query parameters", "4 000 empty query parameters", "100 fields", "one long field"])
    func headsWithinTheLimitAreAnswered(shape: String) async throws {
        try await withDaemon { daemon in
            let limit = ServerConfiguration().maxHeadBytes
            let bytes: [UInt8] =
                switch shape {
                case "a long target": rawHead("/healthz?q=" + String(repeating: "b", count: limit - 60), size: limit)
                case "500 query parameters": rawHead("/healthz?" + (0..<500).map { "p\($0)=1" }.joined(separator: "&"), size: limit)
                case "4 000 empty query parameters": rawHead("/healthz?" + String(repeating: "a&", count: 4000), size: limit)
                case "100 fields": rawHead("/healthz", fields: (0..<98).map { "X-F\($0): 1" }, size: limit)
                default: rawHead("/healthz", size: limit)
                }
            #expect(bytes.count == limit)
            let client = try RawHTTPClient(port: daemon.port)
            try client.send(bytes)
            #expect(try client.receive().status == 200)
            #expect(try client.request("GET", "/healthz").status == 200, "the connection is kept alive")
        }
    }

    @Test(
        "a head past 8 KiB or 100 fields gets one 431 problem and the connection closed",
        arguments: ["one byte over", "twice the limit", "101 fields"])
    func headsPastTheLimitGet431(shape: String) async throws {
        try await withDaemon { daemon in
            let limit = ServerConfiguration().maxHeadBytes
            let bytes: [UInt8] =
                switch shape {
                case "one byte over": rawHead("/healthz", size: limit + 1)
                case "twice the limit": rawHead("/healthz", size: 2 * limit)
                default: rawHead("/healthz", fields: (0..<100).map { "X-F\($0): 1" })
                }
            let (response, after) = try exchangeOnce(bytes, port: daemon.port)
            #expect(response.status == 431)
            #expect(response.headers["content-type"] == "application/problem+json" && response.headers["x-request-id"] != nil)
            #expect(after.isEmpty, "\(String(decoding: after, as: UTF8.self))")
        }
    }

    @Test(
        "a control character in a header value, NUL included, gets one 400 problem",
        arguments: ["a\u{0}b", "a\u{0}", "a\u{1}b", "a\u{7F}", "\u{0}"])
    func controlCharacterInHeaderValue(value: String) async throws {
        try await withDaemon { daemon in
            let (response, after) = try exchangeOnce(rawHead("/healthz", fields: ["X-A: \(value)", "Accept: */*"]), port: daemon.port)
            #expect(response.status == 400 && response.headers["content-type"] == "application/problem+json")
            #expect(String(decoding: response.body, as: UTF8.self).contains("control character 0x"))
            #expect(after.isEmpty)
        }
    }

    @Test("spaces and tabs around a field value are not part of it: a traced, identified request from a listed origin")
    func whitespaceAroundAValue() async throws {
        let log = InMemoryLog()
        let trace = "4bf92f3577b34da6a3ce929d0e0e4736"
        try await withDaemon({ $0.corsOrigin = "https://a.example" }, log: log) { daemon in
            let fields = ["traceparent: 00-\(trace)-00f067aa0ba902b7-01 \t", "X-Request-Id: \t abc \t", "Origin: https://a.example\t "]
            let client = try RawHTTPClient(port: daemon.port)
            try client.send(rawHead("/healthz", fields: fields))
            let response = try client.receive()
            #expect(response.status == 200)
            #expect(response.headers["traceresponse"]?.hasPrefix("00-\(trace)-") == true, "\(response.headers)")
            #expect(response.headers["x-request-id"] == "abc")
            #expect(response.headers["access-control-allow-origin"] == "https://a.example")
        }
        let access = try #require(log.lines.last)
        #expect(access.metadata["request_id"] == "abc", "\(access.metadata)")
        #expect(access.metadata["trace_id"] == trace, "\(access.metadata)")
    }

    @Test("a NUL or control character in the request target gets one 400 problem", arguments: ["/healthz\u{0}x", "/healthz\u{1}x"])
    func controlCharacterInTarget(target: String) async throws {
        try await withDaemon { daemon in
            let (response, after) = try exchangeOnce(rawHead(target), port: daemon.port)
            #expect(response.status == 400 && response.headers["content-type"] == "application/problem+json")
            #expect(after.isEmpty)
        }
    }

    @Test(
        "an escape of a control character in the target gets one 400 problem, never the truncated path's answer",
        arguments: ["/healthz%00x", "/healthz%0a", "/readyz%00", "/healthz%09", "/healthz%7F"])
    func escapedControlCharacterInTarget(target: String) async throws {
        try await withDaemon { daemon in
            let (response, after) = try exchangeOnce(rawHead(target), port: daemon.port)
            #expect(response.status == 400 && response.headers["content-type"] == "application/problem+json", "\(response.status)")
            #expect(after.isEmpty)
            #expect(try RawHTTPClient(port: daemon.port).request("GET", "/health%7A").status == 200, "a printable escape decodes")
        }
    }

    @Test(
        "a Content-Length libmicrohttpd cannot parse is refused with a 400 and the connection closed, the body never run",
        arguments: ["+2", "0x2", "-1", "2, 2", "2 2", "2 ", " 2 ", "12345678901234567890", "123456789012345678901", ""])
    func malformedContentLength(length: String) async throws {
        // libmicrohttpd 0.9.75 answers these itself (its HTML 400) before any callback can act safely; the daemon
        // must stay up and serve the next connection.
        try await withDaemon { daemon in
            let request = "POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n{}"
            let client = try RawHTTPClient(port: daemon.port)
            try client.send(Array(request.utf8))
            let response = try client.receive(method: "POST")
            // A 21-digit length is "too large" to libmicrohttpd rather than malformed.
            #expect(response.status == 400 || response.status == 413, "\(response.status)")
            #expect(!String(decoding: response.body, as: UTF8.self).contains(#""style""#), "the body was planned")
            #expect(try RawHTTPClient(port: daemon.port).request("GET", "/healthz").status == 200)
        }
    }

    @Test("a path refused for a control character is logged as sent, escaped")
    func refusedPathIsLogged() async throws {
        let log = InMemoryLog()
        try await withDaemon(log: log) { daemon in
            let (response, _) = try exchangeOnce(rawHead("/x%0a2026-01-01T00:00:00+0000%20info%20FORGED"), port: daemon.port)
            #expect(response.status == 400)
        }
        let access = log.lines.filter { $0.level == .info }
        try #require(access.count == 1)
        #expect(access[0].metadata["path"] == #"/x\x0A2026-01-01T00:00:00+0000 info FORGED"#, "\(access[0].metadata)")
    }

    @Test("the answer budget: small answers always, large ones within three quarters, ordinary ones always a quarter")
    func budgetShares() {
        let budget = ResponseBudget(limit: 4 << 20)
        #expect(budget.reserve(20 << 20), "the first large answer is queued alone, whatever its size")
        #expect(!budget.reserve(2 << 20), "a second is not")
        #expect(budget.reserve(16 << 10), "a small answer always is")
        #expect(budget.reserve(512 << 10) && budget.reserve(512 << 10), "ordinary answers have the quarter large ones leave")
        #expect(!budget.reserve(512 << 10), "and no more")
        budget.release(20 << 20)
        #expect(budget.reserve(2 << 20), "with the large one read, another fits beside the ordinary ones")
        #expect(!budget.reserve(2 << 20), "but not past three quarters")
        budget.release(2 << 20)
        budget.release(512 << 10)
        budget.release(512 << 10)
        budget.release(16 << 10)
        #expect(budget.queuedBytes == 0)
    }

    @Test("answers nobody reads are held under one budget: past it, 503 + Retry-After, served again once read")
    func unreadAnswersAreBounded() async throws {
        // Deadlines and waits far past what the exchanges need: under ThreadSanitizer on a loaded machine, planning the
        // large plan takes seconds, and a kept-alive client left idle past the 10 s header deadline while the test
        // waits is closed by the daemon, as it should be ("connection closed" in one sanitizer run).
        try await withDaemon({
            $0.maxQueuedResponseBytes = 1 << 20; $0.connectionTimeout = 600; $0.headerTimeout = 600; $0.bodyTimeout = 600
            $0.sendTimeout = 600
        }) { daemon in
            let unread = try RawHTTPClient(port: daemon.port, timeout: 600)
            try unread.send("POST", "/v1/plans", body: largePlan)
            let started = ContinuousClock.now
            while daemon.queuedResponseBytes == 0 && ContinuousClock.now - started < .seconds(300) {
                try await Task.sleep(for: .milliseconds(20))
            }
            let held = daemon.queuedResponseBytes
            #expect(held > 1 << 20, "the first answer is queued whole, larger than the budget, since nothing else is")
            let other = try RawHTTPClient(port: daemon.port, timeout: 600)
            let refused = try other.request("POST", "/v1/plans", body: largePlan)
            #expect(refused.status == 503 && refused.headers["retry-after"] == "1")
            #expect(refused.headers["content-type"] == "application/problem+json" && refused.headers["x-request-id"] != nil)
            // Small and ordinary answers are not refused for the large one nobody reads.
            #expect(try other.request("GET", "/healthz").status == 200)
            #expect(try other.request("POST", "/v1/plans", body: ordinaryPlan).status == 200)
            // The client can read the 503 before libmicrohttpd reports it sent (and its bytes given back).
            while daemon.queuedResponseBytes != held && ContinuousClock.now - started < .seconds(300) {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(daemon.queuedResponseBytes == held, "the 503 was sent and gave back its bytes")
            #expect(try unread.receive().status == 200)
            while daemon.queuedResponseBytes != 0 && ContinuousClock.now - started < .seconds(300) {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(daemon.queuedResponseBytes == 0)
            #expect(try other.request("POST", "/v1/plans", body: largePlan).status == 200)
        }
    }
}
