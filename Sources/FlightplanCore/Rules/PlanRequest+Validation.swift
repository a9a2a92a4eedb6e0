/// A plan request that passed every check, with every default resolved: the only input the planner takes.
public struct ValidatedPlanRequest: Sendable, Hashable {
    /// The request as sent, except that a corner radius past half its rect's shorter side is clamped to it:
    /// every renderer draws such a radius as a capsule (`border-radius: 9999px` is the web's idiom for one).
    public let request: PlanRequest
    /// What was planned differently from how it was asked: one warning per radius clamped, per field that has no
    /// effect (`PlanRequest.ineffectiveFieldWarnings`), and for a stretch shown covering.
    public let warnings: [PlanWarning]
    /// Its duration and curve with the style's defaults filled in (a spring's settling time solved once).
    public let timing: ResolvedTiming
    /// The image's size: the painted content's own `size` when it gives one (at
    /// `imageSize`'s area when that is given too), else `imageSize`, else the destination frame's.
    public let imageSize: Size
    /// sharedFrame's overlay opacity at the end.
    public let overlayOpacity: Double
    /// reveal's share of the timeline spent fading the destination in.
    public let fadeFraction: Double
    /// The part of the source the user sees: `source.visibleFrame` within `source.frame`, or all of it.
    public let visibleSource: Rect
    /// Whether to plan the reduced-motion cross-fade.
    public let reducedMotion: Bool
    /// How the screens or snapshots fade.
    public let fadeMode: FadeMode
    /// The curve a channel's window takes when it names none: the plan's (a spring without its `response`,
    /// so that it settles over the window).
    public let channelCurve: TimingCurve
    /// Where an interrupting plan's tracks start, when the request says (`from`).
    public private(set) var start: InterruptionStart?
    /// Keyframes over all tracks when the sampling fixes their number (`keyframes`, `fps`); nil for
    /// `tolerance`, whose count is known only once sampled.
    public private(set) var fixedKeyframes: Int?
    /// Tracks that carry keyframes: every moving track.
    public private(set) var keyframeTracks = 0
    /// The choreography built to count them, for the planner.
    private(set) var choreographyCache = ChoreographyCache()

    /// Checks every field of `request` against ``PlanLimits`` and the geometry's own constraints.
    /// - Parameter request: The request as sent.
    /// - Throws: a ``ValidationError`` naming the first offending field.
    public init(_ request: PlanRequest) throws(ValidationError) {
        let perTrack: Int?
        (timing, perTrack) = try request.checked()
        // One copy of the request, changed in place.
        var resolved = request
        resolved.moveChildrenToWindowSpace()
        var warnings = resolved.clampCapsules()
        self.request = resolved
        warnings += request.ineffectiveFieldWarnings
        if let stretched = request.stretchShownCovering { warnings.append(stretched) }
        self.warnings = warnings
        imageSize = request.resolvedImageSize
        visibleSource = request.source.visibleFrame.flatMap { $0.intersection(request.source.frame) } ?? request.source.frame
        reducedMotion = request.reducedMotion ?? PlanDefaults.reducedMotion
        fadeMode = request.timing.fadeMode ?? PlanDefaults.fadeMode(for: request.style, reducedMotion: reducedMotion)
        let curve = request.timing.curve ?? PlanDefaults.timing(for: request.style, direction: request.direction).curve
        if case .spring(var spring) = curve {
            spring.response = nil
            channelCurve = .spring(spring)
        } else {
            channelCurve = curve
        }
        overlayOpacity = request.overlayOpacity ?? PlanDefaults.overlayOpacity
        fadeFraction = request.timing.fadeFraction ?? PlanDefaults.fadeFraction
        start = try request.from.map { origin throws(ValidationError) in try Self.start(of: origin, for: self) }
        let choreography = Choreography(for: self)
        keyframeTracks = choreography.keyframeTracks
        choreographyCache = ChoreographyCache(choreography)
        if let perTrack {
            let total = perTrack * keyframeTracks
            guard total <= PlanLimits.maximumTotalKeyframes else {
                throw ValidationError(
                    field: request.sampling.fieldName,
                    message: "would produce \(total) keyframes over \(keyframeTracks) tracks, more than \(PlanLimits.maximumTotalKeyframes)")
            }
            fixedKeyframes = total
        }
    }
}

