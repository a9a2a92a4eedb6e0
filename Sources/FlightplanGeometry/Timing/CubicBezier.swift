/// A CSS/Core Animation timing function through `(0,0)`, `(x1,y1)`, `(x2,y2)`, `(1,1)`.
public struct CubicBezier: Sendable, Hashable {
    /// First control point, x (0…1).
    public var x1: Double
    /// First control point, y.
    public var y1: Double
    /// Second control point, x (0…1).
    public var x2: Double
    /// Second control point, y.
    public var y2: Double

    /// Creates a curve from its two control points.
    /// - Parameters:
    ///   - x1: First control point's time, 0…1 (outside it the curve is not a function of time; the validator refuses
    ///     it).
    ///   - y1: First control point's progress; below 0 or above 1 makes the curve overshoot.
    ///   - x2: Second control point's time, 0…1.
    ///   - y2: Second control point's progress; below 0 or above 1 makes the curve overshoot.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// UIKit's `.curveEaseIn`.
    public static let easeIn = CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// UIKit's `.curveEaseOut`.
    public static let easeOut = CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// UIKit's `.curveEaseInOut`, the default of `UIView.animate`.
    public static let easeInOut = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// The curve's slope dy/dx where it starts (infinite when it leaves straight up: `x1 = 0 < |y1|`).
    public var initialSlope: Double {
        if x1 > 0 { return y1 / x1 }
        if y1 != 0 { return y1 > 0 ? .infinity : -.infinity }
        // Both first-order terms vanish: the second-order ones decide, then the third (x, y ≈ s³).
        if x2 > 0 { return y2 / x2 }
        return y2 != 0 ? (y2 > 0 ? .infinity : -.infinity) : 1
    }

    /// The eased value at time fraction `x` (0…1); exactly 0 at 0 and 1 at 1.
    ///
    /// Solves `X(s) = x` for the curve parameter by Newton's method with a bisection
    /// fallback, to within 1e-14 in `x`.
    /// - Parameter x: The time fraction, 0…1; 0 or below gives 0, 1 or above gives 1.
    /// - Returns: The curve's progress `Y(s)` where `X(s) = x`, solved to within 1e-14 in `x`; outside 0…1 when a
    ///   control point's `y` is.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let s = parameter(forX: x)
        return Self.coordinate(s, y1, y2)
    }

    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - x
            if abs(error) < 1e-14 { return s }
            let slope = Self.derivative(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            let next = s - error / slope
            if next < 0 || next > 1 { break }
            s = next
        }
        // X(s) is monotone for x1, x2 in 0…1, so bisection always converges.
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<64 {
            let value = Self.coordinate(s, x1, x2)
            if abs(value - x) < 1e-14 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// One coordinate of the Bézier polynomial with end points 0 and 1.
    private static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s
    }

    private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * p1 + 6 * inverse * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}
