/// A cubic Bézier timing curve in power form: the time fraction x and the progress y as cubics in the curve's parameter.
struct BezierCubics {
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// The curve's cubics.
    init(_ curve: CubicBezier) {
        cx = 3 * curve.x1
        bx = 3 * curve.x2 - 6 * curve.x1
        ax = 1 + 3 * curve.x1 - 3 * curve.x2
        cy = 3 * curve.y1
        by = 3 * curve.y2 - 6 * curve.y1
        ay = 1 + 3 * curve.y1 - 3 * curve.y2
    }

    /// Time fraction and progress at parameter `s`.
    func point(_ s: Double) -> (x: Double, y: Double) {
        (((ax * s + bx) * s + cx) * s, ((ay * s + by) * s + cy) * s)
    }

    /// The parameter at which the progress is `y` (0…1), by bisection: the progress is monotone for control points
    /// inside 0…1.
    func parameter(forY y: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<64 {
            let middle = (low + high) / 2
            if point(middle).y < y { low = middle } else { high = middle }
        }
        return high
    }

    /// The largest gap between the chord from `start` to `end` and the curve's progress over the times between them:
    /// `|y₀ + m (x(s) − x₀) − y(s)|`, which is largest where its derivative `y′(s) − m x′(s)` vanishes.
    func chordGap(from start: (s: Double, point: (x: Double, y: Double)), to end: (s: Double, point: (x: Double, y: Double))) -> Double {
        let (x0, y0) = start.point
        let slope = (end.point.y - y0) / (end.point.x - x0)
        let a = 3 * (ay - slope * ax), b = 2 * (by - slope * bx), c = cy - slope * cx
        var gap = 0.0
        func consider(_ s: Double) {
            guard s > start.s, s < end.s else { return }
            let point = point(s)
            gap = larger(gap, abs(y0 + slope * (point.x - x0) - point.y))
        }
        if a == 0 {
            if b != 0 { consider(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            guard discriminant >= 0 else { return 0 }
            // The stable form of the two roots: q / a and c / q.
            let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
            consider(q / a)
            if q != 0 { consider(c / q) }
        }
        return gap
    }
}
