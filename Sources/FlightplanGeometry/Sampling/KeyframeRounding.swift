internal import RealModule

/// Rounds a track's keyframes for a request's `precision`: points to `decimals` places; scale factors
/// to as many places as keep every point of the layer within 0.001 pt of where the exact scale puts
/// it; progress and opacity to at least 4 places; times untouched (they must stay strictly increasing).
/// A tolerance-sampled plan without `precision` is rounded within a share of its tolerance instead
/// (``init(within:keyframes:layer:)``), its fractions left exact.
///
/// Each kind of value keeps its power of ten, found once when the rounding is made (a keyframe is a dozen values).
package struct KeyframeRounding {
    /// 10 to the places kept for points: translations, mask frames, radii, shadow offsets and blurs.
    private let pointPower: Double
    /// 10 to the places kept for the transform's scale and shear factors.
    private let scalePower: Double
    /// 10 to the places kept for progress, opacities and colour components; nil keeps them exact.
    private let fractionPower: Double?

    /// The rounding for a request's `decimals` (0…15) and a track's layer, whose size sets the scale factors' places.
    package init(decimals: Int, layer: Rect) {
        // A scale error e moves a layer corner by e × half the diagonal: keep 0.5 × 10⁻ᵈ × ½√2 × extent ≤ 0.001.
        let extent = max(layer.width, layer.height)
        let scaleDecimals = min(15, max(decimals, Int(Double.log10(extent * 2.0.squareRoot() * 250).rounded(.up))))
        pointPower = Self.powerOfTen(decimals)
        scalePower = Self.powerOfTen(scaleDecimals)
        fractionPower = Self.powerOfTen(max(decimals, 4))
    }

    /// A rounding of `pointDecimals` places for points and `scaleDecimals` for scale factors that leaves fractions exact.
    init(pointDecimals: Int, scaleDecimals: Int) {
        pointPower = Self.powerOfTen(pointDecimals)
        scalePower = Self.powerOfTen(scaleDecimals)
        fractionPower = nil
    }

    /// Keyframes rounded, each as one is.
    package func round(_ keyframes: [Keyframe]) -> [Keyframe] {
        keyframes.map(round)
    }

    /// One keyframe rounded.
    package func round(_ keyframe: Keyframe) -> Keyframe {
        Keyframe(
            time: keyframe.time, progress: fraction(keyframe.progress), transform: transform(keyframe.transform),
            maskFrame: maskFrame(keyframe.maskFrame), cornerRadius: point(keyframe.cornerRadius), opacity: fraction(keyframe.opacity))
    }

    /// A point (a translation, a mask's edge, a radius, a shadow's offset or blur) rounded.
    @inline(__always)
    package func point(_ value: Double) -> Double { Self.round(value, power: pointPower) }

    /// A fraction (progress, an opacity, a colour component) rounded.
    package func fraction(_ value: Double) -> Double { fractionPower.map { Self.round(value, power: $0) } ?? value }

    /// A transform rounded: its factors as scales, its translation as points. Without rotation or shear (most tracks) `b`
    /// and `c` are zero, which rounds to zero: they are not rounded.
    package func transform(_ transform: AffineTransform) -> AffineTransform {
        let isAxisAligned = transform.b == 0 && transform.c == 0
        return AffineTransform(
            a: Self.round(transform.a, power: scalePower), b: isAxisAligned ? 0 : Self.round(transform.b, power: scalePower),
            c: isAxisAligned ? 0 : Self.round(transform.c, power: scalePower), d: Self.round(transform.d, power: scalePower),
            tx: point(transform.tx), ty: point(transform.ty))
    }

    /// A mask frame rounded as points, its extents never to zero (a mask must keep an area).
    package func maskFrame(_ frame: Rect) -> Rect {
        Rect(x: point(frame.x), y: point(frame.y), width: extent(frame.width), height: extent(frame.height))
    }

    /// An extent rounded like any point, unless that would make it zero.
    private func extent(_ value: Double) -> Double {
        let rounded = point(value)
        return rounded > 0 ? rounded : value
    }

    /// `value` to `decimals` places, as the Double nearest the decimal (so it prints as that decimal).
    /// Values too large to scale exactly are left as they are.
    package static func round(_ value: Double, _ decimals: Int) -> Double {
        round(value, power: powerOfTen(decimals))
    }

    /// `value` to as many places as `power` (10 to that many) has zeros, as ``round(_:_:)`` does.
    @inline(__always)
    private static func round(_ value: Double, power: Double) -> Double {
        let product = value * power
        guard abs(product) < 9e15 else { return value }
        // `product.rounded()` (half away from zero) without the libm call it is on baseline x86-64: below 2⁵³ the
        // truncation, the remainder and the corrected sum are exact. The sum is never −0 (a whole `Int64` converts to +0,
        // and x + (−x) is +0), so neither is the result.
        let truncated = Double(Int64(product))
        let remainder = product - truncated
        return (truncated + (remainder >= 0.5 ? 1 : 0) - (remainder <= -0.5 ? 1 : 0)) / power
    }

    /// 10^`exponent` for 0 ≤ `exponent` ≤ 15, exact (every such power is a `Double`), from a table: the rounding within a
    /// tolerance tries up to 130 pairs of places a track.
    static func powerOfTen(_ exponent: Int) -> Double {
        precondition((0...15).contains(exponent), "at most 15 decimal places")
        return powersOfTen[exponent]
    }

    /// 10⁰ to 10¹⁵, each exact.
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
}
