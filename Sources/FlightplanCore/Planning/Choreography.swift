/// Every track of one transition before sampling, bottom to top, and which of them flies and which fades for the
/// style (what a client's visible state, a dismissal drag and the motion warnings describe).
struct Choreography {
    /// One track before sampling: where it sits and how its values follow the channels.
    struct Part {
        var id: String
        var role: TrackRole
        var frame: Rect
        var cornerCurve: CornerCurve? = nil
        var clip: Rect? = nil
        /// What it draws and how, when it flies (an interruption moves it where the eye sees it).
        var flight: Flight? = nil
        /// Whether any of its values changes (a held track is neither sampled nor checked).
        var moves: Bool = true
        /// What it paints: the request's content reference for it.
        var content: ContentReference? = nil
        /// Where the content sits in the part's own space, when not the whole of it.
        var contentFrame: Rect? = nil
        /// For a part drawn inside another one's layer (sharedFrame's destination image in the flying screen): that
        /// part's id; its frame is then in that layer's own space, and whatever moves the other part moves it.
        var parent: String? = nil
        /// Whether it paints its role's content when the request gives it (reveal's growing colour leaves its image to
        /// the sublayer above it).
        var paintsContent = true
        /// For the lower layer of a pair of one shape that fades without a dip (``PartKit/pairOpacity(incoming:_:)``): the
        /// upper layer's id, so that a continuation of the pair covers the stage as the pair did.
        var coveredBy: String? = nil
        /// How its values follow its channels' progress, as the progress bound reads them (``SampledLayer/Form``):
        /// `.linear` where they are linear and set no transform (a fade, a mask that slides); `.flight` for a flight's
        /// geometry (``FlightTrack``, ``RevealTrack``) with an opacity linear in its channel, whose own corners
        /// ``formKinks`` holds. A flight is measured where the transform, the mask and the radius do not share one clock.
        var form: SampledLayer.Form = .measured
        /// The progresses of its geometric channels where its form turns a corner: a flight's (``FlightTrack/kinks``),
        /// where reveal's image has faded out.
        var formKinks: [Double] = []
        /// For a flight whose form a spring may carry past the plan's end: the flight (``FlightOvershoot``).
        var formFlight: FlightTrack? = nil
        /// The channels its values read (all, unless its builder says which): where none of them runs on a window of
        /// time, and it has no ``ownClock``, it is a function of the plan's progress, which the progress bound samples.
        var reads: ChannelSet = .all
        /// Whether it runs on a clock of its own rather than the plan's (a staggered child, an interrupted track's
        /// rate-matched motion): it is then sampled in time, or on its ``stagger``'s span.
        var ownClock = false
        /// For a staggered child: the plan's clock run over its own span of the plan's time, and its values on that clock.
        var stagger: Stagger? = nil
        var values: (ChannelInstant) -> TrackValues
    }

    /// A staggered part's own clock: the plan's whole motion run over `moving` seconds from `delay` (held at its start
    /// before, at its end after), and the part's values at an instant of that clock.
    struct Stagger {
        var delay: Double
        var moving: Double
        var values: (ChannelInstant) -> TrackValues
    }

    var parts: [Part] = []
    var hides: [String] = []
    /// What the style did otherwise than the request asked (a fade mode it cannot honour), for the plan's warnings.
    var warnings: [PlanWarning] = []
    let clocks: ChannelClocks
    /// The part the style flies (the content, the destination screen, the growing element, the incoming
    /// snapshot), and the one whose opacity says how far the rest of the scene has gone (nil when none fades).
    var flyingPart = 0
    var fadingPart: Int?

