import FlightplanJSON

// Here rather than in FlightplanJSON, which knows nothing of Flightplan: exporting a batch of 120 plans as css, svg and
// lottie takes 0.8 % more instructions than when it was the writer's own (callgrind, measured 2026-11-29).

/// The exports' number format (CSS, SVG, Lottie), written into the JSON writer's buffer with its digit primitives.
extension JSONWriter {
    /// Writes `value` to six decimals (rounded half away from zero), outside the comma bookkeeping (see
    /// `fragment(_:)`): no trailing zeros, no point when whole (`-12.5`, `0.000001`, `3`, `0` for anything smaller
    /// than half a millionth); whole from 9 × 10¹¹ on, as `description` (with an exponent) from 9 × 10¹⁵ on; `0` when
    /// not finite. Zero, common in an export, is written where this is called.
    @inline(__always)
    mutating func sixDecimals(_ value: Double) {
        if value == 0 { verbatim(byte: UInt8(ascii: "0")) } else { nonzeroSixDecimals(value) }
    }

    /// Room made before a text is written: the room the writer needs to remember a text, more than the longest text
    /// here (a sign, 12 whole digits, the point and 6 decimals) and the scratch bytes `fixedPoint(_:places:)` stores.
    private static let longestSixDecimalsWrite = JSONWriter.longestRememberedText

    /// Writes a number other than zero as ``sixDecimals(_:)`` does.
    private mutating func nonzeroSixDecimals(_ value: Double) {
        // An export repeats many of its numbers (an outline's corners, a held size): each text is remembered by the
        // number's bit pattern, and the writer asked first. Only texts written below are remembered, so a repeat is
        // copied without further tests.
        let bits = value.bitPattern
        if repeatRememberedText(for: bits) { return }
        guard value.isFinite else { return verbatim(byte: UInt8(ascii: "0")) }
        let scaled = value * 1_000_000
        // From 2⁵³ on every Double is whole, so this is the bound on the rounded value too.
        guard abs(scaled) < 9e17 else {
            if abs(value) < 9e15 { return bareInteger(Int(value.rounded())) }
            return verbatim(value.description)
        }
        // Room for the longest text first, so that `start` stays where the text goes (past the writer's limit, a
        // growth starts the text over).
        reserve(Self.longestSixDecimalsWrite)
        let start = writtenCount
        if abs(value) < 9e9 && Double(Int64(value)) == value {
            // Whole, and below 2⁵³ / 10⁶ (so its millionths are exact): plain digits.
            bareInteger(Int(value))
        } else {
            // Rounded half away from zero, as `rounded()` does, without its call into libm: the truncation, one
            // further from zero when what it dropped (exactly representable) is a half or more.
            var millionths = Int64(scaled)
            let dropped = scaled - Double(millionths)
            if dropped >= 0.5 { millionths += 1 } else if dropped <= -0.5 { millionths -= 1 }
            writeMillionths(millionths)
        }
        rememberText(for: bits, from: start)
    }

    /// Writes `millionths` / 10⁶ as ``sixDecimals(_:)`` does: the writer's fixed-point digits, inlined here where the
    /// places are a constant, apart from the path that copies a remembered text.
    private mutating func writeMillionths(_ millionths: Int64) {
        fixedPoint(millionths, places: 6)
    }
}
