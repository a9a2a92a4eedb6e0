// Codable for the request types whose JSON form leaves fields out (defaults), nests them (`overlay`) or
// tells cases apart by their one key (curves, sampling). Keyed containers throughout, with the same keys,
// shapes and omissions as the wire form, so `JSONEncoder` output reads back through the strict reader and
// the server's answers decode with `JSONDecoder`. (Plans and the simpler types synthesize theirs.)

extension SourceElement: Codable {
    private enum CodingKeys: String, CodingKey { case frame, cornerRadius, contentMode, visibleFrame, color, shadow }

    /// Decodes `{"frame", "cornerRadius"?, "contentMode"?, "visibleFrame"?, "color"?, "shadow"?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            frame: try container.decode(Rect.self, forKey: .frame),
            cornerRadius: try container.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? PlanDefaults.cornerRadius,
            contentMode: try container.decodeIfPresent(ContentMode.self, forKey: .contentMode) ?? PlanDefaults.sourceContentMode,
            visibleFrame: try container.decodeIfPresent(Rect.self, forKey: .visibleFrame),
            color: try container.decodeIfPresent(Color.self, forKey: .color),
            shadow: try container.decodeIfPresent(Shadow.self, forKey: .shadow))
    }

    /// Encodes every field (the optional ones when set).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frame, forKey: .frame)
        try container.encode(cornerRadius, forKey: .cornerRadius)
        try container.encode(contentMode, forKey: .contentMode)
        try container.encodeIfPresent(visibleFrame, forKey: .visibleFrame)
        try container.encodeIfPresent(color, forKey: .color)
        try container.encodeIfPresent(shadow, forKey: .shadow)
    }
}

extension DestinationLayout: Codable {
    private enum CodingKeys: String, CodingKey { case bounds, frame, contentMode, cornerRadius, screenCornerRadius, color, shadow }

    /// Decodes `{"bounds", "frame"?, "contentMode"?, "cornerRadius"?, "screenCornerRadius"?, "color"?, "shadow"?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            bounds: try container.decode(Rect.self, forKey: .bounds),
            frame: try container.decodeIfPresent(Rect.self, forKey: .frame),
            contentMode: try container.decodeIfPresent(ContentMode.self, forKey: .contentMode) ?? PlanDefaults.destinationContentMode,
            cornerRadius: try container.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? PlanDefaults.cornerRadius,
            screenCornerRadius: try container.decodeIfPresent(Double.self, forKey: .screenCornerRadius) ?? PlanDefaults.cornerRadius,
            color: try container.decodeIfPresent(Color.self, forKey: .color),
            shadow: try container.decodeIfPresent(Shadow.self, forKey: .shadow))
    }

    /// Encodes every field (`frame` only when set).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bounds, forKey: .bounds)
        try container.encodeIfPresent(frame, forKey: .frame)
        try container.encode(contentMode, forKey: .contentMode)
        try container.encode(cornerRadius, forKey: .cornerRadius)
        try container.encode(screenCornerRadius, forKey: .screenCornerRadius)
        try container.encodeIfPresent(color, forKey: .color)
        try container.encodeIfPresent(shadow, forKey: .shadow)
    }
}

extension ChildPair: Codable {
    private enum CodingKeys: String, CodingKey { case id, from, to, fromCornerRadius, toCornerRadius, contentMode }

    /// Decodes `{"id", "from", "to", "fromCornerRadius"?, "toCornerRadius"?, "contentMode"?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            from: try container.decode(Rect.self, forKey: .from),
            to: try container.decode(Rect.self, forKey: .to),
            fromCornerRadius: try container.decodeIfPresent(Double.self, forKey: .fromCornerRadius) ?? PlanDefaults.cornerRadius,
            toCornerRadius: try container.decodeIfPresent(Double.self, forKey: .toCornerRadius) ?? PlanDefaults.cornerRadius,
            contentMode: try container.decodeIfPresent(ContentMode.self, forKey: .contentMode))
    }

    /// Encodes every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(fromCornerRadius, forKey: .fromCornerRadius)
        try container.encode(toCornerRadius, forKey: .toCornerRadius)
        try container.encodeIfPresent(contentMode, forKey: .contentMode)
    }
}

