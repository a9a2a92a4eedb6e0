public import FlightplanWire

/// The parts of a request the router looks at before the body arrives.
public struct RequestHead: Sendable, Hashable {
    /// The method, as sent (`GET`, `POST`, …).
    public var method: String
    /// The path without the query string.
    public var path: String
    /// Header values by lower-cased name (only the headers the service reads).
    public var headers: [String: String]

    /// Creates a request head; header names are lower-cased.
    public init(method: String, path: String, headers: [String: String] = [:]) {
        self.init(method: method, path: path, lowercasedHeaders: Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Creates a request head from headers whose names are already lower-case (the transport's path).
    init(method: String, path: String, lowercasedHeaders: [String: String]) {
        self.method = method
        self.path = path
        self.headers = lowercasedHeaders
    }

    /// A header's value by name; `name` must be lower-case (`"content-type"`).
    public subscript(header name: String) -> String? { headers[name] }

    /// The header names the service reads (lower-case), which the transport collects.
    public static let readHeaders: Set<String> = [
        "content-type", "content-length", "transfer-encoding", "expect", "origin", "x-request-id",
        "access-control-request-method", "access-control-request-headers",
    ]
}

/// A whole request: head and body.
public struct HTTPRequest: Sendable, Hashable {
    /// Method, path and headers.
    public var head: RequestHead
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a request.
    public init(head: RequestHead, body: [UInt8] = []) {
        self.head = head
        self.body = body
    }
}

/// A response: status, headers in order, body.
public struct HTTPResponse: Sendable, Hashable {
    /// One header line.
    public struct Header: Sendable, Hashable {
        /// The header's name.
        public var name: String
        /// The header's value.
        public var value: String
    }

    /// The status code.
    public var status: Int
    /// Headers in the order they are sent.
    public var headers: [Header]
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers.map { Header(name: $0.0, value: $0.1) }
        self.body = body
    }

    /// A header's value by case-insensitive name.
    public subscript(header name: String) -> String? {
        headers.first { equalIgnoringASCIICase($0.name, name) }?.value
    }

    /// Adds or replaces a header.
    public mutating func setHeader(_ name: String, _ value: String) {
        if let index = headers.firstIndex(where: { equalIgnoringASCIICase($0.name, name) }) {
            headers[index].value = value
        } else {
            headers.append(Header(name: name, value: value))
        }
    }

    /// A JSON response.
    public static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    /// An RFC 9457 problem response.
    public static func problem(_ problem: ProblemDetails, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: problem.status, headers: [("Content-Type", "application/problem+json")] + headers, body: problem.jsonBytes)
    }
}


/// Header names compared as HTTP does (ASCII case-insensitively), without allocating lower-cased copies.
func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
    a.utf8.elementsEqual(b.utf8) { x, y in x | (x >= 0x41 && x <= 0x5A ? 0x20 : 0) == y | (y >= 0x41 && y <= 0x5A ? 0x20 : 0) }
}
