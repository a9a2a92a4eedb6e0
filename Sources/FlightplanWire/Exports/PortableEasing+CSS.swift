/// The easing's stops as CSS text, `linear(0, 0.25 10%, …, 1)`, and back: the `css` member of a plan's `easing`
/// and the WAAPI export's `easing`. (The stops are the maths, in FlightplanGeometry; the text is made here.)
extension PortableEasing {
    /// The named curves' easings (the planner hands out these very values) with their text as a JSON string, made
    /// once per process: `==` on their stops is then one buffer comparison.
    private static let namedCSS: [(stops: [Point], json: [UInt8])] =
        [TimingCurve.linear, .easeIn, .easeOut, .easeInOut].compactMap { curve in
            PortableEasing(ResolvedTiming(curve: curve, duration: 1), maximumStops: .max).map { ($0.stops, json(of: $0.stops)) }
        }

    /// The texts of the other stops written lately (a spring's, a caller's Bézier), as JSON strings, by their stops:
    /// a server's requests use few distinct curves, and finding a spring's text here rather than writing its few dozen
    /// stops took zoom's answer from 71.4k instructions to 66.0k (`server_instructions.py --workloads zoom`). More stops
    /// than ``mostRememberedStops`` are written straight into the answer each time.
    private static let writtenCSS = CurveMemo<[Point], [UInt8]>(capacity: 64)
    /// The most stops whose text is remembered: the memo then holds at most 64 texts of about 12 kB.
    private static let mostRememberedStops = 512

    /// Writes the stops as a CSS `<easing-function>`, a JSON string value.
    /// - Parameter writer: The writer the string is appended to, as one value.
    package func writeCSS(to writer: inout JSONWriter) {
        if let named = Self.namedCSS.first(where: { $0.stops == stops }) { return writer.json(named.json) }
        if stops.count <= Self.mostRememberedStops { return writer.json(Self.writtenCSS.value(for: stops) { Self.json(of: stops) }) }
        writer.beginValue()
        Self.writeText(of: stops, to: &writer)
        writer.endValue()
    }

    /// The stops' text as a JSON string value, on its own.
    private static func json(of stops: [Point]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + 24 * stops.count)
        writer.beginValue()
        writeText(of: stops, to: &writer)
        return writer.bytes
    }

    /// Writes `"linear(…)"`, quotes included, straight into `writer`: the text needs no escaping (digits, points,
    /// signs, exponents, `%`, commas, spaces and parentheses), and each number is written as ``describeNumber(_:places:)``
    /// writes it (the writer's shortest text, plain digits when whole).
    private static func writeText(of stops: [Point], to writer: inout JSONWriter) {
        writer.fragment("\"linear(")
        for (index, stop) in stops.enumerated() {
            if index > 0 { writer.fragment(", ") }
            writer.bareNumber(KeyframeRounding.round(stop.y, 5))
            if stop.x != 0 && stop.x != 1 {
                writer.fragment(" ")
                writer.bareNumber(KeyframeRounding.round(stop.x * 100, 4))
                writer.fragment("%")
            }
        }
        writer.fragment(")\"")
    }

    /// Reads the stops back from a `linear(…)` text (nil if it is not one ``writeCSS(to:)`` writes).
    /// - Parameters:
    ///   - css: `linear(…)` text: comma-separated stops, each an output then its input as a percentage (`0.25 10%`);
    ///     the first and last may leave out the input (0% and 100%).
    ///   - spring: The spring the easing approximates, carried along unchanged; nil for a curve that is not a spring.
    public init?(css: String, spring: SpringExport?) {
        guard css.hasPrefix("linear("), css.hasSuffix(")") else { return nil }
        let items = css.dropFirst(7).dropLast().split(separator: ",")
        var stops: [Point] = []
        for (index, item) in items.enumerated() {
            let parts = item.split(separator: " ")
            guard let y = parts.first.flatMap({ Double($0) }) else { return nil }
            let x: Double
            if parts.count == 2, parts[1].hasSuffix("%"), let percent = Double(parts[1].dropLast()) {
                x = percent / 100
            } else if parts.count == 1 && (index == 0 || index == items.count - 1) {
                x = index == 0 ? 0 : 1
            } else {
                return nil
            }
            stops.append(Point(x: x, y: y))
        }
        self.init(stops: stops, spring: spring)
    }
}