extension SpringParameters: Codable {
    private enum CodingKeys: String, CodingKey { case dampingRatio, response, initialVelocity }

    /// Decodes `{"dampingRatio", "response"?, "initialVelocity"?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            dampingRatio: try container.decode(Double.self, forKey: .dampingRatio),
            response: try container.decodeIfPresent(Double.self, forKey: .response),
            initialVelocity: try container.decodeIfPresent(Double.self, forKey: .initialVelocity) ?? PlanDefaults.springInitialVelocity)
    }

    /// Encodes every field (`response` only when set).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dampingRatio, forKey: .dampingRatio)
        try container.encodeIfPresent(response, forKey: .response)
        try container.encode(initialVelocity, forKey: .initialVelocity)
    }
}

extension TimingCurve: Codable {
    private enum CodingKeys: String, CodingKey { case cubicBezier, spring }

    /// The names of the curves that have one.
    private static let names: [(String, TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
    ]

    /// Decodes a name, `{"cubicBezier": [x1, y1, x2, y2]}` or `{"spring": {…}}`.
    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            guard let curve = Self.names.first(where: { $0.0 == name })?.1 else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown curve \"\(name)\""))
            }
            self = curve
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let points = try container.decodeIfPresent([Double].self, forKey: .cubicBezier) {
            guard points.count == 4 else {
                throw DecodingError.dataCorruptedError(forKey: .cubicBezier, in: container, debugDescription: "needs 4 numbers")
            }
            self = .cubicBezier(CubicBezier(x1: points[0], y1: points[1], x2: points[2], y2: points[3]))
        } else {
            self = .spring(try container.decode(SpringParameters.self, forKey: .spring))
        }
    }

    /// Encodes a name, or the one-key object of a Bézier or a spring.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .cubicBezier(let bezier):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode([bezier.x1, bezier.y1, bezier.x2, bezier.y2], forKey: .cubicBezier)
        case .spring(let spring):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(spring, forKey: .spring)
        case .linear, .easeIn, .easeOut, .easeInOut:
            var container = encoder.singleValueContainer()
            try container.encode(Self.names.first { $0.1 == self }!.0)
        }
    }
}

extension ChannelTiming: Codable {
    private enum CodingKeys: String, CodingKey { case window, seconds, progress, curve }

    /// Decodes `{"window" | "seconds" | "progress": [start, end], "curve"?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let spans: [(CodingKeys, (Double, Double) -> Span)] = [
            (.window, { .window(start: $0, end: $1) }), (.seconds, { .seconds(start: $0, end: $1) }),
            (.progress, { .progress(start: $0, end: $1) }),
        ]
        let given = spans.filter { container.contains($0.0) }
        guard given.count == 1, let (key, make) = given.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "needs exactly one of window, seconds, progress"))
        }
        let bounds = try container.decode([Double].self, forKey: key)
        guard bounds.count == 2 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [key], debugDescription: "must be [start, end]"))
        }
        self.init(make(bounds[0], bounds[1]), curve: try container.decodeIfPresent(TimingCurve.self, forKey: .curve))
    }

    /// Encodes the span under its kind's key, and the curve when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch span {
        case .window(let start, let end): try container.encode([start, end], forKey: .window)
        case .seconds(let start, let end): try container.encode([start, end], forKey: .seconds)
        case .progress(let start, let end): try container.encode([start, end], forKey: .progress)
        }
        try container.encodeIfPresent(curve, forKey: .curve)
    }
}

extension Sampling: Codable {
    private enum CodingKeys: String, CodingKey { case keyframes, fps, tolerance }

