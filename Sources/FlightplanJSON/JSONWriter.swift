/// A compact, deterministic JSON writer into a byte buffer.
///
/// Numbers are written as the shortest text that reads back as the same `Double`
/// (`-0` as `0`, integral values without a fraction); strings are escaped per RFC 8259.
/// The caller keeps the structure balanced; commas are inserted automatically.
///
/// The text grows in one allocation of its own, written through a pointer: a plan is a few thousand small
/// appends, and an array's uniqueness and capacity checks on each were a fifth of the encoder's time. The
/// writer is therefore not copyable; ``handedOver()`` gives that allocation away at the end (``bytes`` copies it).
///
/// A plan repeats many of its numbers (a layer held at a scale, a mask kept across keyframes), so the text of each
/// fractional number is remembered in a small direct-mapped table, by bit pattern, and copied when it comes again.
public struct JSONWriter: ~Copyable {
    // The buffer is usable from inline code so that the exports' text fragments, written from another module,
    // are copied in place rather than through a call each.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    /// The most bytes the text may take (``init(capacity:limit:)``).
    public let limit: Int
    /// The most bytes the buffer may take: ``limit`` and ``reservationSlack``.
    private let ceiling: Int
    /// Whether the writer gave up its text on the way (see ``exceededLimit``).
    private var gaveUp = false
    /// Whether the text outgrew ``limit``: what was written is then given up (``bytes`` and ``handedOver()`` hold
    /// only the tail written since), and the caller refuses the answer instead of sending it.
    public var exceededLimit: Bool { gaveUp || count > limit }
    /// Room past ``limit`` that the buffer may take for what is reserved and not written (a number reserves its
    /// longest text), so that a text within the limit is never given up for a reservation.
    private static let reservationSlack = 1024
    /// Whether the next value or key is preceded by a comma.
    @usableFromInline var needsComma = false
    /// Where the text of a recent fractional number lies, by its bit pattern; made at the first one.
    private var recentNumbers: UnsafeMutablePointer<UInt64>?
    /// Where a text remembered for a caller's key lies (``rememberText(for:from:)``); made at the first one.
    @usableFromInline var rememberedTexts: UnsafeMutablePointer<UInt64>?

    /// Slots in a table of recent numbers (a power of two). A table is two rows of as many words: the numbers' bit
    /// patterns, then where the text of each lies (see ``recentPlace(offset:length:)``). Only the first row is cleared
    /// when the table is made (an answer makes one, and a clear costs by the byte): the second is read only at a slot
    /// whose bit pattern matched, so one written since.
    @usableFromInline static let recentNumberSlots = 512