    /// The choreography a validated request asks for.
    init(for validated: ValidatedPlanRequest) {
        // The request's fields are read where they lie: a copy of the request (its many fields' reference counts) cost more
        // than some of the parts.
        clocks = ChannelClocks(for: validated)
        let kit = PartKit(validated, clocks: clocks)
        // Room for every style's parts (at most six) with the children's and auxiliary views': growing the array part
        // by part copied it each time.
        parts.reserveCapacity(6 + 2 * validated.request.children.count + validated.request.auxiliary.count)
        if validated.reducedMotion {
            addScreens(kit, validated)
            flyingPart = parts.firstIndex { $0.role == .destinationScreen } ?? 0
            fadingPart = flyingPart
        } else {
            switch validated.request.style {
            case .sharedFrame: addSharedFrame(kit, validated)
            case .zoom: addFlight(kit, validated, track: Scene.zoomTrack(validated))
            case .morph: addFlight(kit, validated, track: Scene.elementFlight(validated))
            case .reveal: addReveal(kit, validated)
            case .snapshot: addSnapshot(kit, validated)
            }
            addChildren(kit, validated)
        }
        for view in validated.request.auxiliary {
            parts.append(
                Part(id: "auxiliary:\(view.id)", role: .auxiliary, frame: view.frame, form: .linear, reads: ChannelSet(.auxiliary)) { instant in
                    TrackValues(opacity: Interpolation.linear(view.from, view.to, instant(.auxiliary)))
                })
        }
        if validated.request.style == .sharedFrame && !validated.reducedMotion { addDestinationImage(validated) }
        if let start = validated.start { interrupted(from: start, timing: validated.timing) }
        if let content = validated.request.content {
            for index in parts.indices {
                let part = parts[index]
                guard part.paintsContent else { continue }
                parts[index].content = content.reference(for: part.role, id: part.id, style: validated.request.style)
                // The flying image sits where its flight draws it (morph's aspect-filled image overflows the element);
                // any other element's or child's content of a known size sits as its content mode lays it out.
                let whole = Rect(x: 0, y: 0, width: part.frame.width, height: part.frame.height)
                var drawn: Rect?
                if let mode = validated.request.contentMode(laying: part.role, id: part.id), let size = parts[index].content?.size {
                    drawn = mode.displayedRect(of: size, in: whole)
                } else if parts[index].content != nil, part.role == .content {
                    drawn = part.flight?.content
                }
                if let drawn, drawn != whole {
                    parts[index].contentFrame = drawn
                    // An auxiliary view shows its picture inside its frame, as the view does: cropped by a mask of the
                    // frame where the content mode lays it out past it (a square picture filling a tab bar).
                    let slack = 1e-9 * max(whole.width, whole.height)
                    let overflows = drawn.x < -slack || drawn.y < -slack || drawn.maxX > whole.maxX + slack || drawn.maxY > whole.maxY + slack
                    if part.role == .auxiliary && overflows {
                        let values = part.values
                        parts[index].values = { instant in
                            var shown = values(instant)
                            shown.maskFrame = whole
                            return shown
                        }
                    }
                }
            }
        }
        if let color = validated.request.stageColor { addBackdrop(color, covering: validated.request.destination.bounds) }
    }

    /// The backdrop (the stage in the request's `stageColor`) under every track, held opaque over the bounds, so that what the tracks
    /// leave uncovered (a fade `through`'s middle) shows it rather than the page behind.
    private mutating func addBackdrop(_ color: Color, covering bounds: Rect) {
        let backdrop = Part(id: "backdrop", role: .overlay, frame: bounds, moves: false, reads: []) { _ in TrackValues(opacity: 1, color: color) }
        parts.insert(backdrop, at: 0)
        flyingPart += 1
        fadingPart = fadingPart.map { $0 + 1 }
    }

    /// Tracks of the plan that carry keyframes: every moving one.
    var keyframeTracks: Int { parts.reduce(0) { $0 + ($1.moves ? 1 : 0) } }

    /// The indices of the moving parts (those sampled), in an array made once at its room (a `filter` grew it as it went).
    var movingParts: [Int] {
        var indices: [Int] = []
        indices.reserveCapacity(parts.count)
        for index in parts.indices where parts[index].moves { indices.append(index) }
        return indices
    }

