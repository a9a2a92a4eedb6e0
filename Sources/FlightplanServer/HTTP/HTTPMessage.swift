public import FlightplanWire

/// The parts of a request the router looks at before the body arrives.
public struct RequestHead: Sendable, Hashable {
    /// The method, as sent (`GET`, `POST`, …).
    public var method: String
    /// The path without the query string, in origin form (an absolute-form target's scheme and authority
    /// are dropped); empty when the target was invalid (it encoded a control character).
    public var path: String
    /// The protocol version, as sent (`HTTP/1.1`).
    public var version: String
    /// The headers the service reads (``readHeaders``), by lower-cased name and sorted by it; a repeated header's
    /// values are joined with ", ". A list: the handful a head carries are found faster by comparing names than by
    /// hashing them (a request looks a header up some twenty times).
    public private(set) var headers: [HTTPResponse.Header]
    /// The target's query parameters, percent-decoded, in order (the transport reads them from libmicrohttpd).
    public var query: [QueryParameter]
    /// Why the head breaks RFC 9112 in a way only the transport can see (a header name that is not a token,
    /// a control character in a value or in the target, a folded header line), or nil.
    public var violation: String?
    /// Bytes of the request line and headers as received, blank line included (0 when not read off a socket).
    public var size: Int = 0
    /// Header fields received, repeats counted (0 when not read off a socket).
    public var fieldCount: Int = 0
    /// The caller's trace context from `traceparent` and this server's span for the request, or nil when the head
    /// has no valid `traceparent`: read once, when the head is made, so that every part of the answer names the one
    /// span.
    public private(set) var trace: TraceContext?

    /// Creates a request head; header names are lower-cased, and a query in `path` (`/v1/plans?format=css`)
    /// is split off and percent-decoded.
    /// - Parameters:
    ///   - method: The method as sent (`GET`, `POST`, …); compared case-sensitively by the router, as RFC 9110 says.
    ///   - path: The request target: an origin-form path with an optional query, or an absolute-form URL whose
    ///     scheme and authority are dropped.
    ///   - version: The protocol version as sent; `HTTP/1.1` by default.
    ///   - headers: Header values by name, in any case; of names that differ only in case, the first is kept.
    public init(method: String, path: String, version: String = "HTTP/1.1", headers: [String: String] = [:]) {
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(
            method: method, target: String(parts[0]), version: version,
            lowercasedHeaders: Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }).map {
                HTTPResponse.Header(name: $0.key, value: $0.value)
            },
            query: parts.count == 2 ? QueryParameter.parse(parts[1]) : [])
    }

    /// Creates a request head from a request target (without its query), headers whose names are already
    /// lower-case and unique, in any order, and the decoded query (the transport's path).
    init(
        method: String, target: String, version: String, lowercasedHeaders: [HTTPResponse.Header], query: [QueryParameter] = [],
        violation: String? = nil
    ) {
        self.method = method
        self.path = Self.originForm(of: target)
        self.version = version
        self.headers = lowercasedHeaders.sorted { $0.name < $1.name }
        self.query = query
        self.violation = violation
        self.trace = TraceContext(self)
    }

    /// A header's value by name; `name` must be lower-case (`"content-type"`).
    /// - Parameter name: The header's name, lower-case.
    /// - Returns: Its value (a repeated header's values joined with ", "), or nil when it was not sent or is not one
    ///   of ``readHeaders``.
    public subscript(header name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The body length `Content-Length` announces, when it is one decimal number (0 otherwise).
    public var announcedLength: Int { self[header: "content-length"].flatMap { Int($0) } ?? 0 }

    /// Whether a body follows the head: chunked, or a positive `Content-Length`.
    public var bodyFollows: Bool { self[header: "transfer-encoding"] != nil || announcedLength > 0 }

    /// The header names the service reads (lower-case), which the transport collects.
    public static let readHeaders: Set<String> = [
        "host", "content-type", "content-length", "transfer-encoding", "expect", "origin", "x-request-id",
        "access-control-request-method", "access-control-request-headers", "accept", "traceparent"
    ]

    /// The path of an absolute-form target (`http://host:8080/v1/plans` → `/v1/plans`, RFC 9112 §3.2.2);
    /// any other target as it is.
    static func originForm(of target: String) -> String {
        if target.utf8.first == UInt8(ascii: "/") { return target }
        let bytes = Array(target.utf8)
        for scheme in ["http://", "https://"]
        where bytes.count >= scheme.utf8.count
            && zip(bytes, scheme.utf8).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
        {
            let afterScheme = bytes.dropFirst(scheme.utf8.count)
            guard let slash = afterScheme.firstIndex(of: UInt8(ascii: "/")) else { return "/" }
            return String(decoding: bytes[slash...], as: UTF8.self)
        }
        return target
    }
}

