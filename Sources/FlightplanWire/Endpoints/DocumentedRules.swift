/// Every default and limit that openapi.yaml states, as it must state it: where in the document (a JSON
/// pointer), which keyword, and the value taken from the one table it lives in (``PlanLimits``,
/// ``PlanDefaults``, ``Batch``, ``Filmstrip``), then what the wire schema's descriptions say (each described
/// component's member names and required members, the requests' enumeration defaults). `flightplan rules`
/// prints them; the test suite checks openapi.yaml against them, so the document cannot drift from the code.
public enum DocumentedRules {
    /// One stated rule.
    public struct Rule: Sendable {
        /// A JSON pointer to the schema that states it.
        public let pointer: String
        /// The JSON Schema keyword (`default`, `minimum`, `maxItems`, …).
        public let keyword: String
        /// The value the keyword must have.
        public let value: JSONValue
    }

    private static let schemas = "/components/schemas"
    private static let planRequest = "\(schemas)/PlanRequest/properties"
    private static let dismissOptions = "\(schemas)/DismissRequest/properties/options/properties"

    private static func rule(_ pointer: String, _ keyword: String, _ value: Double) -> Rule {
        Rule(pointer: pointer, keyword: keyword, value: .number(value))
    }

    private static func rule(_ pointer: String, _ keyword: String, _ value: String) -> Rule {
        Rule(pointer: pointer, keyword: keyword, value: .string(value))
    }

    /// Every rule: the limits and defaults in document order, then the descriptions'.
    public static let rules: [Rule] = limits + WireSchemaRules.rules

    private static let limits: [Rule] = [
        rule("/paths/~1v1~1plans/post", "x-output-budget", Double(PlanLimits.maximumOutputPoints)),
        rule("/paths/~1v1~1plans~1batch/post", "x-output-budget", Double(PlanLimits.maximumOutputPoints)),
        rule("/paths/~1v1~1plans/post", "x-answer-limit", Double(PlanLimits.maximumAnswerBytes)),
        rule("/paths/~1v1~1plans~1batch/post", "x-answer-limit", Double(PlanLimits.maximumAnswerBytes)),
        rule("/paths/~1v1~1gestures~1dismiss/post", "x-answer-limit", Double(PlanLimits.maximumAnswerBytes)),
        rule(
            "/paths/~1v1~1plans~1batch/post/requestBody/content/application~1json/schema/properties/requests", "maxItems", Double(Batch.maximumItems)),
        rule("\(schemas)/Coordinate", "minimum", -PlanLimits.maximumExtent),
        rule("\(schemas)/Coordinate", "maximum", PlanLimits.maximumExtent),
        rule("\(schemas)/Extent", "minimum", PlanLimits.minimumExtent),
        rule("\(schemas)/Extent", "maximum", PlanLimits.maximumExtent),
        rule("\(schemas)/OptionalRadius", "default", PlanDefaults.cornerRadius),
        rule("\(schemas)/OptionalRadius", "maximum", PlanLimits.maximumRadius),
        rule("\(schemas)/Spring/properties/dampingRatio", "minimum", PlanLimits.dampingRatioRange.lowerBound),
        rule("\(schemas)/Spring/properties/dampingRatio", "maximum", PlanLimits.dampingRatioRange.upperBound),
        rule("\(schemas)/Spring/properties/initialVelocity", "minimum", -PlanLimits.maximumSpringVelocity),
        rule("\(schemas)/Spring/properties/initialVelocity", "maximum", PlanLimits.maximumSpringVelocity),
        rule("\(schemas)/Spring/properties/initialVelocity", "default", PlanDefaults.springInitialVelocity),
        rule("\(schemas)/Spring/properties/response", "minimum", PlanLimits.minimumSpringResponse),
        rule("\(schemas)/Spring/properties/response", "maximum", PlanLimits.maximumDuration),
        rule("\(schemas)/Sampling/oneOf/0/properties/keyframes", "minimum", Double(PlanLimits.keyframeRange.lowerBound)),
        rule("\(schemas)/Sampling/oneOf/0/properties/keyframes", "maximum", Double(PlanLimits.keyframeRange.upperBound)),
        rule("\(schemas)/Sampling/oneOf/1/properties/fps", "maximum", PlanLimits.maximumFPS),
        rule("\(schemas)/Sampling/oneOf/2/properties/tolerance", "minimum", PlanLimits.minimumTolerance),
        rule("\(schemas)/Sampling/oneOf/2/properties/tolerance", "maximum", PlanLimits.maximumExtent),
        rule("\(schemas)/ChildPair/properties/id", "maxLength", Double(PlanLimits.maximumChildIDLength)),
        rule("\(schemas)/ContentReference/properties/url", "maxLength", Double(PlanLimits.maximumContentReferenceLength)),
        rule("\(schemas)/Timing/properties/duration", "minimum", PlanLimits.minimumDuration),
        rule("\(schemas)/Timing/properties/duration", "maximum", PlanLimits.maximumDuration),
        rule("\(planRequest)/overlay/properties/opacity", "default", PlanDefaults.overlayOpacity),
        rule("\(planRequest)/precision", "minimum", Double(PlanLimits.precisionRange.lowerBound)),
        rule("\(planRequest)/precision", "maximum", Double(PlanLimits.precisionRange.upperBound)),
        rule("\(planRequest)/children", "maxItems", Double(PlanLimits.maximumChildren)),
        rule("\(dismissOptions)/dismissDistance", "maximum", PlanLimits.maximumExtent),
        rule("\(dismissOptions)/minimumScale", "minimum", PlanLimits.minimumDismissScale),
        rule("\(dismissOptions)/minimumScale", "default", PlanDefaults.minimumScale),
        rule("\(dismissOptions)/finishDistance", "maximum", PlanLimits.maximumExtent),
        rule("\(dismissOptions)/flingVelocity", "maximum", PlanLimits.maximumGestureVelocity),
        rule("\(dismissOptions)/flingVelocity", "default", PlanDefaults.flingVelocity),
        rule("\(dismissOptions)/decelerationRate", "default", PlanDefaults.decelerationRate),
        rule("\(dismissOptions)/fadeDistance", "maximum", PlanLimits.maximumExtent),
        rule("\(dismissOptions)/policy", "default", PlanDefaults.releasePolicy.rawValue),
        rule("\(schemas)/FilmstripRequest/properties/frames", "minimum", Double(Filmstrip.frameRange.lowerBound)),
        rule("\(schemas)/FilmstripRequest/properties/frames", "maximum", Double(Filmstrip.frameRange.upperBound)),
        rule("\(schemas)/FilmstripRequest/properties/frames", "default", Double(Filmstrip.defaultFrames))
    ]

    /// The rules as JSON: `[{"pointer", "keyword", "value"}, …]`.
    public static var jsonBytes: [UInt8] {
        JSONValue.array(
            rules.map { rule in
                .object([
                    JSONMember(key: "pointer", value: .string(rule.pointer)), JSONMember(key: "keyword", value: .string(rule.keyword)),
                    JSONMember(key: "value", value: rule.value)
                ])
            }
        ).jsonBytes
    }
}
