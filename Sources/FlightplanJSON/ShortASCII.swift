/// Strings of at most 15 ASCII bytes made straight from their bytes: most of a document's keys and short values.
///
/// The standard library keeps such a string inline, in its two words: the bytes, then a discriminator byte
/// (`0xE0` ORed with the count). `String(decoding:as:)` spends most of a short key's parse checking and copying
/// what the parser has checked already; writing the two words costs a copy. The layout is not public, so it is
/// used only where it was verified once, at first use, to be bit for bit what the standard library itself makes
/// from the same bytes; anywhere else (32-bit, big-endian, a different layout) strings are decoded as usual.
///
/// Kept for its win: parsing a batch of 120 plan requests took 18 % fewer instructions than with
/// `String(decoding:as:)` (2.91 M against 3.55 M Ir, callgrind), measured 2026-11-29.
enum ShortASCII {
    /// The longest run stored inline.
    static let maximumCount = 15

    /// Whether this platform's strings are laid out as this type writes them.
    static let isVerified: Bool = {
        #if _pointerBitWidth(_64) && _endian(little)
        guard MemoryLayout<String>.size == 16 else { return false }
        let samples =
            (0...maximumCount).map { count in (0..<count).map { UInt8(ascii: "a") + UInt8($0) } } + [
                Array("width".utf8), Array("screenCornerRad".utf8), Array("0 \"~\u{7F}\u{01}".utf8)
            ]
        // Each sample alone (copied byte by byte) and then followed by other bytes (loaded as two words).
        let padding = [UInt8](repeating: UInt8(ascii: "~"), count: 16)
        return samples.allSatisfy { bytes in
            [bytes, bytes + padding].allSatisfy { readable in
                readable.withUnsafeBufferPointer { buffer in
                    var decoded = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<bytes.count]), as: UTF8.self)
                    var made = packed(buffer.baseAddress, count: bytes.count, readable: buffer.count)
                    let sameBits = withUnsafeBytes(of: &decoded) { decodedBits in
                        withUnsafeBytes(of: &made) { madeBits in decodedBits.elementsEqual(madeBits) }
                    }
                    return sameBits && made == decoded && Array(made.utf8) == bytes
                }
            }
        }
        #else
        return false
        #endif
    }()

    /// The string of `count` ASCII bytes at `start`.
    /// - Parameters:
    ///   - start: The first byte; may be nil only when `count` is 0.
    ///   - count: How many bytes, all below 0x80; at most ``maximumCount`` for the inline form.
    ///   - readable: How many bytes from `start` on may be read (at least `count`): with 16, the bytes are loaded
    ///     as two words rather than copied one by one.
    ///   - verified: ``isVerified``, read once by the caller rather than for every string.
    /// - Returns: The string, made inline when `verified` and `count` is at most ``maximumCount``, else decoded.
    @inline(__always)
    static func string(_ start: UnsafePointer<UInt8>?, count: Int, readable: Int, verified: Bool) -> String {
        #if _pointerBitWidth(_64) && _endian(little)
        if count <= maximumCount && verified { return packed(start, count: count, readable: readable) }
        #endif
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    #if _pointerBitWidth(_64) && _endian(little)
    /// The two words of an inline ASCII string: the bytes, then `0xE0 | count` in the last byte. When 16 bytes may
    /// be read, they are loaded as two words and the bytes past `count` masked off; otherwise copied.
    @inline(__always)
    private static func packed(_ start: UnsafePointer<UInt8>?, count: Int, readable: Int) -> String {
        var words: (UInt64, UInt64) = (0, (0xE0 | UInt64(count)) << 56)
        if let start, count > 0 {
            if readable >= 16 {
                let raw = UnsafeRawPointer(start)
                let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
                let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                if count >= 8 {
                    words.0 = low
                    words.1 |= high & ((1 << UInt64(8 * (count - 8))) &- 1)
                } else {
                    words.0 = low & ((1 << UInt64(8 * count)) &- 1)
                }
            } else {
                let copied = Self.words(copying: start, count: count)
                words.0 = copied.0
                words.1 |= copied.1
            }
        }
        // Moved out rather than cast: a cast string is a copy, retained (a call, even for an inline string).
        return withUnsafeMutableBytes(of: &words) { $0.baseAddress!.assumingMemoryBound(to: String.self).move() }
    }

    /// The two words of `count` (at most 15) bytes at `start`, copied one by one, zeros after them. Apart, so that
    /// the string's parse, which rarely copies, keeps its words in registers: a local whose address is taken costs
    /// a stack guard on every call.
    @inline(never)
    private static func words(copying start: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: start, byteCount: count) }
        return words
    }
    #endif
}
