import FlightplanServer
public import Logging

/// A log that keeps every line in memory, so a test can read what the server logged (its access lines).
public final class InMemoryLog: Sendable {
    /// One logged line.
    public struct Line: Sendable {
        /// Its level.
        public let level: Logger.Level
        /// The message.
        public let message: String
        /// Its metadata, rendered as text.
        public let metadata: [String: String]
    }

    private let storage = Locked<[Line]>([])

    /// Creates an empty log.
    public init() {}

    /// The lines so far, oldest first.
    public var lines: [Line] { storage.withLock { $0 } }

    /// A logger writing here at `level`.
    public func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "tests") { _ in Handler(log: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ line: Line) {
        storage.withLock { $0.append(line) }
    }

    private struct Handler: LogHandler {
        let log: InMemoryLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            log.append(Line(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
        }
    }
}
