import FlightplanTestSupport
import Foundation
import Logging
import Testing

@testable import FlightplanServer

/// Collects what a sink writes, batch by batch.
final class Batches: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var batches: [[UInt8]] = []

    var all: [[UInt8]] { lock.withLock { batches } }
    var text: String { String(decoding: all.joined(), as: UTF8.self) }

    func sink(interval: Duration = .milliseconds(20)) -> LogSink {
        LogSink(interval: interval, output: append)
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        lock.withLock { batches.append(Array(bytes)) }
    }
}

/// A gate an output waits at until the test opens it: a stalled log pipe, then one that moves.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// Returns once the gate is open.
    func pass() {
        semaphore.wait()
        semaphore.signal()
    }

    func open() { semaphore.signal() }
}

/// The counts a sink reports dropped.
final class Reports: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var counts: [Int] = []

    var total: Int { lock.withLock { counts.reduce(0, +) } }

    func add(_ count: Int) {
        lock.withLock { counts.append(count) }
    }
}

@Suite("Access lines and the batched log sink")
struct LogTests {
    /// A random access entry: any method and path (control characters, backslashes, non-ASCII), as the daemon
    /// escapes them, and every other field.
    static func entry(using rng: inout SeededGenerator) -> AccessEntry {
        let pieces = ["/v1/plans", "GET", "\n", "\\", "é", "\u{1B}[31m", "\"", " ", "x", "\u{2028}"]
        func text() -> String { (0..<Int.random(in: 1...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() }
        func hex(_ digits: Int) -> String { (0..<digits).map { _ in String(Int.random(in: 0..<16, using: &rng), radix: 16) }.joined() }
        return AccessEntry(
            method: LogText.escaped(text()), path: LogText.escaped(text()), route: ServerMetrics.routes.randomElement(using: &rng)!,
            status: [200, 404, 413, 503].randomElement(using: &rng)!,
            bytes: .random(in: 0...1_000_000, using: &rng), microseconds: .random(in: 0...10_000_000, using: &rng),
            requestID: String(UInt64.random(in: 0...UInt64.max, using: &rng), radix: 16), trace: Bool.random(using: &rng) ? (hex(32), hex(16)) : nil,
            endedEarly: Bool.random(using: &rng), level: Bool.random(using: &rng) ? .debug : .info)
    }

    /// The line without its timestamp: text lines start with it, JSON lines carry it as `time`.
    static func untimed(_ line: Substring, format: LogFormat) -> String {
        switch format {
        case .text: String(line.drop { $0 != " " })
        case .json: String(line.replacing(/"time":"[^"]*"/, with: #""time":"""#))
        }
    }

    @Test("the sink's own access line is, byte for byte, the line the format's handler writes for the logger's", arguments: LogFormat.allCases)
    func sameLineAsTheHandler(format: LogFormat) throws {
        let direct = Batches(), handled = Batches()
        let directSink = direct.sink(), handledSink = handled.sink()
        let handler: any LogHandler =
            format == .json
            ? JSONLogHandler(label: "flightplan", logLevel: .trace, sink: handledSink)
            : TextLogHandler(label: "flightplan", logLevel: .trace, sink: handledSink)
        let logger = Logger(label: "flightplan") { _ in handler }
        var rng = SeededGenerator(seed: 0xACCE55)
        for _ in 0..<300 {
            let entry = Self.entry(using: &rng)
            AccessLog.sink(directSink, format: format, label: "flightplan", level: .trace).record(entry)
            AccessLog.logger(logger).record(entry)
        }
        directSink.close()
        handledSink.close()
        let directLines = direct.text.split(separator: "\n"), handledLines = handled.text.split(separator: "\n")
        try #require(directLines.count == 300 && handledLines.count == 300)
        for (mine, theirs) in zip(directLines, handledLines) {
            #expect(Self.untimed(mine, format: format) == Self.untimed(theirs, format: format))
        }
        // The timestamps have the handler's shape too.
        let stamp = try Regex(
            format == .text
                ? #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} (info|debug) flightplan: "#
                : #"^\{"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","level":"(info|debug)""#)
        #expect(directLines.allSatisfy { $0.firstMatch(of: stamp) != nil })
        #expect(handledLines.allSatisfy { $0.firstMatch(of: stamp) != nil })
    }

    @Test("lines from many threads all arrive, each thread's in order, written in a few batches; close() writes the rest")
    func batchedAndComplete() async throws {
        let batches = Batches()
        let sink = batches.sink(interval: .milliseconds(5))
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<5000 { sink.append { $0 += "\(thread) \(index)\n".utf8 } }
                }
            }
        }
        sink.close()
        let lines = batches.text.split(separator: "\n")
        #expect(lines.count == 20_000)
        for thread in 0..<4 {
            let indices = lines.filter { $0.hasPrefix("\(thread) ") }.map { Int($0.split(separator: " ")[1])! }
            #expect(indices == Array(0..<5000))
        }
        #expect(batches.all.count < 2000, "\(batches.all.count) writes for 20 000 lines")
        // After close, a line is written at once.
        sink.append { $0 += "late\n".utf8 }
        #expect(batches.text.hasSuffix("late\n"))
    }

    @Test("a stalled output never holds up an append: past the capacity lines are dropped and counted, and reported once it moves")
    func stalledOutput() throws {
        let gate = Gate(), batches = Batches(), reports = Reports()
        let output: @Sendable (UnsafeRawBufferPointer) -> Void = { bytes in
            gate.pass()
            batches.append(bytes)
        }
        let sink = LogSink(interval: .milliseconds(1), capacity: 4096, output: output, reportDropped: reports.add)
        // 100 kB of lines while the output is stuck: at most one batch in the output and a full buffer are kept.
        for index in 0..<1000 { sink.append { $0 += "\(index) \(String(repeating: "x", count: 90))\n".utf8 } }
        let droppedWhileStalled = sink.droppedLines
        #expect(droppedWhileStalled >= 1000 - 2 * 4096 / 90, "\(droppedWhileStalled) dropped")
        gate.open()
        sink.append { $0 += "after\n".utf8 }
        sink.close()
        let lines = batches.text.split(separator: "\n")
        #expect(lines.last == "after")
        let indices = lines.dropLast().map { Int($0.split(separator: " ")[0])! }
        #expect(indices == indices.sorted() && indices.count + sink.droppedLines == 1000 && sink.droppedLines == droppedWhileStalled)
        #expect(reports.total == sink.droppedLines)
    }

    @Test("closing a sink whose output is stalled returns after its timeout, and later lines are dropped")
    func closeStalled() {
        let gate = Gate()
        let sink = LogSink(interval: .milliseconds(1), closeTimeout: .milliseconds(200), output: { _ in gate.pass() })
        sink.append { $0 += "stuck\n".utf8 }
        // The writer takes the line and blocks in the output; close gives up waiting for it.
        sink.close()
        sink.append { $0 += "late\n".utf8 }
        #expect(sink.droppedLines >= 1)
        gate.open()
    }

    @Test(
        "a text value is quoted logfmt style when it is empty or holds a space, =, \" or a control character",
        arguments: [
            ("/v1/plans", "/v1/plans"), ("", #""""#), ("/x status=200", #""/x status=200""#), (#"a"b"#, #""a\"b""#),
            (#"a\x0Ab"#, #"a\x0Ab"#), (#"a\x0A b"#, #""a\\x0A b""#), ("a\nb", #""a\x0Ab""#), ("é\u{85}", #""é\x85""#), ("é", "é")
        ])
    func logfmt(value: String, written: String) {
        #expect(LogText.logfmt(value) == written)
    }

    @Test("a forged path cannot add or repeat a field of a text access line: each key once, the server's values")
    func forgedFields() throws {
        let batches = Batches()
        let sink = batches.sink()
        let forged = "/x status=200 route=/healthz request_id=forged trace_id=4bf92f3577b34da6a3ce929d0e0e4736 \"=\\"
        AccessLog.sink(sink, format: .text, label: "flightplan", level: .info).record(
            AccessEntry(
                method: "GET", path: LogText.escaped(forged), route: ServerMetrics.unmatchedRoute, status: 404, bytes: 0, microseconds: 1,
                requestID: "real", trace: nil, endedEarly: false, level: .info))
        sink.close()
        let pairs = Self.logfmtPairs(batches.text)
        #expect(Set(pairs.map(\.key)).count == pairs.count, "\(pairs)")
        let fields = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        #expect(fields["status"] == "404" && fields["route"] == "unmatched" && fields["request_id"] == "real" && fields["trace_id"] == nil)
        #expect(fields["path"] == LogText.escaped(forged))
    }

    /// The `key=value` pairs of a logfmt line, quoted values unquoted; words without `=` (the time, the label, the
    /// source, a message's words) are skipped.
    static func logfmtPairs(_ line: String) -> [(key: String, value: String)] {
        var pairs: [(key: String, value: String)] = [], rest = Substring(line.trimmingCharacters(in: .newlines))
        while let start = rest.firstIndex(where: { $0 != " " }) {
            rest = rest[start...]
            let key = String(rest.prefix { $0 != "=" && $0 != " " && $0 != "\"" })
            rest = rest.dropFirst(key.count)
            let hasValue = rest.first == "="
            if hasValue { rest = rest.dropFirst() }
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first, character != "\"" {
                    if character == "\\", let escaped = rest.dropFirst().first {
                        value.append(escaped)
                        rest = rest.dropFirst(2)
                    } else {
                        value.append(character)
                        rest = rest.dropFirst()
                    }
                }
                rest = rest.dropFirst()
            } else {
                value = String(rest.prefix { $0 != " " })
                rest = rest.dropFirst(value.count)
            }
            if hasValue && !key.isEmpty { pairs.append((key, value)) }
        }
        return pairs
    }

    @Test("a number appended to a line is its decimal digits, sign and extremes included", arguments: [0, 7, 10, 200, 123_456, -1, -987, .max, .min])
    func decimal(number: Int) {
        var line: [UInt8] = [UInt8(ascii: "=")]
        line.append(decimal: number)
        #expect(line == Array("=\(number)".utf8))
    }
}
