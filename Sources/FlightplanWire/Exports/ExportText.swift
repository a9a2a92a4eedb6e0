/// An export's text, written piece by piece into one growing byte buffer: the CSS and SVG exports' text, and the
/// Web Animations document, whose JSON structure goes through ``json`` and whose CSS values are JSON strings
/// (``insideJSONString``). Numbers, colours and outlines are written as CSS and SVG take them.
struct ExportText: ~Copyable {
    /// The buffer, and the JSON writer of a JSON export.
    var json: JSONWriter
    /// Whether what is written goes inside a JSON string, where ``quote()`` and ``escaped(_:)`` escape. Literal text
    /// and numbers need no escaping in either (literal text has no quote, backslash or control character).
    var insideJSONString = false

    /// An empty text with room for `capacity` bytes.
    init(capacity: Int) {
        json = JSONWriter(capacity: capacity)
    }

    /// The text, UTF-8.
    var bytes: [UInt8] { json.bytes }

    /// Appends literal text.
    @inline(__always)
    mutating func append(_ text: StaticString) { json.fragment(text) }

    /// Appends text made at run time (a name, a class), as it is. (Not an overload of `append(_:)`: a literal would
    /// then be taken as a `String`.)
    mutating func append(contentsOf text: String) { json.verbatim(text) }

    /// Appends text made at run time that may need escaping in a JSON string (a URL).
    mutating func escaped(_ text: String) { insideJSONString ? json.escaped(text) : json.verbatim(text) }

    /// Appends a double quote (escaped inside a JSON string).
    mutating func quote() { insideJSONString ? append(#"\""#) : append("\"") }

    /// Appends `"text"`, a literal between double quotes (escaped inside a JSON string).
    mutating func quoted(_ text: StaticString) {
        quote()
        append(text)
        quote()
    }

    /// Appends a line end (escaped inside a JSON string).
    mutating func lineEnd() { insideJSONString ? append(#"\n"#) : append("\n") }

    /// Writes the text `write` makes as a JSON string, the writer's next value (a batch's or a dismissal's plan):
    /// the writer is lent to an ``ExportText`` inside the string, so the text is escaped as it is written, without
    /// a copy.
    static func string(to writer: inout JSONWriter, _ write: (inout ExportText) -> Void) {
        lending(&writer) { text in
            text.json.beginValue()
            text.append("\"")
            text.insideJSONString = true
            write(&text)
            text.insideJSONString = false
            text.append("\"")
            text.json.endValue()
        }
    }

    /// Lends `writer` to an ``ExportText`` while `write` writes into it, without a copy: the text then goes on where
    /// the writer stood.
    static func lending(_ writer: inout JSONWriter, _ write: (inout ExportText) -> Void) {
        var text = ExportText(capacity: 0)
        swap(&text.json, &writer)
        write(&text)
        swap(&text.json, &writer)
    }

    /// Appends an integer.
    mutating func integer(_ value: Int) { json.bareInteger(value) }

    /// Appends a number as CSS and SVG take it: at most 6 decimals, no trailing zeros, whole from 9 × 10¹¹ on, with
    /// an exponent (which CSS and SVG numbers accept) from 9 × 10¹⁵ on. Plans are finite and within
    /// ``PlanLimits/maximumReach`` (the planner refuses others); the other cases keep any Double from trapping.
    mutating func number(_ value: Double) { json.sixDecimals(value) }

    /// Appends a colour as CSS takes it: `rgba(r, g, b, a)` with 0…255 channels.
    mutating func rgba(_ color: Color) {
        append("rgba(")
        number(color.r * 255)
        append(", ")
        number(color.g * 255)
        append(", ")
        number(color.b * 255)
        append(", ")
        number(color.a)
        append(")")
    }

    /// Appends `#rrggbb` (the alpha is written separately).
    mutating func hex(_ color: Color) {
        append("#")
        channel(color.r)
        channel(color.g)
        channel(color.b)
    }

    /// Appends a colour channel (0…1, clamped) as two hex digits.
    private mutating func channel(_ component: Double) {
        let byte = Int((min(max(0, component), 1) * 255).rounded())
        json.verbatim(byte: JSONWriter.hexDigits[byte / 16])
        json.verbatim(byte: JSONWriter.hexDigits[byte % 16])
    }

    /// Appends an outline as SVG path data (`M … L … C … Z`: its edges as lines, its corners as cubics), which CSS
    /// `path()` also takes.
    mutating func pathData(_ outline: ExportOutline) {
        append("M")
        point(outline.start)
        outline.forEachPiece { piece in
            if piece.isEdge {
                append("L")
            } else {
                append("C")
                point(piece.control1)
                append(" ")
                point(piece.control2)
                append(" ")
            }
            point(piece.end)
        }
        append("Z")
    }

    /// Appends `x y`.
    private mutating func point(_ point: ExportOutline.Point2) {
        number(point.x)
        append(" ")
        number(point.y)
    }
}
