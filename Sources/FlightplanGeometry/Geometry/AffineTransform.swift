/// A 2-D affine transform with `CGAffineTransform`'s fields and meaning:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// In a plan it is applied about the centre of the animated layer (UIKit `view.transform`,
/// CSS `transform-origin: 50% 50%`): see ``AffineTransform/apply(to:inLayer:)``.
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
    public init(scaleX: Double, scaleY: Double, tx: Double, ty: Double) {
        self.init(a: scaleX, b: 0, c: 0, d: scaleY, tx: tx, ty: ty)
    }

    /// Maps a point given relative to the transform's origin.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// Maps a point in a layer's own space (origin at its top-left) to window space, the
    /// transform being applied about the centre of `layer` (the layer's untransformed frame).
    public func apply(to point: Point, inLayer layer: Rect) -> Point {
        let local = apply(to: Point(x: point.x - layer.width / 2, y: point.y - layer.height / 2))
        return Point(x: layer.midX + local.x, y: layer.midY + local.y)
    }

    /// Maps a rect in a layer's own space to window space. Exact for axis-aligned transforms
    /// (`b == c == 0`, the only kind a plan contains); otherwise the bounding box of the image.
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