extension ValidatedPlanRequest {
    /// Most plans a chain of interruptions may nest (`from.request.from…`).
    static let maximumInterruptionDepth = 8

    /// The tracks' start an origin gives: a running plan's state and rates at its time (the plan checked as any
    /// request, its problems named under `from.request`), or a client's visible state for the flying track.
    fileprivate static func start(of origin: PlanOrigin, for validated: ValidatedPlanRequest) throws(ValidationError) -> InterruptionStart {
        switch origin {
        case .running(let request, let time):
            var depth = 1, inner = request.from
            while case .running(let next, _) = inner {
                depth += 1
                inner = next.from
            }
            guard depth <= maximumInterruptionDepth else {
                throw ValidationError(field: "from.request", message: "nests \(depth) interrupted plans, more than \(maximumInterruptionDepth)")
            }
            let running: ValidatedPlanRequest
            do { running = try request.validated() } catch {
                throw error.nested(under: "from.request")
            }
            try FieldCheck.check(time, in: 0...running.timing.duration, at: "from.time")
            return InterruptionStart.running(running, at: time)
        case .state(let state, let velocity):
            try FieldCheck.check(rect: state.clip, at: "from.state.clip")
            if let image = state.image { try FieldCheck.check(rect: image, at: "from.state.image") }
            try FieldCheck.check(radius: state.cornerRadius, at: "from.state.cornerRadius")
            if let opacity = state.opacity { try FieldCheck.check(opacity, in: 0...1, at: "from.state.opacity") }
            let limit = PlanLimits.maximumInterruptionRate
            for (value, name) in [
                (velocity.clip.x, "clip.x"), (velocity.clip.y, "clip.y"), (velocity.clip.width, "clip.width"), (velocity.clip.height, "clip.height"),
                (velocity.image?.x ?? 0, "image.x"), (velocity.image?.y ?? 0, "image.y"), (velocity.image?.width ?? 0, "image.width"),
                (velocity.image?.height ?? 0, "image.height"), (velocity.cornerRadius, "cornerRadius"), (velocity.opacity ?? 0, "opacity")
            ] {
                try FieldCheck.check(value, in: -limit...limit, at: "from.velocity.\(name)")
            }
            let choreography = Choreography(for: validated)
            return InterruptionStart.given(
                state, velocity: velocity, flying: choreography.parts[choreography.flyingPart].id,
                faded: choreography.fadingPart.map { choreography.parts[$0].id })
        }
    }
}

extension PlanRequest {
    /// Moves children given in the container's space into window space.
    fileprivate mutating func moveChildrenToWindowSpace() {
        guard snapshot?.childSpace == .container else { return }
        let from = source.frame.origin, to = destination.contentFrame.origin
        for index in children.indices {
            children[index].from = children[index].from.offsetBy(dx: from.x, dy: from.y)
            children[index].to = children[index].to.offsetBy(dx: to.x, dy: to.y)
        }
        snapshot?.childSpace = .window
    }

    /// Clamps every radius past half its rect's shorter side to it.
    /// - Returns: A warning for each radius clamped.
    fileprivate mutating func clampCapsules() -> [PlanWarning] {
        var warnings: [PlanWarning] = []
        func clamp(_ radius: inout Double, to rect: Rect, _ field: String, _ rectName: String) {
            guard radius > rect.maxCornerRadius else { return }
            warnings.append(
                PlanWarning(
                    field: field,
                    message:
                        "is more than half the shorter side of \(rectName) (\(describeNumber(radius)) > \(describeNumber(rect.maxCornerRadius))): "
                        + "drawn as a capsule, radius \(describeNumber(rect.maxCornerRadius))"))
            radius = rect.maxCornerRadius
        }
        let sourceFrame = source.frame, contentFrame = destination.contentFrame, bounds = destination.bounds
        clamp(&source.cornerRadius, to: sourceFrame, "source.cornerRadius", "source.frame")
        clamp(&destination.cornerRadius, to: contentFrame, "destination.cornerRadius", "destination.frame")
        clamp(&destination.screenCornerRadius, to: bounds, "destination.screenCornerRadius", "destination.bounds")
        for index in children.indices {
            let path = "children[\(index)]", from = children[index].from, to = children[index].to
            clamp(&children[index].fromCornerRadius, to: from, "\(path).fromCornerRadius", "\(path).from")
            clamp(&children[index].toCornerRadius, to: to, "\(path).toCornerRadius", "\(path).to")
        }
        return warnings
    }

