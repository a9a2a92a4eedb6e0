extension KeyframeRounding {
    /// Share of its tolerance that a tolerance-sampled plan without `precision` leaves to rounding its points and scale
    /// factors: its keyframes are searched within the rest, so that the rounded plan stays within the whole tolerance.
    /// At the default 0.5 pt this is 0.0078 pt, for about 0.4 % more keyframes (they grow as the tolerance's inverse
    /// square root) and a third fewer bytes (a snapshot's answer: 48 kB to 33 kB).
    package static let toleranceShare = 1.0 / 64

    /// Most places tried for points and for scale factors.
    static let mostDecimals = (points: 9, scales: 12)

    /// The coarsest rounding (fewest places for points and scale factors together) that moves no rendered coordinate
    /// (``Keyframe/renderedCoordinates(in:)``) of `keyframes`, nor of any linear mix of two of them, by more than
    /// `budget` points; fractions (opacities, colours) stay exact. Nil when even the most places would not keep within
    /// it.
    ///
    /// A coordinate is `a x + c y + tx` for a point `(x, y)` of the layer about its centre (a mask's corner, the layer's),
    /// or a radius times `max(|a|, |d|)`. Rounding a scale factor by at most εs and a point by at most εp (a mask's far
    /// edge, its origin plus its extent, by 2 εp) moves a mask corner by at most
    /// `εs (|x| + |y| + 4 εp) + 2 εp (|a| + |c|) + εp`, a layer corner by `εs (w + h) / 2 + εp` and the visible radius
    /// by `εp M + εs R + εp εs`; a mix of two keyframes mixes their fields and their errors, so the largest of each factor
    /// over the keyframes bounds every mix too.
    package init?(within budget: Double, keyframes: [Keyframe], layer: Rect) {
        var pointFactor = 1.0, scaleFactor = (layer.width + layer.height) / 2
        for keyframe in keyframes {
            let t = keyframe.transform, mask = keyframe.maskFrame
            let x = max(abs(mask.x - layer.width / 2), abs(mask.maxX - layer.width / 2))
            let y = max(abs(mask.y - layer.height / 2), abs(mask.maxY - layer.height / 2))
            pointFactor = max(pointFactor, 1 + 2 * max(abs(t.a) + abs(t.c), abs(t.b) + abs(t.d)), 1 + max(abs(t.a), abs(t.d)))
            scaleFactor = max(scaleFactor, x + y + 4, abs(keyframe.cornerRadius) + 1)
        }
        func error(_ points: Int, _ scales: Int) -> Double {
            0.5 / Self.powerOfTen(points) * pointFactor + 0.5 / Self.powerOfTen(scales) * scaleFactor
        }
        // Each count of places for points takes the fewest for scale factors that keep within the budget; more places for
        // points never need more for scale factors, so those are counted down from the last count's, not up from 0 again.
        var best: (points: Int, scales: Int)?
        var scales = Self.mostDecimals.scales
        for points in 0...Self.mostDecimals.points where error(points, scales) <= budget {
            while scales > 0 && error(points, scales - 1) <= budget { scales -= 1 }
            if best.map({ points + scales < $0.points + $0.scales }) ?? true { best = (points, scales) }
        }
        guard let best else { return nil }
        self.init(pointDecimals: best.points, scaleDecimals: best.scales)
    }
}