    /// The source and destination screens in the order the fade mode stacks them, fading as ``PartKit/pairOpacity(incoming:_:)``
    /// says (the two cover the same bounds, so the lower one stays opaque under the upper one's fade: no dip).
    mutating func addScreens(_ kit: PartKit, _ validated: ValidatedPlanRequest) {
        let bounds = validated.request.destination.bounds
        let source = Part(
            id: "sourceScreen", role: .sourceScreen, frame: bounds, moves: kit.fadeMode != .in,
            form: kit.keepsOwnOpacity(incoming: false) ? .linear : .measured, reads: kit.fadeReads(incoming: false)
        ) { instant in
            kit.fadeMode == .in ? TrackValues() : TrackValues(opacity: kit.pairOpacity(incoming: false, instant))
        }
        let destination = Part(
            id: "destinationScreen", role: .destinationScreen, frame: bounds, moves: kit.fadeMode != .out,
            form: kit.keepsOwnOpacity(incoming: true) ? .linear : .measured, reads: kit.fadeReads(incoming: true)
        ) { instant in
            kit.fadeMode == .out ? TrackValues() : TrackValues(opacity: kit.pairOpacity(incoming: true, instant))
        }
        parts += kit.pair(lower: kit.fadeMode == .out ? destination : source, upper: kit.fadeMode == .out ? source : destination)
    }

    /// zoom (seed 001) and morph (seed 003): the screens fade as the fade mode says, the content flies above.
    private mutating func addFlight(_ kit: PartKit, _ validated: ValidatedPlanRequest, track: FlightTrack) {
        addScreens(kit, validated)
        fadingPart = kit.fadeMode == .out ? nil : parts.firstIndex { $0.role == .destinationScreen }
        parts.append(kit.content(track))
        flyingPart = parts.count - 1
        hides = ["sourceElement", "destinationElement"]
    }

    /// Each child pair as two snapshots above the rest, as the seed nests a snapshot transition for each pair: the
    /// source child's fading out and the destination child's fading in as the fade mode says (so the child is
    /// visible throughout), stacked as the style's snapshots are (without a dip when both are clipped to the child's
    /// frame, so that they share one shape), while the caller hides its child view (in any style).
    /// With a stagger, child `i` starts `i × stagger` seconds late and moves over the duration less
    /// `stagger × (children − 1)`.
    private mutating func addChildren(_ kit: PartKit, _ validated: ValidatedPlanRequest) {
        let request = validated.request, options = request.snapshot
        let stagger = options?.stagger ?? PlanDefaults.stagger
        let clips = options?.clipsChildren ?? PlanDefaults.clipsChildren
        let duration = clocks.timing.duration
        let moving = duration - stagger * Double(max(0, request.children.count - 1))
        for (index, child) in request.children.enumerated() {
            let tracks = Scene.childTracks(for: child, clipped: clips, bend: Scene.bend(request, from: child.from, to: child.to))
            hides.append("child:\(child.id)")
            let delay = stagger * Double(index)
            parts += kit.snapshots(
                incoming: ("child:\(child.id)", .child, tracks.incoming), outgoing: ("outgoingChild:\(child.id)", .outgoingChild, tracks.outgoing),
                sharedShape: clips, stagger: stagger > 0 ? (delay, moving, duration) : nil)
        }
    }
}

/// The choreography a request's validation built (to count the tracks that carry keyframes), kept for the planner, which
/// would otherwise build it again. It follows from the request, so it is no part of the request's identity: any two
/// compare equal and hash alike. Sendable as the choreography is: its parts' closures capture only constants (and the
/// clocks, which never change).
struct ChoreographyCache: Hashable, @unchecked Sendable {
    private final class Box {
        let choreography: Choreography
        init(_ choreography: Choreography) { self.choreography = choreography }
    }

    private var box: Box?

    /// No choreography yet.
    init() {}

    /// Keeps `choreography`.
    init(_ choreography: Choreography) { box = Box(choreography) }

