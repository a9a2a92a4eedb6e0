import FlightplanWire
import Logging
import FlightplanServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--log-format json`: one JSON object per line on standard error, for log shippers:
/// `{"time", "level", "label", "message", …metadata}`; every string JSON-escaped, so no field can break a line.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    /// One line at a time, so lines from libmicrohttpd's threads never interleave.
    private static let output = Locked(())

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("time"); writer.string(Self.timestamp())
        writer.key("level"); writer.string(event.level.rawValue)
        writer.key("label"); writer.string(label)
        writer.key("message"); writer.string("\(event.message)")
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { _, new in new }).sorted(by: { $0.key < $1.key })
        where !["time", "level", "label", "message"].contains(key) {
            writer.dynamicKey(key)
            writer.string("\(value)")
        }
        writer.endObject()
        let line = writer.bytes + [UInt8(ascii: "\n")]
        Self.output.withLock { _ in StandardStreams.write(line, to: STDERR_FILENO) }
    }

    /// Now in RFC 3339 UTC with milliseconds (`2026-11-23T13:05:00.123Z`).
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2)).\(padded(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}
