import FlightplanWire

/// Collects the headers the router reads from libmicrohttpd's list, each value without the spaces and tabs around it
/// (every reader sees `abc` for `X-Request-Id: abc \t`); a repeated header's values are joined with ", " as HTTP
/// combines them, so a doubled Content-Length or Host shows up as an invalid one. Every header
/// is looked at for what only the transport sees: a name that is not an RFC 9110 token (`Content-Length :`
/// would otherwise be a different header to us than to a proxy), a control character in a value (RFC 9110
/// §5.5), and — from where libmicrohttpd left the line in its buffer — a NUL, which ends the value it reports.
/// A value on the reader's stack, which libmicrohttpd's callback reaches through a pointer (a class cost an
/// allocation per request).
struct HeaderCollector {
    /// The headers in ``RequestHead/readHeaders``, by lower-cased name, in the order they first came.
    private(set) var values: [HTTPResponse.Header] = []
    /// The first violation seen, or nil.
    private(set) var violation: String?
    /// Header fields seen.
    private(set) var count = 0
    /// Each header's name as received (where its line starts in the head's buffer) and where its value (as
    /// reported) ends; the name becomes a String only for a violation's message.
    private var lines: [(name: UnsafeRawBufferPointer, valueEnd: UInt)] = []

    /// An empty collector with room for a usual head's headers, so that they are not added one allocation each.
    init() {
        values.reserveCapacity(RequestHead.readHeaders.count)
        lines.reserveCapacity(16)
    }

    /// Adds one header from libmicrohttpd's buffer: `name` and `value` point into the bytes received, so where the
    /// name starts and the value ends place its line. The name and value become Strings only for a header the service
    /// reads (or for a violation's message): most of a head's headers are only looked at.
    mutating func add(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        count += 1
        lines.append((name, UInt(bitPattern: value.baseAddress) + UInt(value.count)))
        if violation == nil {
            if name.isEmpty || !name.allSatisfy(Self.isTokenByte) {
                violation = "A header name must be a token (no spaces, no separators); got \"\(EchoedInput.bounded(Self.text(name)))\"."
            } else if let control = value.first(where: Self.isControl) {
                violation =
                    "The value of header \(EchoedInput.bounded(Self.text(name))) contains the control character \(Self.hex(control)); only visible characters, spaces and tabs are allowed."
            }
        }
        guard let lowercased = Self.readHeaderName(matching: name) else { return }
        let text = String(decoding: Self.trimmingWhitespace(value), as: UTF8.self)
        if let index = values.firstIndex(where: { $0.name == lowercased }) {
            values[index].value += ", \(text)"
        } else {
            values.append(HTTPResponse.Header(name: lowercased, value: text))
        }
    }

    /// `value` without the spaces and tabs around it, which are not part of a field value (RFC 9110 §5.5, RFC 9112 §5:
    /// OWS). libmicrohttpd skips those before a value but leaves those after it in what it reports.
    private static func trimmingWhitespace(_ value: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = value.firstIndex { !isWhitespace($0) } ?? value.endIndex
        let end = value.lastIndex { !isWhitespace($0) }.map { $0 + 1 } ?? start
        return UnsafeRawBufferPointer(rebasing: value[start..<end])
    }

    /// The name in ``RequestHead/readHeaders`` that `name` is, ASCII case aside, or nil when the service does not
    /// read it (a name with a byte above ASCII is none of them).
    static func readHeaderName(matching name: UnsafeRawBufferPointer) -> String? {
        readHeaderNames.first { candidate in
            candidate.bytes.count == name.count && zip(candidate.bytes, name).allSatisfy { $0 == Self.asciiLowercased($1) }
        }?.name
    }

    /// ``RequestHead/readHeaders`` as a list, which a handful of byte comparisons search faster than a hash, each
    /// name with its bytes (an array's are read faster than a String's).
    private static let readHeaderNames = RequestHead.readHeaders.map { (name: $0, bytes: Array($0.utf8)) }

    /// `byte` lower-cased if it is an ASCII capital letter.
    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// A header name as text, for a message.
    private static func text(_ name: UnsafeRawBufferPointer) -> String {
        String(decoding: name, as: UTF8.self)
    }

    /// Checks the header lines against the head's buffer, `head` (the request line, the headers and the blank
    /// line as received; libmicrohttpd has overwritten each line end, and the colon, with NULs). After a value
    /// only its line end may follow before the next line (1 or 2 bytes, CRLF or LF; the last line also the
    /// blank line): anything more is the rest of a value that a NUL cut short. A line outside the buffer, or
    /// out of order, was moved there by libmicrohttpd joining an obsolete folded line (RFC 9112 §5.2).
    mutating func checkLines(in head: UnsafeRawBufferPointer) {
        guard violation == nil, let base = head.baseAddress else { return }
        let start = UInt(bitPattern: base), end = start + UInt(head.count)
        var previous = start
        func lineStart(_ line: (name: UnsafeRawBufferPointer, valueEnd: UInt)) -> UInt { UInt(bitPattern: line.name.baseAddress) }
        for line in lines {
            guard lineStart(line) >= previous, lineStart(line) < line.valueEnd, line.valueEnd <= end else {
                violation =
                    "Header \(EchoedInput.bounded(Self.text(line.name))) is folded over several lines (obs-fold, RFC 9112 §5.2); send it on one line."
                return
            }
            previous = line.valueEnd
        }
        for (index, line) in lines.enumerated() {
            let isLast = index == lines.count - 1
            let tail = UnsafeRawBufferPointer(rebasing: head[Int(line.valueEnd - start)..<Int((isLast ? end : lineStart(lines[index + 1])) - start)])
            if tail.count > (isLast ? 4 : 2) || tail.contains(where: { $0 != 0 }) {
                violation =
                    "The value of header \(EchoedInput.bounded(Self.text(line.name))) contains the control character 0x00; only visible characters, spaces and tabs are allowed."
                return
            }
        }
    }

    /// RFC 9110 tchar: ALPHA, DIGIT and !#$%&'*+-.^_`|~.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// A C0 control character other than HTAB, or DEL: never part of a field value or a request target.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// `0x0D` for 13.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }
}
