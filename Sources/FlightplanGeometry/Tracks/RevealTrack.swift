/// The reveal's layer: the source element grows about its centre to the minimal scale at which
/// its rounded shape covers the screen (the destination's fade is its own track's).
package struct RevealTrack {
    package let layer: Rect
    package let cornerRadius: Double
    /// The exact minimal covering scale.
    package let finalScale: Double

    /// Creates the reveal of `layer` (its radius `cornerRadius`) growing to `finalScale`.
    package init(layer: Rect, cornerRadius: Double, finalScale: Double) {
        self.layer = layer
        self.cornerRadius = cornerRadius
        self.finalScale = finalScale
    }

    /// The state at `growth` along the way (0 = the element as it is, 1 = covering; a spring may overshoot).
    package func state(growth: Double) -> LayerState {
        let scale = Interpolation.extent(1, finalScale, growth)
        return LayerState(
            transform: AffineTransform(scaleX: scale, scaleY: scale, tx: 0, ty: 0),
            maskFrame: Rect(x: 0, y: 0, width: layer.width, height: layer.height),
            cornerRadius: cornerRadius,
            opacity: 1)
    }

    /// The smallest scale `s` at which the rounded rect `element` (radius `cornerRadius`), scaled by
    /// `s` about its centre, contains `target`.
    ///
    /// A rounded rect is convex, so it contains `target` exactly when it contains its four corners.
    /// A point at offset `(dx, dy)` from the centre is inside when its distance to the inner rect
    /// `[0, s·u] × [0, s·v]` (u, v: half extents less the radius) is at most `s·r`; that distance
    /// shrinks as `s` grows, so each corner has one critical scale, found in closed form.
    package static func minimalCoveringScale(of element: Rect, cornerRadius: Double, toCover target: Rect) -> Double {
        let u = element.width / 2 - cornerRadius, v = element.height / 2 - cornerRadius, r = cornerRadius
        let corners = [(target.x, target.y), (target.maxX, target.y), (target.x, target.maxY), (target.maxX, target.maxY)]
        var scale = 0.0
        for (x, y) in corners {
            let dx = abs(x - element.midX), dy = abs(y - element.midY)
            scale = max(scale, criticalScale(dx: dx, dy: dy, u: u, v: v, r: r))
        }
        return scale
    }

    /// The smallest `s ≥ 0` with `hypot(max(0, dx − s·u), max(0, dy − s·v)) ≤ s·r`.
    package static func criticalScale(dx: Double, dy: Double, u: Double, v: Double, r: Double) -> Double {
        // The flat sides alone: dx ≤ s(u + r) and dy ≤ s(v + r).
        let flat = max(dx / (u + r), dy / (v + r))
        // At that scale the point is inside unless it sits off both flat sides, in the corner arc.
        if r == 0 || dx <= flat * u || dy <= flat * v { return flat }
        // Corner arc: (dx − s·u)² + (dy − s·v)² = (s·r)², i.e. A·s² − 2B·s + C = 0 with the root
        // sought above `flat` (where the point is still outside) in the arc region s < min(dx/u, dy/v).
        let a = u * u + v * v - r * r
        let b = dx * u + dy * v
        let c = dx * dx + dy * dy
        let root: Double
        if abs(a) < 1e-12 * max(1, b) {
            root = c / (2 * b)
        } else {
            let discriminant = max(0, b * b - a * c)
            // Numerically stable pair of roots: q = B + sign(B)·√D; roots C/q and q/A.
            let q = b + discriminant.squareRoot()
            let candidates = [c / q, q / a].filter { $0.isFinite && $0 >= flat }
            root = candidates.min() ?? flat
        }
        return max(flat, root)
    }
}
