/// An axis-aligned rectangle: origin at its top-left corner, y grows downwards.
///
/// Every request rect lives in window space; a plan's `maskFrame` lives in the animated
/// layer's own space (origin at the layer's top-left, before its transform).
public struct Rect: Sendable, Hashable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a rect from its origin and size.
    /// - Parameters:
    ///   - x: Left edge, points.
    ///   - y: Top edge, points (y grows downwards).
    ///   - width: Horizontal extent, points; not checked, so a negative one is kept as given.
    ///   - height: Vertical extent, points; not checked either.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates a rect of `size` whose centre is `center`.
    /// - Parameters:
    ///   - center: The rect's centre, points.
    ///   - size: Its width and height, points.
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The top-left corner.
    public var origin: Point { Point(x: x, y: y) }
    /// Width and height.
    public var size: Size { Size(width: width, height: height) }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// Horizontal centre.
    public var midX: Double { x + width / 2 }
    /// Vertical centre.
    public var midY: Double { y + height / 2 }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }
    /// Half the shorter side: the largest corner radius the rect can carry.
    public var maxCornerRadius: Double { min(width, height) / 2 }

    /// The overlap of two rects, or `nil` when they do not overlap with a positive area.
    /// - Parameter other: The other rect, in the same space as this one.
    /// - Returns: The overlap, or nil when the rects only touch (a zero-width or zero-height overlap) or are apart.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The same rect moved by `(dx, dy)`.
    /// - Parameters:
    ///   - dx: Horizontal move, points; positive moves right.
    ///   - dy: Vertical move, points; positive moves down.
    /// - Returns: A rect of the same size whose origin is moved by `(dx, dy)`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