    /// Decodes `{"keyframes": N}`, `{"fps": F}` or `{"tolerance": T}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let count = try container.decodeIfPresent(Int.self, forKey: .keyframes) {
            self = .keyframes(count)
        } else if let fps = try container.decodeIfPresent(Double.self, forKey: .fps) {
            self = .fps(fps)
        } else {
            self = .tolerance(try container.decode(Double.self, forKey: .tolerance))
        }
    }

    /// Encodes the one key of the case.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .keyframes(let count): try container.encode(count, forKey: .keyframes)
        case .fps(let fps): try container.encode(fps, forKey: .fps)
        case .tolerance(let tolerance): try container.encode(tolerance, forKey: .tolerance)
        }
    }
}

extension PlanRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case style, direction, source, destination, imageSize, timing, sampling, overlay, placeholder, children, precision
        case cornerCurve, path, auxiliary, contentRegion, reducedMotion, snapshot, from
    }

    private enum OverlayKeys: String, CodingKey { case opacity, color }

    /// Decodes the body of `POST /v1/plans`; what is left out takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var overlayOpacity: Double?, overlayColor: Color?, placeholderColor: Color?
        if container.contains(.overlay), try !container.decodeNil(forKey: .overlay) {
            let overlay = try container.nestedContainer(keyedBy: OverlayKeys.self, forKey: .overlay)
            overlayOpacity = try overlay.decodeIfPresent(Double.self, forKey: .opacity)
            overlayColor = try overlay.decodeIfPresent(Color.self, forKey: .color)
        }
        if container.contains(.placeholder), try !container.decodeNil(forKey: .placeholder) {
            let placeholder = try container.nestedContainer(keyedBy: OverlayKeys.self, forKey: .placeholder)
            placeholderColor = try placeholder.decodeIfPresent(Color.self, forKey: .color)
        }
        self.init(
            style: try container.decodeIfPresent(TransitionStyle.self, forKey: .style) ?? PlanDefaults.style,
            direction: try container.decodeIfPresent(Direction.self, forKey: .direction) ?? PlanDefaults.direction,
            source: try container.decode(SourceElement.self, forKey: .source),
            destination: try container.decode(DestinationLayout.self, forKey: .destination),
            imageSize: try container.decodeIfPresent(Size.self, forKey: .imageSize),
            timing: try container.decodeIfPresent(Timing.self, forKey: .timing) ?? Timing(),
            sampling: try container.decodeIfPresent(Sampling.self, forKey: .sampling) ?? PlanDefaults.sampling,
            overlayOpacity: overlayOpacity,
            children: try container.decodeIfPresent([ChildPair].self, forKey: .children) ?? [],
            precision: try container.decodeIfPresent(Int.self, forKey: .precision),
            overlayColor: overlayColor, placeholderColor: placeholderColor,
            cornerCurve: try container.decodeIfPresent(CornerCurve.self, forKey: .cornerCurve),
            path: try container.decodeIfPresent(MotionPath.self, forKey: .path),
            auxiliary: try container.decodeIfPresent([AuxiliaryView].self, forKey: .auxiliary) ?? [],
            contentRegion: try container.decodeIfPresent(Rect.self, forKey: .contentRegion),
            reducedMotion: try container.decodeIfPresent(Bool.self, forKey: .reducedMotion),
            snapshot: try container.decodeIfPresent(SnapshotOptions.self, forKey: .snapshot),
            from: try container.decodeIfPresent(PlanOrigin.self, forKey: .from))
    }

    /// Encodes the request as the wire form does: defaults that were left out stay out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(direction, forKey: .direction)
        try container.encode(source, forKey: .source)
        try container.encode(destination, forKey: .destination)
        try container.encodeIfPresent(imageSize, forKey: .imageSize)
        if timing != Timing() { try container.encode(timing, forKey: .timing) }
        try container.encode(sampling, forKey: .sampling)
        if overlayOpacity != nil || overlayColor != nil {
            var overlay = container.nestedContainer(keyedBy: OverlayKeys.self, forKey: .overlay)
            try overlay.encodeIfPresent(overlayOpacity, forKey: .opacity)
            try overlay.encodeIfPresent(overlayColor, forKey: .color)
        }
        if let placeholderColor {
            var placeholder = container.nestedContainer(keyedBy: OverlayKeys.self, forKey: .placeholder)
            try placeholder.encode(placeholderColor, forKey: .color)
        }
        if !children.isEmpty { try container.encode(children, forKey: .children) }
        try container.encodeIfPresent(precision, forKey: .precision)
        try container.encodeIfPresent(cornerCurve, forKey: .cornerCurve)
        try container.encodeIfPresent(path, forKey: .path)
        if !auxiliary.isEmpty { try container.encode(auxiliary, forKey: .auxiliary) }
        try container.encodeIfPresent(contentRegion, forKey: .contentRegion)
        try container.encodeIfPresent(reducedMotion, forKey: .reducedMotion)
        try container.encodeIfPresent(snapshot, forKey: .snapshot)
        try container.encodeIfPresent(from, forKey: .from)
    }
}