    /// A warning when the flying image would stretch (a content mode that does not keep the aspect) under round corners
    /// or a shadow: it is shown covering its rect instead (``Scene/scaling(preservesAspect:rounded:shadowed:)``), so its
    /// ends are cropped where the views stretch. snapshot's snapshots have their own frames' aspects where they show,
    /// so it is not warned.
    fileprivate var stretchShownCovering: PlanWarning? {
        switch style {
        case .zoom, .morph, .sharedFrame: break
        case .reveal, .snapshot: return nil
        }
        let field: String, mode: ContentMode
        if !source.contentMode.preservesAspect {
            (field, mode) = ("source.contentMode", source.contentMode)
        } else if !destination.contentMode.preservesAspect {
            (field, mode) = ("destination.contentMode", destination.contentMode)
        } else {
            return nil
        }
        let endRadius = style == .sharedFrame ? destination.screenCornerRadius : destination.cornerRadius
        guard source.cornerRadius > 0 || endRadius > 0 || Scene.drawsShadow(self) else { return nil }
        return PlanWarning(
            field: field,
            message: "is \(mode.rawValue) under round corners or a shadow: the image is shown covering its frame (cropped, as aspectFill), "
                + "since a stretched layer would draw round corners as ellipses and its shadow off its points")
    }

    /// The request checked and resolved (see ``ValidatedPlanRequest``).
    /// - Returns: The request with every default resolved and each radius past a capsule clamped (with a warning).
    /// - Throws: a ``ValidationError`` naming the first offending field.
    public func validated() throws(ValidationError) -> ValidatedPlanRequest {
        try ValidatedPlanRequest(self)
    }

    /// Checks every field, returning the resolved timing it needs along the way and the keyframes a fixed
    /// sampling produces per track.
    fileprivate func checked() throws(ValidationError) -> (ResolvedTiming, perTrack: Int?) {
        try FieldCheck.check(rect: source.frame, at: "source.frame")
        try FieldCheck.check(radius: source.cornerRadius, at: "source.cornerRadius")
        try FieldCheck.check(rect: destination.bounds, at: "destination.bounds")
        if let frame = destination.frame { try FieldCheck.check(rect: frame, at: "destination.frame") }
        try FieldCheck.check(radius: destination.cornerRadius, at: "destination.cornerRadius")
        try FieldCheck.check(radius: destination.screenCornerRadius, at: "destination.screenCornerRadius")
        if let imageSize {
            try FieldCheck.check(extent: imageSize.width, at: "imageSize.width")
            try FieldCheck.check(extent: imageSize.height, at: "imageSize.height")
        }
        let timing = try validateTiming()
        try validateChildren()
        let fixedKeyframes = try validateSampling(duration: timing.duration)
        if let overlayOpacity {
            try FieldCheck.check(overlayOpacity, in: 0...1, at: "overlay.opacity")
        }
        try validateChoreography(duration: timing.duration)
        try validateImageAspect()
        if let precision, !PlanLimits.precisionRange.contains(precision) {
            throw ValidationError(field: "precision", message: "\(PlanLimits.precisionRule), got \(precision)")
        }
        return (timing, fixedKeyframes)
    }

