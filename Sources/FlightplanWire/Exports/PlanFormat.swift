/// The forms a plan can be answered in (`?format=` on the plan, batch and dismissal endpoints).
public enum PlanFormat: String, Sendable, Hashable, CaseIterable {
    /// The plan itself.
    case json
    /// A Web Animations document: a stage and one element per track, ready for `element.animate()`.
    case waapi
    /// A style sheet: `@keyframes` and one class per track.
    case css
    /// A self-contained animated SVG (SMIL) with placeholder content.
    case svg
    /// A Lottie (bodymovin 5) animation with placeholder content.
    case lottie
    /// Core Animation key-path animations per layer.
    case coreAnimation = "core-animation"
    /// Each track in window space per keyframe: its visible clip and content's drawn rect as top-left rects in window
    /// points, the radius as seen and the opacity, as design tools place nodes.
    case boxes

    /// The answer's media type.
    public var mediaType: String {
        switch self {
        case .json, .waapi, .lottie, .coreAnimation, .boxes: "application/json"
        case .css: "text/css; charset=utf-8"
        case .svg: "image/svg+xml"
        }
    }

    /// Whether the export is JSON (embedded as an object in a batch or a dismissal; text exports as a string).
    public var isJSON: Bool { mediaType == "application/json" }

    /// The values `format` takes, as errors list them.
    public static let allowed = allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    /// The format named `name`.
    /// - Parameter name: The format's raw value, as `?format=` spells it (`core-animation`); case-sensitive.
    /// - Throws: ``ValidationError`` with `field` `format` when no format has that name (`must be one of "json",
    ///   "waapi", …`).
    public init(named name: String) throws(ValidationError) {
        guard let format = PlanFormat(rawValue: name) else {
            throw ValidationError(field: "format", message: "must be one of \(Self.allowed), got \"\(EchoedInput.bounded(name))\"")
        }
        self = format
    }

    /// Writes the plan in this format as one JSON value: the plan or a JSON export as an object, a text
    /// export as a string (inside a batch's results or a dismissal's `plan`).
    func write(_ plan: Plan, to writer: inout JSONWriter, idPrefix: String = ExportScene.defaultPrefix) {
        switch self {
        case .json: plan.write(to: &writer)
        // Every export writes into the writer itself (the style sheet and the SVG escaped as they are written).
        case .waapi: ExportScene(plan, prefix: idPrefix).webAnimationsDocument(to: &writer)
        case .css: ExportScene(plan, prefix: idPrefix).styleSheet(asStringTo: &writer)
        case .lottie: ExportScene(plan, prefix: idPrefix).lottieDocument(to: &writer)
        case .coreAnimation: ExportScene(plan, prefix: idPrefix).coreAnimationDocument(to: &writer)
        case .svg: ExportScene(plan, prefix: idPrefix).animatedSVG(asStringTo: &writer)
        case .boxes: ExportScene(plan, prefix: idPrefix).windowBoxesDocument(to: &writer)
        }
    }

    /// The plan in this format, its class names and ids (css, svg, waapi) starting with `idPrefix`.
    /// - Parameters:
    ///   - plan: The plan to export.
    ///   - idPrefix: The prefix of class names and ids, as ``check(idPrefix:)`` accepts; ``ExportScene/defaultPrefix``
    ///     when left out. The JSON, Lottie, Core Animation and boxes forms name nothing with it.
    /// - Returns: The export's bytes: UTF-8 text in this format's ``mediaType``.
    public func export(_ plan: Plan, idPrefix: String = ExportScene.defaultPrefix) -> [UInt8] {
        answer(plan, idPrefix: idPrefix, limit: .max)!.array
    }

    /// The plan in this format as a whole answer (a text export as its text, not a JSON string), written where it is
    /// sent from, if it takes at most `limit` bytes.
    /// - Parameters:
    ///   - plan: The plan to export.
    ///   - idPrefix: The prefix of class names and ids.
    ///   - limit: The most bytes the answer may take.
    /// - Returns: The answer's bytes, or nil when they would pass `limit` (what was written is given up as the writer
    ///   passes it, so no more than about `limit` bytes are ever held).
    package func answer(_ plan: Plan, idPrefix: String, limit: Int) -> OwnedBytes? {
        var writer = JSONWriter(capacity: estimatedSize(of: plan), limit: limit)
        switch self {
        // The JSON answer is the plan itself: no export scene (its tree and palette) is made for it.
        case .json: plan.write(to: &writer)
        case .waapi: ExportScene(plan, prefix: idPrefix).webAnimationsDocument(to: &writer)
        case .css: ExportScene(plan, prefix: idPrefix).styleSheet(to: &writer)
        case .svg: ExportScene(plan, prefix: idPrefix).animatedSVG(to: &writer)
        case .lottie: ExportScene(plan, prefix: idPrefix).lottieDocument(to: &writer)
        case .coreAnimation: ExportScene(plan, prefix: idPrefix).coreAnimationDocument(to: &writer)
        case .boxes: ExportScene(plan, prefix: idPrefix).windowBoxesDocument(to: &writer)
        }
        return writer.exceededLimit ? nil : writer.handedOver()
    }

    /// About how many bytes the plan takes in this format, to reserve at once: per track and per keyframe, as the
    /// format writes them.
    private func estimatedSize(of plan: Plan) -> Int {
        let (document, track, keyframe) =
            switch self {
            case .json: (512, 300, 200)
            case .waapi, .css: (1024, 1024, 400)
            case .svg: (1024, 2048, 600)
            case .lottie: (2048, 1024, 600)
            case .coreAnimation: (1024, 768, 240)
            case .boxes: (256, 160, 200)
            }
        return plan.tracks.reduce(document) { $0 + track + keyframe * $1.keyframes.count }
    }

