/// A JSON text that is not well-formed, with where it went wrong.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// 1-based line of the offending byte.
    public var line: Int
    /// 1-based column (in bytes) of the offending byte.
    public var column: Int

    /// "message at line L, column C".
    public var description: String { "\(message) at line \(line), column \(column)" }
}

/// A strict RFC 8259 parser.
///
/// Beyond the grammar it rejects what lenient parsers quietly accept: duplicate keys, trailing
/// commas, invalid UTF-8, lone surrogates, numbers that overflow a `Double`, and nesting deeper
/// than ``JSONParser/maximumDepth``. It never traps, whatever the input.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64
    /// Objects with more members than this check keys for duplicates with a hash set instead of a scan.
    static let linearKeyScanLimit = 16

    /// Parses one JSON document (surrounding white space allowed, nothing else).
    /// - Parameter bytes: The document's UTF-8 bytes: one value, white space around it allowed, no byte-order mark.
    /// - Returns: The value, object members in document order (no two with the same key).
    /// - Throws: ``JSONSyntaxError`` at the first offending byte (1-based line, column in bytes) for anything RFC 8259
    ///   does not allow, and also for a duplicate key, a trailing comma, invalid UTF-8, a lone surrogate, a number
    ///   beyond `Double`'s range, nesting deeper than ``maximumDepth`` or content after the value.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        // Bytes held contiguously (a request body's array) are read where they lie; others are copied once.
        let result = bytes.withContiguousStorageIfAvailable(parse(buffer:)) ?? Array(bytes).withUnsafeBufferPointer(parse(buffer:))
        return try result.get()
    }

    /// Parses the document in `buffer`; the result rather than a throw, since the standard library's
    /// `withContiguousStorageIfAvailable` does not pass typed errors through.
    private static func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) -> JSONValue in
            var parser = Cursor(bytes: buffer)
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            if parser.index < buffer.count { throw parser.error("unexpected content after the JSON value") }
            return value
        }
    }

    /// Parses a JSON document held in a string.
    /// - Parameter text: The document as a string.
    /// - Returns: The value, as the byte parser returns it for the string's UTF-8.
    /// - Throws: ``JSONSyntaxError``, as the byte parser throws it for the string's UTF-8.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Whether short ASCII strings are made inline (``ShortASCII/isVerified``, read once per document).
    let makesShortStringsInline = ShortASCII.isVerified

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Input an error quotes, echoed whole only when short: an attacker's megabyte-long key or 100 000-digit number
    /// is not answered with itself. At most 200 Unicode scalars (not `Character`s: one may hold any number of
    /// combining marks), then "… (truncated, N characters)", as the other layers' problems cut their echoes.
    static func echoed(_ text: String) -> String {
        let limit = 200
        guard text.utf8.count > limit, text.unicodeScalars.count > limit else { return text }
        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: text.unicodeScalars.prefix(limit))
        return "\(String(shown))… (truncated, \(text.unicodeScalars.count) characters)"
    }

    func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let end = min(position ?? index, bytes.count)
        var line = 1, column = 1
        for i in 0..<end {
            if bytes[i] == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte at `index`, or 0 once the input has ended: for comparing with a character, which is never 0, without
    /// making an optional (a 0 byte in the input compares as the end does, unequal to every character).
    @inline(__always)
    var currentByte: UInt8 { index < bytes.count ? bytes[index] : 0 }

    mutating func skipWhitespace() {
        while case let byte = currentByte, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(Self.describe(byte)), expected a value")
        }
    }

    /// The refusal of an object or array nested too deep. The refusals made with words of their own are built
    /// apart from the parse, never inlined, so that building their text costs the parse of a well-formed document
    /// nothing (no registers kept for it, no code in its loops).
    @inline(never)
    func tooDeep() -> JSONSyntaxError { error("nesting deeper than \(JSONParser.maximumDepth) levels") }

    /// The refusal of a key an object already has, at its opening quote.
    @inline(never)
    func duplicateKey(_ key: String, at keyStart: Int) -> JSONSyntaxError { error("duplicate key \"\(Self.echoed(key))\"", at: keyStart) }

    static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw error("invalid literal", at: start) }
        let matches = literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw error("invalid literal", at: start) }
        index += count
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw tooDeep() }
        index += 1
        var members: [JSONMember] = []
        // Keys seen so far, kept in a set once an object is large enough for a linear scan to cost more
        // than hashing: a 1 MiB object of distinct keys would otherwise take seconds (quadratic).
        var keys: Set<String>?
        // Until then, bit `n % 64` is set for each key of `n` UTF-8 bytes read: a key whose bit is clear has no
        // earlier key of its length (so no duplicate: equal keys have equal lengths) and is compared with none.
        var keyLengths: UInt64 = 0
        skipWhitespace()
        if currentByte == UInt8(ascii: "}") { index += 1; return .object(members) }
        // Room for a request's typical object at once, instead of growing through 1, 2, 4 and 8; the document's own
        // object holds a request's top-level members, which are more (a plan request has 22 it may send).
        members.reserveCapacity(depth == 1 ? 16 : 8)
        while true {
            skipWhitespace()
            guard currentByte == UInt8(ascii: "\"") else {
                throw error(currentByte == UInt8(ascii: "}") ? "trailing comma in object" : "expected a string key")
            }
            let keyStart = index
            let key = try parseString()
            let duplicate: Bool
            if keys != nil {
                duplicate = !keys!.insert(key).inserted
            } else {
                let lengthBit: UInt64 = 1 << UInt64(key.utf8.count & 63)
                duplicate = keyLengths & lengthBit != 0 && members.contains { $0.isNamed(key) }
                keyLengths |= lengthBit
                if members.count == JSONParser.linearKeyScanLimit { keys = Set(members.map(\.key) + [key]) }
            }
            if duplicate { throw duplicateKey(key, at: keyStart) }
            skipWhitespace()
            guard currentByte == UInt8(ascii: ":") else { throw error("expected ':' after key") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            case nil: throw error("unexpected end of input in object")
            default: throw error("expected ',' or '}' in object")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maximumDepth else { throw tooDeep() }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if currentByte == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            if currentByte == UInt8(ascii: "]") { throw error("trailing comma in array") }
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            case nil: throw error("unexpected end of input in array")
            default: throw error("expected ',' or ']' in array")
            }
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let negative = currentByte == UInt8(ascii: "-")
        if negative { index += 1 }
        guard currentDigit < 10 else { throw error("invalid number", at: start) }
        if currentByte == UInt8(ascii: "0"), index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) {
            throw error("leading zeros are not allowed in numbers", at: start)
        }
        // The significant digits as an integer, while they fit, for the exact fast path below.
        var mantissa: UInt64 = 0
        var digits = 0
        var decimalExponent = 0
        while case let digit = currentDigit, digit < 10 {
            Self.accumulate(digit, into: &mantissa, digits: &digits)
            index += 1
        }
        if currentByte == UInt8(ascii: ".") {
            index += 1
            guard currentDigit < 10 else { throw error("expected a digit after '.'") }
            while case let digit = currentDigit, digit < 10 {
                Self.accumulate(digit, into: &mantissa, digits: &digits)
                decimalExponent -= 1
                index += 1
            }
        }
        if currentByte == UInt8(ascii: "e") || currentByte == UInt8(ascii: "E") {
            index += 1
            let negativeExponent = currentByte == UInt8(ascii: "-")
            if currentByte == UInt8(ascii: "+") || currentByte == UInt8(ascii: "-") { index += 1 }
            guard currentDigit < 10 else { throw error("expected a digit in the exponent") }
            var exponent = 0
            while case let digit = currentDigit, digit < 10 {
                exponent = min(exponent * 10 + Int(digit), 100_000)
                index += 1
            }
            decimalExponent += negativeExponent ? -exponent : exponent
        }
        // Clinger's fast path: a mantissa below 2⁵³ times an exactly representable power of ten is
        // one correctly rounded operation. Everything else goes through the standard library's parser.
        if digits <= 15 && (-22...22).contains(decimalExponent) {
            // A whole number (most of a request's) needs no power of ten.
            let magnitude =
                decimalExponent == 0
                ? Double(mantissa)
                : decimalExponent > 0 ? Double(mantissa) * Self.powerOfTen(decimalExponent) : Double(mantissa) / Self.powerOfTen(-decimalExponent)
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(Self.echoed(text)) is out of range", at: start)
        }
        return value
    }

    /// 10^`exponent` for `exponent` in 0…22, each exactly representable as a Double (a constant table: no
    /// lazily made global to check on every number).
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Double {
        let powers: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
        ]
        return powers[exponent]
    }

    /// The value (0…9) of the digit at `index`; 10 or more when the byte there is no digit or the input has ended.
    @inline(__always)
    var currentDigit: UInt8 { index < bytes.count ? bytes[index] &- UInt8(ascii: "0") : 0xFF }

    /// Appends a digit's value to the mantissa; leading zeros do not count, and digits past 19 are only counted
    /// (the count then rules the fast path out).
    @inline(__always)
    static func accumulate(_ digit: UInt8, into mantissa: inout UInt64, digits: inout Int) {
        if mantissa == 0 && digit == 0 { return }
        if digits < 19 { mantissa = mantissa * 10 + UInt64(digit) }
        digits += 1
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        // Fast path: no escapes before the closing quote, so the text is the bytes themselves.
        var ascii = true
        var scan = Self.endOfPlainRun(in: bytes, from: index)
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[index..<scan]), readable = bytes.count - index
                index = scan + 1
                if ascii { return ShortASCII.string(run.baseAddress, count: run.count, readable: readable, verified: makesShortStringsInline) }
                guard let text = String(validating: run, as: UTF8.self) else { throw error("invalid UTF-8 in string", at: start + 1) }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped control character in string", at: scan) }
            if byte >= 0x80 { ascii = false }
            scan += 1
        }
        guard scan < bytes.count else { throw error("unterminated string", at: start) }
        return try parseEscapedString(start: start)
    }

    /// The index of the first byte at or after `start` that is not plain string text (a quote, a backslash, a
    /// control character, or a byte of a character beyond ASCII), read eight bytes at a time while eight remain; the
    /// byte loop after it reads that byte and any the words did not cover.
    @inline(__always)
    static func endOfPlainRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        var scan = start
        while bytes.count - scan >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + scan).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\""))), backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            // A lane's high bit is set for a zero lane of `quotes` or `backslashes`, a byte below 0x20 or one of 0x80
            // and above. Borrows may set lanes above the first such byte wrongly, never one below it.
            let stops = (quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word | word
            let flagged = stops & (ones &* 0x80)
            if flagged != 0 { return scan + flagged.trailingZeroBitCount / 8 }
            scan += 8
        }
        return scan
    }

    /// The general path, for strings with escapes: runs of plain bytes validated as UTF-8, escapes decoded.
    mutating func parseEscapedString(start: Int) throws(JSONSyntaxError) -> String {
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ cursor: Cursor, upTo end: Int, into scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
            guard end > runStart else { return }
            guard let run = String(validating: UnsafeBufferPointer(rebasing: cursor.bytes[runStart..<end]), as: UTF8.self) else {
                throw cursor.error("invalid UTF-8 in string", at: runStart)
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while true {
            guard let byte = current else { throw error("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun(self, upTo: index, into: &scalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flushRun(self, upTo: index, into: &scalars)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw error("unescaped control character in string")
            default:
                index += 1
            }
        }
    }

    mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard currentByte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("lone surrogate in \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(combined)!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("lone surrogate in \\u escape") }
            return scalar
        default:
            throw error("invalid escape \\\(Self.describe(byte))", at: index - 1)
        }
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("expected 4 hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
