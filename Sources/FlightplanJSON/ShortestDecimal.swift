/// The shortest decimal that reads back as a given `Double`, and of those the closest, computed exactly with
/// 128-bit integers for the magnitudes a plan holds: the digits `Double.description` prints, without its
/// generic text-stream path.
///
/// The method is Schubfach's: scale the rounding interval of the value, `(m − ½, m + ½) · 2ᵉ`, by the power of ten
/// `10ᵏ` that makes it between 1 and 10 wide. Then at most one multiple of ten lies inside: when one does, it is the
/// only shortest decimal (its trailing zeros dropped); when none does, the shortest are the integers inside, and the
/// closest is the scaled value rounded. For this domain `k` is 7 … 19, so `10ᵏ` is a 64-bit integer, every scaled
/// quantity fits in 128 bits, and every step is exact: one 128-bit product, then 64-bit shifts, masks and a
/// division by ten.
///
/// A power of two below one (½, ¼ … 2⁻¹⁰: a plan's durations, times and opacities often are) is its exact expansion,
/// `5ᵏ × 10⁻ᵏ`: its interval is lopsided, but at most 10 digits long it is far shorter than any other decimal the
/// interval holds. Cases whose answer depends on a convention rather than on exact arithmetic are left to the
/// standard library: a value exactly halfway between two shortest candidates. So are magnitudes outside
/// `[2⁻¹⁰, 2³⁰)` and the powers of two among them above one (those are whole numbers, printed as such).
enum ShortestDecimal {
    /// The digits and decimal exponent of the shortest, closest decimal for a positive `magnitude`
    /// (`magnitude == digits × 10^exponent`, `digits` without trailing zeros), or nil for the cases the type's
    /// documentation leaves to the standard library. Inlined into its one caller, the writer's number path, where the
    /// call and the optional result cost a fifth of the work.
    @inline(__always)
    static func digits(of magnitude: Double) -> (digits: UInt64, exponent: Int)? {
        let bits = magnitude.bitPattern
        let biasedExponent = Int(truncatingIfNeeded: bits >> 52)
        let fraction = bits & (1 << 52 - 1)
        // magnitude = m · 2^binaryExponent with m a 53-bit integer; the domain keeps binaryExponent in −62 … −23.
        let binaryExponent = biasedExponent - 1075
        guard (-62)...(-23) ~= binaryExponent else { return nil }
        if fraction == 0 {
            // 2⁻ᵏ for k = 1 … 10 is 5ᵏ × 10⁻ᵏ exactly, and 5ᵏ = 10ᵏ / 2ᵏ.
            let k = -(binaryExponent + 52)
            guard 1...10 ~= k else { return nil }
            return (powerOfTen(k) >> k, -k)
        }
        let significand = UInt64(1 << 52) | fraction

        // Scale by 10^k, k = ⌈−binaryExponent · log₁₀ 2⌉ (7 … 19; never a whole number), so the interval is
        // 10^k · 2^binaryExponent wide, between 1 and 10, and the value has 16 or 17 integer digits.
        let k = (-binaryExponent * 78_913) >> 18 + 1
        let power = powerOfTen(k)
        // The scaled value is m · 10^k / 2^shift and its interval's ends are ½ · 10^k (`radius`, a whole number) either
        // side. Each is split into its integer part and its fraction, the bits below `shift` (23 … 62), so that all
        // that follows the one 128-bit product is 64-bit arithmetic. (Masking shifts: every amount is in range.)
        let shift = UInt64(-binaryExponent)
        let mask: UInt64 = (1 &<< shift) &- 1
        let (high, low) = significand.multipliedFullWidth(by: power)
        let scaled = low &>> shift | high &<< (64 &- shift), fractionBits = low & mask
        let radius = power >> 1
        let radiusWhole = radius &>> shift, radiusFraction = radius & mask
        // Round half to even: an end reads back as this value when m is even.
        let inclusive = significand & 1 == 0
        let lowEndFraction = (fractionBits &- radiusFraction) & mask
        var lowest = scaled &- radiusWhole &- (fractionBits < radiusFraction ? 1 : 0)
        if lowEndFraction != 0 || !inclusive { lowest &+= 1 }
        let highEndSum = fractionBits &+ radiusFraction
        var highest = scaled &+ radiusWhole &+ highEndSum &>> shift
        if highEndSum & mask == 0 && !inclusive { highest &-= 1 }

        // A multiple of ten inside is the one shortest candidate.
        let tens = highest / 10
        if tens &* 10 >= lowest { return withoutTrailingZeros(tens, exponent: 1 - k) }
        // Otherwise the scaled value rounded to the nearest integer, which the interval (wider than 1) holds; an exact
        // tie is left to the standard library's convention.
        let half: UInt64 = 1 &<< (shift &- 1)
        if fractionBits == half { return nil }
        return (fractionBits > half ? scaled &+ 1 : scaled, -k)
    }

    /// `digits × 10^exponent` with the trailing zeros of `digits` dropped: one first (most candidates have no more),
    /// then eight at a time, four, two and one. Each test divides by multiplying with the inverse of 5ⁿ modulo 2⁶⁴ and
    /// rotating right by n bits; the result is the quotient exactly when it is at most (2⁶⁴ − 1) / 10ⁿ, that is when
    /// 10ⁿ divides (Granlund and Montgomery).
    @inline(__always)
    private static func withoutTrailingZeros(_ digits: UInt64, exponent: Int) -> (digits: UInt64, exponent: Int) {
        var digits = digits, exponent = exponent
        @inline(__always)
        func drop(_ places: Int, inverse: UInt64, limit: UInt64) -> Bool {
            let product = digits &* inverse
            let quotient = product &>> places | product &<< (64 - places)
            guard quotient <= limit else { return false }
            digits = quotient
            exponent &+= places
            return true
        }
        @inline(__always)
        func dropOne() -> Bool { drop(1, inverse: 0xCCCC_CCCC_CCCC_CCCD, limit: 1_844_674_407_370_955_161) }
        guard dropOne() else { return (digits, exponent) }
        while drop(8, inverse: 0xC767_074B_22E9_0E21, limit: 184_467_440_737) {}
        _ = drop(4, inverse: 0xD288_CE70_3AFB_7E91, limit: 1_844_674_407_370_955)
        _ = drop(2, inverse: 0x8F5C_28F5_C28F_5C29, limit: 184_467_440_737_095_516)
        _ = dropOne()
        return (digits, exponent)
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
