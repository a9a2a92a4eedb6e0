/// An `Accept` field read as RFC 9110 §12.5.1 has it: media ranges (`text/css`, `text/*`, `*/*`), each with a
/// weight `q` from 0 to 1, where 0 means "not acceptable".
///
/// A media type takes the weight of the most specific range that matches it (`text/css` over `text/*` over
/// `*/*`; the first listed among equally specific ones), and 0 when none does. Parameters other than `q` are
/// ignored (`text/css;charset=utf-8` is `text/css`). An element that is not a media range, or whose `q` is not a
/// qvalue, is skipped, as if the client had not sent it.
struct AcceptHeader: Sendable, Hashable {
    /// One media range and its weight.
    struct Range: Sendable, Hashable {
        /// The type, lower-cased, or `*`.
        let type: Substring
        /// The subtype, lower-cased, or `*`.
        let subtype: Substring
        /// The weight, 0…1.
        let quality: Double

        /// 2 for `type/subtype`, 1 for `type/*`, 0 for `*/*`.
        var specificity: Int { type == "*" ? 0 : subtype == "*" ? 1 : 2 }

        /// Whether this range covers `type/subtype` (both lower-cased).
        func matches(type: Substring, subtype: Substring) -> Bool {
            (self.type == "*" || self.type == type) && (self.subtype == "*" || self.subtype == subtype)
        }
    }

    /// The ranges, in the order the client listed them.
    let ranges: [Range]

    /// Reads a field value; nil when it holds no media range at all (empty, or only malformed elements), which
    /// negotiation treats as no `Accept`: anything goes.
    init?(_ field: String) {
        let ranges = field.lowercased().split(separator: ",").compactMap(Self.range)
        guard !ranges.isEmpty else { return nil }
        self.ranges = ranges
    }

    /// One element, `type/subtype *( OWS ";" OWS parameter )`, or nil when it is not a media range or its `q` is
    /// not a qvalue (`0`–`1` with at most three decimals).
    private static func range(_ element: Substring) -> Range? {
        let parts = element.split(separator: ";", omittingEmptySubsequences: false).map { Substring($0.trimmingSpaces) }
        let name = parts[0].split(separator: "/", omittingEmptySubsequences: false)
        guard name.count == 2, !name[0].isEmpty, !name[1].isEmpty, name[0] != "*" || name[1] == "*" else { return nil }
        var quality = 1.0
        for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
            guard let weight = qvalue(parameter.dropFirst(2)) else { return nil }
            quality = weight
        }
        return Range(type: name[0], subtype: name[1], quality: quality)
    }

    /// `0`, `0.5`, `1.000`: a qvalue's weight, or nil for anything else (`2`, `0.1234`, `-1`, `.5`, `nan`).
    private static func qvalue(_ text: Substring) -> Double? {
        let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = pieces.first, whole == "0" || whole == "1" else { return nil }
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isNumber }), pieces.count == 1 || !fraction.isEmpty else { return nil }
        guard let weight = Double(text), weight <= 1 else { return nil }
        return weight
    }

    /// The weight of a media type (`text/css; charset=utf-8` counts as `text/css`): that of the most specific
    /// range that matches it, 0 when none does.
    func quality(of mediaType: String) -> Double {
        let name = mediaType.lowercased().split(separator: ";")[0].trimmingSpaces.split(separator: "/")
        guard name.count == 2 else { return 0 }
        var best: Range?
        for range in ranges where range.matches(type: name[0], subtype: name[1]) && range.specificity > (best?.specificity ?? -1) {
            best = range
        }
        return best?.quality ?? 0
    }

    /// The offer with the highest weight above 0, the earliest of `offers` on a tie (the server's preference);
    /// nil when the client accepts none of them.
    func preferred<Offer>(among offers: [Offer], mediaType: (Offer) -> String) -> Offer? {
        var chosen: (offer: Offer, quality: Double)?
        for offer in offers {
            let quality = quality(of: mediaType(offer))
            if quality > (chosen?.quality ?? 0) { chosen = (offer, quality) }
        }
        return chosen?.offer
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (the optional whitespace of HTTP field values).
    package var trimmingSpaces: String {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let text = String(self)
        guard let first = text.utf8.firstIndex(where: { !isSpace($0) }), let last = text.utf8.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(text[first...last])
    }
}
