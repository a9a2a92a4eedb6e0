// `Codable` for every wire type, derived from its one JSON form: decoding reads the value `JSONDecoder` hands
// over through the strict reader (so an app's coders refuse what the server refuses), encoding writes the wire
// form and hands it to `JSONEncoder`. Nothing here names a member.

extension Decodable where Self: JSONDecodable {
    /// Decodes the value through its JSON form.
    /// - Parameter decoder: The decoder positioned at the value (`JSONDecoder`'s, or any other that can hand over a
    ///   JSON-shaped value).
    /// - Throws: What `decoder` throws reading the value, and `DecodingError.dataCorrupted` at `decoder.codingPath`
    ///   when the strict reader refuses it; its debug description is the ``ValidationError``'s (`frame.width is
    ///   required`).
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        do {
            try self.init(json: json, path: "")
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}

extension Encodable where Self: JSONEncodable {
    /// Encodes the value's JSON form.
    /// - Parameter encoder: The encoder the JSON form is handed to, as a single value, arrays and keyed containers.
    /// - Throws: What `encoder` throws.
    public func encode(to encoder: any Encoder) throws {
        try JSONParser.parse(jsonBytes).encode(to: encoder)
    }
}

extension Point: Codable {}
extension Size: Codable {}
extension Rect: Codable {}
extension AffineTransform: Codable {}
extension Color: Codable {}
extension Shadow: Codable {}
extension Keyframe: Codable {}
extension PlanRequest: Codable {}
extension SourceElement: Codable {}
extension DestinationLayout: Codable {}
extension Timing: Codable {}
extension TimingCurve: Codable {}
extension SpringParameters: Codable {}
extension Sampling: Codable {}
extension ChildPair: Codable {}
extension ChannelTiming: Codable {}
extension AuxiliaryView: Codable {}
extension SnapshotOptions: Codable {}
extension PlanOrigin: Codable {}
extension VisibleState: Codable {}
extension Plan: Codable {}
extension PlanWarning: Codable {}
extension Track: Codable {}
extension TrackValues: Codable {}
extension TrackKeyframe: Codable {}
extension PortableEasing: Codable {}
extension SpringExport: Codable {}
extension DismissRequest: Codable {}
extension DismissOptions: Codable {}
extension PinchSample: Codable {}
extension Dismissal: Codable {}
extension CompletionSpring: Codable {}
extension AnimatedLayer: Codable {}
extension ContentReference: Codable {}
extension ContentReferences: Codable {}
