import Testing

@testable import FlightplanServer

@Suite("One percent-decoder: the unescaped path, the logged path and the query")
struct PercentDecodingTests {
    /// Runs the unescape callback libmicrohttpd gets on a copy of `target`; returns what it left and its length.
    private func unescaped(_ target: String) -> (text: String, length: Int) {
        var bytes = Array(target.utf8CString)
        let length = bytes.withUnsafeMutableBufferPointer { PercentDecoding.unescapeInPlace($0.baseAddress!) }
        return (String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), length)
    }

    @Test(
        "escapes of two hex digits decode, either case; anything else is kept as sent",
        arguments: [
            ("/a%2Fb%2fc", "/a/b/c"), ("/%7a%7A", "/zz"), ("/%zz", "/%zz"), ("/%+f", "/%+f"), ("/%-0", "/%-0"), ("/50%", "/50%"),
            ("/%4", "/%4"), ("/a+b", "/a+b"), ("/%C3%A9", "/é"), ("/%%41", "/%A")
        ])
    func decodes(encoded: String, decoded: String) {
        let path = unescaped(encoded)
        #expect(path.text == decoded && path.length == decoded.utf8.count)
        #expect(PercentDecoding.decode(Substring(encoded), plusIsSpace: false) == decoded)
    }

    @Test(
        "an escape decoding to a control character (HTAB and DEL too) empties the whole target, never truncates it",
        arguments: ["/healthz%00x", "/healthz%0a", "/healthz%0D%0A", "/x%09", "/x%7f", "/%1F/healthz"])
    func controlEscapesRefuseTheTarget(target: String) {
        #expect(unescaped(target) == ("", 0))
        // The log's decoder refuses nothing: it shows what was sent.
        #expect(PercentDecoding.decode(Substring(target), plusIsSpace: false).contains { $0.isASCII && $0.asciiValue! < 0x20 || $0 == "\u{7F}" })
    }

    @Test("a literal control byte is not the decoder's to refuse (the head check refuses it)")
    func literalBytesPass() {
        #expect(PercentDecoding.decode([0x2F, 0x01], refusing: { _ in true }) == [0x2F, 0x01])
    }

    @Test("the query decodes with the same rules, and + as a space")
    func query() {
        #expect(
            QueryParameter.parse("a=1+2&b=%2B&c=%+f&d") == [
                QueryParameter(name: "a", value: "1 2"), QueryParameter(name: "b", value: "+"),
                QueryParameter(name: "c", value: "% f"), QueryParameter(name: "d", value: "")
            ])
    }
}
