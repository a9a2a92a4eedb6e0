import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    private let thread = Mutex<pthread_t?>(nil)
    /// Whether another connection may be handed over now.
    private let hasRoom: @Sendable () -> Bool
    /// Takes an accepted socket and its peer's address; owns the socket from then on.
    private let handOver: @Sendable (Int32, UnsafePointer<sockaddr>, socklen_t) -> Void

    /// Starts accepting on `listener` (made non-blocking here) on a new thread; nil when no pipe or thread can
    /// be had.
    /// - Parameters:
    ///   - listener: The bound and listening socket; the acceptor does not close it.
    ///   - hasRoom: Asked before each accept: false leaves connections in the backlog, asked again 10 ms later.
    ///   - handOver: Given each accepted socket and its peer's address, on the accepting thread.
    init?(
        listener: ListeningSocket, hasRoom: @escaping @Sendable () -> Bool,
        handOver: @escaping @Sendable (Int32, UnsafePointer<sockaddr>, socklen_t) -> Void
    ) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        self.listener = listener
        self.wake = (ends[0], ends[1])
        self.hasRoom = hasRoom
        self.handOver = handOver
        _ = fcntl(listener.descriptor, F_SETFL, fcntl(listener.descriptor, F_GETFL) | O_NONBLOCK)
        let context = Unmanaged.passRetained(self).toOpaque()
        var started = pthread_t()
        guard
            pthread_create(
                &started, nil,
                { context in
                    Unmanaged<ConnectionAcceptor>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context) == 0
        else {
            Unmanaged<ConnectionAcceptor>.fromOpaque(context).release()
            close(ends[0])
            close(ends[1])
            return nil
        }
        thread.withLock { $0 = started }
    }

    /// Accepts what the backlog holds once more, then stops the thread and waits for it. Idempotent.
    func stop() {
        guard
            let running = thread.withLock({ (thread: inout pthread_t?) -> pthread_t? in
                defer { thread = nil }
                return thread
            })
        else { return }
        close(wake.write)
        pthread_join(running, nil)
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
            let accepting = !pause && hasRoom()
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
        while hasRoom() {
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
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { handOver(accepted, $0, length) }
            }
        }
        return true
    }
}