    /// Where a remembered text lies, as a table's second row holds it: its offset in the output a byte up, its length
    /// (at most 48) in the lowest byte.
    @usableFromInline @inline(__always)
    static func recentPlace(offset: Int, length: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: offset) << 8 | UInt64(truncatingIfNeeded: length)
    }

    /// Creates an empty writer, reserving room for `capacity` bytes, whose text may take `limit` bytes.
    /// - Parameters:
    ///   - capacity: Bytes to reserve, at least 64 and at most `limit`; the buffer doubles as often as the text needs
    ///     beyond it.
    ///   - limit: The most bytes the text may take: past it, ``exceededLimit`` turns true and the writer starts over
    ///     in the buffer it has, so however much more is written, its allocation stays within `limit` bytes and 1 KiB.
    public init(capacity: Int = 1024, limit: Int = .max) {
        self.limit = limit
        ceiling = limit > .max - Self.reservationSlack ? .max : limit + Self.reservationSlack
        self.capacity = max(64, min(capacity, limit))
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
        recentNumbers?.deallocate()
        rememberedTexts?.deallocate()
    }

    /// The JSON text written so far, UTF-8.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The JSON text written, in the writer's own allocation, which the result now owns: no copy.
    /// - Returns: The text, UTF-8.
    public consuming func handedOver() -> OwnedBytes {
        recentNumbers?.deallocate()
        rememberedTexts?.deallocate()
        let text = OwnedBytes(writtenBy: base, count: count)
        discard self
        return text
    }

    /// The JSON text as a string.
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Makes room for `extra` more bytes, doubling the allocation as often as needed.
    /// - Parameter extra: How many bytes are to be written next (for ``reservedFragment(_:)``, at most).
    @inlinable @inline(__always)
    package mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        var needed = needed
        if needed > ceiling {
            // Given up: the text starts over at the buffer's start. The table of recent numbers may then point at
            // other text, within the buffer; what is written from here on is never sent.
            gaveUp = true
            needed -= count
            count = 0
            if needed <= capacity { return }
        }
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        newCapacity = min(newCapacity, max(needed, ceiling))
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Lets `body` write at most `maximumLength` bytes at the end through a pointer, and counts the bytes it says
    /// it wrote. Hot paths write this way: a byte stored through `self`'s own pointer may alias `self`'s fields, so
    /// the compiler would reload them after every byte; a local pointer has no such doubt.
    @inlinable @inline(__always)
    mutating func write(maximumLength: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximumLength)
        // Unchecked: the count stays within the allocation's capacity.
        count &+= body(base + count)
    }

    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        write(maximumLength: 1) {
            $0.pointee = byte; return 1
        }
    }

    @inlinable @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        write(maximumLength: buffer.count) { Self.copy(buffer, to: $0) }
    }

    @inlinable @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Copies `buffer` to `destination` and returns its length: short runs (keys, fragments) as two overlapping
    /// words, the first and the last of the run, which beats both a loop and a call to memmove; long ones with
    /// memmove.
    @inlinable @inline(__always)
    static func copy(_ buffer: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = UnsafeRawPointer(buffer.baseAddress) else { return 0 }
        let count = buffer.count, target = UnsafeMutableRawPointer(destination)
        @inline(__always)
        func overlapping<Word>(_ word: Word.Type) {
            let head = source.loadUnaligned(as: Word.self),
                tail = source.loadUnaligned(fromByteOffset: count - MemoryLayout<Word>.size, as: Word.self)
            target.storeBytes(of: head, as: Word.self)
            target.storeBytes(of: tail, toByteOffset: count - MemoryLayout<Word>.size, as: Word.self)
        }
        switch count {
        case 16...32: overlapping(SIMD16<UInt8>.self)
        case 8..<16: overlapping(UInt64.self)
        case 4..<8: overlapping(UInt32.self)
        case 1..<4: for index in 0..<count { destination[index] = buffer[index] }
        case 0: break
        default: destination.update(from: buffer.baseAddress!, count: count)
        }
        return count
    }

    /// Writes `byte` after the separating comma, if one is due.
    @inlinable @inline(__always)
    mutating func separated(_ byte: UInt8) {
        reserve(2)
        let comma = needsComma ? 1 : 0, end = count, start = base + end
        start.pointee = UInt8(ascii: ",")
        start[comma] = byte
        count = end &+ comma &+ 1
    }

    /// Writes the comma that separates this value or key from the one before, if one is due.
    @usableFromInline @inline(__always)
    mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
    }

    /// Opens an object (`{`).
    @inlinable @inline(__always)
    public mutating func beginObject() {
        separated(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes an object (`}`).
    @inlinable @inline(__always)
    public mutating func endObject() {
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (`[`).
    @inlinable @inline(__always)
    public mutating func beginArray() {
        separated(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes an array (`]`).
    @inlinable @inline(__always)
    public mutating func endArray() {
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key known at compile time (it must need no escaping); the next value written is its value.
    ///
    /// Inlined where it is called: there the key's length and bytes are constants, so the comma, the quotes, the
    /// colon and the name become a few stores of known words, with no call, no length switch and no loop.
    /// - Parameter name: The key, written between quotes as it is: no quote, backslash or control character.
    @inlinable @inline(__always)
    public mutating func key(_ name: StaticString) {
        let length = name.utf8CodeUnitCount
        reserve(length + 4)
        // The fields are read before the first store: a byte stored through the buffer's pointer may alias them.
        let comma = needsComma ? 1 : 0, end = count, start = base + end
        start.pointee = UInt8(ascii: ",")
        let quote = start + comma
        quote.pointee = UInt8(ascii: "\"")
        _ = Self.copy(UnsafeBufferPointer(start: name.utf8Start, count: length), to: quote + 1)
        quote[length &+ 1] = UInt8(ascii: "\"")
        quote[length &+ 2] = UInt8(ascii: ":")
        count = end &+ comma &+ length &+ 3
        needsComma = false
    }

    /// Writes an object key made at run time, escaped as any string; the next value written is its value.
    /// - Parameter name: The key, any string: quotes, backslashes and control characters are escaped.
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
    /// - Parameter value: The flag.
    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
        needsComma = true
    }

    /// Writes an integer.
    /// - Parameter value: The integer, written in plain decimal digits, with `-` when negative.
    public mutating func integer(_ value: Int) {
        separate()
        integerDigits(Int64(value))
        needsComma = true
    }

    /// Writes a finite number in its shortest round-trip form (the text of `Double.description`, without
    /// a trailing `.0`). Non-finite values, which JSON cannot express and a plan never contains, are
    /// written as `null`.
    /// - Parameter value: The number; `-0` is written as `0`, an integral value up to 2⁵³ as plain digits.
    ///
    /// Zero, a third of a plan's numbers, is written where this is called; other numbers by one call.
    @inlinable @inline(__always)
    public mutating func number(_ value: Double) {
        if value == 0 {
            separated(UInt8(ascii: "0"))
            needsComma = true
        } else {
            nonzeroNumber(value)
        }
    }

    /// Writes a number other than zero as ``number(_:)`` does: the comma, if one is due, then the number as
    /// ``bareNonzeroNumber(_:)`` writes it (the one copy of the number path, which a plan's keyframes take directly).
    @usableFromInline
    mutating func nonzeroNumber(_ value: Double) {
        separate()
        needsComma = true
        bareNonzeroNumber(value)
    }

    /// The most bytes ``writeNumber(_:)`` stores: a fraction's text with the scratch bytes
    /// ``writeDecimal(negative:places:integerDigits:to:)`` stores past it (the longest other texts, `Double.description`'s,
    /// have 24 bytes).
    private static let longestNumberWrite = longestDecimalWrite

    /// Appends the text of a number other than zero (its callers write zero themselves) as ``number(_:)`` writes it,
    /// `null` when it is not finite. Room for the longest is made once, and the text is written through a local pointer
    /// (see ``write(maximumLength:_:)``).
    ///
    /// The commonest texts are tested for first, and the tests rule out what is not finite on the way (each range
    /// test fails for infinities and NaN): the table, then seven decimals (whole numbers below 2²⁶ among them), then
    /// the other whole numbers; only the rest is tested for being finite.
    @inline(__always)
    private mutating func writeNumber(_ value: Double) {
        reserve(Self.longestNumberWrite)
        let base = base
        let start = count
        let pointer = base + start
        // The table is asked first: it holds only texts written below with a fraction or seven decimals, so a repeat is
        // copied without further tests.
        let bits = value.bitPattern
        let slot = Self.recentNumberSlot(for: bits, in: &recentNumbers)
        if slot.pointee == bits {
            // Copied as two words that cover the longest text (a shorter one's copy runs on into scratch past its end),
            // with no switch on its length: room for the longest write was made at its start, and at this one, and the
            // buffer never shrinks.
            let place = slot[Self.recentNumberSlots]
            let earlier = UnsafeRawPointer(base + Int(truncatingIfNeeded: place >> 8)), target = UnsafeMutableRawPointer(pointer)
            let head = earlier.loadUnaligned(as: SIMD16<UInt8>.self), tail = earlier.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
            target.storeBytes(of: head, as: SIMD16<UInt8>.self)
            target.storeBytes(of: tail, toByteOffset: 16, as: SIMD16<UInt8>.self)
            count = start &+ Int(truncatingIfNeeded: place & 0xFF)
            return
        }
        let length: Int
        let magnitude = abs(value)
        if let scaled = Self.tenMillionths(of: magnitude) {
            // At most seven decimals, as a tolerance plan rounds its points and scales (most of an answer's fractions):
            // the value is the double nearest to `scaled` / 10⁷, and below 2²⁶ two decimals of seven places lie
            // farther apart than a double's spacing there, so no shorter decimal reads back as it (nor an equally
            // short one closer). Its text is the fixed point's, `Double.description`'s there, for about half the work;
            // a whole number's is its digits, as below. Written in place, with the places a constant (the division a
            // multiplication, the shifts fixed): as a call it took 20 more instructions a number (callgrind).
            length = Self.writeFixedPoint(value < 0 ? 0 &- scaled : scaled, places: 7, to: pointer)
        } else if magnitude <= 9_007_199_254_740_992 && Double(Int64(value)) == value {
            // Integral values up to 2⁵³ print as plain digits (description switches to exponents above).
            count = start &+ Self.writeInteger(Int64(value), to: pointer)
            return
        } else if !value.isFinite {
            count = start &+ Self.copy(UnsafeBufferPointer(start: ("null" as StaticString).utf8Start, count: 4), to: pointer)
            return
        } else if let (places, integerDigits) = ShortestDecimal.digits(of: magnitude) {
            length = Self.writeDecimal(negative: value < 0, places: places, integerDigits: integerDigits, to: pointer)
        } else {
            // Double's own shortest round-trip formatter hands its ASCII text (at most 24 bytes) to the sink.
            var sink = ASCIISink()
            value.write(to: &sink)
            length = sink.bytes.withUnsafeBufferPointer { Self.copy($0, to: pointer) }
        }
        count = start &+ length
        slot.pointee = bits
        slot[Self.recentNumberSlots] = Self.recentPlace(offset: start, length: length)
    }

    /// `magnitude` in ten-millionths when it is the double nearest to a whole number of them, from 2⁻¹⁰ to below 2²⁶;
    /// nil otherwise (for infinities and NaN too). The product, below 2⁵⁰, is rounded to a whole number by adding 2⁵²,
    /// whose bits below that are then the whole number's, without `rounded()`'s call into libm: a whole number S of
    /// ten-millionths whose nearest double is `magnitude` lies within 0.15 of the product there, so this finds S
    /// whenever there is one (and at a tie, however rounded, there is none).
    @inline(__always)
    private static func tenMillionths(of magnitude: Double) -> Int64? {
        guard magnitude >= 0x1p-10 && magnitude < 0x1p26 else { return nil }
        let shifted = magnitude * fixedPointUnit + 0x1p52
        guard (shifted - 0x1p52) / fixedPointUnit == magnitude else { return nil }
        return Int64(bitPattern: shifted.bitPattern & 0x000F_FFFF_FFFF_FFFF)
    }

    /// The table slot for a number's bit pattern (Fibonacci hashing), making the table at the first call. A slot
    /// never holds the bits of 0, so a fresh one matches nothing the table is asked for.
    @usableFromInline @inline(__always)
    static func recentNumberSlot(for bits: UInt64, in recent: inout UnsafeMutablePointer<UInt64>?) -> UnsafeMutablePointer<UInt64> {
        let table =
            recent
            ?? {
                let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * Self.recentNumberSlots)
                table.initialize(repeating: 0, count: Self.recentNumberSlots)
                recent = table
                return table
            }()
        return table + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 55)
    }

    /// Writes a fraction given as ``ShortestDecimal/digits(of:)`` gives it (17 `places`, the first not zero, its
    /// digits followed by zeros, of which the first `integerDigits`, at most 15 and fewer than its digits, stand
    /// before the point, none below 1) in plain decimal notation, as `Double.description` does between 10⁻⁴ and 2⁵³
    /// (`12.5`, `0.0625`), and returns its length (at most 23). Up to ``longestDecimalWrite`` bytes from `start` are
    /// overwritten.
    ///
    /// The places are spelt in registers, the first in the lowest byte of three words (8, 8 and 1 bytes), and their
    /// text is only stored, never stored and read back: a read of bytes just stored by several narrower stores waits
    /// for them to reach the cache (a store-forwarding stall, once a number when the digits were staged in memory). At
    /// or above 1 the text is the places with those after the point moved up a byte, by masks, and the point stored
    /// over the byte they leave; below 1 it is `0.` and zeros, then the places stored over them where they start.
    ///
    /// Inlined, as the printer (``ShortestDecimal/digits(of:)``) is: as a call it took 12 more instructions a number
    /// (callgrind).
    @inline(always)
    private static func writeDecimal(negative: Bool, places: UInt64, integerDigits: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        let upper = places / 100_000_000, lower = places &- upper &* 100_000_000
        let top = upper / 100_000_000, middle = upper &- top &* 100_000_000
        let middleText = eightDigits(middle), lowerText = eightDigits(lower)
        let head = UInt64(UInt8(ascii: "0")) | top | middleText << 8
        let body = middleText >> 56 | lowerText << 8
        let last = UInt8(truncatingIfNeeded: lowerText >> 56)
        // The digits end at the last place that is not a zero. The top zero bytes of a word of digit values, counted
        // by its leading zero bits, are zeros at the end: of the last eight places, and when all eight are zeros (8),
        // of the eight before them too (the first place is never zero). Counted without a branch: which case it is
        // varies from one number to the next.
        let lastZeros = (lowerText ^ eightZeros).leadingZeroBitCount &>> 3
        let middleZeros = (middleText ^ eightZeros).leadingZeroBitCount &>> 3
        let significant = 17 &- lastZeros &- (lastZeros &>> 3) &* middleZeros
        let sign = negative ? 1 : 0
        start.pointee = UInt8(ascii: "-")
        let text = UnsafeMutableRawPointer(start + sign)
        if integerDigits > 0 {
            // The bytes below the point's place from the places, those from it on from the places one byte up.
            let bits = integerDigits &* 8
            let headMask: UInt64 = bits >= 64 ? ~0 : (1 &<< bits) &- 1
            let bodyMask: UInt64 = bits > 64 ? (1 &<< (bits &- 64)) &- 1 : 0
            text.storeBytes(of: head & headMask | head << 8 & ~headMask, as: UInt64.self)
            text.storeBytes(of: body & bodyMask | (body << 8 | head >> 56) & ~bodyMask, toByteOffset: 8, as: UInt64.self)
            text.storeBytes(of: UInt16(truncatingIfNeeded: body >> 56) | UInt16(last) << 8, toByteOffset: 16, as: UInt16.self)
            text.storeBytes(of: UInt8(ascii: "."), toByteOffset: integerDigits, as: UInt8.self)
            return sign &+ significant &+ 1
        }
        // `0.` and zeros up to the first digit (at most 20 of them), then the places.
        text.storeBytes(of: eightZeros & ~0xFF00 | UInt64(UInt8(ascii: ".")) << 8, as: UInt64.self)
        text.storeBytes(of: eightZeros, toByteOffset: 8, as: UInt64.self)
        text.storeBytes(of: eightZeros, toByteOffset: 16, as: UInt64.self)
        let first = 2 &- integerDigits
        text.storeBytes(of: head, toByteOffset: first, as: UInt64.self)
        text.storeBytes(of: body, toByteOffset: first &+ 8, as: UInt64.self)
        text.storeBytes(of: last, toByteOffset: first &+ 16, as: UInt8.self)
        return sign &+ 2 &+ significant &- integerDigits
    }

    /// The most bytes ``writeDecimal(negative:places:integerDigits:to:)`` stores from its start: a sign,
    /// `0.`, 20 zeros and 17 places.
    private static let longestDecimalWrite = 40

    private mutating func integerDigits(_ value: Int64) {
        reserve(20)
        count += Self.writeInteger(value, to: base + count)
    }

    /// Writes `value` in plain decimal digits, with `-` when negative, and returns its length (at most 20); up to 9
    /// bytes from `pointer` may be overwritten past a shorter text.
    @inline(__always)
    private static func writeInteger(_ value: Int64, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        pointer.pointee = UInt8(ascii: "-")
        let sign = value < 0 ? 1 : 0
        return sign &+ writeWholeDigits(value.magnitude, to: pointer + sign)
    }

    /// Writes the digits of `value` from `pointer` and returns how many (one for zero). Below 10⁴ (nearly every whole
    /// part of a plan's numbers) and below 10⁸ they are one word of digit values (``fourDigitLaneValues(_:)``'s,
    /// ``eightDigitValues(_:)``'s) with its leading zeros, its lowest zero bytes, shifted out (all but the last for
    /// zero): no count of digits beforehand and no loop; 8 bytes from `pointer` are overwritten, those past the digits
    /// with zeros. Longer ones as ``writeDigits(_:endingAt:)`` writes them.
    @inlinable @inline(always)
    static func writeWholeDigits(_ value: UInt64, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        @inline(always)
        func significant(_ digits: UInt64, of width: Int) -> Int {
            let leadingZeros = min(width &- 1, digits.trailingZeroBitCount &>> 3)
            UnsafeMutableRawPointer(pointer).storeBytes(of: (digits | eightZeros) &>> (leadingZeros &* 8), as: UInt64.self)
            return width &- leadingZeros
        }
        if value < 10_000 { return significant(fourDigitLaneValues(value), of: 4) }
        if value < 100_000_000 { return significant(eightDigitValues(value), of: 8) }
        let length = digitCount(value)
        writeDigits(value, endingAt: pointer + length)
        return length
    }

    /// Writes the digits of `value` so that the last is just before `end`, two at a time from the end, eight at a
    /// time split into two independent halves; bytes left of its own digits are not touched.
    @inlinable @inline(__always)
    static func writeDigits(_ value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = UnsafeBufferPointer(start: digitPairs.utf8Start, count: digitPairs.utf8CodeUnitCount)
        var rest = value
        var end = end
        func pair(_ twoDigits: UInt32, at position: UnsafeMutablePointer<UInt8>) {
            let offset = Int(truncatingIfNeeded: twoDigits) &* 2
            position[0] = pairs[offset]
            position[1] = pairs[offset + 1]
        }
        while rest >= 100_000_000 {
            UnsafeMutableRawPointer(end - 8).storeBytes(of: eightDigits(rest % 100_000_000), as: UInt64.self)
            rest /= 100_000_000
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
            end[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small)
        }
    }

    /// The eight ASCII digits of `value` (below 10⁸, with leading zeros) as one little-endian word, the first digit in
    /// its lowest byte.
    @inlinable @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {
        eightDigitValues(value) | eightZeros
    }

    /// The eight decimal digits of `value` (below 10⁸, with leading zeros) as the bytes of one little-endian word, by
    /// value (0…9), the first digit in its lowest byte: split into halves of four digits, each half into pairs, each
    /// pair into digits, every split done in all lanes of the word at once by a multiplication (x · 5243 >> 19 is
    /// x / 100 below 10⁴; x · 103 >> 10 is x / 10 below 100).
    @inlinable @inline(__always)
    static func eightDigitValues(_ value: UInt64) -> UInt64 {
        fourDigitLaneValues(value / 10_000 | (value % 10_000) << 32)
    }

    /// The four decimal digits of each 32-bit lane's value (each below 10⁴, with leading zeros) as ``eightDigitValues(_:)``
    /// gives them, the low lane's first: each lane split into pairs, each pair into digits. A value below 10⁴ in the
    /// low lane alone gives its four digits in the word's four lowest bytes, zeros above them.
    @inlinable @inline(__always)
    static func fourDigitLaneValues(_ lanes: UInt64) -> UInt64 {
        let hundreds = (lanes &* 5243) >> 19 & 0x0000_007F_0000_007F
        let pairs = hundreds | (lanes &- hundreds &* 100) << 16
        let tens = (pairs &* 103) >> 10 & 0x000F_000F_000F_000F
        return tens | (pairs &- tens &* 10) << 8
    }

    /// How many decimal digits `value` has (one for zero): t = ⌊log₁₀ 2^bits⌋ from its bit length, and it has
    /// t + 1 digits when it reaches 10^t, else t.
    @inlinable @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        let estimate = ((64 - value.leadingZeroBitCount) &* 1233) >> 12
        return max(1, value >= powerOfTen(estimate) ? estimate + 1 : estimate)
    }

    /// Eight ASCII zeros in one word.
    @usableFromInline static let eightZeros: UInt64 = 0x3030_3030_3030_3030

    /// "00", "01", … "99".
    @usableFromInline static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Appends literal JSON text as it is, outside the comma bookkeeping: for writers of fixed shapes
    /// that interleave literal fragments with ``bareNumber(_:)`` between ``beginValue()`` and ``endValue()``.
    /// Inlined where it is called, where the text's length is a constant: a short fragment is a few stores.
    @inlinable @inline(__always)
    package mutating func fragment(_ text: StaticString) {
        append(text)
    }

    /// Appends literal JSON text as ``fragment(_:)`` does, into room made beforehand (``reserve(_:)``): for a writer of
    /// a fixed shape, which makes room for its longest text once rather than before each run.
    /// - Parameter text: The text, as it is; the room reserved must hold it.
    @inlinable @inline(__always)
    package mutating func reservedFragment(_ text: StaticString) {
        count &+= Self.copy(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: base + count)
    }

    /// Writes a value that is already JSON text (another writer's whole output), as one value.
    package mutating func json(_ text: [UInt8]) {
        beginValue()
        text.withUnsafeBufferPointer { append($0) }
        endValue()
    }

    /// A number written as ``number(_:)`` does, outside the comma bookkeeping (see ``fragment(_:)``); zero, as
    /// common in an export as in a plan, is written where this is called.
    @inlinable @inline(__always)
    package mutating func bareNumber(_ value: Double) {
        if value == 0 { append(UInt8(ascii: "0")) } else { bareNonzeroNumber(value) }
    }

    /// Writes a number other than zero as ``bareNumber(_:)`` does.
    @usableFromInline
    mutating func bareNonzeroNumber(_ value: Double) {
        writeNumber(value)
    }

    /// Starts a value written with fragments: the separating comma, if one is due. Inlined where it is called, as the
    /// fragments are.
    @inlinable @inline(__always)
    package mutating func beginValue() {
        separate()
        needsComma = false
    }

    /// Ends a value written with fragments.
    @inlinable @inline(__always)
    package mutating func endValue() {
        needsComma = true
    }

    /// Writes a string, escaping quotes, backslashes and control characters.
    /// - Parameter value: The string; `\n`, `\r`, `\t` use their short escapes, other control characters `\u00XX`;
    ///   non-ASCII is written as UTF-8.
    public mutating func string(_ value: String) {
        separate()
        append(UInt8(ascii: "\""))
        Self.withUTF8(of: value) { appendEscaped($0) }
        append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Appends a string's UTF-8 with quotes, backslashes and control characters escaped.
    @inline(__always)
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Runs that need no escaping are copied whole.
        var runStart = 0
        while true {
            let index = Self.firstIndexNeedingEscape(in: utf8, from: runStart)
            append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            guard index < utf8.count else { return }
            runStart = index + 1
            let byte = utf8[index]
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
    }

    /// The index of the first byte from `start` on that needs escaping (a quote, a backslash or a control
    /// character), or the buffer's count when none does. Eight bytes are tested at a time, in one word: a byte below
    /// 0x20 borrows into its top bit when 0x20 is subtracted from each byte (bytes from 0x80 on are masked out), and a
    /// byte equal to the quote or the backslash is one that their repeated pattern turns into zero.
    @inline(__always)
    private static func firstIndexNeedingEscape(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = utf8.baseAddress else { return start }
        let count = utf8.count
        @inline(__always)
        func hasByteBelow(_ word: UInt64, _ bound: UInt64) -> Bool {
            (word &- 0x0101_0101_0101_0101 &* bound) & ~word & 0x8080_8080_8080_8080 != 0
        }
        var index = start
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if hasByteBelow(word, 0x20) || hasByteBelow(word ^ 0x2222_2222_2222_2222, 1) || hasByteBelow(word ^ 0x5C5C_5C5C_5C5C_5C5C, 1) {
                break
            }
            index &+= 8
        }
        while index < count {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index &+= 1
        }
        return count
    }

    /// Appends `text` escaped as ``string(_:)`` escapes it, without quotes, outside the comma bookkeeping (see
    /// ``fragment(_:)``): a piece of a string value written with fragments.
    package mutating func escaped(_ text: String) {
        Self.withUTF8(of: text) { appendEscaped($0) }
    }

    /// Appends `text` as it is, outside the comma bookkeeping (see ``fragment(_:)``): text made at run time.
    package mutating func verbatim(_ text: String) {
        Self.withUTF8(of: text) { append($0) }
    }

    /// Calls `body` with the UTF-8 of `text`: read where it lies when the string is native and contiguous (as the
    /// strings written are), with no copy of the string to retain and release; from a contiguous copy otherwise.
    @inline(__always)
    private static func withUTF8(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if text.utf8.withContiguousStorageIfAvailable(body) == nil {
            var text = text
            text.withUTF8(body)
        }
    }

    /// Appends one byte of text as it is, outside the comma bookkeeping (see ``fragment(_:)``).
    @inlinable @inline(__always)
    package mutating func verbatim(byte: UInt8) {
        append(byte)
    }

    /// Writes an integer as ``integer(_:)`` does, outside the comma bookkeeping (see ``fragment(_:)``).
    package mutating func bareInteger(_ value: Int) {
        integerDigits(Int64(value))
    }

    // The primitives below, and the digit functions they use, are inlinable because the exports' six-decimal printer
    // (FlightplanWire) calls them once a number: as calls, exporting a batch of 120 plans as css, svg and lottie took
    // 3.7 % more instructions, with the digit functions alone as calls 2.0 % (callgrind, measured 2026-11-29).

    /// How many bytes the text has so far: where the next byte goes (see ``rememberText(for:from:)``).
    @inlinable package var writtenCount: Int { count }

    /// The longest text ``rememberText(for:from:)`` remembers, and the room past its start it needs.
    @usableFromInline package static let longestRememberedText = 32

    /// Appends the text remembered for `key` (``rememberText(for:from:)``), if it is still remembered: a copy of the
    /// text where it was written, for a caller that writes the same values many times (an export's numbers).
    /// - Parameter key: The caller's key for the text, such as a number's bit pattern; 0 is never remembered.
    /// - Returns: Whether a text was remembered and appended; when not, nothing was written.
    @inlinable @inline(__always)
    package mutating func repeatRememberedText(for key: UInt64) -> Bool {
        let slot = Self.recentNumberSlot(for: key, in: &rememberedTexts)
        guard slot.pointee == key, key != 0 else { return false }
        let place = slot[Self.recentNumberSlots]
        // Copied as two words that cover the longest text (a shorter one's copy runs on into scratch past its end):
        // its start was at least that far from the end of the buffer, which never shrinks.
        reserve(Self.longestRememberedText)
        let base = UnsafeMutableRawPointer(base), start = count, earlier = base + Int(truncatingIfNeeded: place >> 8)
        let head = earlier.loadUnaligned(as: SIMD16<UInt8>.self), tail = earlier.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        base.storeBytes(of: head, toByteOffset: start, as: SIMD16<UInt8>.self)
        base.storeBytes(of: tail, toByteOffset: start &+ 16, as: SIMD16<UInt8>.self)
        count = start &+ Int(truncatingIfNeeded: place & 0xFF)
        return true
    }

    /// Remembers the text written since `start` as the text for `key`, for ``repeatRememberedText(for:)``, in a table
    /// of recent texts (in place of the one whose key shared its slot). A text is not remembered when it is longer
    /// than ``longestRememberedText``, when the buffer had less room than that past its start, or when the writer
    /// gave up its text on the way (past its limit).
    /// - Parameters:
    ///   - key: The caller's key for the text; 0 is never remembered.
    ///   - start: ``writtenCount`` before the text was written.
    @inlinable @inline(__always)
    package mutating func rememberText(for key: UInt64, from start: Int) {
        let length = count &- start
        guard key != 0, length > 0, length <= Self.longestRememberedText, start &+ Self.longestRememberedText <= capacity else { return }
        let slot = Self.recentNumberSlot(for: key, in: &rememberedTexts)
        slot.pointee = key
        slot[Self.recentNumberSlots] = Self.recentPlace(offset: start, length: length)
    }

    /// Appends `scaled` / 10^`places` in plain decimal, outside the comma bookkeeping (see ``fragment(_:)``): `-` when
    /// negative, the whole digits, then the point and the decimals up to the last that is not zero, if any is not
    /// (`-12.5`, `0.000001`, `3`, `-0.25`).
    /// - Parameters:
    ///   - scaled: The number times 10^`places`, a whole number.
    ///   - places: How many decimals `scaled` holds, 1…7.
    @inlinable @inline(__always)
    package mutating func fixedPoint(_ scaled: Int64, places: Int) {
        assert((1...7).contains(places), "fixedPoint(_:places:) writes 1 to 7 decimals")
        write(maximumLength: Self.longestFixedPointWrite) { Self.writeFixedPoint(scaled, places: places, to: $0) }
    }

    /// The most bytes ``writeFixedPoint(_:places:to:)`` stores: a sign, 19 whole digits, the point and a word of decimals.
    @usableFromInline static let longestFixedPointWrite = 29

    /// 10⁷: the number path's fixed-point test scales by it (see ``writeNumber(_:)``).
    private static let fixedPointUnit = 1e7

    /// Writes `scaled` / 10^`places` (1…7) as ``fixedPoint(_:places:)`` does at `pointer`, and returns its length; up to
    /// ``longestFixedPointWrite`` bytes from `pointer` are overwritten.
    @inlinable @inline(always)
    static func writeFixedPoint(_ scaled: Int64, places: Int, to pointer: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = scaled.magnitude, unit = powerOfTen(places)
        let whole = magnitude / unit, fraction = magnitude &- whole &* unit
        let spare = (8 &- places) &* 8
        pointer[0] = UInt8(ascii: "-")
        let sign = scaled < 0 ? 1 : 0
        let point = sign &+ writeWholeDigits(whole, to: pointer + sign)
        guard fraction > 0 else { return point }
        // The fraction's digits by value, the first in the lowest byte (its eight digits' leading zeros shifted
        // out): the zero bytes above its last nonzero digit are the spare ones and its trailing zeros, so it keeps
        // 8 less that many digits. They are stored after the point in one word, with scratch bytes.
        let digits = eightDigitValues(fraction) >> spare
        let kept = 8 &- digits.leadingZeroBitCount &>> 3
        UnsafeMutableRawPointer(pointer + point).storeBytes(
            of: (digits | eightZeros >> spare) << 8 | UInt64(UInt8(ascii: ".")), as: UInt64.self)
        return point &+ 1 &+ kept
    }

    /// The lower-case hexadecimal digits, by value (escapes here, colours in the exports).
    package static let hexDigits = Array("0123456789abcdef".utf8)
}

/// Receives `Double.write(to:)`'s text. Double writes through the stream's `_writeASCII` requirement,
/// which takes the formatter's stack buffer as it is; `write(_:)` is there for anything else.
private struct ASCIISink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
