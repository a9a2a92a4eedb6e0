internal import RealModule

/// A flight's lanes where a spring carries the plan's progress `p` past 1 (``ProgressMotion/overshoots``), in closed form.
///
/// The flight's geometric progress there is `s = start + slope × (p − 1)`: a share of the plan's progress that ends with
/// the plan passes the overshoot on (beyond 1 on a push, below 0 on a pop), one that ends before it holds (slope 0).
/// ``Interpolation`` continues each extent of the clip and the image geometrically, `E₀ e^{κ(p − 1)}`, and each centre
/// linearly with the path's arc. Between corners every lane is therefore a quadratic in `p` plus one exponential:
///
/// - the clip's edges `C ∓ W/2` (centre, extent),
/// - the layer's corners on screen `I − a K₀` and `I + a K₁` (the image's centre, the scale `a`, and constants of the
///   content and the layer; fixed for a layer that does not scale),
/// - the visible radius: 0 where the radius's line has gone below 0, else the line itself (a radius a clip's half side
///   clamps is left to the grid's measuring),
///
/// so its second derivative is a constant plus one exponential: monotone, largest over a span at one of its ends. A
/// renderer mixes the fields between two keyframes: it shows the chord of the lane, which strays by
/// `f(1 − f) Δp² · |L″|/2` at most, and for a clip edge (`a X + …`) or the radius (`a R`) the product of two mixed
/// fields, which strays by `f(1 − f) Δa ΔX` more; each factor's change is bounded by the largest rate over the span,
/// taken from the monotone pieces' values at its ends. Speeds are bounded by the ends' rates and the largest second
/// derivative between them. `FlightOvershootTests` checks the bounds against exact chords of random flights.
package struct FlightOvershoot: Sendable {
    /// The flight (``FlightTrack``'s fields the lanes read).
    let layer: Rect, content: Rect
    let imageStart: Rect, imageEnd: Rect, clipStart: Rect, clipEnd: Rect
    let radiusStart: Double, radiusEnd: Double
    let scaling: FlightScaling
    let bend: Point
    /// The flight's geometric progress at the plan's progress 1, and its rate per unit of the plan's progress beyond.
    let start: Double, slope: Double

    /// The overshoot of `flight` whose geometric progress is `start` at the plan's progress 1 and grows by `slope` per
    /// unit of it beyond.
    package init(_ flight: FlightTrack, start: Double, slope: Double) {
        (layer, content, scaling, bend) = (flight.layer, flight.content, flight.scaling, flight.bend)
        (imageStart, imageEnd, clipStart, clipEnd) = (flight.imageStart, flight.imageEnd, flight.clipStart, flight.clipEnd)
        (radiusStart, radiusEnd) = (flight.radiusStart, flight.radiusEnd)
        (self.start, self.slope) = (start, slope)
    }

    /// A quantity's value at a progress beyond 1, with its first and second derivatives by the plan's progress.
    struct Jet {
        var value: Double, rate: Double, bend: Double
    }

    /// The lanes' form over one piece from `low` to `high` (at or beyond 1), or nil where it holds a corner of the flight
    /// (its scale changing the axis it follows, its radius leaving the line it follows or its 0) or an extent's
    /// continuation reaching ``Interpolation/extent(_:_:_:)``'s floor, or lies off the side its progress continues on:
    /// the grid measures such a piece instead.
    func piece(from low: Double, to high: Double) -> Piece? {
        guard low >= 1, high > low else { return nil }
        let side: Side
        if slope == 0 {
            side = .held
        } else if slope > 0 && start >= 1 {
            side = .beyondEnd
        } else if slope < 0 && start <= 0 {
            side = .beforeStart
        } else {
            return nil
        }
        var piece = Piece(flight: self, side: side, heightDriven: false)
        guard side != .held else { return piece }
        // Each extent's continuation stays above its floor over the piece (its exponent is monotone in the progress).
        for (a, b) in [
            (clipStart.width, clipEnd.width), (clipStart.height, clipEnd.height), (imageStart.width, imageEnd.width),
            (imageStart.height, imageEnd.height)
        ] {
            guard a > 0, b > 0 else { return nil }
            for progress in [low, high] where piece.exponent(a, b, at: progress) < -30 { return nil }
        }
        // A uniform scale follows one axis over the piece: the ratio of its two candidates is monotone.
        if scaling == .uniform {
            let atLow = piece.drivenByHeight(at: low)
            guard piece.drivenByHeight(at: high) == atLow else { return nil }
            piece.heightDriven = atLow
        }
        guard piece.radiusKeepsItsLine(from: low, to: high) else { return nil }
        piece.products = piece.mixedProducts(from: low, to: high)
        return piece
    }

    /// Which way the flight's geometric progress goes beyond the plan's progress 1.
    enum Side: Hashable {
        /// It holds (its share ended before the plan's).
        case held
        /// Beyond 1, where extents continue from their ends.
        case beyondEnd
        /// Below 0, where extents continue from their starts.
        case beforeStart
    }

    /// The lanes over one piece, with the corners ``FlightOvershoot/piece(from:to:)`` ruled out.
    struct Piece {
        let flight: FlightOvershoot
        let side: Side
        /// Whether a uniform scale follows the image's height (else its width).
        var heightDriven: Bool
        /// What a renderer's mix of two fields adds to the bend of the x lanes' clip edges, the y lanes' and the radius,
        /// over the whole piece (``mixedProducts(from:to:)``): a chord over several cells takes their largest bounds, and
        /// the two fields' largest rates may lie in different cells. Zero where the flight holds.
        var products: (x: Double, y: Double, radius: Double) = (0, 0, 0)

        /// The flight's geometric progress at the plan's progress `progress`.
        @inline(__always)
        private func geometric(_ progress: Double) -> Double { flight.start + flight.slope * (progress - 1) }

        /// The exponent of an extent going from `a` to `b` at the plan's progress `progress`, as ``Interpolation`` takes it.
        func exponent(_ a: Double, _ b: Double, at progress: Double) -> Double {
            let s = geometric(progress)
            return side == .beyondEnd ? (b - a) / b * (s - 1) : (b - a) / a * s
        }

        /// An extent going from `a` to `b`, continued geometrically, at the plan's progress `progress`.
        func extent(_ a: Double, _ b: Double, at progress: Double) -> Jet {
            guard side != .held else { return Jet(value: Interpolation.extent(a, b, geometric(progress)), rate: 0, bend: 0) }
            let rate = (side == .beyondEnd ? (b - a) / b : (b - a) / a) * flight.slope
            let value = (side == .beyondEnd ? b : a) * Double.exp(exponent(a, b, at: progress))
            return Jet(value: value, rate: rate * value, bend: rate * rate * value)
        }

        /// A centre going from `a` to `b` with the path's arc `arc`, at the plan's progress `progress`.
        func centre(_ a: Double, _ b: Double, arc: Double, at progress: Double) -> Jet {
            let s = geometric(progress), slope = flight.slope
            return Jet(
                value: Interpolation.linear(a, b, s) + 2 * s * (1 - s) * arc, rate: slope * ((b - a) + (2 - 4 * s) * arc),
                bend: -4 * arc * slope * slope)
        }

        /// Whether a uniform scale follows the image's height at the plan's progress `progress` (as `LayerState` decides).
        func drivenByHeight(at progress: Double) -> Bool {
            let f = flight
            let x = extent(f.imageStart.width, f.imageEnd.width, at: progress).value / f.content.width
            let y = extent(f.imageStart.height, f.imageEnd.height, at: progress).value / f.content.height
            return y > x * (1 + 1e-12)
        }

        /// The radius's line at the plan's progress `progress`.
        func radiusLine(at progress: Double) -> Jet {
            let f = flight
            return Jet(
                value: Interpolation.linear(f.radiusStart, f.radiusEnd, geometric(progress)), rate: f.slope * (f.radiusEnd - f.radiusStart), bend: 0)
        }

        /// Whether the visible radius follows one form over the piece: 0 where its line stays at or below 0, else the
        /// line, where it stays between 0 and each of the clip's half sides (a half side less the line is convex, its
        /// extent exponential: it stays above 0 when it does at both ends and does not turn down then up between them).
        func radiusKeepsItsLine(from low: Double, to high: Double) -> Bool {
            let f = flight
            let lines = (radiusLine(at: low), radiusLine(at: high))
            if lines.0.value <= 0 && lines.1.value <= 0 { return true }
            guard f.scaling != .stretch, lines.0.value >= 0, lines.1.value >= 0 else { return false }
            for (a, b) in [(f.clipStart.width, f.clipEnd.width), (f.clipStart.height, f.clipEnd.height)] {
                let atLow = extent(a, b, at: low), atHigh = extent(a, b, at: high)
                let gapLow = atLow.value / 2 - lines.0.value, gapHigh = atHigh.value / 2 - lines.1.value
                guard gapLow >= 0, gapHigh >= 0 else { return false }
                guard atLow.rate / 2 - lines.0.rate >= 0 || atHigh.rate / 2 - lines.1.rate <= 0 else { return false }
            }
            return true
        }

        /// One axis's lanes at the plan's progress `progress`: the clip's near and far edges, the layer's near and far
        /// corners on screen and the scale on the axis, and what a mask edge (the clip edge less the near corner, over
        /// the scale) is made of: the clip's centre less the image's (linear: the arc is both's) and half the clip's
        /// extent.
        struct Axis {
            var nearEdge: Jet, farEdge: Jet, nearCorner: Jet, farCorner: Jet, scale: Jet
            var centreGap: Jet, halfClip: Jet
        }

        /// The x (`vertical` false) or y axis's lanes at the plan's progress `progress`.
        func axis(vertical: Bool, at progress: Double) -> Axis {
            let f = flight
            func pick(_ rect: Rect) -> (extent: Double, middle: Double) { vertical ? (rect.height, rect.midY) : (rect.width, rect.midX) }
            func add(_ a: Jet, _ b: Jet, _ factor: Double) -> Jet {
                Jet(value: a.value + factor * b.value, rate: a.rate + factor * b.rate, bend: a.bend + factor * b.bend)
            }
            let arc = vertical ? f.bend.y : f.bend.x
            let (clipA, clipB, imageA, imageB) = (pick(f.clipStart), pick(f.clipEnd), pick(f.imageStart), pick(f.imageEnd))
            let clipCentre = centre(clipA.middle, clipB.middle, arc: arc, at: progress)
            let clipExtent = extent(clipA.extent, clipB.extent, at: progress)
            let halfClip = Jet(value: clipExtent.value / 2, rate: clipExtent.rate / 2, bend: clipExtent.bend / 2)
            let nearEdge = add(clipCentre, halfClip, -1), farEdge = add(clipCentre, halfClip, 1)
            let (layerOrigin, layerExtent) = vertical ? (f.layer.y, f.layer.height) : (f.layer.x, f.layer.width)
            guard f.scaling != .none else {
                // No transform: the corners stay, the scale is 1 (so a renderer's mix of the mask is exact).
                let fixed = { (value: Double) in Jet(value: value, rate: 0, bend: 0) }
                return Axis(
                    nearEdge: nearEdge, farEdge: farEdge, nearCorner: fixed(layerOrigin), farCorner: fixed(layerOrigin + layerExtent),
                    scale: fixed(1), centreGap: fixed(0), halfClip: halfClip)
            }
            let (contentOrigin, contentExtent) = vertical ? (f.content.y, f.content.height) : (f.content.x, f.content.width)
            let byHeight = f.scaling == .uniform ? heightDriven : vertical
            let driving =
                byHeight ? (f.imageStart.height, f.imageEnd.height, f.content.height) : (f.imageStart.width, f.imageEnd.width, f.content.width)
            let image = extent(driving.0, driving.1, at: progress)
            let scale = Jet(value: image.value / driving.2, rate: image.rate / driving.2, bend: image.bend / driving.2)
            let imageCentre = centre(imageA.middle, imageB.middle, arc: arc, at: progress)
            let nearFactor = contentExtent / 2 + contentOrigin
            return Axis(
                nearEdge: nearEdge, farEdge: farEdge, nearCorner: add(imageCentre, scale, -nearFactor),
                farCorner: add(imageCentre, scale, layerExtent - nearFactor), scale: scale, centreGap: add(clipCentre, imageCentre, -1),
                halfClip: halfClip)
        }

        /// The largest rate over the cell from `low` to `high` of `line / scale`, `line` linear (its values at the ends
        /// given) and `scale` exponential: `(line′ − κ line) / scale`, κ the scale's rate over its value, is largest at an
        /// end or where `line` reaches `2 line′ / κ`, where it is `|line′| / scale`.
        static func ratioRate(_ line: (Jet, Jet), over scale: (Jet, Jet), from low: Double, to high: Double) -> Double {
            let slope = line.0.rate, growth = scale.0.rate / scale.0.value
            var largest = larger(abs(slope - growth * line.0.value) / scale.0.value, abs(slope - growth * line.1.value) / scale.1.value)
            if slope != 0 && growth != 0 {
                let turn = low + (2 * slope / growth - line.0.value) / slope
                if turn > low && turn < high { largest = larger(largest, abs(slope) / smaller(scale.0.value, scale.1.value)) }
            }
            return largest
        }

        /// The largest rate over the cell of `extent / scale`, both exponential: the ratio is exponential too, its rate
        /// largest at an end.
        static func quotientRate(_ extent: (Jet, Jet), over scale: (Jet, Jet)) -> Double {
            func rate(_ extent: Jet, _ scale: Jet) -> Double {
                extent.value == 0 ? 0 : abs((extent.rate / extent.value - scale.rate / scale.value) * extent.value / scale.value)
            }
            return larger(rate(extent.0, scale.0), rate(extent.1, scale.1))
        }

        /// What a renderer's mix of two fields adds to the bends over the piece from `low` to `high`: for a clip edge, the
        /// scale's largest rate times the mask edge's ((centre gap ∓ half clip) / scale plus a constant: within the two
        /// parts' rates); for the radius (its line over the scale, times the scale), likewise.
        func mixedProducts(from low: Double, to high: Double) -> (x: Double, y: Double, radius: Double) {
            var products: (x: Double, y: Double, radius: Double) = (0, 0, 0)
            var horizontalScale: (Jet, Jet)?
            for vertical in [false, true] {
                let ends = (axis(vertical: vertical, at: low), axis(vertical: vertical, at: high))
                let scale = (ends.0.scale, ends.1.scale), scaleRate = larger(abs(scale.0.rate), abs(scale.1.rate))
                let product =
                    scaleRate == 0
                    ? 0
                    : scaleRate
                        * (Self.ratioRate((ends.0.centreGap, ends.1.centreGap), over: scale, from: low, to: high)
                            + Self.quotientRate((ends.0.halfClip, ends.1.halfClip), over: scale))
                if vertical { products.y = product } else { (products.x, horizontalScale) = (product, scale) }
            }
            let lines = (radiusLine(at: low), radiusLine(at: high))
            if lines.0.value > 0 || lines.1.value > 0, let scale = horizontalScale {
                let scaleRate = larger(abs(scale.0.rate), abs(scale.1.rate))
                products.radius = scaleRate == 0 ? 0 : scaleRate * Self.ratioRate(lines, over: scale, from: low, to: high)
            }
            return products
        }

        /// The largest bend and speed over the cell from `low` to `high` (inside the piece), lane by lane, as shares of
        /// what each lane allows (`perAllowed`), with the opacity's speed `opacitySpeed` (it is linear over the piece) and
        /// the piece's ``products``.
        func shares(from low: Double, to high: Double, perAllowed: ProgressGrid.Buffer<Double>, opacitySpeed: Double) -> (bend: Double, speed: Double)
        {
            var bendShare = 0.0, speedShare = opacitySpeed * perAllowed[9]
            let span = high - low
            // A lane's second derivative is monotone over the cell, largest at an end; its rate is within what that lets
            // it gain from either end's. `product` is what a renderer's mix of two fields adds to the bend.
            func take(_ lane: Int, _ ends: (Jet, Jet), product: Double) {
                let bend = larger(abs(ends.0.bend), abs(ends.1.bend))
                let speed = (abs(ends.0.rate) + abs(ends.1.rate)) / 2 + span / 2 * bend
                bendShare = larger(bendShare, (bend / 2 + product) * perAllowed[lane])
                speedShare = larger(speedShare, speed * perAllowed[lane])
            }
            for vertical in [false, true] {
                let ends = (axis(vertical: vertical, at: low), axis(vertical: vertical, at: high))
                let offset = vertical ? 1 : 0, product = vertical ? products.y : products.x
                take(offset, (ends.0.nearEdge, ends.1.nearEdge), product: product)
                take(offset + 2, (ends.0.farEdge, ends.1.farEdge), product: product)
                take(offset + 4, (ends.0.nearCorner, ends.1.nearCorner), product: 0)
                take(offset + 6, (ends.0.farCorner, ends.1.farCorner), product: 0)
            }
            // The visible radius: 0, or its line (``radiusKeepsItsLine(from:to:)``).
            let lines = (radiusLine(at: low), radiusLine(at: high))
            if lines.0.value > 0 || lines.1.value > 0 { take(8, lines, product: products.radius) }
            return (bendShare, speedShare)
        }
    }
}