    /// The kept choreography, if any.
    var choreography: Choreography? { box?.choreography }

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension ValidatedPlanRequest {
    /// The request's choreography: the one its validation built, or (for a copy made before it was kept) a new one.
    var choreography: Choreography {
        if let built = choreographyCache.choreography { return built }
        return Choreography(for: self)
    }
}

/// What every part of a choreography is built from: the request's resolved choices and the channel maths
/// they share. Every part's closure captures the kit, so it holds only the few values those closures read, not the
/// request (a copy of its many fields and their reference counts cost more than the parts' values at 31 keyframes);
/// the builders read the request itself, which they are handed alongside.
struct PartKit {
    var fadeMode: FadeMode
    let cornerCurve: CornerCurve
    let region: Rect?
    let visibleSource: Rect
    let color: (from: Color, to: Color)?
    let shadow: (from: Shadow, to: Shadow)?
    /// Whether the incoming and the outgoing layers fade on one clock (``ChannelClocks/fadesAlike``).
    let fadesAlike: Bool

    init(_ validated: ValidatedPlanRequest, clocks: ChannelClocks) {
        fadeMode = validated.fadeMode
        fadesAlike = clocks.fadesAlike
        let request = validated.request
        cornerCurve = request.cornerCurve ?? PlanDefaults.cornerCurve
        region = request.contentRegion
        visibleSource = validated.visibleSource
        let source = request.source, destination = request.destination
        if let from = source.color ?? destination.color { color = (from, destination.color ?? from) } else { color = nil }
        if let from = source.shadow ?? destination.shadow?.transparent {
            shadow = (from, destination.shadow ?? from.transparent)
        } else {
            shadow = nil
        }
    }

    /// The incoming screen's or snapshot's opacity as the fade mode means it.
    func incoming(_ instant: ChannelInstant) -> Double { fadeMode == .out ? 1 : instant(.fadeIn) }
    /// The outgoing screen's or snapshot's opacity as the fade mode means it.
    func outgoing(_ instant: ChannelInstant) -> Double { fadeMode == .in ? 1 : 1 - instant(.fadeOut) }

    /// The opacity that shows the incoming (`incoming`) or the outgoing layer of a pair of one shape, stacked as the fade
    /// mode says (the incoming above unless it fades `out`), as the mode's mix of the two without a dip.
    ///
    /// The mode means the mix `u·U + l·L` of the upper layer `U` at `u` and the lower `L` at `l` (what CSS View
    /// Transitions draw with `mix-blend-mode: plus-lighter`, which adds the two). Drawn one over the other, as every
    /// player composites, the pair shows `u·U + (1 − u)·b·L` (the page behind showing through the rest), so the upper
    /// layer keeps `u` and the lower one is drawn at `b = l / (1 − u)`: exactly the mix wherever the upper layer's
    /// pixels are opaque, in any player and without a blend mode. A cross-fade (`l = 1 − u`) keeps the lower layer
    /// opaque (`b = 1`): the stage stays covered; a fade `through` dips as it means to, to whatever is behind (the
    /// request's `stageColor`), each layer at its own opacity (one is 0 while the other fades, so that `b = l` but
    /// where the upper one is opaque and hides the lower). Where the sum passes 1 (the channels timed to overlap), plus-lighter
    /// would brighten; `b` stops at 1 and the pair stays the upper layer's fade over the lower one. So a cross-fade
    /// ends with the outgoing layer opaque under the opaque incoming one (hidden: the two share one shape), not at 0:
    /// a lower layer that let go of the stage at the end would dip wherever a player interpolates between two
    /// keyframes, and a spring's fade, clamped at 1, reaches that end more than once. Where the upper layer's own
    /// pixels are translucent (an image with alpha, a letterbox), the lower one shows there at `b` rather than `l`.
    /// - Parameters:
    ///   - incoming: Whether the layer is the incoming one.
    ///   - instant: The channels' progress.
    /// - Returns: The layer's opacity, 0…1 (the upper one's own, read without the lower one's channel).
    func pairOpacity(incoming: Bool, _ instant: ChannelInstant) -> Double {
        let own = incoming ? self.incoming(instant) : outgoing(instant)
        guard !keepsOwnOpacity(incoming: incoming) else { return own }
        return Self.lowerOpacity(showing: own, under: incoming ? outgoing(instant) : self.incoming(instant))
    }

