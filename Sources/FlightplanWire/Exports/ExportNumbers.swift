import FlightplanJSON

/// One to four numbers held inline, without an array of their own: an export's value of a property (a scalar, a point,
/// a size, a 3-vector, a rect or a colour), made once per keyframe and property.
struct ExportNumbers {
    /// The numbers, the first ``count`` of them meant (the rest are 0).
    let numbers: SIMD4<Double>
    /// How many numbers the value has, 1…4.
    let count: Int

    /// A scalar.
    init(_ x: Double) { (numbers, count) = (SIMD4(x, 0, 0, 0), 1) }
    /// A point or a size.
    init(_ x: Double, _ y: Double) { (numbers, count) = (SIMD4(x, y, 0, 0), 2) }
    /// A 3-vector (Lottie's positions and scales).
    init(_ x: Double, _ y: Double, _ z: Double) { (numbers, count) = (SIMD4(x, y, z, 0), 3) }
    /// A rect or a colour.
    init(_ x: Double, _ y: Double, _ z: Double, _ w: Double) { (numbers, count) = (SIMD4(x, y, z, w), 4) }

    /// Writes the numbers as a JSON array to at most six decimals, as the Lottie export writes its numbers, outside
    /// the writer's comma bookkeeping (inside a value begun with `beginValue()`).
    func write(to writer: inout JSONWriter) {
        writer.fragment("[")
        for index in 0..<count {
            if index > 0 { writer.fragment(",") }
            writer.sixDecimals(numbers[index])
        }
        writer.fragment("]")
    }

    /// Appends the numbers to `array`.
    func append(to array: inout [Double]) {
        for index in 0..<count { array.append(numbers[index]) }
    }
}
