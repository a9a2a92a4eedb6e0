/// Text from clients made safe to log: every control character (C0, DEL, C1) written as `\xNN` or `\u{…}`,
/// and the backslash doubled, so a logged field can neither end a line nor pass for an escape it is not.
package enum LogText {
    /// `text` with control characters and backslashes escaped; unchanged (no copy) when it has none.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                escaped += "\\\\"
            } else if needsEscape(scalar) {
                escaped += scalar.value < 0x100 ? "\\x" + hex(scalar.value, digits: 2) : "\\u{" + hex(scalar.value, digits: 4) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\\" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