    /// Whether the incoming (`incoming`) or the outgoing layer of a pair of one shape shows its own channel's opacity
    /// (``pairOpacity(incoming:_:)``): the upper layer (the incoming one unless it fades `out`) and, fading `through`, both;
    /// the lower one is otherwise drawn at `b`.
    func keepsOwnOpacity(incoming: Bool) -> Bool { fadeMode == .through || incoming != (fadeMode == .out) }

    /// The fade channels the incoming (`incoming`) or the outgoing layer of a pair reads: its own alone where it keeps its
    /// own opacity (``keepsOwnOpacity(incoming:)``) or the two do not share one shape (`sharedShape`), else both.
    func fadeReads(incoming: Bool, sharedShape: Bool = true) -> ChannelSet {
        keepsOwnOpacity(incoming: incoming) || !sharedShape ? ChannelSet(incoming ? .fadeIn : .fadeOut) : .fades
    }

    /// Whether the incoming (`incoming`) or the outgoing layer of a pair of one shape has an opacity linear in its
    /// channels' progress: one that keeps its own (``keepsOwnOpacity(incoming:)``), or a lower one that stays opaque,
    /// under a fade `in` or `out` (its own channel holds at 1) or a cross-fade on one clock (`l = 1 − u`).
    func pairOpacityIsLinear(incoming: Bool) -> Bool {
        keepsOwnOpacity(incoming: incoming) || fadeMode == .in || fadeMode == .out || fadesAlike
    }

    /// The lower layer's opacity `b` that shows it at `share` of the mix under an upper layer of the same shape at
    /// `upper`: `share / (1 − upper)`, at most 1 (1 under an opaque upper layer, which hides it).
    static func lowerOpacity(showing share: Double, under upper: Double) -> Double {
        share >= 1 - upper ? 1 : share / (1 - upper)
    }

    /// A flight's transform, mask and radius, each at its channel's progress (static, so that a part's closure that
    /// needs only this captures the flight, not the kit, whose reference it would retain and release at every instant).
    static func geometry(of flight: FlightTrack, at instant: ChannelInstant) -> TrackValues {
        let progress = instant.geometry
        let state = flight.state(transform: progress.transform, maskFrame: progress.maskFrame, cornerRadius: progress.cornerRadius, opacity: 1)
        return TrackValues(transform: state.transform, maskFrame: state.maskFrame, cornerRadius: state.cornerRadius)
    }

    /// The channels ``paint(_:at:)`` reads: the colour's and the shadow's, each where the request has it change.
    var paintReads: ChannelSet {
        var reads: ChannelSet = []
        if let color, color.from != color.to { reads.insert(ChannelSet(.color)) }
        if let shadow, shadow.from != shadow.to { reads.insert(ChannelSet(.shadow)) }
        return reads
    }

    /// Paints the content's colour and shadow at `instant` over `values`, which hold its transform: the shadow given
    /// back in points under the layer's (uniform) scale. Neither is set (and nothing copied) when the request gives
    /// neither.
    func paint(_ values: inout TrackValues, at instant: ChannelInstant) {
        if let color { values.color = color.from.interpolated(to: color.to, fraction: instant(.color)) }
        if let shadow {
            values.shadow = shadow.from.interpolated(to: shadow.to, fraction: instant(.shadow))
            values = values.withShadowInLayerSpace
        }
    }

    /// The flying content: a flight's geometry with the content's colour and shadow.
    func content(_ flight: FlightTrack) -> Choreography.Part {
        Choreography.Part(
            id: "content", role: .content, frame: flight.layer, cornerCurve: cornerCurve, clip: region, flight: Flight(flight), form: .flight,
            formKinks: flight.kinks, formFlight: flight, reads: ChannelSet.geometry.union(paintReads)
        ) { instant in
            var values = Self.geometry(of: flight, at: instant)
            paint(&values, at: instant)
            return values
        }
    }

