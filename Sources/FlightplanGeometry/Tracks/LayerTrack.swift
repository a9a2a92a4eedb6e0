/// What a track shows at one geometric progress: everything in a keyframe but time and progress.
package struct LayerState: Hashable {
    package var transform: AffineTransform
    package var maskFrame: Rect
    package var cornerRadius: Double
    package var opacity: Double
}

/// How a flying layer's transform follows the image rect it must show.
package enum FlightScaling: Sendable, Hashable {
    /// Each axis its own scale: the content stretches to the image rect. Only for a layer whose corners are square
    /// and which carries no shadow, since a non-uniform scale would turn a round corner into an ellipse and
    /// shrink a shadow along one axis.
    case stretch
    /// One scale for both axes: the content covers the image rect (cropped by the mask where their aspects
    /// differ), so the visible corners stay circular and the shadow can be given back in points.
    case uniform
    /// No transform at all: the layer stays where it is and its mask carries the size, as a view whose `frame`
    /// animates (a plain colour, which has nothing to scale).
    case none
}

/// A layer whose content (an image) flies between how the source shows it and how the
/// destination shows it, clipped on screen to a rect that moves from one clip to the other.
///
/// Everything is interpolated where the eye sees it, in window space: the displayed image rect,
/// the visible clip (each edge linear in `p`) and the visible corner radius. The transform and the
/// mask are then solved from those, so the ends are exact and nothing wobbles in between.
package struct FlightTrack: Sendable {
    /// The layer's frame in window space (untransformed).
    package let layer: Rect
    /// Where the layer draws the image, in the layer's own space.
    package let content: Rect
    /// The displayed image rect on screen at p = 0 and p = 1.
    package let imageStart: Rect, imageEnd: Rect
    /// The visible clip on screen at p = 0 and p = 1.
    package let clipStart: Rect, clipEnd: Rect
    /// The visible corner radius at p = 0 and p = 1.
    package let radiusStart: Double, radiusEnd: Double
    /// How the transform follows the image rect.
    package let scaling: FlightScaling
    /// The opacity channel's value at p = 1 (it goes linearly from 0, clamped to 0…end).
    package let opacityEnd: Double
    /// How far the middle of the path bends away from the straight line (zero for a straight path): the
    /// centre moves by `2p(1 − p) × bend`, a quadratic Bézier through the ends.
    package let bend: Point

    /// Creates a flight from the collapsed ends (`imageStart`, `clipStart`, `radiusStart`) to the expanded ones.
    package init(
        layer: Rect, content: Rect, imageStart: Rect, imageEnd: Rect, clipStart: Rect, clipEnd: Rect,
        radiusStart: Double, radiusEnd: Double, scaling: FlightScaling, opacityEnd: Double, bend: Point = .zero
    ) {
        self.bend = bend
        self.layer = layer
        self.content = content
        self.imageStart = imageStart
        self.imageEnd = imageEnd
        self.clipStart = clipStart
        self.clipEnd = clipEnd
        self.radiusStart = radiusStart
        self.radiusEnd = radiusEnd
        self.scaling = scaling
        self.opacityEnd = opacityEnd
    }

    /// The state with every channel at geometric progress `p` (0 = collapsed on the source, 1 = expanded on the
    /// destination; may overshoot either way).
    package func state(at p: Double) -> LayerState {
        state(transform: p, maskFrame: p, cornerRadius: p, opacity: p)
    }

    /// The state with each channel at its own progress: the image's place at `transform`, the clip at
    /// `maskFrame` (both moved along the bend at `transform`), the visible radius at `cornerRadius`.
    package func state(transform: Double, maskFrame: Double, cornerRadius: Double, opacity: Double) -> LayerState {
        let arc = 2 * transform * (1 - transform)
        let dx = arc * bend.x, dy = arc * bend.y
        return LayerState(
            layer: layer, content: content, scaling: scaling,
            image: Interpolation.rect(imageStart, imageEnd, transform).offsetBy(dx: dx, dy: dy),
            clip: Interpolation.rect(clipStart, clipEnd, maskFrame).offsetBy(dx: dx, dy: dy),
            visibleRadius: Interpolation.linear(radiusStart, radiusEnd, cornerRadius),
            opacity: min(max(0, opacity * opacityEnd), opacityEnd))
    }

    /// The geometric progresses strictly inside 0…1 where the state turns a corner, ascending: where a uniform scale
    /// changes the axis it follows (the image rect's aspect passing the content's), and where the visible corner radius
    /// meets half the clip's shorter side, or that side changes axis under a clamped radius. Between two of them (with
    /// the transform, the mask and the radius at one progress) the state has a flight's form
    /// (``SampledLayer/Form/flight``): scales linear, translation quadratic, mask edges and radius linear over the scale.
    package var kinks: [Double] {
        var kinks: [Double] = []
        if scaling == .uniform,
            let switchover = Self.crossing(
                imageStart.width / content.width - imageStart.height / content.height,
                imageEnd.width / content.width - imageEnd.height / content.height)
        {
            kinks.append(switchover)
        }
        // The radius follows one of three lines (its own, half the clip's width, half its height; it never goes below 0
        // between two ends at or above 0): a kink where the line it follows changes.
        func line(at progress: Double) -> Int {
            let radius = Interpolation.linear(radiusStart, radiusEnd, progress)
            let width = Interpolation.linear(clipStart.width, clipEnd.width, progress)
            let height = Interpolation.linear(clipStart.height, clipEnd.height, progress)
            return radius <= min(width, height) / 2 ? 0 : width <= height ? 1 : 2
        }
        let candidates = [
            Self.crossing(radiusStart - clipStart.width / 2, radiusEnd - clipEnd.width / 2),
            Self.crossing(radiusStart - clipStart.height / 2, radiusEnd - clipEnd.height / 2),
            Self.crossing(clipStart.width - clipStart.height, clipEnd.width - clipEnd.height)
        ].compactMap { $0 }.sorted()
        var before = 0.0
        for (index, candidate) in candidates.enumerated() {
            let after = index + 1 < candidates.count ? candidates[index + 1] : 1
            if line(at: (before + candidate) / 2) != line(at: (candidate + after) / 2) { kinks.append(candidate) }
            before = candidate
        }
        return kinks.sorted()
    }

    /// Where a difference that goes linearly from `start` to `end` over 0…1 changes sign, strictly inside (nil where it
    /// keeps its sign, or is within rounding of 0 at an end: a snapshot's layer starts at its content's aspect, and a
    /// corner a hair from the end would only add a keyframe there).
    private static func crossing(_ start: Double, _ end: Double) -> Double? {
        let rounding = 1e-12 * abs(end - start)
        guard (start < 0) != (end < 0), abs(start) > rounding, abs(end) > rounding else { return nil }
        let progress = start / (start - end)
        return progress > 0 && progress < 1 ? progress : nil
    }

    /// The bend of Material's arc between the centres of `start` and `end` (`MaterialArcMotion`): the
    /// control point takes the start's x and the end's y when the motion goes down, the end's x and the
    /// start's y when it goes up; the bend is that point less the straight path's midpoint.
    package static func arcBend(from start: Rect, to end: Rect) -> Point {
        let p0 = start.center, p1 = end.center
        let control = p0.y > p1.y ? Point(x: p1.x, y: p0.y) : Point(x: p0.x, y: p1.y)
        return Point(x: control.x - (p0.x + p1.x) / 2, y: control.y - (p0.y + p1.y) / 2)
    }
}

