internal import RealModule

/// Rounds a track's keyframes for a request's `precision`: points to `decimals` places; scale factors
/// to as many places as keep every point of the layer within 0.001 pt of where the exact scale puts
/// it; progress and opacity to at least 4 places; times untouched (they must stay strictly increasing).
package struct KeyframeRounding {
    package let pointDecimals: Int
    package let scaleDecimals: Int
    package let fractionDecimals: Int

    package init(decimals: Int, layer: Rect) {
        pointDecimals = decimals
        // A scale error e moves a layer corner by e × half the diagonal: keep 0.5 × 10⁻ᵈ × ½√2 × extent ≤ 0.001.
        let extent = max(layer.width, layer.height)
        scaleDecimals = min(15, max(decimals, Int(Double.log10(extent * 2.0.squareRoot() * 250).rounded(.up))))
        fractionDecimals = max(decimals, 4)
    }

    package func round(_ keyframes: [Keyframe]) -> [Keyframe] {
        keyframes.map(round)
    }

    /// One keyframe rounded.
    package func round(_ keyframe: Keyframe) -> Keyframe {
        Keyframe(
            time: keyframe.time,
            progress: Self.round(keyframe.progress, fractionDecimals),
            transform: AffineTransform(
                a: Self.round(keyframe.transform.a, scaleDecimals), b: Self.round(keyframe.transform.b, scaleDecimals),
                c: Self.round(keyframe.transform.c, scaleDecimals), d: Self.round(keyframe.transform.d, scaleDecimals),
                tx: Self.round(keyframe.transform.tx, pointDecimals), ty: Self.round(keyframe.transform.ty, pointDecimals)),
            maskFrame: Rect(
                x: Self.round(keyframe.maskFrame.x, pointDecimals), y: Self.round(keyframe.maskFrame.y, pointDecimals),
                width: Self.roundExtent(keyframe.maskFrame.width, pointDecimals),
                height: Self.roundExtent(keyframe.maskFrame.height, pointDecimals)),
            cornerRadius: Self.round(keyframe.cornerRadius, pointDecimals),
            opacity: Self.round(keyframe.opacity, fractionDecimals))
    }

    /// An extent rounded like any point, unless that would make it zero (a mask must keep an area).
    package static func roundExtent(_ value: Double, _ decimals: Int) -> Double {
        let rounded = round(value, decimals)
        return rounded > 0 ? rounded : value
    }

    /// 10⁰ … 10¹⁵, exact.
    private static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// `value` to `decimals` places, as the Double nearest the decimal (so it prints as that decimal).
    /// Values too large to scale exactly are left as they are.
    package static func round(_ value: Double, _ decimals: Int) -> Double {
        let scale = powersOfTen[decimals]
        let product = value * scale
        guard abs(product) < 9e15 else { return value }
        // `product.rounded()` (half away from zero) without the libm call it is on baseline x86-64: below 2⁵³ the
        // truncation and the remainder are exact.
        var scaled = Double(Int64(product))
        let remainder = product - scaled
        if remainder >= 0.5 { scaled += 1 } else if remainder <= -0.5 { scaled -= 1 }
        let rounded = scaled / scale
        return rounded == 0 ? 0 : rounded
    }
}