    /// Checks the timing fields, then resolves them (only valid fields reach the spring solver).
    private func validateTiming() throws(ValidationError) -> ResolvedTiming {
        if let duration = timing.duration {
            try FieldCheck.check(finite: duration, at: "timing.duration")
            guard duration > 0 else { throw ValidationError(field: "timing.duration", message: "must be > 0, got \(describeNumber(duration))") }
            try FieldCheck.check(duration, in: PlanLimits.minimumDuration...PlanLimits.maximumDuration, at: "timing.duration")
        }
        if let fadeFraction = timing.fadeFraction {
            try FieldCheck.check(finite: fadeFraction, at: "timing.fadeFraction")
            guard fadeFraction > 0, fadeFraction < 1 else {
                throw ValidationError(field: "timing.fadeFraction", message: "must be > 0 and < 1, got \(describeNumber(fadeFraction))")
            }
        }
        if let curve = timing.curve { try FieldCheck.check(curve: curve, at: "timing.curve") }
        if case .spring(let spring) = timing.curve, spring.response != nil, timing.duration != nil {
            throw ValidationError(
                field: "timing.duration",
                message: "must be left out when timing.curve.spring.response is given (the spring's settling time is the duration)")
        }
        let defaults = PlanDefaults.timing(for: style, direction: direction)
        let resolved = ResolvedTiming(curve: timing.curve ?? defaults.curve, duration: timing.duration ?? defaults.duration)
        guard (PlanLimits.minimumDuration...PlanLimits.maximumDuration).contains(resolved.duration) else {
            throw ValidationError(
                field: "timing.curve.spring",
                message: "takes \(describeNumber(resolved.duration)) s to settle, outside the "
                    + "\(describeNumber(PlanLimits.minimumDuration))…\(describeNumber(PlanLimits.maximumDuration)) s a plan may last")
        }
        return resolved
    }

    /// Checks the sampling; returns the keyframes it fixes per track, nil for a tolerance.
    private func validateSampling(duration: Double) throws(ValidationError) -> Int? {
        switch sampling {
        case .keyframes(let count):
            guard PlanLimits.keyframeRange.contains(count) else {
                throw ValidationError(field: "sampling.keyframes", message: "\(PlanLimits.keyframesRule), got \(count)")
            }
            return count
        case .fps(let fps):
            try FieldCheck.check(finite: fps, at: "sampling.fps")
            guard fps > 0 else { throw ValidationError(field: "sampling.fps", message: "must be > 0, got \(describeNumber(fps))") }
            try FieldCheck.check(fps, in: 0...PlanLimits.maximumFPS, at: "sampling.fps")
            let count = Sampler.keyframeCount(duration: duration, fps: fps)
            guard count <= PlanLimits.maximumKeyframes else {
                throw ValidationError(
                    field: "sampling.fps",
                    message: "would produce \(count) keyframes over the duration, more than \(PlanLimits.maximumKeyframes)")
            }
            return count
        case .tolerance(let tolerance):
            try FieldCheck.check(finite: tolerance, at: "sampling.tolerance")
            try FieldCheck.check(tolerance, in: PlanLimits.minimumTolerance...PlanLimits.maximumExtent, at: "sampling.tolerance")
            return nil
        }
    }

