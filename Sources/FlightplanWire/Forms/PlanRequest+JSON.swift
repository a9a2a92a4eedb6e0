extension PlanRequest: JSONCodable {
    /// Reads a request body. Unknown members are rejected; `null` means "use the default".
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        let source = try JSONObjectReader(try reader.required("source"), path: reader.fieldPath("source"))
        let destination = try JSONObjectReader(try reader.required("destination"), path: reader.fieldPath("destination"))
        let overlay = try reader.object("overlay"), placeholder = try reader.object("placeholder")
        self.init(
            style: try reader.enumeration("style", as: TransitionStyle.self) ?? PlanDefaults.style,
            direction: try reader.enumeration("direction", as: Direction.self) ?? PlanDefaults.direction,
            source: try SourceElement(reader: source),
            destination: try DestinationLayout(reader: destination),
            imageSize: try reader.value("imageSize").map { value throws(ValidationError) in try Size(json: value, path: reader.fieldPath("imageSize")) },
            timing: try reader.object("timing").map { object throws(ValidationError) in try Timing(reader: object) } ?? Timing(),
            sampling: try reader.object("sampling").map { object throws(ValidationError) in try Sampling(reader: object) } ?? PlanDefaults.sampling,
            overlayOpacity: try overlay?.number("opacity"),
            children: try reader.decodedArray("children", of: ChildPair.self) ?? [],
            precision: try reader.integer("precision", notWhole: PlanLimits.precisionRule, rangeRule: PlanLimits.precisionRule),
            overlayColor: try overlay?.decoded("color", as: Color.self),
            placeholderColor: try placeholder?.decoded("color", as: Color.self),
            cornerCurve: try reader.enumeration("cornerCurve", as: CornerCurve.self),
            path: try reader.enumeration("path", as: MotionPath.self),
            auxiliary: try reader.decodedArray("auxiliary", of: AuxiliaryView.self) ?? [],
            contentRegion: try reader.decoded("contentRegion", as: Rect.self),
            reducedMotion: try reader.bool("reducedMotion"),
            snapshot: try reader.decoded("snapshot", as: SnapshotOptions.self),
            from: try reader.decoded("from", as: PlanOrigin.self))
        try overlay?.finish(allowing: MemberNames.overlay)
        try placeholder?.finish(allowing: MemberNames.placeholder)
        try reader.finish(allowing: MemberNames.planRequest)
    }

    /// Writes the request with every field it sets (defaults left out stay out).
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("style"); writer.string(style.rawValue)
        writer.key("direction"); writer.string(direction.rawValue)
        writer.key("source")
        writer.beginObject()
        writer.key("frame"); source.frame.write(to: &writer)
        writer.key("cornerRadius"); writer.number(source.cornerRadius)
        writer.key("contentMode"); writer.string(source.contentMode.rawValue)
        if let visibleFrame = source.visibleFrame { writer.key("visibleFrame"); visibleFrame.write(to: &writer) }
        if let color = source.color { writer.key("color"); color.write(to: &writer) }
        if let shadow = source.shadow { writer.key("shadow"); shadow.write(to: &writer) }
        writer.endObject()
        writer.key("destination")
        writer.beginObject()
        writer.key("bounds"); destination.bounds.write(to: &writer)
        if let frame = destination.frame { writer.key("frame"); frame.write(to: &writer) }
        writer.key("contentMode"); writer.string(destination.contentMode.rawValue)
        writer.key("cornerRadius"); writer.number(destination.cornerRadius)
        writer.key("screenCornerRadius"); writer.number(destination.screenCornerRadius)
        if let color = destination.color { writer.key("color"); color.write(to: &writer) }
        if let shadow = destination.shadow { writer.key("shadow"); shadow.write(to: &writer) }
        writer.endObject()
        if let imageSize { writer.key("imageSize"); imageSize.write(to: &writer) }
        if timing != Timing() { writer.key("timing"); timing.write(to: &writer) }
        writer.key("sampling"); sampling.write(to: &writer)
        if overlayOpacity != nil || overlayColor != nil {
            writer.key("overlay")
            writer.beginObject()
            if let overlayOpacity { writer.key("opacity"); writer.number(overlayOpacity) }
            if let overlayColor { writer.key("color"); overlayColor.write(to: &writer) }
            writer.endObject()
        }
        if let placeholderColor {
            writer.key("placeholder")
            writer.beginObject()
            writer.key("color"); placeholderColor.write(to: &writer)
            writer.endObject()
        }
        if !children.isEmpty { writer.key("children"); writeArray(children, to: &writer) }
        if let precision { writer.key("precision"); writer.integer(precision) }
        if let cornerCurve { writer.key("cornerCurve"); writer.string(cornerCurve.rawValue) }
        if let path { writer.key("path"); writer.string(path.rawValue) }
        if !auxiliary.isEmpty { writer.key("auxiliary"); writeArray(auxiliary, to: &writer) }
        if let contentRegion { writer.key("contentRegion"); contentRegion.write(to: &writer) }
        if let reducedMotion { writer.key("reducedMotion"); writer.bool(reducedMotion) }
        if let snapshot { writer.key("snapshot"); snapshot.write(to: &writer) }
        if let from { writer.key("from"); from.write(to: &writer) }
        writer.endObject()
    }
}

