/// The larger of `x` and `y` as `max(x, y)` gives it, in one instruction (`maxsd`) where `max`'s `y >= x ? y : x` takes
/// a comparison and three bit operations: `y > x ? y : x` differs from it only when `x` and `y` are zeros of opposite
/// signs (it keeps `x`, `max` takes `y`), and beside a NaN both keep `x`. The grid's and the search's values are
/// absolute differences, their products and sums with non-negative factors, and shares of positive allowances, none of
/// them ever −0, so the chosen times are the same bit for bit.
///
/// Kept because it pays: callgrind of a release `flightplan batch` over `Benchmarks/spring_batch.py`'s 200
/// default-sampled spring plans (2026-11-29, on 08c5755) counts 241.5 M instructions with these and 244.5 M with
/// `max` and `min` at their call sites, the output byte-identical: 3.0 M more, 1.3 % of that batch and 1.5 % of the
/// 204.4 M it takes since the CLI writes its answer without copying it (docs/performance.md, "Where the time goes").
@inline(__always)
func larger(_ x: Double, _ y: Double) -> Double { y > x ? y : x }

/// The smaller of `x` and `y` in one instruction (`minsd`), as ``larger(_:_:)`` takes the larger.
@inline(__always)
func smaller(_ x: Double, _ y: Double) -> Double { y < x ? y : x }
