public import FlightplanGeometry
import RealModule
public import Testing

/// The one place floating-point comparisons are made, with a stated tolerance: swift-numerics'
/// `isApproximatelyEqual`, relative to the larger magnitude, with `relative × scale` as an absolute
/// floor (so values near zero compare absolutely against it).
public func isClose(_ a: Double, _ b: Double, relative: Double = 1e-9, scale: Double = 1000) -> Bool {
    a.isApproximatelyEqual(to: b, absoluteTolerance: relative * scale, relativeTolerance: relative)
}

/// Whether two rects' edges are all ``isClose(_:_:relative:scale:)-(Double,Double,_,_)``.
public func isClose(_ a: Rect, _ b: Rect, relative: Double = 1e-9, scale: Double = 1000) -> Bool {
    isClose(a.x, b.x, relative: relative, scale: scale) && isClose(a.y, b.y, relative: relative, scale: scale)
        && isClose(a.maxX, b.maxX, relative: relative, scale: scale) && isClose(a.maxY, b.maxY, relative: relative, scale: scale)
}

/// Expects two numbers to be close, saying which and why when they are not.
public func expectClose(
    _ a: Double, _ b: Double, relative: Double = 1e-9, scale: Double = 1000, _ comment: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(isClose(a, b, relative: relative, scale: scale), "\(a) ≠ \(b): \(comment())", sourceLocation: sourceLocation)
}

/// Expects two rects to be close, saying which and why when they are not.
public func expectClose(
    _ a: Rect, _ b: Rect, relative: Double = 1e-9, scale: Double = 1000, _ comment: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(isClose(a, b, relative: relative, scale: scale), "\(a) ≠ \(b): \(comment())", sourceLocation: sourceLocation)
}
