/// A width and a height in points.
public struct Size: Sendable, Hashable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a size from its extents.
    /// - Parameters:
    ///   - width: Horizontal extent, points.
    ///   - height: Vertical extent, points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