    /// Checks what the choreography fields ask for: colours, shadows, channel timings, auxiliary views, the
    /// visible part of the source, the content region and the snapshot options.
    private func validateChoreography(duration: Double) throws(ValidationError) {
        if let visible = source.visibleFrame {
            try FieldCheck.check(rect: visible, at: "source.visibleFrame")
            guard visible.intersection(source.frame) != nil else {
                throw ValidationError(field: "source.visibleFrame", message: "must overlap source.frame (it is the part of it the user sees)")
            }
        }
        if let color = source.color { try FieldCheck.check(color: color, at: "source.color") }
        if let shadow = source.shadow { try FieldCheck.check(shadow: shadow, at: "source.shadow") }
        if let color = destination.color { try FieldCheck.check(color: color, at: "destination.color") }
        if let shadow = destination.shadow { try FieldCheck.check(shadow: shadow, at: "destination.shadow") }
        if let overlayColor { try FieldCheck.check(color: overlayColor, at: "overlay.color") }
        if let stageColor { try FieldCheck.check(color: stageColor, at: "stageColor") }
        if let placeholderColor { try FieldCheck.check(color: placeholderColor, at: "placeholder.color") }
        if let contentRegion { try FieldCheck.check(rect: contentRegion, at: "contentRegion") }
        if let content { try validateContent(content) }
        for (channel, channelTiming) in (timing.channels ?? [:]).sorted(by: { $0.key.ordinal < $1.key.ordinal }) {
            try channelTiming.check(at: "timing.channels.\(channel.rawValue)", duration: duration)
        }
        guard auxiliary.count <= PlanLimits.maximumAuxiliaryViews else {
            throw ValidationError(field: "auxiliary", message: "must have at most \(PlanLimits.maximumAuxiliaryViews) items, got \(auxiliary.count)")
        }
        for (index, view) in auxiliary.enumerated() {
            let path = "auxiliary[\(index)]"
            try FieldCheck.check(id: view.id, among: auxiliary[..<index].map(\.id), at: "\(path).id")
            try FieldCheck.check(rect: view.frame, at: "\(path).frame")
            try FieldCheck.check(view.from, in: 0...1, at: "\(path).from")
            try FieldCheck.check(view.to, in: 0...1, at: "\(path).to")
        }
        if let stagger = snapshot?.stagger {
            try FieldCheck.check(finite: stagger, at: "snapshot.stagger")
            guard stagger >= 0 else { throw ValidationError(field: "snapshot.stagger", message: "must be ≥ 0, got \(describeNumber(stagger))") }
            let spread = stagger * Double(max(0, children.count - 1))
            guard spread < duration else {
                throw ValidationError(
                    field: "snapshot.stagger",
                    message:
                        "spreads \(children.count) children over \(describeNumber(spread)) s, which must be less than the duration (\(describeNumber(duration)) s)"
                )
            }
        }
    }

    /// Every content reference is a URL (or an opaque reference written like one) of 1 to
    /// ``PlanLimits/maximumContentReferenceLength`` characters from RFC 3986's set (so every export can embed it
    /// unescaped in CSS `url("…")`, an attribute or JSON), and names a child or an auxiliary view the request has.
    private func validateContent(_ content: ContentReferences) throws(ValidationError) {
        for (side, name) in [(content.source, "source"), (content.destination, "destination")] {
            var references = [("element", side.element), ("screen", side.screen)]
            for (id, reference) in side.children.sorted(by: { $0.key < $1.key }) {
                guard children.contains(where: { $0.id == id }) else {
                    throw ValidationError(field: "content.\(name).children.\(id)", message: "names no child pair; children are the ids of `children`")
                }
                references.append(("children.\(id)", reference))
            }
            for case (let field, let reference?) in references { try check(reference, at: "content.\(name).\(field)") }
        }
        for (id, reference) in content.auxiliary.sorted(by: { $0.key < $1.key }) {
            guard auxiliary.contains(where: { $0.id == id }) else {
                throw ValidationError(field: "content.auxiliary.\(id)", message: "names no auxiliary view; these are the ids of `auxiliary`")
            }
            try check(reference, at: "content.auxiliary.\(id)")
        }
        func check(_ reference: ContentReference, at field: String) throws(ValidationError) {
            try FieldCheck.check(contentReference: reference.url, at: "\(field).url")
            if let size = reference.size {
                try FieldCheck.check(extent: size.width, at: "\(field).size.width")
                try FieldCheck.check(extent: size.height, at: "\(field).size.height")
            }
        }
    }

    private func validateChildren() throws(ValidationError) {
        guard children.count <= PlanLimits.maximumChildren else {
            throw ValidationError(field: "children", message: "must have at most \(PlanLimits.maximumChildren) items, got \(children.count)")
        }
        for (index, child) in children.enumerated() {
            let path = "children[\(index)]"
            try FieldCheck.check(id: child.id, among: children[..<index].map(\.id), at: "\(path).id")
            try FieldCheck.check(rect: child.from, at: "\(path).from")
            try FieldCheck.check(rect: child.to, at: "\(path).to")
            try FieldCheck.check(radius: child.fromCornerRadius, at: "\(path).fromCornerRadius")
            try FieldCheck.check(radius: child.toCornerRadius, at: "\(path).toCornerRadius")
        }
    }

}