extension SourceElement {
    fileprivate init(reader: JSONObjectReader) throws(ValidationError) {
        self.init(
            frame: try Rect(json: try reader.required("frame"), path: reader.fieldPath("frame")),
            cornerRadius: try reader.number("cornerRadius") ?? PlanDefaults.cornerRadius,
            contentMode: try reader.enumeration("contentMode", as: ContentMode.self) ?? PlanDefaults.sourceContentMode,
            visibleFrame: try reader.decoded("visibleFrame", as: Rect.self),
            color: try reader.decoded("color", as: Color.self),
            shadow: try reader.decoded("shadow", as: Shadow.self))
        try reader.finish(allowing: MemberNames.source)
    }
}

extension DestinationLayout {
    fileprivate init(reader: JSONObjectReader) throws(ValidationError) {
        self.init(
            bounds: try Rect(json: try reader.required("bounds"), path: reader.fieldPath("bounds")),
            frame: try reader.value("frame").map { value throws(ValidationError) in try Rect(json: value, path: reader.fieldPath("frame")) },
            contentMode: try reader.enumeration("contentMode", as: ContentMode.self) ?? PlanDefaults.destinationContentMode,
            cornerRadius: try reader.number("cornerRadius") ?? PlanDefaults.cornerRadius,
            screenCornerRadius: try reader.number("screenCornerRadius") ?? PlanDefaults.cornerRadius,
            color: try reader.decoded("color", as: Color.self),
            shadow: try reader.decoded("shadow", as: Shadow.self))
        try reader.finish(allowing: MemberNames.destination)
    }
}

extension Timing {
    /// Reads `{"duration"?, "curve"?, "fadeFraction"?}` (a plan's timing, or a dismissal's finish or cancel timing).
    init(reader: JSONObjectReader) throws(ValidationError) {
        self.init(
            duration: try reader.number("duration"),
            curve: try reader.value("curve").map { value throws(ValidationError) in try TimingCurve(json: value, path: reader.fieldPath("curve")) },
            fadeFraction: try reader.number("fadeFraction"),
            fadeMode: try reader.enumeration("fadeMode", as: FadeMode.self),
            channels: try reader.object("channels").map { channels throws(ValidationError) in
                var timings: [TimingChannel: ChannelTiming] = [:]
                for member in channels.members {
                    guard let channel = TimingChannel(rawValue: member.key) else {
                        let allowed = TimingChannel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                        throw ValidationError(field: channels.fieldPath(member.key), message: "is not a channel; channels are \(allowed)")
                    }
                    timings[channel] = try ChannelTiming(json: member.value, path: channels.fieldPath(member.key))
                }
                return timings
            })
        try reader.finish(allowing: MemberNames.timing)
    }

    /// Writes the fields that are set.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let duration { writer.key("duration"); writer.number(duration) }
        if let curve { writer.key("curve"); curve.write(to: &writer) }
        if let fadeFraction { writer.key("fadeFraction"); writer.number(fadeFraction) }
        if let fadeMode { writer.key("fadeMode"); writer.string(fadeMode.rawValue) }
        if let channels {
            writer.key("channels")
            writer.beginObject()
            for channel in TimingChannel.allCases {
                if let timing = channels[channel] { writer.dynamicKey(channel.rawValue); timing.write(to: &writer) }
            }
            writer.endObject()
        }
        writer.endObject()
    }
}

