import FlightplanJSON
public import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `flightplan serve` writes log lines (`--log-format`).
public enum LogFormat: String, Sendable, CaseIterable {
    /// ``TextLogHandler``'s line: `TIME LEVEL LABEL: key=value … [SOURCE] MESSAGE`, values logfmt-quoted.
    case text
    /// ``JSONLogHandler``'s line: one JSON object.
    case json
}

/// A log handler whose lines go to a ``LogSink``, with metadata of its own: ``TextLogHandler`` and ``JSONLogHandler``,
/// which differ only in how they write a line.
public protocol SinkLogHandler: LogHandler {}

extension SinkLogHandler {
    /// A metadata value of this handler.
    /// - Parameter key: The metadata key.
    /// - Returns: The value every line of this handler carries under `key`, or nil; setting nil removes it.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
}

/// `--log-format text`: swift-log's `StreamLogHandler` line, `TIME LEVEL LABEL: key=value … [SOURCE] MESSAGE`,
/// metadata sorted by key, but every metadata value written as a logfmt value (``LogText/appendLogfmt(_:to:)``):
/// quoted when it holds a space, `=`, `"` or a control character, so that no value can pass for other fields.
public struct TextLogHandler: SinkLogHandler {
    /// The logger's label.
    public let label: String
    /// The least severe level written.
    public var logLevel: Logger.Level
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]
    private let sink: LogSink

    /// A handler appending its lines to `sink`.
    /// - Parameters:
    ///   - label: The logger's label, written after each line's level.
    ///   - logLevel: The least severe level written; events below it are dropped.
    ///   - sink: Where the lines go, one each.
    public init(label: String, logLevel: Logger.Level, sink: LogSink) {
        self.label = label
        self.logLevel = logLevel
        self.sink = sink
    }

    /// Appends the event's line to the sink.
    /// - Parameter event: The event: its level, message, metadata (this handler's, then the event's, which wins) and
    ///   source.
    public func log(event: LogEvent) {
        let time = LogTimestamp.localSeconds(), message = "\(event.message)"
        let fields = metadata.merging(event.metadata ?? [:], uniquingKeysWith: { _, new in new }).sorted { $0.key < $1.key }.map {
            (key: $0.key, value: "\($0.value)")
        }
        sink.append { line in
            line.append(utf8: time)
            line.append(UInt8(ascii: " ")); line.append(utf8: event.level.rawValue)
            if !label.isEmpty { line.append(UInt8(ascii: " ")); line.append(utf8: label) }
            line.append(UInt8(ascii: ":"))
            for field in fields {
                line.append(UInt8(ascii: " ")); line.append(utf8: field.key); line.append(UInt8(ascii: "="))
                LogText.appendLogfmt(field.value, to: &line)
            }
            line.append(ascii: " ["); line.append(utf8: event.source); line.append(ascii: "] ")
            line.append(utf8: message)
            line.append(UInt8(ascii: "\n"))
        }
    }
}

