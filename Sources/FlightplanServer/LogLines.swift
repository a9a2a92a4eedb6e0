#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlightplanJSON
public import Logging

/// How `flightplan serve` writes log lines (`--log-format`).
public enum LogFormat: String, Sendable, CaseIterable {
    /// swift-log's `StreamLogHandler` line: `TIME LEVEL LABEL: key=value … [SOURCE] MESSAGE`.
    case text
    /// ``JSONLogHandler``'s line: one JSON object.
    case json
}

/// `--log-format json`: one JSON object per line, for log shippers: `{"time", "level", "label", "message",
/// …metadata}`, metadata sorted by key; every string JSON-escaped, so no field can break a line.
public struct JSONLogHandler: LogHandler {
    /// The logger's label.
    public let label: String
    /// The least severe level written.
    public var logLevel: Logger.Level
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]
    private let sink: LogSink

    /// A handler appending its lines to `sink`.
    public init(label: String, logLevel: Logger.Level, sink: LogSink) {
        self.label = label
        self.logLevel = logLevel
        self.sink = sink
    }

    /// A metadata value of this handler.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Appends the event's line to the sink.
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
            writer.string("\(value)")
        }
        writer.endObject()
        let line = writer.bytes
        sink.append { $0 += line; $0.append(UInt8(ascii: "\n")) }
    }
}

/// One answered request, as its access line reports it.
struct AccessEntry {
    /// The method and path, escaped (``LogText``).
    var method: String, path: String
    var status: Int
    var bytes: Int
    var microseconds: Int
    var requestID: String
    var endedEarly: Bool

    /// The line's message: `METHOD PATH STATUS`.
    var message: String { "\(method) \(path) \(status)" }

    /// The fields, as swift-log metadata.
    var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = [
            "method": "\(method)", "path": "\(path)", "status": "\(status)", "bytes": "\(bytes)",
            "duration_us": "\(microseconds)", "request_id": "\(requestID)",
        ]
        if endedEarly { metadata["ended_early"] = "true" }
        return metadata
    }
}

/// Where access lines go.
public enum AccessLog: Sendable {
    /// Through a logger at `info`, whatever its backend (what an embedding app or a test reads).
    case logger(Logger)
    /// Straight into a sink, written exactly as the `format`'s handler would write the logger's line, but without
    /// building metadata or a message: what `flightplan serve` uses, so that logging every request stays cheap.
    case sink(LogSink, format: LogFormat, label: String)

    /// The module the access lines come from, as swift-log names a line's source.
    static let source = "FlightplanServer"

    /// Logs one answered request.
    func record(_ entry: AccessEntry) {
        switch self {
        case .logger(let logger):
            logger.info("\(entry.message)", metadata: entry.metadata)
        case .sink(let sink, .text, let label):
            let time = LogTimestamp.localSeconds()
            sink.append { line in
                line += time.utf8
                line += " info".utf8
                if !label.isEmpty { line.append(UInt8(ascii: " ")); line += label.utf8 }
                line += ": bytes=".utf8
                append(entry.bytes, to: &line)
                line += " duration_us=".utf8
                append(entry.microseconds, to: &line)
                if entry.endedEarly { line += " ended_early=true".utf8 }
                line += " method=".utf8; line += entry.method.utf8
                line += " path=".utf8; line += entry.path.utf8
                line += " request_id=".utf8; line += entry.requestID.utf8
                line += " status=".utf8
                append(entry.status, to: &line)
                line += " [".utf8; line += Self.source.utf8; line += "] ".utf8
                line += entry.method.utf8; line.append(UInt8(ascii: " "))
                line += entry.path.utf8; line.append(UInt8(ascii: " "))
                append(entry.status, to: &line)
                line.append(UInt8(ascii: "\n"))
            }
        case .sink(let sink, .json, let label):
            var writer = JSONWriter(capacity: 320)
            writer.beginObject()
            writer.key("time"); writer.string(LogTimestamp.utcMilliseconds())
            writer.key("level"); writer.string("info")
            writer.key("label"); writer.string(label)
            writer.key("message"); writer.string(entry.message)
            writer.key("bytes"); writer.string(String(entry.bytes))
            writer.key("duration_us"); writer.string(String(entry.microseconds))
            if entry.endedEarly { writer.key("ended_early"); writer.string("true") }
            writer.key("method"); writer.string(entry.method)
            writer.key("path"); writer.string(entry.path)
            writer.key("request_id"); writer.string(entry.requestID)
            writer.key("status"); writer.string(String(entry.status))
            writer.endObject()
            let line = writer.bytes
            sink.append { $0 += line; $0.append(UInt8(ascii: "\n")) }
        }
    }

    private func append(_ number: Int, to line: inout [UInt8]) {
        line += String(number).utf8
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
                cache = (now.tv_sec, "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
                    + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))")
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
