/// A well-formed request that cannot be planned, naming the offending field:
/// `source.frame.width must be > 0, got 0`.
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Dotted path of the field, with array indices (`children[2].to.width`); empty for the whole body.
    public var field: String
    /// What is wrong with it, phrased to follow the field name.
    public var message: String

    /// Creates an error about `field`.
    /// - Parameters:
    ///   - field: Dotted path of the offending field, with array indices (`children[2].to.width`); empty for the whole
    ///     body.
    ///   - message: What is wrong with it, phrased to follow the field name (`must be > 0, got 0`).
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// "field message", or the message alone for the whole body.
    public var description: String { field.isEmpty ? message : "\(field) \(message)" }

    /// The same error about a request nested in a body at `path` (`plan`, `from.request`): its field under that path.
    package func nested(under path: String) -> ValidationError {
        ValidationError(field: field.isEmpty ? path : "\(path).\(field)", message: message)
    }
}

/// Formats a number for an error message: integral values without a fraction.
package func describeNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
}

/// Formats a number rounded to at most `places` decimals (half away from zero, ``KeyframeRounding``), without trailing
/// zeros: the short numbers of a filmstrip or of a `linear()` easing's text.
/// - Parameters:
///   - value: The number.
///   - places: The most decimals kept, 0…15.
/// - Returns: As ``describeNumber(_:)`` writes the rounded value.
package func describeNumber(_ value: Double, places: Int) -> String {
    describeNumber(KeyframeRounding.round(value, places))
}

/// Input echoed back in an error (a field name, an enum value, a path, a query parameter's name), bounded so that a
/// huge input is not answered with itself: at most ``maximumCharacters`` characters, then a mark saying how long it was.
///
/// Characters are counted as Unicode scalars, not as `Character`s: one grapheme cluster may hold any number of
/// combining marks (an "e" and 20 000 accents is one `Character`), so only scalars bound the echo's bytes (at most
/// 4 each, 6 once JSON escapes a control character).
package enum EchoedInput {
    /// Characters (Unicode scalars) of an input an error repeats.
    package static let maximumCharacters = 200

    /// `text` unchanged when short enough, else its first ``maximumCharacters`` scalars and "… (truncated, N characters)".
    package static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumCharacters else { return text }
        let count = text.unicodeScalars.count
        guard count > maximumCharacters else { return text }
        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: text.unicodeScalars.prefix(maximumCharacters))
        return "\(String(shown))… (truncated, \(count) characters)"
    }
}
