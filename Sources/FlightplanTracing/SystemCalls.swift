#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library as this target uses it, in one file as swift-system keeps it: a TCP connection with a deadline on
/// every step, a mutex with its condition, a thread, and the wall clock. Nothing else here imports Glibc.
enum SystemCalls {
    /// Nanoseconds since the Unix epoch now (`clock_gettime(CLOCK_REALTIME)`), as OTLP's timestamps count.
    static func wallClockNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Starts `body` on a new detached thread of its own; false when the thread could not start.
    static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}

/// A value behind a pthread mutex, with a condition its holders wait on and signal (pthread rather than
/// Synchronization's `Mutex`, which ThreadSanitizer cannot see on Linux).
final class ConditionLock<Value>: @unchecked Sendable {  // every access to `value` holds `mutex`
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }

    /// Holding the lock, waits until `ready` holds or `deadline` passes (releasing the lock while it waits), then
    /// runs `body`.
    func withLock<Result>(waitingUntil ready: (Value) -> Bool, deadline: ContinuousClock.Instant, _ body: (inout Value) -> Result) -> Result {
        let remaining = deadline - ContinuousClock.now
        var wake = timespec()
        clock_gettime(CLOCK_REALTIME, &wake)
        let nanoseconds = max(0, Int(remaining.components.seconds) * 1_000_000_000 + Int(remaining.components.attoseconds / 1_000_000_000))
        let total = wake.tv_nsec + nanoseconds % 1_000_000_000
        wake.tv_sec += nanoseconds / 1_000_000_000 + total / 1_000_000_000
        wake.tv_nsec = total % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(value) && pthread_cond_timedwait(condition, mutex, &wake) == 0 {}
        return body(&value)
    }

    /// Wakes every waiter, to look at the value again.
    func broadcast() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}

/// Why an export request failed, in words for the log.
struct ExportFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// `what: <strerror(errno)>`.
    static func system(_ what: String, _ code: Int32 = errno) -> ExportFailure {
        ExportFailure("\(what): \(String(cString: strerror(code)))")
    }
}

/// One TCP connection to an export endpoint, non-blocking, each step given up when `deadline` passes.
struct ExportConnection: ~Copyable {
    private let descriptor: Int32
    private let deadline: ContinuousClock.Instant

    /// Connects to the first of `host`'s addresses that answers. The name is looked up with getaddrinfo, which has
    /// no timeout of its own (the resolver's, 5 s a try by default, bounds it); connecting is bounded by `deadline`.
    init(host: String, port: Int, deadline: ContinuousClock.Instant) throws(ExportFailure) {
        self.deadline = deadline
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Self.streamType
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &found)
        guard resolved == 0, let first = found else { throw ExportFailure("cannot resolve \(host): \(String(cString: gai_strerror(resolved)))") }
        defer { freeaddrinfo(first) }
        var lastFailure = ExportFailure("no address for \(host)")
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, Self.streamType | Self.closeOnExec | Self.nonBlocking, 0)
            guard descriptor >= 0 else {
                lastFailure = .system("socket")
                continue
            }
            if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                do {
                    try Self.wait(descriptor, for: Int16(POLLOUT), until: deadline, doing: "connecting to \(host):\(port)")
                    var failure: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
                    if failure == 0 {
                        self.descriptor = descriptor
                        return
                    }
                    lastFailure = .system("connecting to \(host):\(port)", failure)
                } catch {
                    lastFailure = error
                }
            } else {
                lastFailure = .system("connecting to \(host):\(port)")
            }
            close(descriptor)
        }
        throw lastFailure
    }

    deinit {
        close(descriptor)
    }

    /// Sends every byte.
    func send(_ bytes: [UInt8]) throws(ExportFailure) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Self.noSignal) }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                try Self.wait(descriptor, for: Int16(POLLOUT), until: deadline, doing: "sending")
            } else {
                throw .system("sending")
            }
        }
    }

    /// Reads until the answer's head has arrived (a blank line), the peer closes, or `limit` bytes have come.
    func receiveHead(limit: Int = 16 * 1024) throws(ExportFailure) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while received.count < limit && !received.endsWithBlankLine {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
            if count > 0 {
                received += chunk[..<count]
            } else if count == 0 {
                break
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try Self.wait(descriptor, for: Int16(POLLIN), until: deadline, doing: "waiting for the answer")
            } else {
                throw .system("receiving")
            }
        }
        return received
    }

    /// Polls until `events` are ready or `deadline` passes.
    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant, doing what: String)
        throws(ExportFailure)
    {
        while true {
            let remaining = deadline - ContinuousClock.now
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
            guard milliseconds > 0 else { throw ExportFailure("timed out \(what)") }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw .system("poll") }
        }
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let closeOnExec = Int32(SOCK_CLOEXEC.rawValue)
    private static let nonBlocking = Int32(SOCK_NONBLOCK.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif
}

extension [UInt8] {
    /// Whether the bytes end with an HTTP head's blank line (`\r\n\r\n`).
    fileprivate var endsWithBlankLine: Bool {
        count >= 4 && self[(count - 4)...].elementsEqual([13, 10, 13, 10])
    }
}
