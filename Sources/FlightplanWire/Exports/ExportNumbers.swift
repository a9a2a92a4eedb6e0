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

    /// Writes the numbers as a JSON array, outside the writer's comma bookkeeping (inside a value begun with
    /// `beginValue()`).
    func write(to writer: inout JSONWriter) {
        writer.exportCharacter("[")
        for index in 0..<count {
            if index > 0 { writer.exportCharacter(",") }
            writer.exportNumber(numbers[index])
        }
        writer.exportCharacter("]")
    }

    /// Appends the numbers to `array`.
    func append(to array: inout [Double]) {
        for index in 0..<count { array.append(numbers[index]) }
    }
}

extension JSONWriter {
    /// A number of an export as ``number(_:)`` writes it, outside the comma bookkeeping; 0 (the commonest: a
    /// straight edge's tangent, a held rotation) as literal text, without a call.
    mutating func exportNumber(_ value: Double) {
        if value == 0 { exportCharacter("0") } else { bareNumber(value) }
    }

    /// Appends one ASCII character of an export's text as it is: inlined, where a one-character fragment is a call.
    @inline(__always)
    mutating func exportCharacter(_ character: Unicode.Scalar) {
        verbatim(byte: UInt8(ascii: character))
    }

    /// Appends literal text of an export as ``fragment(_:)`` does: up to three bytes (a separator, `px`, `", "`)
    /// byte by byte, inlined, where a fragment is a call; longer text as a fragment.
    @inline(__always)
    mutating func exportFragment(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        guard count <= 3 else { return fragment(text) }
        for index in 0..<count { verbatim(byte: text.utf8Start[index]) }
    }
}