/// One `name=value` of a request target's query.
public struct QueryParameter: Sendable, Hashable {
    /// The name, decoded.
    public var name: String
    /// The value, decoded (empty for a bare `name`).
    public var value: String

    /// Creates a parameter.
    /// - Parameters:
    ///   - name: The name, already decoded.
    ///   - value: The value, already decoded; empty for a bare `name`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The parameters of a query string (`a=1&b=%20`), `+` and `%XX` decoded as forms encode them.
    static func parse(_ query: Substring) -> [QueryParameter] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryParameter(
                name: PercentDecoding.decode(parts[0], plusIsSpace: true),
                value: parts.count == 2 ? PercentDecoding.decode(parts[1], plusIsSpace: true) : "")
        }
    }
}

/// A whole request: head and body.
public struct HTTPRequest: Sendable, Hashable {
    /// Method, path and headers.
    public var head: RequestHead
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a request.
    /// - Parameters:
    ///   - head: The request line and the headers the service reads.
    ///   - body: The body as received (chunked framing removed); empty by default.
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

    /// The status code: what libmicrohttpd sends, the access log and the metrics count.
    public var status: Int
    /// Headers in the order they are sent.
    public var headers: [Header]
    /// The body bytes (a JSON answer in the buffer its writer wrote it in).
    public var body: OwnedBytes

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status (``HTTPStatus/ok``, …).
    ///   - headers: Header names and values in the order they are sent; none by default (libmicrohttpd adds
    ///     `Content-Length` and `Date` itself).
    ///   - body: The body bytes; empty by default.
    public init(status: HTTPStatus, headers: [(String, String)] = [], body: OwnedBytes = []) {
        self.init(code: status.code, headers: headers, body: body)
    }

    /// Creates a response whose status is known by its code alone (a problem's, as RFC 9457 carries it).
    private init(code: Int, headers: [(String, String)], body: OwnedBytes) {
        self.status = code
        self.headers = headers.map { Header(name: $0.0, value: $0.1) }
        self.body = body
    }

    /// A header's value by case-insensitive name.
    /// - Parameter name: The header's name, in any case.
    /// - Returns: The value of the first header of that name, or nil when there is none.
    public subscript(header name: String) -> String? {
        headers.first { equalIgnoringASCIICase($0.name, name) }?.value
    }

    /// Adds or replaces a header.
    /// - Parameters:
    ///   - name: The header's name; an existing header of that name in any case is replaced in place, else it is
    ///     appended.
    ///   - value: Its value, sent as it is.
    public mutating func setHeader(_ name: String, _ value: String) {
        if let index = headers.firstIndex(where: { equalIgnoringASCIICase($0.name, name) }) {
            headers[index].value = value
        } else {
            headers.append(Header(name: name, value: value))
        }
    }

    /// A JSON response.
    /// - Parameters:
    ///   - status: The status.
    ///   - body: The JSON text, UTF-8.
    /// - Returns: A response with `Content-Type: application/json` and that body.
    public static func json(_ status: HTTPStatus, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: OwnedBytes(body))
    }

    /// An RFC 9457 problem response.
    /// - Parameters:
    ///   - problem: The problem; its `status` is the response's status.
    ///   - headers: More headers after `Content-Type` (`Allow`, `Retry-After`, …); none by default.
    /// - Returns: A response with `Content-Type: application/problem+json` and the problem's JSON as its body.
    public static func problem(_ problem: ProblemDetails, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(code: problem.status, headers: [("Content-Type", "application/problem+json")] + headers, body: OwnedBytes(problem.jsonBytes))
    }
}

/// Header names compared as HTTP does (ASCII case-insensitively), without allocating lower-cased copies.
func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { asciiLowercased($0) == asciiLowercased($1) }
}

/// `byte` lower-cased when it is an ASCII capital letter, else itself.
func asciiLowercased(_ byte: UInt8) -> UInt8 {
    byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0)
}