    /// Checks `?idPrefix=`: a letter, then up to 31 letters, digits, `-` or `_` (a CSS class and an XML id as it is).
    /// - Parameter idPrefix: The prefix a client asked for.
    /// - Throws: a ``ValidationError`` naming `idPrefix`.
    public static func check(idPrefix: String) throws(ValidationError) {
        let bytes = Array(idPrefix.utf8)
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        guard let first = bytes.first, isLetter(first), bytes.count <= 32,
            bytes.allSatisfy({ isLetter($0) || (48...57).contains($0) || $0 == 45 || $0 == 95 })
        else {
            throw ValidationError(
                field: "idPrefix", message: "must be a letter then up to 31 letters, digits, - or _, got \"\(EchoedInput.bounded(idPrefix))\"")
        }
    }
}

/// What every export draws: the plan, its stage, its tracks, their CSS-safe names and the prefix of every class
/// and id.
public struct ExportScene {
    /// The prefix of class names and ids when the caller names none.
    public static let defaultPrefix = "fp"
    let plan: Plan
    let stage: Rect
    let tracks: [Track]
    let names: [String]
    let prefix: String
    /// Which tracks are drawn inside which, by position.
    let tree: ExportTree
    /// Whether the plan is a schematic (no track has content), whose colourless tracks are painted in their roles'
    /// placeholders; given content, nothing is painted that the plan does not give.
    let isSchematic: Bool

    init(_ plan: Plan, prefix: String = defaultPrefix) {
        self.plan = plan
        self.prefix = prefix
        stage = plan.stage
        tracks = plan.tracks
        names = ExportPalette.names(of: tracks)
        tree = ExportTree(tracks)
        isSchematic = ExportPalette.isSchematic(plan)
    }

    /// The colour `track` is painted in where the plan gives it none: its role's placeholder in a schematic, else
    /// transparent.
    func placeholder(for track: Track) -> Color {
        ExportPalette.placeholder(for: track, schematic: isSchematic)
    }
}

/// What the exports share: a placeholder colour per role, the rects a track paints, and the tracks' names.
enum ExportPalette {
    /// Whether a plan is a schematic: no track has content. A request that gives content gives the pictures, and
    /// the exports then paint nothing it did not give (no placeholder colour shows around or under an image).
    static func isSchematic(_ plan: Plan) -> Bool {
        !plan.tracks.contains { $0.content != nil }
    }

    /// The colour a track is drawn in when the plan gives it none: in a schematic its role's placeholder (a page
    /// puts its own content there instead), else transparent.
    static func placeholder(for track: Track, schematic: Bool) -> Color {
        guard schematic else { return Color(r: 0, g: 0, b: 0, a: 0) }
        return switch track.role {
        case .sourceScreen: Color(r: 0.898, g: 0.898, b: 0.918)
        case .destinationScreen where track.animates.contains(.transform): Color(r: 0.722, g: 0.714, b: 0.961)
        case .destinationScreen: Color(r: 1, g: 1, b: 1)
        case .content, .incomingSnapshot: Color(r: 0.369, g: 0.361, b: 0.902)
        case .outgoingSnapshot: Color(r: 1, g: 0.624, b: 0.039)
        case .child, .outgoingChild: Color(r: 0.188, g: 0.690, b: 0.780)
        case .auxiliary: Color(r: 0.557, g: 0.557, b: 0.576)
        case .overlay, .placeholder: Color(r: 0, g: 0, b: 0)
        }
    }

    /// Where a track's placeholder content is drawn, in its own space: its layer and every mask it takes (an
    /// aspect-filled image overflows its layer, and the mask shows the overflow).
    static func paintedRect(of track: Track) -> Rect {
        var minX = 0.0, minY = 0.0, maxX = track.frame.width, maxY = track.frame.height
        func include(_ mask: Rect?) {
            guard let mask else { return }
            minX = min(minX, mask.x); minY = min(minY, mask.y); maxX = max(maxX, mask.maxX); maxY = max(maxY, mask.maxY)
        }
        // The base's mask, then each keyframe's (read in place: no array of them).
        include(track.base.maskFrame)
        for keyframe in track.keyframes { include(keyframe.values.maskFrame) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `#rrggbb` (the alpha is written separately).
    static func hex(_ color: Color) -> String {
        var text = ExportText(capacity: 8)
        text.hex(color)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    /// What the web exports add to a track's name: its layer (waapi and css class, svg group) and its region, paint
    /// box, mask and shadow (css classes and `@keyframes`, svg clip paths and filter).
    static let derivedSuffixes = ["", "-region", "-paint", "-mask", "-shadow"]

    /// Each track's name for CSS classes, `@keyframes` and SVG ids: its id with every character outside
    /// `[A-Za-z0-9_-]` replaced by `-`, numbered (``UniqueNames``) where it or a name derived from it would meet
    /// another track's (or the stage's class, `stage`).
    static func names(of tracks: [Track]) -> [String] {
        var names = UniqueNames(reserving: ["stage"], separator: "-")
        // Only the ids are read, where they lie: a track copied out would retain all it holds.
        return tracks.indices.map { index in
            let id = tracks[index].id
            // Most ids are already safe, which their bytes say without the characters' Unicode properties.
            let safe = id.utf8.allSatisfy { byte in
                (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte) || byte == 95 || byte == 45
            }
            let base = safe ? id : String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "-" })
            return names.claim(base, suffixes: derivedSuffixes)
        }
    }
}
