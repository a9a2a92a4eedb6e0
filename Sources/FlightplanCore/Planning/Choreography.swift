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
        var values: (ChannelInstant) -> TrackValues
    }

    var parts: [Part] = []
    var hides: [String] = []
    let clocks: ChannelClocks
    /// The part the style flies (the content, the destination screen, the growing element, the incoming
    /// snapshot), and the one whose opacity says how far the rest of the scene has gone (nil when none fades).
    var flyingPart = 0
    var fadingPart: Int?

    /// The choreography a validated request asks for.
    init(for validated: ValidatedPlanRequest) {
        let request = validated.request
        clocks = ChannelClocks(for: validated)
        let kit = PartKit(validated)
        if validated.reducedMotion {
            addScreens(kit)
            flyingPart = parts.firstIndex { $0.role == .destinationScreen } ?? 0
            fadingPart = flyingPart
        } else {
            switch request.style {
            case .sharedFrame: addSharedFrame(kit)
            case .zoom: addFlight(kit, track: Scene.zoomTrack(validated))
            case .morph: addFlight(kit, track: Scene.elementFlight(validated))
            case .reveal: addReveal(kit)
            case .snapshot: addSnapshot(kit)
            }
            addChildren(kit)
        }
        for view in request.auxiliary {
            parts.append(Part(id: "auxiliary:\(view.id)", role: .auxiliary, frame: view.frame) { instant in
                TrackValues(opacity: Interpolation.linear(view.from, view.to, instant(.auxiliary)))
            })
        }
        if let start = validated.start { interrupted(from: start, timing: validated.timing) }
    }

    /// Tracks of a plan that carry keyframes: every moving one.
    static func keyframeTracks(for validated: ValidatedPlanRequest) -> Int {
        Choreography(for: validated).parts.filter(\.moves).count
    }

    /// The source and destination screens in the order the fade mode stacks them, each fading as it says.
    mutating func addScreens(_ kit: PartKit) {
        let bounds = kit.request.destination.bounds
        let source = Part(id: "sourceScreen", role: .sourceScreen, frame: bounds, moves: kit.fadeMode != .in) { instant in
            kit.fadeMode == .in ? TrackValues() : TrackValues(opacity: kit.outgoing(instant))
        }
        let destination = Part(id: "destinationScreen", role: .destinationScreen, frame: bounds, moves: kit.fadeMode != .out) { instant in
            kit.fadeMode == .out ? TrackValues() : TrackValues(opacity: kit.incoming(instant))
        }
        parts += kit.fadeMode == .out ? [destination, source] : [source, destination]
    }

    /// zoom (seed 001) and morph (seed 003): the screens fade as the fade mode says, the content flies above.
    private mutating func addFlight(_ kit: PartKit, track: FlightTrack) {
        addScreens(kit)
        fadingPart = kit.fadeMode == .out ? nil : parts.firstIndex { $0.role == .destinationScreen }
        parts.append(kit.content(track))
        flyingPart = parts.count - 1
        hides = ["sourceElement", "destinationElement"]
    }

    /// Each child pair on its own track above the rest, fading in with `fadeIn`; with a stagger, child `i`
    /// starts `i × stagger` seconds late and moves over the duration less `stagger × (children − 1)`.
    private mutating func addChildren(_ kit: PartKit) {
        let request = kit.request, options = request.snapshot
        let stagger = options?.stagger ?? PlanDefaults.stagger
        let clips = options?.clipsChildren ?? PlanDefaults.clipsChildren
        let duration = clocks.timing.duration
        let moving = duration - stagger * Double(max(0, request.children.count - 1))
        for (index, child) in request.children.enumerated() {
            let track = Scene.childTrack(for: child, clipped: clips, bend: Scene.bend(request, from: child.from, to: child.to))
            let delay = stagger * Double(index)
            parts.append(Part(
                id: "child:\(child.id)", role: .child, frame: track.layer, cornerCurve: kit.cornerCurve, clip: kit.region, flight: Flight(track)
            ) { instant in
                let local = stagger > 0 ? instant.retimed { min(max(0, ($0 - delay) * duration / moving), duration) } : instant
                var values = kit.geometry(of: track, at: local)
                values.opacity = local(.fadeIn)
                return values
            })
        }
    }
}

/// What every part of a choreography is built from: the request's resolved choices and the channel maths
/// they share.
struct PartKit {
    let validated: ValidatedPlanRequest
    var request: PlanRequest { validated.request }
    var fadeMode: FadeMode { validated.fadeMode }
    let cornerCurve: CornerCurve
    let region: Rect?
    let visibleSource: Rect
    let color: (from: Color, to: Color)?
    let shadow: (from: Shadow, to: Shadow)?

    init(_ validated: ValidatedPlanRequest) {
        self.validated = validated
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

    /// The incoming screen's or snapshot's opacity.
    func incoming(_ instant: ChannelInstant) -> Double { instant(.fadeIn) }
    /// The outgoing screen's or snapshot's opacity.
    func outgoing(_ instant: ChannelInstant) -> Double { 1 - instant(.fadeOut) }

    /// A flight's transform, mask and radius, each at its channel's progress.
    func geometry(of flight: FlightTrack, at instant: ChannelInstant) -> TrackValues {
        let state = flight.state(
            transform: instant(.transform), maskFrame: instant(.maskFrame), cornerRadius: instant(.cornerRadius), opacity: 1)
        return TrackValues(transform: state.transform, maskFrame: state.maskFrame, cornerRadius: state.cornerRadius)
    }

    /// The content's colour and shadow, when the request gives them.
    func appearance(at instant: ChannelInstant) -> TrackValues {
        var values = TrackValues()
        if let color { values.color = color.from.interpolated(to: color.to, fraction: instant(.color)) }
        if let shadow { values.shadow = shadow.from.interpolated(to: shadow.to, fraction: instant(.shadow)) }
        return values
    }

    /// The flying content: a flight's geometry with the content's colour and shadow.
    func content(_ flight: FlightTrack) -> Choreography.Part {
        Choreography.Part(id: "content", role: .content, frame: flight.layer, cornerCurve: cornerCurve, clip: region, flight: Flight(flight)) { instant in
            var values = appearance(at: instant)
            let geometry = geometry(of: flight, at: instant)
            values.transform = geometry.transform
            values.maskFrame = geometry.maskFrame
            values.cornerRadius = geometry.cornerRadius
            return values
        }
    }
}
