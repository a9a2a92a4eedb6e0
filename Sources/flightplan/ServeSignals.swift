import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The signals `serve` takes itself, blocked in every thread so that only ``waitForStop(logger:)`` and
/// ``stopArrived(logger:)`` receive them. SIGTERM and SIGINT stop the server (a drain). SIGHUP, SIGUSR1 and SIGUSR2,
/// whose default action ends the process at once and cuts every answer in flight, are logged and ignored: there is no
/// configuration file to reload or log file to reopen (settings are flags and environment, logs go to stderr).
struct ServeSignals {
    /// The signals that stop the server.
    static let stopping = [SIGTERM, SIGINT]
    /// The signals logged and ignored, with their names for the log line.
    static let ignored = [(SIGHUP, "SIGHUP"), (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2")]

    /// All of them, as the set `sigwait` takes.
    private var set = sigset_t()

    /// Blocks the signals in the calling thread; call it before any thread starts, so every thread inherits the mask.
    init() {
        sigemptyset(&set)
        for signal in Self.stopping + Self.ignored.map(\.0) { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for SIGTERM or SIGINT, logging each ignored signal that arrives first.
    /// - Parameter logger: Where an ignored signal is noted.
    /// - Returns: The stopping signal's number.
    func waitForStop(logger: Logger) -> Int32 {
        var set = set
        while true {
            var received: Int32 = 0
            if sigwait(&set, &received) == 0, !isIgnored(received, logger: logger) { return received }
        }
    }

    /// Whether SIGTERM or SIGINT has arrived, without waiting; ignored signals that arrived are logged and consumed.
    /// - Parameter logger: Where an ignored signal is noted.
    func stopArrived(logger: Logger) -> Bool {
        var set = set
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        while true {
            let received = sigtimedwait(&set, nil, &noWait)
            guard received > 0 else { return false }
            if !isIgnored(received, logger: logger) { return true }
        }
    }

    /// Whether `signal` is one of the ignored ones, noting it in the log when it is.
    private func isIgnored(_ signal: Int32, logger: Logger) -> Bool {
        guard let name = Self.ignored.first(where: { $0.0 == signal })?.1 else { return false }
        logger.notice("\(name) ignored: flightplan has nothing to reload (SIGTERM or SIGINT stops it)")
        return true
    }
}