/// `--log-format json`: one JSON object per line, for log shippers: `{"time", "level", "label", "message",
/// …metadata}`, metadata sorted by key; every string JSON-escaped, so no field can break a line. A metadata
/// value given as a number or a Bool (`.stringConvertible(42)`) is written as a JSON number or Boolean, a
/// dictionary or array as an object or array, anything else as a string.
public struct JSONLogHandler: SinkLogHandler {
    /// The logger's label.
    public let label: String
    /// The least severe level written.
    public var logLevel: Logger.Level
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]
    private let sink: LogSink

    /// A handler appending its lines to `sink`.
    /// - Parameters:
    ///   - label: The logger's label, written as each line's `label`.
    ///   - logLevel: The least severe level written; events below it are dropped.
    ///   - sink: Where the lines go, one JSON object and a newline each.
    public init(label: String, logLevel: Logger.Level, sink: LogSink) {
        self.label = label
        self.logLevel = logLevel
        self.sink = sink
    }

    /// Appends the event's line to the sink.
    /// - Parameter event: The event: its level, message, metadata (this handler's, then the event's, which wins) and
    ///   source location.
    public func log(event: LogEvent) {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("time"); writer.string(LogTimestamp.utcMilliseconds())
        writer.key("level"); writer.string(event.level.rawValue)
        writer.key("label"); writer.string(label)
        writer.key("message"); writer.string("\(event.message)")
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { _, new in new }).sorted(by: { $0.key < $1.key })
        where !["time", "level", "label", "message"].contains(key) {
            writer.dynamicKey(key)
            Self.write(value, to: &writer)
        }
        writer.endObject()
        let line = writer.bytes
        sink.append {
            $0 += line; $0.append(UInt8(ascii: "\n"))
        }
    }

    /// Writes a metadata value as the JSON it stands for.
    private static func write(_ value: Logger.Metadata.Value, to writer: inout JSONWriter) {
        switch value {
        case .string(let text): writer.string(text)
        case .stringConvertible(let number as any BinaryInteger):
            if let exact = Int(exactly: number) { writer.integer(exact) } else { writer.string(number.description) }
        case .stringConvertible(let number as Double) where number.isFinite: writer.number(number)
        case .stringConvertible(let flag as Bool): writer.bool(flag)
        case .stringConvertible(let other): writer.string(other.description)
        case .dictionary(let members):
            writer.beginObject()
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                writer.dynamicKey(key)
                write(member, to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { write(element, to: &writer) }
            writer.endArray()
        }
    }
}

/// One answered request, as its access line reports it.
struct AccessEntry {
    /// The method and path, escaped (``LogText``).
    var method: String, path: String
    /// The route from the router's table that the path names, or `unmatched`: a bounded set, unlike paths.
    var route: String
    var status: Int
    var bytes: Int
    var microseconds: Int
    var requestID: String
    /// The caller's trace and this server's span in it, when the request carried a valid `traceparent`.
    var trace: (traceID: String, spanID: String)?
    var endedEarly: Bool
    /// `debug` for the routes machines poll (probes, scrapes), else `info`.
    var level: Logger.Level

    /// The line's message: `METHOD PATH STATUS`, the method and path as logfmt values (quoted when they hold a
    /// space, `=` or `"`), so that in a text line the message cannot pass for fields either.
    var message: String { "\(LogText.logfmt(method)) \(LogText.logfmt(path)) \(status)" }

    /// The fields, as swift-log metadata: the numbers as numbers (so JSON lines carry them unquoted).
    var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = [
            "method": "\(method)", "path": "\(path)", "route": "\(route)", "status": .stringConvertible(status),
            "bytes": .stringConvertible(bytes), "duration_us": .stringConvertible(microseconds), "request_id": "\(requestID)"
        ]
        if endedEarly { metadata["ended_early"] = .stringConvertible(true) }
        if let trace {
            metadata["trace_id"] = "\(trace.traceID)"
            metadata["span_id"] = "\(trace.spanID)"
        }
        return metadata
    }
}

/// Where access lines go.
public enum AccessLog: Sendable {
    /// Through a logger, whatever its backend (what an embedding app or a test reads).
    case logger(Logger)
    /// Straight into a sink, written exactly as the `format`'s handler would write the logger's line, but without
    /// building metadata or a message: what `flightplan serve` uses, so that logging every request stays cheap.
    /// Lines less severe than `level` are dropped, as the logger would.
    case sink(LogSink, format: LogFormat, label: String, level: Logger.Level)

    /// The module the access lines come from, as swift-log names a line's source.
    static let source = "FlightplanServer"

