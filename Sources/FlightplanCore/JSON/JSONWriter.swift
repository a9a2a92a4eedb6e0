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

    /// Writes an object key; the next value written is its value.
    public mutating func key(_ name: String) {
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
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// Writes a finite number in its shortest round-trip form. Non-finite values, which JSON
    /// cannot express and a plan never contains, are written as `null`.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        separate()
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else {
            let text = value.description
            var utf8 = Array(text.utf8)
            if utf8.count > 2, utf8[utf8.count - 2] == UInt8(ascii: "."), utf8[utf8.count - 1] == UInt8(ascii: "0") {
                utf8.removeLast(2)
            }
            bytes.append(contentsOf: utf8)
        }
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