/// Checks of one field against a rule, each throwing a ``ValidationError`` that names the field. The name is made
/// only for an error: every request passes dozens of checks.
enum FieldCheck {
    static func check(finite value: Double, at field: @autoclosure () -> String) throws(ValidationError) {
        guard value.isFinite else { throw ValidationError(field: field(), message: "must be a finite number, got \(value)") }
    }

    static func check(_ value: Double, in range: ClosedRange<Double>, at field: @autoclosure () -> String) throws(ValidationError) {
        try FieldCheck.check(finite: value, at: field())
        guard range.contains(value) else {
            throw ValidationError(
                field: field(),
                message: "must be between \(describeNumber(range.lowerBound)) and \(describeNumber(range.upperBound)), got \(describeNumber(value))")
        }
    }

    static func check(extent: Double, at field: @autoclosure () -> String) throws(ValidationError) {
        try FieldCheck.check(finite: extent, at: field())
        guard extent > 0 else { throw ValidationError(field: field(), message: "must be > 0, got \(describeNumber(extent))") }
        try FieldCheck.check(extent, in: PlanLimits.minimumExtent...PlanLimits.maximumExtent, at: field())
    }

    static func check(rect: Rect, at field: @autoclosure () -> String) throws(ValidationError) {
        let limit = PlanLimits.maximumExtent
        try FieldCheck.check(rect.x, in: -limit...limit, at: "\(field()).x")
        try FieldCheck.check(rect.y, in: -limit...limit, at: "\(field()).y")
        try FieldCheck.check(extent: rect.width, at: "\(field()).width")
        try FieldCheck.check(extent: rect.height, at: "\(field()).height")
    }

    /// A caller's id: 1 to ``PlanLimits/maximumChildIDLength`` characters, not among `earlier`.
    static func check(id: String, among earlier: [String], at field: @autoclosure () -> String) throws(ValidationError) {
        guard !id.isEmpty, id.count <= PlanLimits.maximumChildIDLength else {
            throw ValidationError(field: field(), message: "must be 1 to \(PlanLimits.maximumChildIDLength) characters long")
        }
        if earlier.contains(id) {
            throw ValidationError(field: field(), message: "must be unique, \"\(EchoedInput.bounded(id))\" is used twice")
        }
    }

    /// A content reference: 1 to ``PlanLimits/maximumContentReferenceLength`` characters, each one RFC 3986 allows
    /// in a URI (letters, digits, `-._~:/?#[]@!$&'()*+,;=` and `%`).
    static func check(contentReference reference: String, at field: @autoclosure () -> String) throws(ValidationError) {
        let count = reference.utf8.count
        guard count >= 1, count <= PlanLimits.maximumContentReferenceLength else {
            throw ValidationError(field: field(), message: "must be 1 to \(PlanLimits.maximumContentReferenceLength) characters long, got \(count)")
        }
        let allowed = Self.uriCharacters
        if let bad = reference.utf8.first(where: { !allowed.contains($0) }) {
            let shown = bad < 0x80 ? String(UnicodeScalar(bad)).debugDescription : "a non-ASCII character"
            throw ValidationError(field: field(), message: "must be a URL (RFC 3986 characters, others percent-encoded), got \(shown)")
        }
    }

    /// The bytes RFC 3986 allows in a URI.
    private static let uriCharacters: Set<UInt8> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".utf8)

    /// A colour: every component in 0…1.
    static func check(color: Color, at field: @autoclosure () -> String) throws(ValidationError) {
        try FieldCheck.check(color.r, in: 0...1, at: "\(field()).r")
        try FieldCheck.check(color.g, in: 0...1, at: "\(field()).g")
        try FieldCheck.check(color.b, in: 0...1, at: "\(field()).b")
        try FieldCheck.check(color.a, in: 0...1, at: "\(field()).a")
    }

