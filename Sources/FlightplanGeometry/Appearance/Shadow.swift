/// A drop shadow: Core Animation's `shadowColor`/`shadowOpacity` (as the colour's alpha), `shadowRadius`
/// and `shadowOffset`; CSS `box-shadow: x y blur color` with a blur of twice the radius.
public struct Shadow: Sendable, Hashable {
    /// The shadow's colour; its alpha is the shadow's opacity.
    public var color: Color
    /// Blur radius, points.
    public var radius: Double
    /// Offset from the layer, points (y grows downwards).
    public var offset: Point

    /// Creates a shadow.
    /// - Parameters:
    ///   - color: The shadow's colour; its alpha is the shadow's opacity.
    ///   - radius: Blur radius, points (CSS draws a blur of twice this).
    ///   - offset: Offset from the layer, points; positive `y` moves the shadow down.
    public init(color: Color, radius: Double, offset: Point) {
        self.color = color
        self.radius = radius
        self.offset = offset
    }

    /// The same shadow, fully transparent: the other end of a shadow that appears or disappears.
    public var transparent: Shadow { Shadow(color: color.transparent, radius: radius, offset: offset) }

    /// The shadow `fraction` of the way to `other`: colour as ``Color/interpolated(to:fraction:)``,
    /// radius and offset linearly, clamped to 0…1 as CSS does.
    /// - Parameters:
    ///   - other: The shadow at `fraction` 1.
    ///   - fraction: How far along, 0 (this shadow) … 1 (`other`); clamped to that range.
    /// - Returns: This shadow at 0 or below, `other` at 1 or above; in between, the colours interpolated in
    ///   premultiplied sRGB and the radius and offset linearly.
    public func interpolated(to other: Shadow, fraction: Double) -> Shadow {
        let t = min(max(0, fraction), 1)
        if t == 0 || other == self { return self }
        if t == 1 { return other }
        return Shadow(
            color: color.interpolated(to: other.color, fraction: t),
            radius: radius + (other.radius - radius) * t,
            offset: Point(x: offset.x + (other.offset.x - offset.x) * t, y: offset.y + (other.offset.y - offset.y) * t))
    }
}

/// How a rounded corner is drawn: a circular arc, or Apple's continuous (squircle-like) curve.
public enum CornerCurve: String, Sendable, Hashable, CaseIterable {
    /// A quarter circle (CSS `border-radius`, Core Animation's `.circular`).
    case circular
    /// A continuous-curvature corner (Core Animation's `.continuous`, SwiftUI's `.continuous`).
    case continuous
}
