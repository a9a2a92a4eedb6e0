/// The easing's stops as CSS text, `linear(0, 0.25 10%, …, 1)`, and back: the `css` member of a plan's `easing`
/// and the WAAPI export's `easing`. (The stops are the maths, in FlightplanGeometry; the text is made here.)
extension PortableEasing {
    /// The named curves' easings (the planner hands out these very values) with their text, made once per process:
    /// `==` on their stops is then one buffer comparison.
    private static let namedCSS: [(stops: [Point], css: String)] =
        [TimingCurve.linear, .easeIn, .easeOut, .easeInOut].compactMap { curve in
            PortableEasing(ResolvedTiming(curve: curve, duration: 1), maximumStops: .max).map { ($0.stops, text(of: $0.stops)) }
        }

    /// The stops as a CSS `<easing-function>`.
    public var css: String {
        Self.namedCSS.first { $0.stops == stops }?.css ?? Self.text(of: stops)
    }

    private static func text(of stops: [Point]) -> String {
        "linear("
            + stops.map { stop in
                let y = describeNumber(stop.y, places: 5)
                return stop.x == 0 || stop.x == 1 ? y : "\(y) \(describeNumber(stop.x * 100, places: 4))%"
            }.joined(separator: ", ") + ")"
    }

    /// Reads the stops back from a `linear(…)` text (nil if it is not one ``css`` writes).
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
