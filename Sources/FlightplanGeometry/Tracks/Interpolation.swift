import RealModule

/// Interpolation of positions and extents by a progress that may leave 0…1 (springs overshoot).
package enum Interpolation {
    /// `a` at 0 and exactly `b` at 1, linear in between and beyond.
    @inline(__always)
    package static func linear(_ a: Double, _ b: Double, _ p: Double) -> Double {
        a * (1 - p) + b * p
    }

    /// Linear on 0…1; beyond it, continued geometrically with the same slope, so an extent
    /// (a width, a scale) stays positive however far a spring overshoots. The shrinking factor is
    /// floored at e⁻³⁰ so that extreme ratios between the ends (a 10⁶:1 image) stay finite.
    @inline(__always)
    package static func extent(_ a: Double, _ b: Double, _ p: Double) -> Double {
        if p < 0 { return a * Double.exp(max((b - a) / a * p, -30)) }
        if p > 1 { return b * Double.exp(max((b - a) / b * (p - 1), -30)) }
        return linear(a, b, p)
    }

    /// A rect between `a` and `b`: on 0…1 every edge moves linearly (so monotonically) and the
    /// ends are exact; beyond, the centre moves on and the size follows ``extent(_:_:_:)``.
    @inline(__always)
    package static func rect(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
        let size = Size(width: extent(a.width, b.width, p), height: extent(a.height, b.height, p))
        if p >= 0 && p <= 1 {
            return Rect(x: linear(a.x, b.x, p), y: linear(a.y, b.y, p), width: size.width, height: size.height)
        }
        return Rect(center: Point(x: linear(a.midX, b.midX, p), y: linear(a.midY, b.midY, p)), size: size)
    }
}
