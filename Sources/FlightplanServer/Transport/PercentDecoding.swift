/// The one percent-decoder of the server (RFC 3986 §2.1): the request path libmicrohttpd unescapes, the path a
/// log shows and the query's parameters all decode `%XX` (two hexadecimal digits, either case; anything else is
/// kept as sent) with these rules.
enum PercentDecoding {
    /// The value of one hexadecimal digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `bytes` with their escapes decoded, and `+` as a space where `plusIsSpace` (a query, as forms encode it);
    /// nil as soon as an escape decodes to a byte `refusing` refuses.
    /// - Parameters:
    ///   - bytes: the encoded text.
    ///   - plusIsSpace: whether `+` stands for a space.
    ///   - refusing: the decoded bytes that make the whole text invalid (a literal byte is never refused).
    /// - Returns: the decoded bytes, or nil when an escape decoded to a refused byte.
    static func decode(_ bytes: some Collection<UInt8>, plusIsSpace: Bool = false, refusing: (UInt8) -> Bool = { _ in false }) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var rest = bytes[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), let high = rest.first.flatMap(hexValue), let low = rest.dropFirst().first.flatMap(hexValue) {
                let value = high << 4 | low
                if refusing(value) { return nil }
                decoded.append(value)
                rest = rest.dropFirst(2)
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return decoded
    }

    /// `text` with its escapes decoded (see ``decode(_:plusIsSpace:refusing:)``), refusing nothing.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String {
        String(decoding: decode(text.utf8, plusIsSpace: plusIsSpace)!, as: UTF8.self)
    }

    /// Decodes the NUL-terminated request target at `target` in place, as libmicrohttpd's own unescaper does,
    /// except that an escape decoding to a control character (any C0 byte, HTAB too, or DEL; `%00` would end the C string and truncate the
    /// path) empties the whole target instead: no origin-form or absolute-form target is empty, so the router
    /// reads an empty path as an invalid target and refuses it, rather than serving a truncated one.
    /// - Parameter target: a NUL-terminated target that libmicrohttpd owns; the decoded one is never longer.
    /// - Returns: the decoded target's length (0 when refused).
    static func unescapeInPlace(_ target: UnsafeMutablePointer<CChar>) -> Int {
        var length = 0
        while target[length] != 0 { length += 1 }
        let bytes = UnsafeMutableRawBufferPointer(start: target, count: length)
        // Nothing to decode (the usual target): no copy.
        guard bytes.contains(UInt8(ascii: "%")) else { return length }
        guard let decoded = decode(bytes, refusing: { $0 < 0x20 || $0 == 0x7F }) else {
            target[0] = 0
            return 0
        }
        bytes.copyBytes(from: decoded)
        target[decoded.count] = 0
        return decoded.count
    }
}
