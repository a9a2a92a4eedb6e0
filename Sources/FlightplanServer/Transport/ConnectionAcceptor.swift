import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connections handed to libmicrohttpd and not yet closed, those its threads have not taken up yet included: the
/// acceptor counts each it hands over and keeps the count below ``limit``; the daemon counts each close.
///
/// libmicrohttpd 0.9.75 counts a connection handed over only once its thread takes it up, and one that then finds
/// that thread at its own limit leaves the thread's cleanup mutex locked: the thread hangs. So libmicrohttpd's limit
/// is set to this one times the threads, which no thread can reach, and this count is the limit. (A connection its
/// thread cannot allocate a buffer for is closed without a notification and stays counted.)
final class ConnectionTally: Sendable {
    /// The most connections held at once.
    let limit: Int
    private let held = Atomic<Int>(0)

    /// A tally of no connections, held below `limit`.
    init(limit: Int) {
        self.limit = limit
    }

    /// Whether another connection may be handed over now.
    var hasRoom: Bool { held.load(ordering: .relaxed) < limit }

    /// A connection is being handed over (counted first: its thread may take it up and close it before the handing
    /// over returns).
    func opened() { held.add(1, ordering: .relaxed) }

    /// A connection handed over has closed, or was refused.
    func closed() { held.subtract(1, ordering: .relaxed) }
}

/// Accepts connections on the listening socket from a thread of its own and hands each over at once.
///
/// libmicrohttpd 0.9.75's poll loop accepts one connection per round, and a round answers every request ready on
/// its thread: with 128 connections on a thread and 0.4 ms a snapshot plan, a round takes 50 ms, so the last of 256
/// connections opened together waited seconds for its accept (p99 1.3–1.6 s at 256 connections, against 50 ms
/// for the rest). Here every connection the kernel has completed is accepted as soon as it is, and libmicrohttpd
/// takes all the connections handed to it at the start of its next round. While the daemon holds as many
/// connections as it may, none is accepted: they wait in the kernel's backlog, as they did when libmicrohttpd
/// stopped polling its listener at the limit.
final class ConnectionAcceptor: Sendable {
    /// Where connections are accepted.
    private let listener: ListeningSocket
    /// A pipe whose write end ``stop()`` closes to end the thread's poll.
    private let wake: (read: Int32, write: Int32)
    /// The accepting thread, until ``stop()`` has joined it.
    private let thread = Mutex<JoinableThread?>(nil)
    /// The connections held: none is accepted while it has no room.
    private let tally: ConnectionTally
    /// Takes an accepted socket and its peer's address, and owns the socket from then on; false when it refused it.
    private let handOver: @Sendable (Int32, UnsafePointer<sockaddr>, socklen_t) -> Bool

    /// Starts accepting on `listener` (made non-blocking here) on a new thread; nil when no pipe or thread can
    /// be had.
    /// - Parameters:
    ///   - listener: The bound and listening socket; the acceptor does not close it.
    ///   - tally: Counts each connection handed over; while it has no room, connections wait in the backlog (it is
    ///     asked again 10 ms later).
    ///   - handOver: Given each accepted socket and its peer's address, on the accepting thread.
    init?(
        listener: ListeningSocket, tally: ConnectionTally, handOver: @escaping @Sendable (Int32, UnsafePointer<sockaddr>, socklen_t) -> Bool
    ) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        self.listener = listener
        self.wake = (ends[0], ends[1])
        self.tally = tally
        self.handOver = handOver
        _ = fcntl(listener.descriptor, F_SETFL, fcntl(listener.descriptor, F_GETFL) | O_NONBLOCK)
        guard let started = JoinableThread({ self.run() }) else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        thread.withLock { $0 = started }
    }

    /// Accepts what the backlog holds once more, then stops the thread and waits for it. Idempotent.
    func stop() {
        guard
            let running = thread.withLock({ (thread: inout JoinableThread?) -> JoinableThread? in
                defer { thread = nil }
                return thread
            })
        else { return }
        close(wake.write)
        running.join()
        close(wake.read)
    }

    /// Polls the listener and the wake pipe until the pipe closes, accepting whenever the listener is ready
    /// and the daemon has room.
    private func run() {
        var polled = [
            pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
        ]
        var pause = false
        while true {
            let accepting = !pause && tally.hasRoom
            // A negative descriptor is skipped by poll: with no room (or no descriptors left) only the pipe is watched, for 10 ms.
            polled[0].fd = accepting ? listener.descriptor : -1
            polled[0].revents = 0
            polled[1].revents = 0
            let ready = poll(&polled, 2, accepting ? -1 : 10)
            pause = false
            if ready < 0 {
                pause = errno != EINTR
                continue
            }
            if polled[1].revents != 0 {
                _ = acceptBacklog()
                return
            }
            if polled[0].revents != 0 { pause = !acceptBacklog() }
        }
    }

    /// Accepts every connection the kernel has completed while the daemon has room; false when accept failed for
    /// want of descriptors or memory (the caller pauses rather than spin on a listener that stays ready).
    private func acceptBacklog() -> Bool {
        while tally.hasRoom {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let accepted = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { listener.accept($0, &length) }
            }
            guard accepted >= 0 else {
                switch errno {
                case EAGAIN, EWOULDBLOCK: return true
                case EINTR, ECONNABORTED, EPROTO, EPERM: continue
                default: return false
                }
            }
            tally.opened()
            let taken = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { handOver(accepted, $0, length) }
            }
            if !taken { tally.closed() }
        }
        return true
    }
}
