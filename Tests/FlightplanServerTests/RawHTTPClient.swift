import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 client over a plain socket, for tests that need control over the bytes,
/// keep-alive and timing (it writes whole requests before reading, as a naive client library does).
/// Not thread-safe: each instance is used by one thread at a time.
final class RawHTTPClient: @unchecked Sendable {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let socket: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads time out after `timeout` seconds so a stall fails instead of hanging.
    init(port: Int, timeout: Int = 10) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw Failure(description: "connect failed: errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends raw bytes.
    /// Whether the server has ended the connection: a read would return end of file or an error.
    var isClosed: Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Sends a request with a Content-Length body.
    func send(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) throws {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n"
        var headers = headers
        if let body {
            headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
            headers["Content-Length"] = headers["Content-Length"] ?? String(body.utf8.count)
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        try send(Array((head + "\r\n" + (body ?? "")).utf8))
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: count == 0 ? "connection closed" : "receive failed: errno \(errno)") }
        buffer.append(contentsOf: chunk[0..<count])
    }

    /// Reads one response (Content-Length framed; HEAD and 204/304 have no body).
    func receive(method: String = "GET") throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        var end: Int?
        while end == nil {
            if buffer.count >= 4, let index = (0...(buffer.count - 4)).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) {
                end = index
            } else {
                try fill()
            }
        }
        let headText = String(decoding: buffer[0..<end!], as: UTF8.self)
        buffer.removeFirst(end! + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line in \(headText)") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = (method == "HEAD" || status == 204) ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Everything the server sends until it closes the connection (what is left after the responses read).
    func readToEnd() throws -> [UInt8] {
        while true {
            do { try fill() } catch let failure as Failure where failure.description == "connection closed" { break }
        }
        defer { buffer = [] }
        return buffer
    }

    /// Sends a request and reads its response.
    func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) throws -> Response {
        try send(method, path, body: body, headers: headers)
        return try receive(method: method)
    }
}
