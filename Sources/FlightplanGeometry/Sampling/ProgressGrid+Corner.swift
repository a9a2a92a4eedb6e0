extension ProgressGrid {
    /// Where a grid found a corner between its points: the span that holds it, and the track and lane that turn there.
    struct Corner {
        var low: Double, high: Double
        var track: Int, lane: Int

        /// Halvings of the span when locating the corner, at least: it is then known to within 2⁻¹² of the span (a
        /// tenth of the finest end refinement's spacing in a 16-cell grid, 10⁻⁵ of progress).
        static let locatingSteps = 12
        /// Halvings at most: the span is then down to the spacing of doubles near its progress.
        static let mostLocatingSteps = 52
        /// The located corner is the middle of the last span, and the keyframe there may miss the true corner by half
        /// the span: a chord from it strays by up to the lane's change over that half plus what the far side's slope
        /// adds over it, which the lane's change over the whole span bounds. Halving goes on past ``locatingSteps``
        /// until that change is at most this share of what the lane allows (a fast lane turning at a corner needs a
        /// few more halvings: at 0.1 pt, 10⁻⁵ of progress was 0.2 % of the tolerance too much).
        static let mislocationShare = 1.0 / 64

        /// The progress where the lane turns: of the span's two halves, the one whose middle strays more from its
        /// chord holds the corner, ``locatingSteps`` times, and then until the lane moves by at most
        /// ``mislocationShare`` of what it allows across the span (`tolerance` in points, as the grid uses it).
        func located(in motion: ProgressMotion, layers: [SampledLayer], tolerance: Double, evaluations: inout Int) -> Double {
            func value(_ progress: Double) -> Double {
                evaluations += 1
                return ProgressGrid.value(ofLane: lane, motion.trackState(track, progress), layers[track])
            }
            var low = self.low, high = self.high
            var atLow = value(low), atMiddle = value((low + high) / 2), atHigh = value(high)
            let allowed = (lane == ProgressGrid.lanes - 1 ? Sampler.opacityTolerance : tolerance) * ProgressGrid.boundShare
            for step in 0..<Self.mostLocatingSteps {
                let middle = (low + high) / 2
                if step >= Self.locatingSteps {
                    guard abs(atMiddle - atLow) + abs(atHigh - atMiddle) > Self.mislocationShare * allowed, middle > low, middle < high else { break }
                }
                let left = value((low + middle) / 2), right = value((middle + high) / 2)
                if abs(left - (atLow + atMiddle) / 2) >= abs(right - (atMiddle + atHigh) / 2) {
                    (high, atHigh, atMiddle) = (middle, atMiddle, left)
                } else {
                    (low, atLow, atMiddle) = (middle, atMiddle, right)
                }
            }
            return (low + high) / 2
        }
    }
}
