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

/// A check made at thousands of instants, expected once: its failures counted and the first described. An `#expect`
/// at every instant cost as much as the check itself in the tolerance properties.
public struct DenseCheck {
    /// How many instants failed.
    public private(set) var failures = 0
    /// What the first failure was.
    public private(set) var first = ""

    /// An empty tally.
    public init() {}

    /// Counts a failure unless `condition` holds (a NaN fails), describing it when it is the first.
    public mutating func expect(_ condition: Bool, _ description: @autoclosure () -> String) {
        guard !condition else { return }
        if failures == 0 { first = description() }
        failures += 1
    }

    /// Expects no failure, saying how many there were and the first.
    public func expectNone(_ comment: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(failures == 0, "\(failures) instants failed, the first: \(first); \(comment())", sourceLocation: sourceLocation)
    }
}
