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
    /// The shortest, closest decimal for a positive `magnitude`, as the writer spells it: its significant digits
    /// followed by zeros, 17 places in all (`places`, the first never zero), how many of them are `significant` (the
    /// rest are the padding), and how many stand before the decimal point (`integerDigits`, zero or less below 1:
    /// `magnitude == places × 10^(integerDigits − 17)`); or nil for the cases the type's documentation leaves to the
    /// standard library. Inlined into its one caller, the writer's number path, where the call and the optional result
    /// cost a fifth of the work. The places are padded here, where the digit count is known without counting.
    @inline(__always)
    static func digits(of magnitude: Double) -> (places: UInt64, significant: Int, integerDigits: Int)? {
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
            return padded(powerOfTen(k) >> k, exponent: -k)
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
        // Both fractions are below 2⁶², so the difference's top bit is the borrow. These steps take no branch: their
        // conditions are a coin toss from one number to the next, and a mispredicted branch costs more than they do.
        let odd = significand & 1
        let lowEndDifference = fractionBits &- radiusFraction
        let lowest = scaled &- radiusWhole &- lowEndDifference &>> 63 &+ (lowEndDifference & mask | odd != 0 ? 1 : 0)
        let highEndSum = fractionBits &+ radiusFraction
        let highest = scaled &+ radiusWhole &+ highEndSum &>> shift &- (highEndSum & mask == 0 ? odd : 0)

        // A multiple of ten inside is the one shortest candidate.
        // The candidates have 16 or 17 digits (the scaled value is m, at least 2⁵², times the interval's width, at
        // least 1 and below 10), so a multiple of ten has 15 or 16 before its zero.
        let tens = highest / 10
        if tens &* 10 >= lowest {
            let short = tens < 1_000_000_000_000_000
            let digitCount = short ? 15 : 16
            return (tens &* (short ? 100 : 10), digitCount &- trailingZeroCount(tens), digitCount &+ 1 &- k)
        }
        // Otherwise the scaled value rounded to the nearest integer, which the interval (wider than 1) holds; an exact
        // tie is left to the standard library's convention.
        let half: UInt64 = 1 &<< (shift &- 1)
        if fractionBits == half { return nil }
        let rounded = fractionBits > half ? scaled &+ 1 : scaled
        // It has no trailing zero: a multiple of ten inside would have been found above.
        let short = rounded < 10_000_000_000_000_000
        let digitCount = short ? 16 : 17
        return (short ? rounded &* 10 : rounded, digitCount, digitCount &- k)
    }

    /// `digits × 10^exponent` (`digits` without trailing zeros, at most 17 of them) as ``digits(of:)`` gives it, its
    /// digits counted one by one: for the exact expansions of powers of two, the one case whose digit count is not
    /// known beforehand.
    private static func padded(_ digits: UInt64, exponent: Int) -> (places: UInt64, significant: Int, integerDigits: Int) {
        var significant = 1
        while significant < 17 && digits >= powerOfTen(significant) { significant += 1 }
        return (digits &* powerOfTen(17 - significant), significant, significant + exponent)
    }

    /// How many trailing zeros `digits` (not zero) has: one tested first (most candidates have no more), then eight at
    /// a time, four, two and one. Each test divides by multiplying with the inverse of 5ⁿ modulo 2⁶⁴ and rotating right
    /// by n bits; the result is the quotient exactly when it is at most (2⁶⁴ − 1) / 10ⁿ, that is when 10ⁿ divides
    /// (Granlund and Montgomery).
    @inline(__always)
    private static func trailingZeroCount(_ digits: UInt64) -> Int {
        var digits = digits, count = 0
        @inline(__always)
        func drop(_ places: Int, inverse: UInt64, limit: UInt64) -> Bool {
            let product = digits &* inverse
            let quotient = product &>> places | product &<< (64 - places)
            guard quotient <= limit else { return false }
            digits = quotient
            count &+= places
            return true
        }
        @inline(__always)
        func dropOne() -> Bool { drop(1, inverse: 0xCCCC_CCCC_CCCC_CCCD, limit: 1_844_674_407_370_955_161) }
        guard dropOne() else { return 0 }
        while drop(8, inverse: 0xC767_074B_22E9_0E21, limit: 184_467_440_737) {}
        _ = drop(4, inverse: 0xD288_CE70_3AFB_7E91, limit: 1_844_674_407_370_955)
        _ = drop(2, inverse: 0x8F5C_28F5_C28F_5C29, limit: 184_467_440_737_095_516)
        _ = dropOne()
        return count
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
