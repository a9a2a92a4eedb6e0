extension Keyframe {
    /// The visible clip on screen (window space): the mask mapped through the transform about the
    /// centre of `layer`, the layer's untransformed frame.
    /// - Parameter layer: The layer's untransformed frame, window space, points.
    /// - Returns: The mask mapped to window space, points (with shear or rotation, the axis-aligned rect holding it).
    public func visibleClip(in layer: Rect) -> Rect {
        transform.apply(to: maskFrame, inLayer: layer)
    }

    /// The corner radius the eye sees: `cornerRadius × max(a, d)` (the two are equal for image content).
    public var visibleCornerRadius: Double {
        cornerRadius * max(abs(transform.a), abs(transform.d))
    }

    /// What a renderer that interpolates every field linearly (Core Animation, CSS) shows at
    /// `fraction` (0…1) of the way from `self` to `next`.
    /// - Parameters:
    ///   - next: The keyframe it goes towards.
    ///   - fraction: How far along, 0 (`self`) to 1 (`next`); values outside extrapolate linearly.
    /// - Returns: Every field mixed linearly, time and progress included.
    public func interpolated(to next: Keyframe, fraction: Double) -> Keyframe {
        func mix(_ a: Double, _ b: Double) -> Double { a * (1 - fraction) + b * fraction }
        return Keyframe(
            time: mix(time, next.time),
            progress: mix(progress, next.progress),
            transform: AffineTransform(
                a: mix(transform.a, next.transform.a), b: mix(transform.b, next.transform.b),
                c: mix(transform.c, next.transform.c), d: mix(transform.d, next.transform.d),
                tx: mix(transform.tx, next.transform.tx), ty: mix(transform.ty, next.transform.ty)),
            maskFrame: Rect(
                x: mix(maskFrame.x, next.maskFrame.x), y: mix(maskFrame.y, next.maskFrame.y),
                width: mix(maskFrame.width, next.maskFrame.width), height: mix(maskFrame.height, next.maskFrame.height)),
            cornerRadius: mix(cornerRadius, next.cornerRadius),
            opacity: mix(opacity, next.opacity))
    }

    /// How far apart two states of the same layer look, in points: the largest move of a visible
    /// clip edge, of a layer corner on screen, or of the visible corner radius.
    /// - Parameters:
    ///   - other: The other state of the same layer.
    ///   - layer: The layer's untransformed frame, window space, points.
    /// - Returns: The largest difference of the two states' `renderedCoordinates(in:)`, points (0 when they look the
    ///   same).
    public func renderedDistance(to other: Keyframe, in layer: Rect) -> Double {
        let coordinates = renderedCoordinates(in: layer), otherCoordinates = other.renderedCoordinates(in: layer)
        var distance = 0.0
        for index in 0..<9 { distance = max(distance, abs(coordinates[index] - otherCoordinates[index])) }
        return distance
    }

    /// What ``renderedDistance(to:in:)`` compares, in points: the visible clip's four edges, the layer's top-left and
    /// bottom-right corners on screen and the visible corner radius.
    ///
    /// ``visibleClip(in:)`` and the two corners written out with `AffineTransform.apply(to:inLayer:)`'s arithmetic, to the
    /// bit (the samplers evaluate this tens of times a plan): the layer's centre and half size taken once, the clip's
    /// four mapped corners folded with two-argument `min` and `max` in the same order as the four-argument ones. Always
    /// inlined: the progress grid writes each state's coordinates straight into its lanes, rather than through a call that
    /// returns them in memory to be copied.
    @inline(__always)
    package func renderedCoordinates(in layer: Rect) -> InlineArray<9, Double> {
        let t = transform, mask = maskFrame
        let halfWidth = layer.width / 2, halfHeight = layer.height / 2, midX = layer.midX, midY = layer.midY
        func mapped(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let localX = x - halfWidth, localY = y - halfHeight
            return (midX + (t.a * localX + t.c * localY + t.tx), midY + (t.b * localX + t.d * localY + t.ty))
        }
        let p = mapped(mask.x, mask.y), q = mapped(mask.maxX, mask.maxY), r = mapped(mask.maxX, mask.y), s = mapped(mask.x, mask.maxY)
        let left = min(min(min(p.x, q.x), r.x), s.x), right = max(max(max(p.x, q.x), r.x), s.x)
        let top = min(min(min(p.y, q.y), r.y), s.y), bottom = max(max(max(p.y, q.y), r.y), s.y)
        let corner = mapped(0, 0), farCorner = mapped(layer.width, layer.height)
        return [left, top, left + (right - left), top + (bottom - top), corner.x, corner.y, farCorner.x, farCorner.y, visibleCornerRadius]
    }
}