extension TimingCurve {
    private static let names: [(String, TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
    ]

    /// Reads `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"`, `{"cubicBezier": [x1, y1, x2, y2]}`
    /// or `{"spring": {"dampingRatio", "response"?, "initialVelocity"?}}`.
    init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let expected = "must be \"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", {\"cubicBezier\": [x1, y1, x2, y2]} or {\"spring\": {…}}"
        if case .string(let name) = json {
            guard let curve = Self.names.first(where: { $0.0 == name })?.1 else {
                throw ValidationError(field: path, message: "\(expected), got \"\(EchoedInput.bounded(name))\"")
            }
            self = curve
            return
        }
        let reader = try JSONObjectReader(json, path: path)
        guard reader.members.count == 1, let member = reader.members.first else {
            throw ValidationError(field: path, message: "\(expected), got an object with \(reader.members.count) members")
        }
        let memberPath = reader.fieldPath(member.key)
        switch member.key {
        case "cubicBezier":
            guard case .array(let items) = member.value, items.count == 4 else {
                throw ValidationError(field: memberPath, message: "must be an array of 4 numbers [x1, y1, x2, y2]")
            }
            var numbers: [Double] = []
            for (index, item) in items.enumerated() { numbers.append(try JSONObjectReader.number(item, path: memberPath.index(index))) }
            self = .cubicBezier(CubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]))
        case "spring":
            let spring = try JSONObjectReader(member.value, path: memberPath)
            self = .spring(SpringParameters(
                dampingRatio: try spring.requiredNumber("dampingRatio"),
                response: try spring.number("response"),
                initialVelocity: try spring.number("initialVelocity") ?? PlanDefaults.springInitialVelocity))
            try spring.finish(allowing: MemberNames.spring)
        default:
            throw ValidationError(field: memberPath, message: "is not a known curve; \(path) \(expected)")
        }
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .linear, .easeIn, .easeOut, .easeInOut:
            writer.string(Self.names.first(where: { $0.1 == self })!.0)
        case .cubicBezier(let bezier):
            writer.beginObject()
            writer.key("cubicBezier")
            writer.beginArray()
            for value in [bezier.x1, bezier.y1, bezier.x2, bezier.y2] { writer.number(value) }
            writer.endArray()
            writer.endObject()
        case .spring(let spring):
            writer.beginObject()
            writer.key("spring")
            writer.beginObject()
            writer.key("dampingRatio"); writer.number(spring.dampingRatio)
            if let response = spring.response { writer.key("response"); writer.number(response) }
            writer.key("initialVelocity"); writer.number(spring.initialVelocity)
            writer.endObject()
            writer.endObject()
        }
    }
}

extension Sampling {
    fileprivate init(reader: JSONObjectReader) throws(ValidationError) {
        let expected = "must have exactly one of \"keyframes\", \"fps\" or \"tolerance\""
        guard reader.members.count == 1, let member = reader.members.first else {
            throw ValidationError(field: reader.path, message: "\(expected), got \(reader.members.count) members")
        }
        let path = reader.fieldPath(member.key)
        let value = try JSONObjectReader.number(member.value, path: path)
        switch member.key {
        case "keyframes":
            self = .keyframes(try JSONObjectReader.integer(value, path: path, rangeRule: PlanLimits.keyframesRule))
        case "fps": self = .fps(value)
        case "tolerance": self = .tolerance(value)
        default: throw ValidationError(field: path, message: "is not a known field; \(reader.path) \(expected)")
        }
    }

    fileprivate func write(to writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .keyframes(let count): writer.key("keyframes"); writer.integer(count)
        case .fps(let fps): writer.key("fps"); writer.number(fps)
        case .tolerance(let tolerance): writer.key("tolerance"); writer.number(tolerance)
        }
        writer.endObject()
    }
}

extension ChildPair: JSONCodable {
    /// Reads `{"id", "from", "to", "fromCornerRadius"?, "toCornerRadius"?}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        guard let id = try reader.string("id") else { throw ValidationError(field: reader.fieldPath("id"), message: "is required") }
        self.init(
            id: id,
            from: try Rect(json: try reader.required("from"), path: reader.fieldPath("from")),
            to: try Rect(json: try reader.required("to"), path: reader.fieldPath("to")),
            fromCornerRadius: try reader.number("fromCornerRadius") ?? PlanDefaults.cornerRadius,
            toCornerRadius: try reader.number("toCornerRadius") ?? PlanDefaults.cornerRadius,
            contentMode: try reader.enumeration("contentMode", as: ContentMode.self))
        try reader.finish(allowing: MemberNames.childPair)
    }

    /// Writes the pair.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id"); writer.string(id)
        writer.key("from"); from.write(to: &writer)
        writer.key("to"); to.write(to: &writer)
        writer.key("fromCornerRadius"); writer.number(fromCornerRadius)
        writer.key("toCornerRadius"); writer.number(toCornerRadius)
        if let contentMode { writer.key("contentMode"); writer.string(contentMode.rawValue) }
        writer.endObject()
    }
}

/// Writes `items` as a JSON array.
func writeArray(_ items: [some JSONEncodable], to writer: inout JSONWriter) {
    writer.beginArray()
    for item in items { item.write(to: &writer) }
    writer.endArray()
}