    /// A snapshot transition's two snapshots, each flying with its flight: the outgoing fading out and the incoming
    /// fading in as the fade mode says, stacked as it says (the incoming above, unless it fades `out`); a `stagger` runs
    /// the pair's motion over `moving` seconds of the plan's `duration` from `delay` (a staggered child's; nil where the
    /// two keep the plan's clock). When the two share one shape at every instant (`sharedShape`: the same clip and
    /// radii), they fade as ``pairOpacity(incoming:_:)`` says, without a dip; else each as the mode means it, over the
    /// other.
    func snapshots(
        incoming: (id: String, role: TrackRole, flight: FlightTrack), outgoing: (id: String, role: TrackRole, flight: FlightTrack),
        sharedShape: Bool, stagger: (delay: Double, moving: Double, duration: Double)? = nil
    ) -> [Choreography.Part] {
        let fadeMode = self.fadeMode
        // The side, the shape and the clock are settled here, once, rather than by a closure called at every instant.
        func snapshot(_ side: (id: String, role: TrackRole, flight: FlightTrack), isIncoming: Bool) -> Choreography.Part {
            let flight = side.flight
            let linearOpacity = !sharedShape || pairOpacityIsLinear(incoming: isIncoming)
            let own = { (instant: ChannelInstant) in
                var values = Self.geometry(of: flight, at: instant)
                values.opacity =
                    sharedShape ? self.pairOpacity(incoming: isIncoming, instant) : isIncoming ? self.incoming(instant) : self.outgoing(instant)
                return values
            }
            var part = Choreography.Part(
                id: side.id, role: side.role, frame: flight.layer, cornerCurve: cornerCurve, clip: region, flight: Flight(flight),
                form: linearOpacity ? .flight : .measured, formKinks: flight.kinks, formFlight: flight,
                reads: ChannelSet.geometry.union(fadeReads(incoming: isIncoming, sharedShape: sharedShape)), values: own)
            if let (delay, moving, duration) = stagger {
                part.ownClock = true
                part.stagger = Choreography.Stagger(delay: delay, moving: moving, values: own)
                part.values = { instant in own(instant.retimed { min(max(0, ($0 - delay) * duration / moving), duration) }) }
            }
            return part
        }
        let incomingPart = snapshot(incoming, isIncoming: true)
        let outgoingPart = snapshot(outgoing, isIncoming: false)
        let (lower, upper) = fadeMode == .out ? (incomingPart, outgoingPart) : (outgoingPart, incomingPart)
        return sharedShape ? pair(lower: lower, upper: upper) : [lower, upper]
    }

    /// Two parts of one shape stacked `lower` first; unless they fade `through`, the lower one is marked as covered by
    /// the upper one (``Choreography/Part/coveredBy``): they fade as ``pairOpacity(incoming:_:)`` says, without a dip.
    func pair(lower: Choreography.Part, upper: Choreography.Part) -> [Choreography.Part] {
        var lower = lower
        if fadeMode != .through { lower.coveredBy = upper.id }
        return [lower, upper]
    }

    /// How much of what lies behind two layers of one shape at opacities `upper` and `lower`, composited "over" each
    /// other, cover: `1 − (1 − upper)(1 − lower)`.
    static func coverage(upper: Double, lower: Double) -> Double { 1 - (1 - upper) * (1 - lower) }
}

extension TrackValues {
    /// A shadow is drawn in the layer's own space, so the layer's scale (uniform wherever a track carries a shadow)
    /// scales it on screen: these values with a shadow given in points turned into the layer's space, so that its
    /// offset and blur on screen are those points.
    var withShadowInLayerSpace: TrackValues {
        let scale = transform.map { abs($0.a) } ?? 1
        return scale > 0 ? withShadow(scaledBy: 1 / scale) : self
    }

    /// The values with the shadow as the eye sees it, in points (the inverse of ``withShadowInLayerSpace``).
    var withShadowOnScreen: TrackValues {
        withShadow(scaledBy: transform.map { abs($0.a) } ?? 1)
    }

    private func withShadow(scaledBy factor: Double) -> TrackValues {
        guard let shadow, factor != 1 else { return self }
        var values = self
        values.shadow = Shadow(
            color: shadow.color, radius: shadow.radius * factor, offset: Point(x: shadow.offset.x * factor, y: shadow.offset.y * factor))
        return values
    }
}