    /// Logs one answered request at its level.
    func record(_ entry: AccessEntry) {
        switch self {
        case .logger(let logger):
            logger.log(level: entry.level, "\(entry.message)", metadata: entry.metadata)
        case .sink(_, _, _, let level) where entry.level < level:
            return
        case .sink(let sink, .text, let label, _):
            let time = LogTimestamp.localSeconds()
            sink.append { line in
                line.append(utf8: time)
                line.append(UInt8(ascii: " ")); line.append(utf8: entry.level.rawValue)
                if !label.isEmpty { line.append(UInt8(ascii: " ")); line.append(utf8: label) }
                line.append(ascii: ": bytes=")
                line.append(decimal: entry.bytes)
                line.append(ascii: " duration_us=")
                line.append(decimal: entry.microseconds)
                if entry.endedEarly { line.append(ascii: " ended_early=true") }
                line.append(ascii: " method="); LogText.appendLogfmt(entry.method, to: &line)
                line.append(ascii: " path="); LogText.appendLogfmt(entry.path, to: &line)
                line.append(ascii: " request_id="); LogText.appendLogfmt(entry.requestID, to: &line)
                // The route is from the router's table: nothing in it to quote.
                line.append(ascii: " route="); line.append(utf8: entry.route)
                if let trace = entry.trace { line.append(ascii: " span_id="); line.append(utf8: trace.spanID) }
                line.append(ascii: " status=")
                line.append(decimal: entry.status)
                if let trace = entry.trace { line.append(ascii: " trace_id="); line.append(utf8: trace.traceID) }
                line.append(ascii: " ["); line.append(utf8: Self.source); line.append(ascii: "] ")
                LogText.appendLogfmt(entry.method, to: &line); line.append(UInt8(ascii: " "))
                LogText.appendLogfmt(entry.path, to: &line); line.append(UInt8(ascii: " "))
                line.append(decimal: entry.status)
                line.append(UInt8(ascii: "\n"))
            }
        case .sink(let sink, .json, let label, _):
            var writer = JSONWriter(capacity: 384)
            writer.beginObject()
            writer.key("time"); writer.string(LogTimestamp.utcMilliseconds())
            writer.key("level"); writer.string(entry.level.rawValue)
            writer.key("label"); writer.string(label)
            writer.key("message"); writer.string(entry.message)
            writer.key("bytes"); writer.integer(entry.bytes)
            writer.key("duration_us"); writer.integer(entry.microseconds)
            if entry.endedEarly { writer.key("ended_early"); writer.bool(true) }
            writer.key("method"); writer.string(entry.method)
            writer.key("path"); writer.string(entry.path)
            writer.key("request_id"); writer.string(entry.requestID)
            writer.key("route"); writer.string(entry.route)
            if let trace = entry.trace { writer.key("span_id"); writer.string(trace.spanID) }
            writer.key("status"); writer.integer(entry.status)
            if let trace = entry.trace { writer.key("trace_id"); writer.string(trace.traceID) }
            writer.endObject()
            let line = writer.bytes
            sink.append {
                $0 += line; $0.append(UInt8(ascii: "\n"))
            }
        }
    }

}

/// The two timestamps log lines carry, each formatted once per second and reused within it.
enum LogTimestamp {
    private static let localCache = Locked<(second: Int, text: String)>((-1, ""))
    private static let utcCache = Locked<(second: Int, text: String)>((-1, ""))

    /// Now as swift-log's `StreamLogHandler` writes it: local time, `%Y-%m-%dT%H:%M:%S%z`.
    static func localSeconds() -> String {
        let now = time(nil)
        return localCache.withLock { cache in
            if cache.second != now {
                var seconds = now
                var parts = tm()
                localtime_r(&seconds, &parts)
                var buffer = [CChar](repeating: 0, count: 64)
                let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
                cache = (now, String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            return cache.text
        }
    }

    /// Now in RFC 3339 UTC with milliseconds (`2026-11-23T13:05:00.123Z`).
    static func utcMilliseconds() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seconds = utcCache.withLock { cache in
            if cache.second != now.tv_sec {
                var seconds = now.tv_sec
                var parts = tm()
                gmtime_r(&seconds, &parts)
                cache = (
                    now.tv_sec,
                    "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
                        + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))"
                )
            }
            return cache.text
        }
        return "\(seconds).\(padded(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }

    private static func padded(_ value: Int32, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension [UInt8] {
    /// Appends `text`'s UTF-8 bytes in one copy (`+= text.utf8` appends them one by one).
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends a literal's bytes, read where the binary holds them (a String literal's are copied out first).
    mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `number` in decimal: its digits written last first into a buffer on the stack, then appended in one
    /// copy (appended one by one and turned around, each number cost ~800 instructions: callgrind, 2026-11-27).
    mutating func append(decimal number: Int) {
        // Int.min takes 19 digits and its sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            var rest = number.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if number < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
