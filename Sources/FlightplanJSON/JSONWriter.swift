/// A compact, deterministic JSON writer into a byte buffer.
///
/// Numbers are written as the shortest text that reads back as the same `Double`
/// (`-0` as `0`, integral values without a fraction); strings are escaped per RFC 8259.
/// The caller keeps the structure balanced; commas are inserted automatically.
public struct JSONWriter: Sendable {
    /// The JSON text written so far, UTF-8.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    /// Creates an empty writer, reserving room for `capacity` bytes.
    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON text as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Opens an object (`{`).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes an object (`}`).
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (`[`).
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes an array (`]`).
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key known at compile time (it must need no escaping); the next value written is its value.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// Writes an object key made at run time, escaped as any string; the next value written is its value.
    public mutating func dynamicKey(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// Writes an integer.
    public mutating func integer(_ value: Int) {
        separate()
        integerDigits(Int64(value))
        needsComma = true
    }

    /// Writes a finite number in its shortest round-trip form (the text of `Double.description`, without
    /// a trailing `.0`). Non-finite values, which JSON cannot express and a plan never contains, are
    /// written as `null`.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        separate()
        needsComma = true
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else if value == value.rounded(.towardZero) && abs(value) <= 9_007_199_254_740_992 {
            // Integral values up to 2⁵³ print as plain digits (description switches to exponents above).
            integerDigits(Int64(value))
        } else if let micros = Self.exactMicros(value) {
            // At most six decimals (what a plan rounded with `precision` holds): fixed-point digits are
            // then exactly the shortest round-trip text, and much cheaper to make.
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            integerDigits(Int64(micros / 1_000_000))
            var fraction = micros % 1_000_000
            var decimals = 6
            while fraction % 10 == 0 { fraction /= 10; decimals -= 1 }
            bytes.append(UInt8(ascii: "."))
            var divisor: Int64 = 1
            for _ in 1..<decimals { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
                divisor /= 10
            }
        } else {
            // Double's own shortest round-trip formatter hands its ASCII text straight to the sink:
            // no String is made, so no allocation.
            var sink = ASCIISink()
            swap(&sink.bytes, &bytes)
            value.write(to: &sink)
            swap(&sink.bytes, &bytes)
        }
    }

    /// `|value| × 10⁶` when that is a whole number below 10¹⁵ and `|value| ≥ 0.001` (where Double.description
    /// uses plain decimals), else nil. The division check proves the six-decimal text reads back as `value`.
    private static func exactMicros(_ value: Double) -> Int64? {
        let magnitude = abs(value)
        guard magnitude >= 0.001, magnitude < 1e9 else { return nil }
        // Round half up by truncation (inlined; `rounded()` is a libm call on baseline x86-64).
        let micros = Int64(magnitude * 1e6 + 0.5)
        guard Double(micros) / 1e6 == magnitude else { return nil }
        return micros
    }

    private mutating func integerDigits(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits, filled from the end
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                count += 1
                raw[24 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: raw[(24 - count)..<24])
        }
    }

    /// Appends literal JSON text as it is, outside the comma bookkeeping: for writers of fixed shapes
    /// that interleave literal fragments with ``bareNumber(_:)`` between ``beginValue()`` and ``endValue()``.
    package mutating func fragment(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes a value that is already JSON text (another writer's whole output), as one value.
    package mutating func json(_ text: [UInt8]) {
        beginValue()
        bytes.append(contentsOf: text)
        endValue()
    }

    /// A number written as ``number(_:)`` does, outside the comma bookkeeping (see ``fragment(_:)``).
    package mutating func bareNumber(_ value: Double) {
        let saved = needsComma
        needsComma = false
        number(value)
        needsComma = saved
    }

    /// Starts a value written with fragments: the separating comma, if one is due.
    package mutating func beginValue() {
        separate()
        needsComma = false
    }

    /// Ends a value written with fragments.
    package mutating func endValue() {
        needsComma = true
    }

    /// Writes a string, escaping quotes, backslashes and control characters.
    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }
}

/// Receives `Double.write(to:)`'s text. Double writes through the stream's `_writeASCII` requirement,
/// which takes the formatter's stack buffer as it is; `write(_:)` is there for anything else.
private struct ASCIISink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
