/// A compact, deterministic JSON writer into a byte buffer.
///
/// Numbers are written as the shortest text that reads back as the same `Double`
/// (`-0` as `0`, integral values without a fraction); strings are escaped per RFC 8259.
/// The caller keeps the structure balanced; commas are inserted automatically.
///
/// The text grows in one allocation of its own, written through a pointer: a plan is a few thousand small
/// appends, and an array's uniqueness and capacity checks on each were a fifth of the encoder's time. The
/// writer is therefore not copyable; ``bytes`` copies the text out once at the end.
public struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    private var needsComma = false

    /// Creates an empty writer, reserving room for `capacity` bytes.
    public init(capacity: Int = 1024) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The JSON text written so far, UTF-8.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The JSON text as a string.
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Makes room for `extra` more bytes, doubling the allocation as often as needed.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        reserve(buffer.count)
        (base + count).update(from: buffer.baseAddress!, count: buffer.count)
        count += buffer.count
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    private mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
    }

    /// Opens an object (`{`).
    public mutating func beginObject() {
        separate()
        append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes an object (`}`).
    public mutating func endObject() {
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (`[`).
    public mutating func beginArray() {
        separate()
        append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes an array (`]`).
    public mutating func endArray() {
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key known at compile time (it must need no escaping); the next value written is its value.
    public mutating func key(_ name: StaticString) {
        separate()
        append(UInt8(ascii: "\""))
        append(name)
        append(#"":"#)
        needsComma = false
    }

    /// Writes an object key made at run time, escaped as any string; the next value written is its value.
    public mutating func dynamicKey(_ name: String) {
        string(name)
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        append("null")
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
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
            append(UInt8(ascii: "0"))
        } else if value == value.rounded(.towardZero) && abs(value) <= 9_007_199_254_740_992 {
            // Integral values up to 2⁵³ print as plain digits (description switches to exponents above).
            integerDigits(Int64(value))
        } else if let (digits, exponent) = ShortestDecimal.digits(of: abs(value)) {
            decimal(negative: value < 0, digits: digits, exponent: exponent)
        } else {
            // Double's own shortest round-trip formatter hands its ASCII text straight to the sink.
            var sink = ASCIISink()
            value.write(to: &sink)
            sink.bytes.withUnsafeBufferPointer { append($0) }
        }
    }

    /// Writes `digits × 10^exponent` (a negative exponent, digits without trailing zeros) in plain decimal
    /// notation, as `Double.description` does between 10⁻⁴ and 2⁵³: `12.5`, `0.0625`.
    private mutating func decimal(negative: Bool, digits: UInt64, exponent: Int) {
        let fractionLength = -exponent
        reserve(fractionLength + 24)
        if negative { base[count] = UInt8(ascii: "-"); count += 1 }
        // At most 21 decimals (see ShortestDecimal); from 20 on, the integer part is 0.
        let integerPart = fractionLength < 20 ? digits / powerOfTen(fractionLength) : 0
        writeDigits(integerPart, length: Self.digitCount(integerPart))
        base[count] = UInt8(ascii: ".")
        count += 1
        // Leading zeros first; the fraction's own digits then overwrite the end of them.
        (base + count).update(repeating: UInt8(ascii: "0"), count: fractionLength)
        writeDigits(digits &- integerPart &* (fractionLength < 20 ? powerOfTen(fractionLength) : 0), length: fractionLength)
    }

    private mutating func integerDigits(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let length = Self.digitCount(value.magnitude)
        reserve(length)
        writeDigits(value.magnitude, length: length)
    }

    /// Writes `value` right-aligned in the next `length` bytes (reserved), two digits at a time from the end, eight at a
    /// time split into two independent halves; positions left of its own digits are not touched.
    @inline(__always)
    private mutating func writeDigits(_ value: UInt64, length: Int) {
        var rest = value
        var end = count + length
        Self.digitPairs.withUTF8Buffer { pairs in
            func pair(_ twoDigits: UInt32, at position: Int) {
                let offset = Int(truncatingIfNeeded: twoDigits) &* 2
                base[position] = pairs[offset]
                base[position + 1] = pairs[offset + 1]
            }
            while rest >= 100_000_000 {
                let eight = UInt32(truncatingIfNeeded: rest % 100_000_000)
                rest /= 100_000_000
                let high = eight / 10_000, low = eight % 10_000
                pair(high / 100, at: end - 8)
                pair(high % 100, at: end - 6)
                pair(low / 100, at: end - 4)
                pair(low % 100, at: end - 2)
                end -= 8
            }
            var small = UInt32(truncatingIfNeeded: rest)
            while small >= 100 {
                pair(small % 100, at: end - 2)
                small /= 100
                end -= 2
            }
            if small >= 10 {
                pair(small, at: end - 2)
            } else {
                base[end - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small)
            }
        }
        count += length
    }

    /// How many decimal digits `value` has (one for zero): t = ⌊log₁₀ 2^bits⌋ from its bit length, and it has
    /// t + 1 digits when it reaches 10^t, else t.
    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        let estimate = ((64 - value.leadingZeroBitCount) &* 1233) >> 12
        return max(1, value >= powerOfTen(estimate) ? estimate + 1 : estimate)
    }

    /// "00", "01", … "99".
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Appends literal JSON text as it is, outside the comma bookkeeping: for writers of fixed shapes
    /// that interleave literal fragments with ``bareNumber(_:)`` between ``beginValue()`` and ``endValue()``.
    package mutating func fragment(_ text: StaticString) {
        append(text)
    }

    /// Writes a value that is already JSON text (another writer's whole output), as one value.
    package mutating func json(_ text: [UInt8]) {
        beginValue()
        text.withUnsafeBufferPointer { append($0) }
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
        append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Runs that need no escaping are copied whole.
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): append(#"\""#)
                case UInt8(ascii: "\\"): append(#"\\"#)
                case UInt8(ascii: "\n"): append(#"\n"#)
                case UInt8(ascii: "\r"): append(#"\r"#)
                case UInt8(ascii: "\t"): append(#"\t"#)
                default:
                    append(#"\u00"#)
                    append(Self.hexDigits[Int(byte >> 4)])
                    append(Self.hexDigits[Int(byte & 0xF)])
                }
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        append(UInt8(ascii: "\""))
        needsComma = true
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// Receives `Double.write(to:)`'s text. Double writes through the stream's `_writeASCII` requirement,
/// which takes the formatter's stack buffer as it is; `write(_:)` is there for anything else.
private struct ASCIISink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
