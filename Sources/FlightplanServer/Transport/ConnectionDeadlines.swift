import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deadlines for slow clients, which libmicrohttpd 0.9.75 does not have (its timeout counts idle time only,
/// so a client trickling a byte a second is never cut). Each connection must deliver a request head within
/// `headerTimeout` of opening or of its previous answer, a body within `bodyTimeout` of its head, and read its
/// answer within `sendTimeout` of its being queued (a reader that takes a byte a second holds the answer's bytes); a
/// watchdog shuts down the socket of one that misses its deadline, libmicrohttpd sees the connection end
/// and cleans it up itself. A socket is shut down only while its connection is known open (libmicrohttpd
/// reports the close before it closes the descriptor), so a reused descriptor is never touched.
final class ConnectionDeadlines: Sendable {
    private struct Tracked {
        let socket: Int32
        var deadline: ContinuousClock.Instant?
    }

    private let headerTimeout: Duration
    private let bodyTimeout: Duration
    private let sendTimeout: Duration
    private let connections = Locked<[UInt: Tracked]>([:])
    /// Dispatch sources are thread-safe (resume and cancel may be called from any thread); the type is
    /// just not marked Sendable.
    nonisolated(unsafe) private let watchdog = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "flightplan.deadlines"))
    /// Connections shut down for missing a deadline.
    let cut = Atomic<Int>(0)

    /// Creates the deadlines and starts their watchdog, which checks them four times a second for as long
    /// as they exist (with no connection open, a check is one look at an empty table).
    init(headerTimeout: Double, bodyTimeout: Double, sendTimeout: Double) {
        self.headerTimeout = .milliseconds(Int(headerTimeout * 1000))
        self.bodyTimeout = .milliseconds(Int(bodyTimeout * 1000))
        self.sendTimeout = .milliseconds(Int(sendTimeout * 1000))
        watchdog.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
        watchdog.setEventHandler { [weak self] in self?.sweep() }
        watchdog.resume()
    }

    deinit {
        watchdog.cancel()
    }

    /// A connection opened on `socket`: its first head is due.
    func opened(_ connection: UInt, socket: Int32) {
        let deadline = ContinuousClock.now + headerTimeout
        connections.withLock { $0[connection] = Tracked(socket: socket, deadline: deadline) }
    }

    /// A head arrived: the body is due when one follows; otherwise nothing is, until the answer is sent.
    func headArrived(_ connection: UInt, bodyFollows: Bool) {
        setDeadline(bodyFollows ? ContinuousClock.now + bodyTimeout : nil, of: connection)
    }

    /// An answer is queued: the client must have read it all within the send timeout.
    func answered(_ connection: UInt) {
        setDeadline(ContinuousClock.now + sendTimeout, of: connection)
    }

    /// An exchange completed: on a kept-alive connection, the next head is due.
    func completed(_ connection: UInt) {
        setDeadline(ContinuousClock.now + headerTimeout, of: connection)
    }

    /// Sets an open connection's deadline: one lookup, then a store through the entry's index (the dictionary's
    /// optional in-place accessor, `table[key]?.deadline = …`, allocated on every call with a deadline: 8 mallocs
    /// per request, perf probe on malloc, 2026-11-26).
    private func setDeadline(_ deadline: ContinuousClock.Instant?, of connection: UInt) {
        connections.withLock { table in
            guard let index = table.index(forKey: connection) else { return }
            table.values[index].deadline = deadline
        }
    }

    /// The connection is closing; its socket is no longer ours to touch.
    func closed(_ connection: UInt) {
        _ = connections.withLock { $0.removeValue(forKey: connection) }
    }

    private func sweep() {
        let now = ContinuousClock.now
        let missed = connections.withLock { connections in
            var missed = 0
            for (key, tracked) in connections {
                guard let deadline = tracked.deadline, deadline <= now else { continue }
                shutdown(tracked.socket, Int32(SHUT_RDWR))
                connections[key]?.deadline = nil
                missed += 1
            }
            return missed
        }
        if missed > 0 { cut.add(missed, ordering: .relaxed) }
    }
}
