/// A 2-D affine transform with `CGAffineTransform`'s fields and meaning:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// In a plan it is applied about the centre of the animated layer (UIKit `view.transform`,
/// CSS `transform-origin: 50% 50%`): see ``AffineTransform/apply(to:inLayer:)->Rect``.
public struct AffineTransform: Sendable, Hashable {
    /// Horizontal scale component.
    public var a: Double
    /// Vertical shear component.
    public var b: Double
    /// Horizontal shear component.
    public var c: Double
    /// Vertical scale component.
    public var d: Double
    /// Horizontal translation.
    public var tx: Double
    /// Vertical translation.
    public var ty: Double

    /// Creates a transform from its six fields.
    /// - Parameters:
    ///   - a: Horizontal scale (`x' = a·x + c·y + tx`); 1 for none.
    ///   - b: Vertical shear (`y' = b·x + d·y + ty`); 0 for none.
    ///   - c: Horizontal shear; 0 for none.
    ///   - d: Vertical scale; 1 for none.
    ///   - tx: Horizontal translation, points.
    ///   - ty: Vertical translation, points; positive moves down.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// An axis-aligned scale followed by a translation.
    /// - Parameters:
    ///   - scaleX: Horizontal scale factor (``a``); 1 for none, negative mirrors.
    ///   - scaleY: Vertical scale factor (``d``); 1 for none, negative mirrors.
    ///   - tx: Horizontal translation after the scale, points.
    ///   - ty: Vertical translation after the scale, points.
    public init(scaleX: Double, scaleY: Double, tx: Double, ty: Double) {
        self.init(a: scaleX, b: 0, c: 0, d: scaleY, tx: tx, ty: ty)
    }

    /// Maps a point given relative to the transform's origin.
    /// - Parameter point: A point relative to the transform's origin (for a plan's transforms, the layer's centre),
    ///   points.
    /// - Returns: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// Maps a point in a layer's own space (origin at its top-left) to window space, the
    /// transform being applied about the centre of `layer` (the layer's untransformed frame).
    /// - Parameters:
    ///   - point: A point in the layer's own space (origin at its top-left, before the transform), points.
    ///   - layer: The layer's untransformed frame in window space; the transform is applied about its centre.
    /// - Returns: Where the point is drawn, in window space.
    public func apply(to point: Point, inLayer layer: Rect) -> Point {
        let local = apply(to: Point(x: point.x - layer.width / 2, y: point.y - layer.height / 2))
        return Point(x: layer.midX + local.x, y: layer.midY + local.y)
    }

    /// Maps a rect in a layer's own space to window space. Exact for axis-aligned transforms
    /// (`b == c == 0`, the only kind a plan contains); otherwise the bounding box of the image.
    /// - Parameters:
    ///   - rect: A rect in the layer's own space (origin at its top-left, before the transform), points.
    ///   - layer: The layer's untransformed frame in window space; the transform is applied about its centre.
    /// - Returns: The rect's image in window space, or with shear or rotation the smallest axis-aligned rect holding
    ///   its four mapped corners; a mirroring transform still gives a non-negative width and height.
    public func apply(to rect: Rect, inLayer layer: Rect) -> Rect {
        let p = apply(to: rect.origin, inLayer: layer)
        let q = apply(to: Point(x: rect.maxX, y: rect.maxY), inLayer: layer)
        let r = apply(to: Point(x: rect.maxX, y: rect.y), inLayer: layer)
        let s = apply(to: Point(x: rect.x, y: rect.maxY), inLayer: layer)
        let left = min(p.x, q.x, r.x, s.x), right = max(p.x, q.x, r.x, s.x)
        let top = min(p.y, q.y, r.y, s.y), bottom = max(p.y, q.y, r.y, s.y)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
