/// A flight's lanes over one piece between kinks inside 0…1 (``SampledLayer/Form/flight``), in closed form from its
/// exact states at the piece's ends and middle.
///
/// Each lane is `s·X + T`: `s` a scale (`a` for the x lanes, `d` for the y lanes, the larger for the corner radius, 1
/// for the layer's corners and the opacity), `X` a field (the mask's edge on the lane's axis, the corner radius; 0 for
/// the rest) and `T` a sum of fields (the translation, the scale times a constant). Over the piece `s` and `N = s·X` are
/// linear in the plan's progress and the lane quadratic, so `T` is quadratic too. A renderer mixes every field by `f`
/// between the states at p₀ and p₁: it mixes `T` as the chord of a quadratic, which strays `c₂ f(1 − f) Δp²` from the
/// state at p̄ = p₀ + f Δp (`c₂` the lane's quadratic coefficient), and it shows `mix(s)·mix(X)`, which strays
/// `−f(1 − f) Δs ΔX` from `N(p̄)`. With `X = N/s`, `ΔX = D Δp / (s₀ s₁)` for the constant `D = N′s − N s′`, so the
/// chord strays exactly
///
///     f(1 − f) Δp² (c₂ − s′ D / (s₀ s₁))
///
/// and the bend `|c₂ − s′ D / s²|`, monotone in `s` and so in the progress, is largest at a span's ends, where
/// ``bend(ofLane:at:)`` reads it. The lane's speed `|b₁ + c₂ (2p − low − high)|` is linear in the progress, largest at a
/// span's ends too (``speed(ofLane:at:)``). `FlightLanesTests` (random flights) and `ProgressBoundTests` (every style's)
/// check the strays against exact chords.
package struct FlightLanes {
    /// The piece's ends in progress.
    let low: Double, high: Double
    /// Per lane: the chord's slope over the piece (b₁) and the lane's quadratic coefficient (c₂).
    private var slope = InlineArray<10, Double>(repeating: 0), curvature = InlineArray<10, Double>(repeating: 0)
    /// Per lane: `s′ D`, what the field's ratio to the scale adds to the bend over `s²` (0 for a lane no scale
    /// multiplies).
    private var ratioBend = InlineArray<10, Double>(repeating: 0)
    /// The scales at `low` and their slopes: `a` (the x lanes'), `d` (the y lanes') and the larger (the radius's).
    private var scales: (x: Double, y: Double, radius: Double) = (1, 1, 1), scaleSlopes: (x: Double, y: Double, radius: Double) = (0, 0, 0)
    /// The largest bend share of the lanes whose bend is their curvature alone (the layer's corners, the opacity), as
    /// ``takeUnscaledBends(lanes:perAllowed:)`` took it for ``shares(at:lanes:perAllowed:)``.
    private var unscaledBendShare = 0.0

    /// The lanes over the piece from `low` to `high` of a layer at `layer`, from its states there and at the middle
    /// (`low + (high − low) / 2`).
    package init(low: Double, high: Double, states: (low: Keyframe, middle: Keyframe, high: Keyframe), layer: SampledLayer) {
        self.low = low
        self.high = high
        let length = high - low, perLength = 1 / length
        let atLow = Self.lanes(of: states.low, layer), atMiddle = Self.lanes(of: states.middle, layer)
        let atHigh = Self.lanes(of: states.high, layer)
        for lane in 0..<ProgressGrid.lanes {
            slope[lane] = (atHigh[lane] - atLow[lane]) * perLength
            curvature[lane] = 2 * (atLow[lane] + atHigh[lane] - 2 * atMiddle[lane]) * perLength * perLength
        }
        guard layer.movesGeometry else { return }
        for lane in Self.scaledLanes {
            let (scaleLow, fieldLow) = Self.scaleAndField(ofLane: lane, states.low)
            let (scaleHigh, fieldHigh) = Self.scaleAndField(ofLane: lane, states.high)
            let rise = (scaleHigh - scaleLow) * perLength, productRise = (scaleHigh * fieldHigh - scaleLow * fieldLow) * perLength
            ratioBend[lane] = rise * (productRise * scaleLow - scaleLow * fieldLow * rise)
            switch lane {
            case 0: (scales.x, scaleSlopes.x) = (scaleLow, rise)
            case 1: (scales.y, scaleSlopes.y) = (scaleLow, rise)
            case 8: (scales.radius, scaleSlopes.radius) = (scaleLow, rise)
            default: break
            }
        }
    }

    /// The lanes whose field a scale multiplies: the clip's edges and the corner radius (the others' bend is their
    /// curvature alone).
    private static let scaledLanes = [0, 1, 2, 3, 8]

    /// A state's lanes, as ``ProgressGrid/write(_:_:into:)`` writes them.
    private static func lanes(of state: Keyframe, _ layer: SampledLayer) -> InlineArray<10, Double> {
        var lanes = InlineArray<10, Double>(repeating: 0)
        if layer.movesGeometry {
            let coordinates = state.renderedCoordinates(in: layer.frame)
            for lane in 0..<9 { lanes[lane] = coordinates[lane] }
        }
        lanes[9] = state.opacity
        return lanes
    }

    /// The scale and the field a lane of ``Keyframe/renderedCoordinates(in:)`` multiplies (lanes 0…3 and 8).
    private static func scaleAndField(ofLane lane: Int, _ state: Keyframe) -> (scale: Double, field: Double) {
        let t = state.transform, mask = state.maskFrame
        switch lane {
        case 0: return (t.a, mask.x)
        case 1: return (t.d, mask.y)
        case 2: return (t.a, mask.x + mask.width)
        case 3: return (t.d, mask.y + mask.height)
        default: return (max(abs(t.a), abs(t.d)), state.cornerRadius)
        }
    }

    /// The scale lane `lane`'s field is multiplied by at `progress` (1 for a lane no scale multiplies).
    @inline(__always)
    private func scale(ofLane lane: Int, at progress: Double) -> Double {
        let offset = progress - low
        switch lane {
        case 0, 2: return scales.x + scaleSlopes.x * offset
        case 1, 3: return scales.y + scaleSlopes.y * offset
        case 8: return scales.radius + scaleSlopes.radius * offset
        default: return 1
        }
    }

    /// How far the chord from `start` to `end` (inside the piece) strays from the state at `fraction` of the way, in the
    /// lane: the mixed state's lane less the exact one's.
    package func stray(ofLane lane: Int, from start: Double, to end: Double, fraction: Double) -> Double {
        let span = end - start
        let ratio = ratioBend[lane] / (scale(ofLane: lane, at: start) * scale(ofLane: lane, at: end))
        return fraction * (1 - fraction) * span * span * (curvature[lane] - ratio)
    }

    /// The lane's bend at `progress`: a chord over a span strays by at most its largest bend over the span times
    /// `f(1 − f) Δp²`. Infinite where the scale is not positive (the model does not hold there).
    package func bend(ofLane lane: Int, at progress: Double) -> Double {
        let scale = scale(ofLane: lane, at: progress)
        guard scale > 0 else { return .infinity }
        return bend(ofLane: lane, perScaleSquared: 1 / (scale * scale))
    }

    /// The lane's speed at `progress`, per unit of progress.
    package func speed(ofLane lane: Int, at progress: Double) -> Double { speed(ofLane: lane, offset: 2 * progress - low - high) }

    /// The lane's bend where its scale's square is one over `perScaleSquared` (any value for a lane no scale multiplies).
    /// Unchecked: every caller's lane is one of the ten (the grid reads this at every cell edge of every flight, and the
    /// checks were a third of it).
    @inline(__always)
    private func bend(ofLane lane: Int, perScaleSquared: Double) -> Double {
        assert(lane >= 0 && lane < ProgressGrid.lanes)
        return abs(curvature[unchecked: lane] - ratioBend[unchecked: lane] * perScaleSquared)
    }

    /// The lane's speed at the progress `p` where `offset` is `2p − low − high`, unchecked as ``bend(ofLane:perScaleSquared:)``.
    @inline(__always)
    private func speed(ofLane lane: Int, offset: Double) -> Double {
        assert(lane >= 0 && lane < ProgressGrid.lanes)
        return abs(slope[unchecked: lane] + curvature[unchecked: lane] * offset)
    }

    /// Takes the largest bend share of the lanes no scale multiplies, over the `measured` lanes (each as a share of
    /// what its lane allows: `perAllowed` is one over it), for ``shares(at:lanes:perAllowed:)``.
    mutating func takeUnscaledBends(lanes measured: Range<Int>, perAllowed: ProgressGrid.Buffer<Double>) {
        unscaledBendShare = 0
        for lane in measured where !Self.scaledLanes.contains(lane) {
            unscaledBendShare = larger(unscaledBendShare, bend(ofLane: lane, perScaleSquared: 1) * perAllowed[lane])
        }
    }

    /// The largest bend and the largest speed at `progress` over the `measured` lanes (all of them, or the opacity
    /// alone), each as a share of what its lane allows (`perAllowed`: one over it): what ``bend(ofLane:at:)`` and
    /// ``speed(ofLane:at:)`` give, lane by lane, with the scales and their squares taken once for their lanes.
    @inline(__always)
    func shares(at progress: Double, lanes measured: Range<Int>, perAllowed: ProgressGrid.Buffer<Double>) -> (bend: Double, speed: Double) {
        var speed = 0.0
        let offset = 2 * progress - low - high
        // Read through spans taken once: indexing the arrays themselves by a lane that varies copied both whole at every
        // lane (a third of the grid's work on a flight).
        let slopes = slope.span, curvatures = curvature.span
        for lane in measured {
            speed = larger(speed, abs(slopes[unchecked: lane] + curvatures[unchecked: lane] * offset) * perAllowed[lane])
        }
        guard measured.count == ProgressGrid.lanes else { return (unscaledBendShare, speed) }
        let along = progress - low
        let x = scales.x + scaleSlopes.x * along, y = scales.y + scaleSlopes.y * along
        let radius = scales.radius + scaleSlopes.radius * along
        guard x > 0, y > 0, radius > 0 else { return (.infinity, speed) }
        let perX = 1 / (x * x), perY = 1 / (y * y), perRadius = 1 / (radius * radius)
        func share(_ lane: Int, _ perSquare: Double) -> Double { self.bend(ofLane: lane, perScaleSquared: perSquare) * perAllowed[lane] }
        let bend = larger(
            larger(larger(share(0, perX), share(2, perX)), larger(share(1, perY), share(3, perY))), larger(share(8, perRadius), unscaledBendShare))
        return (bend, speed)
    }
}
