import FlightplanTestSupport
import Foundation
import Testing

@testable import FlightplanJSON

@Suite("Strict JSON in and deterministic JSON out")
struct JSONTests {
    @Test(
        "malformed or ambiguous documents are rejected with a position",
        arguments: [
            "", "{", "{\"a\":1,}", "[1,2,]", "{\"a\":1,\"a\":2}", "01", "1.", "-", ".5", "1e", "+1", "NaN", "Infinity",
            "1e400", "\"\u{01}\"", "\"\\x\"", "\"\\ud800\"", "\"\\udc00x\"", "tru", "nul", "{\"a\" 1}", "{a:1}", "[1 2]",
            "{} {}", "'a'", "[\"unterminated]"
        ])
    func rejects(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test("invalid UTF-8 and deep nesting are rejected")
    func rejectsBytes() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)) }
        #expect((try? JSONParser.parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64))) != nil)
    }

    @Test("syntax errors say where")
    func position() throws {
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse("{\n  \"a\": 1,\n}") }
        #expect(error.line == 3 && error.column == 1, "\(error)")
    }

    /// Foundation's parser as the reference for documents both accept.
    static func foundationValue(_ any: Any) -> JSONValue {
        switch any {
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { JSONMember(key: $0, value: foundationValue(dictionary[$0]!)) })
        case let array as [Any]: return .array(array.map(foundationValue))
        case let string as String: return .string(string)
        case let bool as Bool: return .number(bool ? 1 : 0)
        case let number as NSNumber: return .number(number.doubleValue)
        default: return .null
        }
    }

    /// Foundation's view of a value: members sorted, booleans as the numbers it bridges them to.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): return .object(members.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: sorted($0.value)) })
        case .array(let items): return .array(items.map(sorted))
        case .bool(let bool): return .number(bool ? 1 : 0)
        default: return value
        }
    }

    /// Structural equality with numbers within 1e-15 relative: Foundation's parser on Linux is
    /// not correctly rounded (it is off by an ulp or two), ours is, which the exact round trip checks.
    static func matches(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return isClose(x, y, relative: 1e-15, scale: 0)
        case (.array(let xs), .array(let ys)): return xs.count == ys.count && zip(xs, ys).allSatisfy { matches($0, $1) }
        case (.object(let xs), .object(let ys)):
            return xs.count == ys.count && zip(xs, ys).allSatisfy { $0.key == $1.key && matches($0.value, $1.value) }
        default: return a == b
        }
    }

    static func randomValue(depth: Int, using rng: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &rng) {
        case 0: return .null
        case 1: return .bool(.random(using: &rng))
        case 2:
            let magnitude = Double(sign: .plus, exponent: .random(in: -30...60, using: &rng), significand: .random(in: 1..<2, using: &rng))
            return .number(Bool.random(using: &rng) ? magnitude : -magnitude)
        case 3:
            let scalars = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                [Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &rng)), "é", "😀", "\"", "\\", "\u{2028}"].randomElement(using: &rng)!
            }
            return .string(String(String.UnicodeScalarView(scalars)))
        case 4: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in randomValue(depth: depth + 1, using: &rng) })
        default:
            return .object(
                (0..<Int.random(in: 0...4, using: &rng)).map { index in
                    JSONMember(key: "k\(index)", value: randomValue(depth: depth + 1, using: &rng))
                })
        }
    }

    @Test("writer and parser round-trip random documents, and Foundation reads them the same way")
    func roundTripAgainstFoundation() throws {
        var rng = SeededGenerator(seed: 0x150)
        for _ in 0..<500 {
            let value = Self.randomValue(depth: 0, using: &rng)
            var writer = JSONWriter()
            value.write(to: &writer)
            #expect(try JSONParser.parse(writer.bytes) == value)
            let foundation = try JSONSerialization.jsonObject(with: Data(writer.bytes), options: [.fragmentsAllowed])
            #expect(Self.matches(Self.foundationValue(foundation), Self.sorted(value)), "\(writer.text)")
        }
    }

    @Test("a writer with a limit writes what fits byte for byte, and past its limit gives up and never holds more than the limit")
    func limit() {
        var rng = SeededGenerator(seed: 0x1417)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &rng)
            var unlimited = JSONWriter()
            value.write(to: &unlimited)
            let limit = Int.random(in: 64...max(64, 2 * unlimited.bytes.count), using: &rng)
            var limited = JSONWriter(capacity: Int.random(in: 0...256, using: &rng), limit: limit)
            value.write(to: &limited)
            #expect(limited.exceededLimit == (unlimited.bytes.count > limit))
            if !limited.exceededLimit { #expect(limited.bytes == unlimited.bytes) }
            #expect(limited.capacity <= limit + 1024)
        }
    }

    /// A string as the writer escapes it, byte by byte: the specification of the word-at-a-time scan.
    static func escapedSpecification(_ text: String) -> String {
        let hex = Array("0123456789abcdef")
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += #"\""#
            case "\\": result += #"\\"#
            case "\n": result += #"\n"#
            case "\r": result += #"\r"#
            case "\t": result += #"\t"#
            case _ where scalar.value < 0x20: result += #"\u00"# + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 0xF)])
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    @Test("strings are escaped as byte-by-byte escaping does, wherever in an eight-byte word the byte to escape lies")
    func escapingMatchesSpecification() {
        var rng = SeededGenerator(seed: 0xE5C)
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", " ", "~", "/", "\u{7F}", "\u{00}", "\u{01}", "\u{1F}", "\n", "\r", "\t", "\"", "\\", "é", "😀", "\u{2028}"
        ]
        for round in 0..<5_000 {
            // Mostly plain text, so that runs of eight and more bytes with nothing to escape come up.
            let plain = round % 2 == 0
            let scalars = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                plain && Int.random(in: 0..<8, using: &rng) > 0 ? alphabet[Int.random(in: 0..<5, using: &rng)] : alphabet.randomElement(using: &rng)!
            }
            let text = String(String.UnicodeScalarView(scalars))
            var writer = JSONWriter()
            writer.string(text)
            #expect(writer.text == Self.escapedSpecification(text), "\(Array(text.utf8))")
        }
    }

    @Test("numbers are written as Double.description writes them (shortest round trip), without a trailing .0")
    func shortestNumbers() throws {
        var rng = SeededGenerator(seed: 0x5)
        for index in 0..<20000 {
            // Raw bit patterns cover every exponent; small integers and short decimals cover the fast paths.
            let value =
                index % 3 == 0
                ? Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
                : index % 3 == 1
                    ? Double(Int64.random(in: -(1 << 54)...(1 << 54), using: &rng))
                    : Double(Int.random(in: -100_000...100_000, using: &rng)) / 1000
            guard value.isFinite else { continue }
            var writer = JSONWriter()
            writer.number(value)
            #expect(try JSONParser.parse(writer.bytes) == .number(value == 0 ? 0 : value))
            let description = value.description.hasSuffix(".0") ? String(value.description.dropLast(2)) : value.description
            #expect(writer.text == (value == 0 ? "0" : description), "\(value)")
        }
        var writer = JSONWriter()
        for value in [0.0, -0.0, 1, 390, 0.1, -2.5, 1e21, 1e-7] { writer.number(value) }
        #expect(writer.text == "0,0,1,390,0.1,-2.5,1e+21,1e-07")
    }

    @Test("a repeated number is copied from its first text, also after the buffer has grown in between (AddressSanitizer watches)")
    func repeatedNumbersAcrossGrowth() {
        var rng = SeededGenerator(seed: 0x2E9)
        let values = (0..<40).map { _ in Double.random(in: -500...500, using: &rng) }
        var writer = JSONWriter(capacity: 1)
        var expected: [String] = []
        for round in 0..<30 {
            // Each round repeats earlier values and adds new text, so the buffer grows between a number and its repeats.
            for value in values.prefix(round + 10) {
                writer.number(value)
                expected.append(value.description)
            }
        }
        #expect(writer.text == expected.joined(separator: ","))
    }

    @Test("whole numbers, fractions and non-finite values in one writer: each repeat as its first text, non-finite as null")
    func repeatedWholeAndNonFiniteNumbers() {
        var rng = SeededGenerator(seed: 0x3A1)
        // Whole numbers on both sides of 2²⁶ (below it the seven-decimal path writes them and the table remembers
        // them; from it on, the digits path, unremembered) and of 10⁴ and 10⁸ (where the whole digits change width),
        // fractions, and every kind of value that is not finite.
        let wholes: [Double] = [1, 9, 10, 9_999, 10_000, 99_999_999, 100_000_000, 0x1p26 - 1, 0x1p26, 0x1p26 + 1, 0x1p53]
        let fractions = (0..<20).map { _ in Double(Int.random(in: -10_000_000...10_000_000, using: &rng)) / 1000 }
        let nonFinite: [Double] = [.infinity, -.infinity, .nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF8_0000_0000_0001)]
        let values = wholes + wholes.map { -$0 } + fractions + nonFinite
        var writer = JSONWriter(capacity: 1)
        var expected: [String] = []
        for _ in 0..<20 {
            for value in values.shuffled(using: &rng) {
                writer.number(value)
                let description = value.description.hasSuffix(".0") ? String(value.description.dropLast(2)) : value.description
                expected.append(value.isFinite ? description : "null")
            }
        }
        #expect(writer.text == expected.joined(separator: ","))
    }

    @Test("a writer's text handed over is the text it wrote, equal to the same bytes from an array, and outlives its copies")
    func handedOverText() {
        var writer = JSONWriter(capacity: 64)
        writer.beginArray()
        for value in 0..<100 { writer.number(Double(value) / 8) }
        writer.endArray()
        let expected = writer.bytes
        let text = writer.handedOver()
        #expect(Array(text) == expected && text.count == expected.count && text.last == UInt8(ascii: "]"))
        #expect(text == OwnedBytes(expected) && text.hashValue == OwnedBytes(expected).hashValue)
        #expect(text.withUnsafeBytes { Array($0) } == expected)
        #expect(text.array == expected && OwnedBytes(expected).array == expected && OwnedBytes().array == [])
        // Released as many times as retained: the bytes stay readable through `text` (AddressSanitizer watches).
        let sent = text.retainedForSending()
        OwnedBytes.release(retained: sent.context)
        #expect(String(decoding: text, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(OwnedBytes().isEmpty && OwnedBytes() == [] && OwnedBytes([1, 2]) != [1, 3])
    }

    /// `scaled` / 10^`places` in plain decimal as `String` writes its parts: the specification of
    /// `fixedPoint(_:places:)`.
    static func fixedPoint(_ scaled: Int64, places: Int) -> String {
        var unit: UInt64 = 1
        for _ in 0..<places { unit *= 10 }
        let sign = scaled < 0 ? "-" : "", magnitude = scaled.magnitude
        var digits = String(magnitude % unit)
        digits = String(repeating: "0", count: places - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(magnitude / unit)" + (digits.isEmpty ? "" : ".\(digits)")
    }

    @Test("fixed-point numbers of 1 to 7 places match their String-built specification: any magnitude, trailing zeros, bounds")
    func fixedPoint() {
        var rng = SeededGenerator(seed: 0xF1)
        var writer = JSONWriter(capacity: 1)
        var expected = ""
        let bounds: [Int64] = [0, 1, -1, 10, -10, 1_000_000, -999_999, .max, .min, .min + 1]
        for index in 0..<30_000 {
            let places = Int.random(in: 1...7, using: &rng)
            var scaled = index < bounds.count ? bounds[index] : Int64.random(in: 0...(Int64.max >> Int.random(in: 0...62, using: &rng)), using: &rng)
            // Trailing zeros in the decimals, where the digits kept are decided.
            for _ in 0..<Int.random(in: 0...places, using: &rng) where scaled.magnitude < UInt64(Int64.max) / 10 { scaled *= 10 }
            if Bool.random(using: &rng) && scaled != .min { scaled = -scaled }
            if index > 0 { writer.fragment(";"); expected += ";" }
            writer.fixedPoint(scaled, places: places)
            expected += Self.fixedPoint(scaled, places: places)
        }
        #expect(writer.text == expected)
    }

    @Test("a remembered text is repeated as it was written, only for its key, and past a writer's limit within the buffer")
    func rememberedTexts() {
        var rng = SeededGenerator(seed: 0x1417)
        // Key 0 and texts past 32 bytes are never remembered; the others may be, until a key sharing a slot takes it.
        let texts = (0..<80).map { key in String(repeating: String(UnicodeScalar(UInt8(0x41 + key % 26))), count: 1 + key % 40) }
        func write(_ count: Int, to writer: inout JSONWriter) -> String {
            var written = ""
            for _ in 0..<count {
                let key = Int.random(in: 0..<texts.count, using: &rng)
                if !writer.repeatRememberedText(for: UInt64(key)) {
                    let start = writer.writtenCount
                    writer.verbatim(texts[key])
                    writer.rememberText(for: UInt64(key), from: start)
                }
                written += texts[key]
            }
            return written
        }
        var writer = JSONWriter(capacity: 1)
        #expect(write(5000, to: &writer) == writer.text)
        // Past the limit the remembered places are stale: writing on must stay within the buffer (it once read
        // before its start).
        for _ in 0..<50 {
            let limit = Int.random(in: 64...4096, using: &rng)
            var limited = JSONWriter(capacity: 64, limit: limit)
            _ = write(2000, to: &limited)
            #expect(limited.exceededLimit && limited.capacity <= limit + 1024)
        }
    }

    @Test("plan-range numbers (2⁻¹⁰ to 2³⁰): the exact shortest printer gives Double.description's digits and text, and rarely defers")
    func shortestDecimalAgreesWithDescription() throws {
        var rng = SeededGenerator(seed: 0x5D0)
        var deferred = 0
        let count = 300_000
        func randomPowerOfTen(_ exponents: ClosedRange<Int>) -> Double {
            var power = 1.0
            for _ in 0..<Int.random(in: exponents, using: &rng) { power *= 10 }
            return power
        }
        for index in 0..<count {
            // Every binary exponent of the domain with random significands; ratios like a plan's scales and offsets;
            // values next to powers of two and of ten, where the interval or the digit count changes; and values
            // with few decimals, as `precision` rounds them, whose digits are dropped eight at a time.
            let value: Double
            switch index % 5 {
            case 0: value = Double(sign: .plus, exponent: .random(in: -10...29, using: &rng), significand: .random(in: 1..<2, using: &rng))
            case 1: value = Double.random(in: 1...1000, using: &rng) / Double.random(in: 1...5000, using: &rng)
            case 2:
                // Powers of two themselves too: below one they are printed as their exact expansion.
                let power = Double(sign: .plus, exponent: .random(in: -10...29, using: &rng), significand: 1)
                value = [power.nextUp, power.nextDown, power][Int.random(in: 0...2, using: &rng)]
            case 3:
                let power = randomPowerOfTen(0...8)
                value = (Bool.random(using: &rng) ? power : 1 / power).nextUp.nextUp
            default:
                value = Double(Int.random(in: 1...2_000_000_000, using: &rng)) / randomPowerOfTen(1...9)
            }
            guard value >= 0x1p-10, value < 0x1p30, value != value.rounded(.towardZero) else { continue }
            let signed = Bool.random(using: &rng) ? -value : value
            var writer = JSONWriter()
            writer.number(signed)
            #expect(writer.text == signed.description, "\(signed)")
            guard let (places, integerDigits) = ShortestDecimal.digits(of: value) else { deferred += 1; continue }
            let description = value.description
            let expectedDigits = description.filter(\.isNumber).drop { $0 == "0" }
            let digits = String(places).reversed().drop { $0 == "0" }.reversed(), exponent = integerDigits - digits.count
            #expect(String(places).count == 17, "\(value): \(places)")
            #expect(String(digits) == String(expectedDigits), "\(value): \(String(digits))e\(exponent) against \(description)")
            #expect(Double("\(String(digits))e\(exponent)") == value, "\(value)")
        }
        #expect(deferred < count / 500, "deferred \(deferred) of \(count)")
    }

    @Test("numbers of at most seven decimals, as a tolerance plan rounds them, are written as description writes them, past the fast path's edges")
    func fewDecimalNumbers() {
        var rng = SeededGenerator(seed: 0x7D3)
        var values: [Double] = []
        for _ in 0..<200_000 {
            // One to nine decimals (seven is the path's most, eight and nine are not its own), every magnitude the
            // path takes and beyond it.
            let places = Int.random(in: 1...9, using: &rng)
            let digits = Int64.random(in: 1...(Int64(1) << Int.random(in: 4...52, using: &rng)), using: &rng)
            values.append(Double(digits) / Double(powerOfTen(places)))
        }
        // Its edges: 2⁻¹⁰ (below it the standard library writes the text) and 2²⁶ (above it seven-place decimals lie closer
        // than a double's spacing), each neighboured by seven-place decimals and by doubles.
        for edge in [0x1p-10, 0x1p26] {
            let scaled = (edge * 1e7).rounded()
            for step in -20...20 { values.append((scaled + Double(step)) / 1e7) }
            var below = edge, above = edge
            for _ in 0..<8 {
                values += [below, above]
                (below, above) = (below.nextDown, above.nextUp)
            }
        }
        for value in values {
            let signed = Bool.random(using: &rng) ? -value : value
            var writer = JSONWriter()
            writer.number(signed)
            let description = signed.description.hasSuffix(".0") ? String(signed.description.dropLast(2)) : signed.description
            #expect(writer.text == description, "\(signed)")
        }
    }

    @Test("the printer's whole domain: a million random bit patterns and every power of two and of ten with its neighbours, as description")
    func shortestDecimalCoversItsDomain() {
        var rng = SeededGenerator(seed: 0x5D1)
        // Biased exponents 1013 … 1052 are the binary exponents −62 … −23 of a 53-bit significand: [2⁻¹⁰, 2³⁰).
        var values = (0..<1_000_000).map { _ in
            Double(bitPattern: UInt64.random(in: 1013...1052, using: &rng) << 52 | UInt64.random(in: 0..<(1 << 52), using: &rng))
        }
        // Interval edges: where the exponent, and so the interval's width or symmetry, or the digit count changes.
        let edges = (-10...30).map { Double(sign: .plus, exponent: $0, significand: 1) } + (-3...9).map { Double("1e\($0)")! }
        for edge in edges {
            var below = edge, above = edge
            for _ in 0..<16 {
                values += [below, above]
                below = below.nextDown
                above = above.nextUp
            }
        }
        var deferred = 0
        for value in values where value >= 0x1p-10 && value < 0x1p30 {
            let signed = Bool.random(using: &rng) ? -value : value
            var writer = JSONWriter()
            writer.number(signed)
            let description = signed.description.hasSuffix(".0") ? String(signed.description.dropLast(2)) : signed.description
            #expect(writer.text == description, "\(signed)")
            if value != value.rounded(.towardZero) && ShortestDecimal.digits(of: value) == nil { deferred += 1 }
        }
        #expect(deferred < 100, "deferred \(deferred) of \(values.count)")
    }

    @Test("numbers parse to the correctly rounded Double (the fast path agrees with the standard library)")
    func numberParsing() throws {
        var rng = SeededGenerator(seed: 0xD161)
        for _ in 0..<20000 {
            let integer = String(UInt64.random(in: 0...UInt64.max, using: &rng)).prefix(Int.random(in: 1...20, using: &rng))
            let trimmed = integer.drop(while: { $0 == "0" }).isEmpty ? "0" : String(integer.drop(while: { $0 == "0" }))
            var text = (Bool.random(using: &rng) ? "-" : "") + trimmed
            if Bool.random(using: &rng) {
                text += "." + String(UInt64.random(in: 0...UInt64.max, using: &rng)).prefix(Int.random(in: 1...18, using: &rng))
            }
            if Bool.random(using: &rng) { text += "e" + String(Int.random(in: -40...40, using: &rng)) }
            guard let reference = Double(text), reference.isFinite else { continue }
            #expect(try JSONParser.parse(text) == .number(reference), "\(text)")
        }
    }

    @Test("strings of every length up to 40 read the same with a quote, backslash, control or non-ASCII byte at any place")
    func stringScanning() throws {
        #expect(ShortASCII.isVerified, "64-bit little-endian strings are made inline")
        let fillers: [Character] = ["a", "~", " ", "\u{7F}"]
        for length in 0...40 {
            let plain = String((0..<length).map { fillers[$0 % fillers.count] })
            #expect(try JSONParser.parse("\"\(plain)\"") == .string(plain), "\(length)")
            #expect(try JSONParser.parse("{\"\(plain)\":1}") == .object([JSONMember(key: plain, value: .number(1))]))
            // With 16 bytes after its start, a short string is loaded as two words: bit for bit the standard library's.
            let followed = try JSONParser.parse("[\"\(plain)\",\"\(String(repeating: "~", count: 16))\"]")
            if case .array(let items) = followed, case .string(var read) = items.first {
                var decoded = String(decoding: Array(plain.utf8), as: UTF8.self)
                let sameBits = withUnsafeBytes(of: &read) { readBits in withUnsafeBytes(of: &decoded) { readBits.elementsEqual($0) } }
                #expect(read == plain && (length > ShortASCII.maximumCount || sameBits), "\(length)")
            } else {
                Issue.record("not an array of strings: \(followed)")
            }
            for place in 0..<length {
                func replacing(with inserted: String) -> String {
                    String(plain.prefix(place)) + inserted + String(plain.dropFirst(place + 1))
                }
                #expect(try JSONParser.parse("\"\(replacing(with: "\\n"))\"") == .string(replacing(with: "\n")))
                #expect(try JSONParser.parse("\"\(replacing(with: "\\\""))\"") == .string(replacing(with: "\"")))
                #expect(try JSONParser.parse("\"\(replacing(with: "é"))\"") == .string(replacing(with: "é")))
                #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("\"\(replacing(with: "\u{1F}"))\"") }
                #expect(throws: JSONSyntaxError.self) {
                    try JSONParser.parse(Array("\"\(plain.prefix(place))".utf8) + [0xFF] + Array("\(plain.dropFirst(place))\"".utf8))
                }
                let unterminated = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("\"\(plain.prefix(place))") }
                #expect(unterminated?.message == "unterminated string")
            }
        }
    }

    @Test("a key spelt with an escape is a duplicate; keys of different UTF-8 lengths are not, equivalent or not")
    func escapedAndEquivalentKeys() throws {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{\"ab\":1,\"a\\u0062\":2}") }
        #expect(error?.message == "duplicate key \"ab\"", "\(String(describing: error))")
        for text in ["{\"K\":1,\"\u{212A}\":2}", "{\"\u{212A}\":1,\"K\":2}", "{\"é\":1,\"e\u{301}\":2}"] {
            #expect(try JSONParser.parse(text).members?.count == 2, "\(text)")
        }
    }

    @Test("a 1 MiB object of distinct keys is parsed in linear time, and a duplicate among them still found")
    func manyDistinctKeys() throws {
        var text = "{"
        var index = 0
        while text.utf8.count < 1 << 20 {
            text += index == 0 ? "" : ","
            text += "\"k\(index)\":0"
            index += 1
        }
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            guard case .object(let members) = try JSONParser.parse(text + "}") else { throw JSONTestFailure.notAnObject }
            #expect(members.count == index)
        }
        // The quadratic scan took 7.3 s for this body; the set takes tens of milliseconds (sanitizers included
        // well under the bound).
        #expect(elapsed < .seconds(2), "\(elapsed) for \(index) keys")
        let duplicated = text + ",\"k\(index / 2)\":1}"
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(duplicated) }
        #expect(error?.description.contains("duplicate key \"k\(index / 2)\"") == true, "\(String(describing: error))")
    }
}

private enum JSONTestFailure: Error { case notAnObject }
