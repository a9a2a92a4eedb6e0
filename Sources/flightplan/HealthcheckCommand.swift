import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// `flightplan healthcheck`: GET /healthz (or /readyz) on the local server and exit 0 on a 200, so a container
/// image needs no curl for its HEALTHCHECK or its Kubernetes exec probes.
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Exit 0 when the server on this machine answers GET /healthz (or --path) with 200, else 1.")

    @Option(help: "Port to probe. [env: FLIGHTPLAN_ADMIN_PORT, else FLIGHTPLAN_PORT] (default: 8080)")
    var port: Int?
    @Option(help: "Seconds to wait for the answer.")
    var timeout: Int = 2
    @Option(help: "The probe: /healthz (liveness) or /readyz (readiness: 503 while draining).")
    var path = "/healthz"

    func run() throws {
        let environment = ServeCommand.environment()
        // The admin listener when there is one: it answers even when the main port is saturated.
        let admin = environment["FLIGHTPLAN_ADMIN_PORT"].flatMap { Int($0) }
        let port = port ?? admin ?? environment["FLIGHTPLAN_PORT"].flatMap { Int($0) } ?? 8080
        guard (1...65535).contains(port) else { throw ValidationError("port must be 1…65535, got \(port)") }
        guard ["/healthz", "/readyz"].contains(path) else { throw ValidationError("path must be /healthz or /readyz, got \(path)") }
        guard let status = Self.status(of: path, port: UInt16(port), timeout: timeout), status == 200 else {
            StandardStreams.write(Array("unhealthy: no 200 from http://127.0.0.1:\(port)\(path)\n".utf8), to: STDERR_FILENO)
            throw ExitCode(1)
        }
    }

    /// The status code of `GET path` on 127.0.0.1:`port`, or nil when there is no HTTP answer in time.
    static func status(of path: String, port: UInt16, timeout: Int) -> Int? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return nil }
        let length = 12
        var head = [UInt8](repeating: 0, count: length)
        var received = 0
        while received < length {
            let count = head.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress! + received, length - received, 0) }
            guard count > 0 else { return nil }
            received += count
        }
        // "HTTP/1.1 200": the status is the three digits after the version and a space.
        guard head.starts(with: Array("HTTP/1.".utf8)), head[8] == UInt8(ascii: " ") else { return nil }
        return Int(String(decoding: head[9..<12], as: UTF8.self))
    }
}