extension LayerState {
    /// Solves the state that shows what the eye should see: the layer's `content` (where it draws
    /// the image, in its own space) landing on `image` on screen as `scaling` says, clipped to `clip` with a
    /// visible corner radius of `visibleRadius` (clamped to what the clip can carry).
    package init(layer: Rect, content: Rect, scaling: FlightScaling, image: Rect, clip: Rect, visibleRadius: Double, opacity: Double) {
        let radius = min(max(0, visibleRadius), clip.maxCornerRadius)
        guard scaling != .none else {
            self.init(
                transform: .identity, maskFrame: clip.offsetBy(dx: -layer.x, dy: -layer.y), cornerRadius: radius, opacity: opacity)
            return
        }
        var scaleX = image.width / content.width
        var scaleY = image.height / content.height
        var image = image
        if scaling == .uniform {
            // The content keeps its aspect and covers the rect, centred on it (exactly the rect when the aspects agree,
            // which the arithmetic keeps bit for bit: the width's scale is used).
            if scaleY > scaleX * (1 + 1e-12) {
                image = Rect(x: image.midX - content.width * scaleY / 2, y: image.y, width: content.width * scaleY, height: image.height)
                scaleX = scaleY
            } else {
                if scaleX > scaleY * (1 + 1e-12) {
                    image = Rect(x: image.x, y: image.midY - content.height * scaleX / 2, width: image.width, height: content.height * scaleX)
                }
                scaleY = scaleX
            }
        }
        // Screen position of a layer point q under a transform about the centre h = size/2:
        // layer.origin + s·q + (1 − s)·h + t. Solve t so the content lands on `image`; written this
        // way t is exactly 0 when s = 1 and the image is where the layer draws it.
        let halfWidth = layer.width / 2, halfHeight = layer.height / 2
        let tx = (image.x - layer.x) - scaleX * content.x - (1 - scaleX) * halfWidth
        let ty = (image.y - layer.y) - scaleY * content.y - (1 - scaleY) * halfHeight
        // A scale of 0 collapses the layer to a line, where every mask shows the same nothing: it keeps the whole
        // layer's extent on that axis rather than dividing 0 by 0.
        func unscaled(_ extent: Double, _ scale: Double, whole: Double) -> Double { scale != 0 ? extent / scale : whole }
        let mask = Rect(
            x: unscaled(clip.x - layer.x - (1 - scaleX) * halfWidth - tx, scaleX, whole: 0),
            y: unscaled(clip.y - layer.y - (1 - scaleY) * halfHeight - ty, scaleY, whole: 0),
            width: unscaled(clip.width, scaleX, whole: layer.width),
            height: unscaled(clip.height, scaleY, whole: layer.height))
        self.init(
            transform: AffineTransform(scaleX: scaleX, scaleY: scaleY, tx: tx, ty: ty),
            maskFrame: mask,
            cornerRadius: unscaled(radius, max(scaleX, scaleY), whole: 0),
            opacity: opacity)
    }
}
