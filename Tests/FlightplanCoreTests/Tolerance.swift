@testable import FlightplanCore
import Testing

/// The one place floating-point comparisons are made, with a stated tolerance: relative to the
/// larger magnitude, with `scale` as a floor (so values near zero compare absolutely against it).
func isClose(_ a: Double, _ b: Double, relative: Double = 1e-9, scale: Double = 1000) -> Bool {
    abs(a - b) <= relative * max(abs(a), abs(b), scale)
}

func isClose(_ a: Rect, _ b: Rect, relative: Double = 1e-9, scale: Double = 1000) -> Bool {
    isClose(a.x, b.x, relative: relative, scale: scale) && isClose(a.y, b.y, relative: relative, scale: scale)
        && isClose(a.maxX, b.maxX, relative: relative, scale: scale) && isClose(a.maxY, b.maxY, relative: relative, scale: scale)
}

func expectClose(
    _ a: Double, _ b: Double, relative: Double = 1e-9, scale: Double = 1000, _ comment: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(isClose(a, b, relative: relative, scale: scale), "\(a) ≠ \(b): \(comment())", sourceLocation: sourceLocation)
}

func expectClose(
    _ a: Rect, _ b: Rect, relative: Double = 1e-9, scale: Double = 1000, _ comment: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(isClose(a, b, relative: relative, scale: scale), "\(a) ≠ \(b): \(comment())", sourceLocation: sourceLocation)
}
