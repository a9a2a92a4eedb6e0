/// The larger of `x` and `y` as `max(x, y)` gives it, in one instruction (`maxsd`) where `max`'s `y >= x ? y : x` takes
/// a comparison and three bit operations: `y > x ? y : x` differs from it only when `x` and `y` are zeros of opposite
/// signs (it keeps `x`, `max` takes `y`), and beside a NaN both keep `x`. The grid's and the search's values are
/// absolute differences, their products and sums with non-negative factors, and shares of positive allowances, none of
/// them ever −0, so the chosen times are the same bit for bit.
@inline(__always)
func larger(_ x: Double, _ y: Double) -> Double { y > x ? y : x }

/// The smaller of `x` and `y` in one instruction (`minsd`), as ``larger(_:_:)`` takes the larger.
@inline(__always)
func smaller(_ x: Double, _ y: Double) -> Double { y < x ? y : x }
