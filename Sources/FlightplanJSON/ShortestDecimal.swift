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
    /// The shortest, closest decimal for a positive `magnitude`, as the writer spells it: its digits followed by
    /// zeros, 17 places in all (`places`, the first never zero; its trailing zeros are the padding, the writer's to
    /// drop), and how many of them stand before the decimal point (`integerDigits`, zero or less below 1:
    /// `magnitude == places × 10^(integerDigits − 17)`); or nil for the cases the type's documentation leaves to the
    /// standard library. Inlined into its one caller, the writer's number path, where the call and the optional result
    /// cost a fifth of the work.
    @inline(always)
    static func digits(of magnitude: Double) -> (places: UInt64, integerDigits: Int)? {
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

        // A multiple of ten inside is the one shortest candidate (its zeros are dropped by the writer, with the
        // padding). Otherwise it is the scaled value rounded to the nearest integer, which the interval (wider than 1)
        // holds; an exact tie is left to the standard library's convention. Either has 16 or 17 digits: the scaled
        // value is m, at least 2⁵², times the interval's width, at least 1 and below 10. The choice takes no branch
        // either: which one it is varies from one number to the next as much as the ends' corrections did.
        let tens = highest / 10 &* 10, half: UInt64 = 1 &<< (shift &- 1)
        let hasTens = tens >= lowest
        if fractionBits == half && !hasTens { return nil }
        let candidate = hasTens ? tens : scaled &+ (fractionBits > half ? 1 : 0)
        let short = candidate < 10_000_000_000_000_000
        return (short ? candidate &* 10 : candidate, (short ? 16 : 17) &- k)
    }

    /// `digits × 10^exponent` (`digits` at most 17 digits long) as ``digits(of:)`` gives it, its digits counted one by
    /// one: for the exact expansions of powers of two, the one case whose digit count is not known beforehand.
    private static func padded(_ digits: UInt64, exponent: Int) -> (places: UInt64, integerDigits: Int) {
        var digitCount = 1
        while digitCount < 17 && digits >= powerOfTen(digitCount) { digitCount += 1 }
        return (digits &* powerOfTen(17 - digitCount), digitCount + exponent)
    }
}

/// 10^exponent for 0 ≤ exponent ≤ 19 (the largest power of ten in 64 bits); 0 for other exponents. A `switch` of
/// constants, which the compiler turns into a table of constants (or folds into the comparison it feeds): a global
/// array was read through its lazy initialiser's `swift_once` check at every call.
@inlinable @inline(__always)
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
