/// A position in points. Which space it lives in is stated where it is used.
public struct Point: Sendable, Hashable {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point from its coordinates.
    /// - Parameters:
    ///   - x: Horizontal coordinate, points, growing to the right.
    ///   - y: Vertical coordinate, points, growing downwards.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)
}