    /// A shadow: a valid colour, a radius like a corner radius, an offset within the coordinate limits.
    static func check(shadow: Shadow, at field: @autoclosure () -> String) throws(ValidationError) {
        try FieldCheck.check(color: shadow.color, at: "\(field()).color")
        try FieldCheck.check(radius: shadow.radius, at: "\(field()).radius")
        let limit = PlanLimits.maximumExtent
        try FieldCheck.check(shadow.offset.x, in: -limit...limit, at: "\(field()).offset.x")
        try FieldCheck.check(shadow.offset.y, in: -limit...limit, at: "\(field()).offset.y")
    }

    /// A curve's parameters (a plan's, a channel's or a dismissal's finish or cancel).
    static func check(curve: TimingCurve, at field: @autoclosure () -> String) throws(ValidationError) {
        switch curve {
        case .cubicBezier(let bezier):
            try FieldCheck.check(bezier.x1, in: 0...1, at: "\(field()).cubicBezier[0]")
            try FieldCheck.check(bezier.y1, in: -PlanLimits.maximumBezierY...PlanLimits.maximumBezierY, at: "\(field()).cubicBezier[1]")
            try FieldCheck.check(bezier.x2, in: 0...1, at: "\(field()).cubicBezier[2]")
            try FieldCheck.check(bezier.y2, in: -PlanLimits.maximumBezierY...PlanLimits.maximumBezierY, at: "\(field()).cubicBezier[3]")
        case .spring(let spring):
            try FieldCheck.check(spring.dampingRatio, in: PlanLimits.dampingRatioRange, at: "\(field()).spring.dampingRatio")
            let velocityLimit = PlanLimits.maximumSpringVelocity
            try FieldCheck.check(spring.initialVelocity, in: -velocityLimit...velocityLimit, at: "\(field()).spring.initialVelocity")
            if let response = spring.response {
                try FieldCheck.check(response, in: PlanLimits.minimumSpringResponse...PlanLimits.maximumDuration, at: "\(field()).spring.response")
            }
        case .linear, .easeIn, .easeOut, .easeInOut:
            break
        }
    }

    /// A corner radius: finite, ≥ 0 and at most ``PlanLimits/maximumRadius`` (one past half its rect's shorter
    /// side is accepted and drawn as a capsule).
    static func check(radius: Double, at field: @autoclosure () -> String) throws(ValidationError) {
        try FieldCheck.check(finite: radius, at: field())
        guard radius >= 0 else { throw ValidationError(field: field(), message: "must be ≥ 0, got \(describeNumber(radius))") }
        try FieldCheck.check(radius, in: 0...PlanLimits.maximumRadius, at: field())
    }
}

extension ChannelTiming {
    /// Checks the span (inside the transition, start before end) and the curve (none for a `progress` share,
    /// no spring `response`: the window sets its length).
    fileprivate func check(at field: String, duration: Double) throws(ValidationError) {
        let (start, end, limit, name): (Double, Double, Double, String)
        switch span {
        case .window(let s, let e): (start, end, limit, name) = (s, e, 1, "window")
        case .progress(let s, let e): (start, end, limit, name) = (s, e, 1, "progress")
        case .seconds(let s, let e): (start, end, limit, name) = (s, e, duration, "seconds")
        }
        try FieldCheck.check(start, in: 0...limit, at: "\(field).\(name)[0]")
        try FieldCheck.check(end, in: 0...limit, at: "\(field).\(name)[1]")
        guard end > start else {
            throw ValidationError(
                field: "\(field).\(name)", message: "must end after it starts, got [\(describeNumber(start)), \(describeNumber(end))]")
        }
        if case .progress = span, curve != nil {
            throw ValidationError(field: "\(field).curve", message: "must be left out with progress (a share of the plan's own curve)")
        }
        if let curve {
            try FieldCheck.check(curve: curve, at: "\(field).curve")
            if case .spring(let spring) = curve, spring.response != nil {
                throw ValidationError(field: "\(field).curve.spring.response", message: "must be left out in a channel (the window sets its length)")
            }
        }
    }
}

extension Sampling {
    /// The request field the sampling is given in (`sampling.keyframes`, `sampling.fps`, `sampling.tolerance`).
    var fieldName: String {
        switch self {
        case .keyframes: "sampling.keyframes"
        case .fps: "sampling.fps"
        case .tolerance: "sampling.tolerance"
        }
    }
}
