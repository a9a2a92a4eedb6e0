#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library error number, shown as `strerror` words it (a small stand-in for swift-system's `Errno`).
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The errno value.
    public var rawValue: Int32

    /// The error numbered `rawValue`.
    /// - Parameter rawValue: The C library's error number (`EADDRINUSE`, `EACCES`, …).
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's `errno` now.
    static var current: Errno { Errno(rawValue: errno) }

    /// EADDRINUSE: another socket listens on the address.
    public static let addressInUse = Errno(rawValue: EADDRINUSE)
    /// EADDRNOTAVAIL: the address is not one of this host's.
    public static let addressNotAvailable = Errno(rawValue: EADDRNOTAVAIL)

    /// The C library's words for it (`Address already in use`).
    public var description: String { String(cString: strerror(rawValue)) }
}

/// A TCP socket bound and listening, accepted on by ``ConnectionAcceptor`` and closed by the daemon's stop.
struct ListeningSocket {
    /// Why a socket could not be opened.
    enum Failure: Error {
        /// getaddrinfo found no address for the host.
        case unresolvable
        /// socket, bind or listen failed with this error.
        case system(Errno)
    }

    /// The socket's file descriptor.
    let descriptor: Int32

    /// Opens a socket on `host` (a numeric IPv4 or IPv6 address, or a name getaddrinfo resolves; its first
    /// address is taken) and `port` (0 picks a free one): SO_REUSEADDR always (a restart binds even while old
    /// connections are in TIME_WAIT), SO_REUSEPORT only when `reusePort` (otherwise a port another process
    /// listens on is refused with EADDRINUSE instead of shared).
    /// - Throws: ``Failure`` when the host does not resolve or the socket cannot be bound.
    init(host: String, port: UInt16, reusePort: Bool) throws(Failure) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Self.streamType
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let found, let address = found.pointee.ai_addr else {
            throw .unresolvable
        }
        defer { freeaddrinfo(found) }
        let family = found.pointee.ai_family
        let descriptor = socket(family, Self.streamType | Self.closeOnExec, 0)
        guard descriptor >= 0 else { throw .system(.current) }
        var on: Int32 = 1
        let optionSize = socklen_t(MemoryLayout<Int32>.size)
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, optionSize)
        if reusePort { setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &on, optionSize) }
        guard bind(descriptor, address, found.pointee.ai_addrlen) == 0, listen(descriptor, SOMAXCONN) == 0 else {
            let failure = Errno.current
            close(descriptor)
            throw .system(failure)
        }
        self.descriptor = descriptor
    }

    /// The port the socket is bound to (the one picked when asked for 0), or 0 when getsockname fails.
    var port: Int {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return 0 }
        // sin_port and sin6_port sit at the same offset, in network byte order.
        let networkOrder = withUnsafeBytes(of: &address) {
            $0.load(fromByteOffset: MemoryLayout<sockaddr_in>.offset(of: \.sin_port)!, as: UInt16.self)
        }
        return Int(UInt16(bigEndian: networkOrder))
    }

    /// Closes the socket.
    func closeDescriptor() {
        _ = close(descriptor)
    }

    /// A connection the kernel has completed, as a socket closed on exec, with its peer's address in `address` and
    /// its length in `length`; -1 with `errno` set when there is none (EAGAIN) or accept failed. (Glibc's module
    /// has no accept4: libmicrohttpd makes the socket non-blocking when it takes it.)
    func accept(_ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
        #if canImport(Glibc)
        let accepted = Glibc.accept(descriptor, address, length)
        #else
        let accepted = Darwin.accept(descriptor, address, length)
        #endif
        if accepted >= 0 { _ = fcntl(accepted, F_SETFD, FD_CLOEXEC) }
        return accepted
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let closeOnExec = Int32(SOCK_CLOEXEC.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    private static let closeOnExec: Int32 = 0
    #endif
}