extension DismissRequest: Codable {
    private enum CodingKeys: String, CodingKey { case plan, translation, velocity, phase, axis, options, pinch }

    /// Decodes the body of `POST /v1/gestures/dismiss`; what is left out takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            plan: try container.decode(PlanRequest.self, forKey: .plan),
            translation: try container.decode(Point.self, forKey: .translation),
            velocity: try container.decodeIfPresent(Point.self, forKey: .velocity) ?? .zero,
            phase: try container.decodeIfPresent(GesturePhase.self, forKey: .phase) ?? PlanDefaults.gesturePhase,
            axis: try container.decodeIfPresent(DragAxis.self, forKey: .axis) ?? PlanDefaults.dragAxis,
            options: try container.decodeIfPresent(DismissOptions.self, forKey: .options) ?? DismissOptions(),
            pinch: try container.decodeIfPresent(PinchSample.self, forKey: .pinch))
    }

    /// Encodes the sample as the wire form does (`options` only when some are set).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plan, forKey: .plan)
        try container.encode(translation, forKey: .translation)
        try container.encode(velocity, forKey: .velocity)
        try container.encode(phase, forKey: .phase)
        try container.encode(axis, forKey: .axis)
        if options != DismissOptions() { try container.encode(options, forKey: .options) }
        try container.encodeIfPresent(pinch, forKey: .pinch)
    }
}

extension Dismissal: Codable {
    private enum CodingKeys: String, CodingKey { case layer, state, decision, reason, plan, spring, tracks }

    /// Decodes an answer to a drag sample.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            layer: try container.decode(AnimatedLayer.self, forKey: .layer),
            state: try container.decode(Keyframe.self, forKey: .state),
            decision: try container.decodeIfPresent(DismissDecision.self, forKey: .decision),
            reason: try container.decodeIfPresent(DismissReason.self, forKey: .reason),
            plan: try container.decodeIfPresent(Plan.self, forKey: .plan),
            spring: try container.decodeIfPresent(CompletionSpring.self, forKey: .spring),
            tracks: try container.decodeIfPresent([Track].self, forKey: .tracks))
    }

    /// Encodes the answer as the server sends it: `decision`, `reason`, `plan` and `spring` are `null` while dragging.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(layer, forKey: .layer)
        try container.encode(state, forKey: .state)
        try container.encode(decision, forKey: .decision)
        try container.encode(reason, forKey: .reason)
        try container.encode(plan, forKey: .plan)
        try container.encode(spring, forKey: .spring)
        try container.encodeIfPresent(tracks, forKey: .tracks)
    }
}

extension PlanOrigin: Codable {
    private enum CodingKeys: String, CodingKey { case request, time, state, velocity }

    /// Decodes `{"request", "time"}` or `{"state", "velocity"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.request) {
            self = .running(try container.decode(PlanRequest.self, forKey: .request), time: try container.decode(Double.self, forKey: .time))
        } else {
            self = .state(try container.decode(VisibleState.self, forKey: .state), velocity: try container.decode(VisibleState.self, forKey: .velocity))
        }
    }

    /// Encodes the origin under its kind's keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .running(let request, let time):
            try container.encode(request, forKey: .request)
            try container.encode(time, forKey: .time)
        case .state(let state, let velocity):
            try container.encode(state, forKey: .state)
            try container.encode(velocity, forKey: .velocity)
        }
    }
}
