/// Text from clients made safe to log: every control character (C0, DEL, C1) written as `\xNN` or `\u{…}`,
/// and the backslash doubled, so a logged field can neither end a line nor pass for an escape it is not; and, in
/// the text format, a value quoted logfmt style when it holds what would end it, so it cannot pass for other fields.
package enum LogText {
    /// `text` with control characters and backslashes escaped; unchanged (no copy) when it has none.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                escaped += "\\\\"
            } else if needsEscape(scalar) {
                escaped += escapeSequence(scalar)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `value` as a logfmt value (``appendLogfmt(_:to:)``): `/v1/plans` as it is, `"/x status=200"` quoted.
    package static func logfmt(_ value: String) -> String {
        guard needsQuotes(value) else { return value }
        var line: [UInt8] = []
        appendLogfmt(value, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends `value` to `line` as a logfmt value: as it is, or between double quotes when it is empty or holds a
    /// space, `=`, `"` or a control character, with `"` and `\` escaped by a backslash and control characters written
    /// as ``escaped(_:)`` writes them. A logfmt reader then gets back exactly `value`, and no value runs into the
    /// next field.
    static func appendLogfmt(_ value: String, to line: inout [UInt8]) {
        guard needsQuotes(value) else {
            line.append(utf8: value)
            return
        }
        line.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                line.append(UInt8(ascii: "\\"))
                line.append(UInt8(truncatingIfNeeded: scalar.value))
            } else if needsEscape(scalar) {
                line.append(utf8: escapeSequence(scalar))
            } else {
                UTF8.encode(scalar) { line.append($0) }
            }
        }
        line.append(UInt8(ascii: "\""))
    }

    /// Whether a logfmt value must be quoted: it is empty, or holds a space, `=`, `"` or a control character.
    private static func needsQuotes(_ value: String) -> Bool {
        // Bytes first: a space, a C0 control, `=`, `"` or DEL is one byte; C1 controls and U+2028/9 are not ASCII.
        value.isEmpty
            || value.utf8.contains { $0 <= 0x20 || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "\"") || $0 == 0x7F }
            || value.utf8.contains { $0 >= 0x80 } && value.unicodeScalars.contains { $0 != "\\" && needsEscape($0) }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\\" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// A control character as `\xNN`, or `\u{NNNN}` past U+00FF.
    private static func escapeSequence(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x100 ? "\\x" + hex(scalar.value, digits: 2) : "\\u{" + hex(scalar.value, digits: 4) + "}"
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
