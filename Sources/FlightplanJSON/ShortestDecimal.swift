/// The shortest decimal that reads back as a given `Double`, and of those the closest, computed exactly with
/// 128-bit integers for the magnitudes a plan holds: the digits `Double.description` prints, without its
/// generic text-stream path.
///
/// The method is the classic one (as in Ryū and Steele–White): scale the rounding interval of the value,
/// `(m − ½, m + ½) · 2ᵉ`, by a power of ten so that it spans at least eleven integers, drop trailing digits while
/// a multiple of ten is still inside, then take the candidate nearest the value. Here every scaled quantity fits
/// in 128 bits, so no table of rounded powers is needed and every step is exact.
///
/// A power of two below one (½, ¼ … 2⁻¹⁰: a plan's durations, times and opacities often are) is its exact expansion,
/// `5ᵏ × 10⁻ᵏ`: its interval is lopsided, but at most 10 digits long it is far shorter than any other decimal the
/// interval holds. Cases whose answer depends on a convention rather than on exact arithmetic are left to the
/// standard library: a value exactly halfway between two shortest candidates. So are magnitudes outside
/// `[2⁻¹⁰, 2³⁰)` and the powers of two among them above one (those are whole numbers, printed as such).
enum ShortestDecimal {
    /// The digits and decimal exponent of the shortest, closest decimal for a positive `magnitude`
    /// (`magnitude == digits × 10^exponent`, `digits` without trailing zeros), or nil for the cases the type's
    /// documentation leaves to the standard library.
    static func digits(of magnitude: Double) -> (digits: UInt64, exponent: Int)? {
        let bits = magnitude.bitPattern
        let biasedExponent = Int(truncatingIfNeeded: bits >> 52)
        let fraction = bits & (1 << 52 - 1)
        // magnitude = m · 2^binaryExponent with m a 53-bit integer; the domain keeps binaryExponent in −62 … −23.
        let binaryExponent = biasedExponent - 1075
        guard (-62)...(-23) ~= binaryExponent else { return nil }
        if fraction == 0 {
            // 2⁻ᵏ for k = 1 … 10 is 5ᵏ × 10⁻ᵏ exactly.
            let k = -(binaryExponent + 52)
            guard 1...10 ~= k else { return nil }
            var fives: UInt64 = 1
            for _ in 0..<k { fives &*= 5 }
            return (fives, -k)
        }
        let significand = UInt64(1 << 52) | fraction

        // Scale by 10^k, k = 17 − ⌊log₁₀ 2^(binaryExponent+52)⌋ (9 … 21), so the value has 18 or 19 integer digits.
        let k = 17 - ((binaryExponent + 52) * 78_913) >> 18
        let power = k <= 19 ? UInt128(powerOfTen(k)) : UInt128(powerOfTen(k - 2)) &* 100
        // Twice the scaled value and its interval's ends, over 2^shift: (2m ∓ 1) · 10^k / 2^(1 − binaryExponent).
        // (Masking shifts: the amount, 24 … 63, is always in range.)
        let shift = UInt128(1 - binaryExponent)
        let mask = (UInt128(1) &<< shift) &- 1
        let center = UInt128(significand << 1) &* power
        let low = center &- power, high = center &+ power
        // Round half to even: an end reads back as this value when m is even.
        let inclusive = significand & 1 == 0
        var lowest = UInt64(truncatingIfNeeded: low &>> shift)
        if low & mask != 0 || !inclusive { lowest += 1 }
        var highest = UInt64(truncatingIfNeeded: high &>> shift)
        if high & mask == 0 && !inclusive { highest -= 1 }

        // Drop digits while a multiple of ten is still inside the interval, dropping the value's own digits alongside:
        // the last one dropped and whether everything below it (fraction included) was zero decide its rounding.
        var nearest = UInt64(truncatingIfNeeded: center &>> shift)
        let fractionBits = center & mask, half = UInt128(1) &<< (shift &- 1)
        // Eight digits at a time first: a value rounded to a few decimals (`precision`) drops fifteen or so, and a
        // multiple of 10⁸ in the interval means one of every smaller power too, so the count dropped is the same.
        var lastDropped: UInt64?
        var zeroBelow = fractionBits == 0
        var dropped = 0
        @inline(__always)
        func drop(_ places: Int, scale: UInt64) {
            while true {
                let coarserLowest = (lowest + scale - 1) / scale, coarserHighest = highest / scale
                guard coarserLowest <= coarserHighest else { return }
                lowest = coarserLowest
                highest = coarserHighest
                // The digits dropped now: the leading one is the last dropped; those below it must be zero too.
                let droppedNow = nearest % scale, below = scale / 10
                if let lastDropped { zeroBelow = zeroBelow && lastDropped == 0 }
                zeroBelow = zeroBelow && droppedNow % below == 0
                lastDropped = droppedNow / below
                nearest /= scale
                dropped += places
            }
        }
        drop(8, scale: 100_000_000)
        drop(1, scale: 10)
        // Round to nearest; an exact tie is left to the standard library's convention.
        if let lastDropped {
            if lastDropped == 5 && zeroBelow { return nil }
            if lastDropped >= 5 { nearest += 1 }
        } else {
            if fractionBits == half { return nil }
            if fractionBits > half { nearest += 1 }
        }
        guard lowest...highest ~= nearest else { return nil }
        return (nearest, dropped - k)
    }
}

/// 10^exponent for 0 ≤ exponent ≤ 19 (the largest power of ten in 64 bits); 0 for other exponents. A `switch` of
/// constants, which the compiler turns into a table of constants (or folds into the comparison it feeds): a global
/// array was read through its lazy initialiser's `swift_once` check at every call.
@inline(__always)
func powerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    case 19: 10_000_000_000_000_000_000
    default: 0
    }
}
