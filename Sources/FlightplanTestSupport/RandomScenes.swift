public import FlightplanCore
public import Testing

/// A small, fast, seedable generator (SplitMix64) so every property run can be replayed.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    /// Creates a generator; the same seed gives the same sequence.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random but plausible scenes: phone, tablet and landscape screens, non-square cells,
/// portrait and landscape images, every style, direction, content mode and curve kind.
public enum RandomScenes {
    /// Phone and tablet screens (each also used in landscape).
    public static let screens: [Size] = [
        Size(width: 375, height: 667), Size(width: 390, height: 844), Size(width: 393, height: 852),
        Size(width: 430, height: 932), Size(width: 820, height: 1180), Size(width: 1024, height: 1366)
    ]

    /// A random curve of every kind; `overshooting: false` leaves springs out.
    public static func curve(using rng: inout SeededGenerator, overshooting: Bool = true) -> TimingCurve {
        let kinds = overshooting ? 7 : 5
        switch Int.random(in: 0..<kinds, using: &rng) {
        case 0: return .linear
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .easeInOut
        case 4:
            return .cubicBezier(
                CubicBezier(
                    x1: .random(in: 0...1, using: &rng), y1: .random(in: 0...1, using: &rng),
                    x2: .random(in: 0...1, using: &rng), y2: .random(in: 0...1, using: &rng)))
        case 5:
            return .spring(
                SpringParameters(
                    dampingRatio: .random(in: 0.3...1.5, using: &rng), initialVelocity: .random(in: -2...4, using: &rng)))
        default:
            return .spring(SpringParameters(dampingRatio: .random(in: 0.4...1.2, using: &rng), response: .random(in: 0.2...0.8, using: &rng)))
        }
    }

    /// A random rect inside `screen`.
    public static func rect(in screen: Size, width: ClosedRange<Double>, height: ClosedRange<Double>, using rng: inout SeededGenerator) -> Rect {
        let w = Double.random(in: width, using: &rng), h = Double.random(in: height, using: &rng)
        return Rect(
            x: .random(in: 0...max(0, screen.width - w), using: &rng),
            y: .random(in: 0...max(0, screen.height - h), using: &rng), width: w, height: h)
    }

    /// A random valid request; pass a style, curve or sampling to fix it.
    public static func request(
        using rng: inout SeededGenerator, style: TransitionStyle? = nil, curve: TimingCurve? = nil,
        sampling: Sampling? = nil
    ) -> PlanRequest {
        var screen = screens.randomElement(using: &rng)!
        if Bool.random(using: &rng) { screen = Size(width: screen.height, height: screen.width) }
        let bounds = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        let style = style ?? TransitionStyle.allCases.randomElement(using: &rng)!
        let cell = rect(in: screen, width: 40...min(300, screen.width), height: 40...min(300, screen.height), using: &rng)
        let destinationFrame: Rect? =
            Bool.random(using: &rng)
            ? nil : rect(in: screen, width: screen.width / 2...screen.width, height: screen.height / 3...screen.height, using: &rng)
        let frame = destinationFrame ?? bounds
        let image =
            Bool.random(using: &rng)
            ? Size(width: .random(in: 100...3000, using: &rng), height: .random(in: 3000...5000, using: &rng))
            : Size(width: .random(in: 3000...5000, using: &rng), height: .random(in: 100...3000, using: &rng))
        let modes: [ContentMode] = style == .zoom ? [.aspectFill, .aspectFit, .scaleToFill] : ContentMode.allCases
        var sourceMode = modes.randomElement(using: &rng)!
        var destinationMode = modes.randomElement(using: &rng)!
        // `center` takes the image size in points; keep it on screen-sized images.
        let imageSize =
            (sourceMode == .center || destinationMode == .center)
            ? Size(width: image.width / 10, height: image.height / 10) : image
        if style == .reveal { sourceMode = .aspectFill; destinationMode = .aspectFit }
        var children: [ChildPair] = []
        if style == .snapshot {
            for index in 0..<Int.random(in: 0...3, using: &rng) {
                let from = rect(in: screen, width: 20...120, height: 20...120, using: &rng)
                let to = rect(in: screen, width: 40...screen.width, height: 30...300, using: &rng)
                children.append(
                    ChildPair(
                        id: "child\(index)", from: from, to: to,
                        fromCornerRadius: .random(in: 0...from.maxCornerRadius, using: &rng),
                        toCornerRadius: .random(in: 0...to.maxCornerRadius, using: &rng)))
            }
        }
        let resolvedCurve = curve ?? Self.curve(using: &rng)
        var duration: Double? = .random(in: 0.1...1, using: &rng)
        if case .spring(let spring) = resolvedCurve, spring.response != nil { duration = nil }
        return PlanRequest(
            style: style,
            direction: Bool.random(using: &rng) ? .push : .pop,
            source: SourceElement(
                frame: cell,
                cornerRadius: Bool.random(using: &rng) ? cell.maxCornerRadius : .random(in: 0...cell.maxCornerRadius, using: &rng),
                contentMode: sourceMode),
            destination: DestinationLayout(
                bounds: bounds, frame: destinationFrame, contentMode: destinationMode,
                cornerRadius: .random(in: 0...frame.maxCornerRadius / 4, using: &rng),
                screenCornerRadius: .random(in: 0...55, using: &rng)),
            imageSize: Bool.random(using: &rng) ? imageSize : nil,
            timing: Timing(duration: duration, curve: resolvedCurve),
            sampling: sampling ?? .keyframes(.random(in: 2...80, using: &rng)),
            overlayOpacity: .random(in: 0...1, using: &rng),
            children: children)
    }
}

extension RandomScenes {
    /// A random dismissal drag over a random zoom, sharedFrame, morph or snapshot scene (with children): any axis and phase,
    /// drags from upwards to far past the dismiss distance, slow drags and flings; the completion
    /// spring is the default, UIKit's or SwiftUI's.
    public static func dismissRequest(
        using rng: inout SeededGenerator, phase: GesturePhase? = nil, sampling: Sampling? = nil
    ) -> DismissRequest {
        let curve: TimingCurve? = [
            nil,
            .spring(SpringParameters(dampingRatio: .random(in: 0.5...1.3, using: &rng))),
            .spring(SpringParameters(dampingRatio: .random(in: 0.5...1.3, using: &rng), response: .random(in: 0.2...0.6, using: &rng)))
        ].randomElement(using: &rng)!
        var plan = request(
            using: &rng, style: [TransitionStyle.zoom, .sharedFrame, .morph, .snapshot].randomElement(using: &rng)!, curve: curve ?? .linear,
            sampling: sampling)
        plan.timing.curve = curve
        if curve == nil, Bool.random(using: &rng) { plan.timing.duration = nil }
        // Dense samplings (velocity checks) leave the children out, to stay within one plan's keyframe budget.
        if case .keyframes(let count)? = sampling, count > 2000 { plan.children = [] }
        let axis: DragAxis = Bool.random(using: &rng) ? .vertical : .horizontal
        let extent = axis == .vertical ? plan.destination.bounds.height : plan.destination.bounds.width
        let along = Double.random(in: -0.2 * extent...1.2 * extent, using: &rng)
        let across = Double.random(in: -100...100, using: &rng)
        let speed = Bool.random(using: &rng) ? 100.0 : 3000.0
        let alongVelocity = Double.random(in: -speed...speed, using: &rng)
        let acrossVelocity = Double.random(in: -speed / 2...speed / 2, using: &rng)
        return DismissRequest(
            plan: plan,
            translation: axis == .vertical ? Point(x: across, y: along) : Point(x: along, y: across),
            velocity: axis == .vertical ? Point(x: acrossVelocity, y: alongVelocity) : Point(x: alongVelocity, y: acrossVelocity),
            phase: phase ?? (Bool.random(using: &rng) ? .ended : .changed),
            axis: axis)
    }
}

/// A property's failure in one random case, with the seed that replays it.
public struct SceneFailure: Error, CustomStringConvertible {
    /// The case's seed: `SeededGenerator(seed:)` with it rebuilds the same scene.
    public let seed: UInt64
    /// What went wrong.
    public let underlying: any Error

    /// "replay with seed N: what went wrong".
    public var description: String { "replay with seed \(seed): \(underlying)" }
}

/// A scene's body throws this to skip its scene: ``forAllScenes(count:seed:atLeast:sourceLocation:_:)`` counts the
/// scenes that ran and expects at least `atLeast` of them, so no property passes by skipping silently.
public struct SceneSkipped: Error {
    /// Skips the scene.
    public init() {}
}

/// Runs `body` over `count` random cases, each with its own seeded generator and a "replay with seed N"
/// note for failure messages; an error thrown by a case is rethrown as a ``SceneFailure`` naming its seed. Expects at
/// least `atLeast` cases (all of them unless given) to have run rather than thrown ``SceneSkipped``.
public func forAllScenes(
    count: Int = 300, seed: UInt64 = 0xF11647, atLeast: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout SeededGenerator, String) throws -> Void
) throws(SceneFailure) {
    var ran = 0
    for index in 0..<count {
        let caseSeed = seed &+ UInt64(index)
        var rng = SeededGenerator(seed: caseSeed)
        do {
            try body(&rng, "replay with seed \(caseSeed)")
            ran += 1
        } catch is SceneSkipped {
            continue
        } catch {
            throw SceneFailure(seed: caseSeed, underlying: error)
        }
    }
    let wanted = atLeast ?? count
    #expect(ran >= wanted, "\(ran) of \(count) scenes ran, fewer than \(wanted)", sourceLocation: sourceLocation)
}

extension RandomScenes {
    /// A random colour, opaque or not.
    public static func color(using rng: inout SeededGenerator) -> Color {
        Color(
            r: .random(in: 0...1, using: &rng), g: .random(in: 0...1, using: &rng), b: .random(in: 0...1, using: &rng),
            a: Bool.random(using: &rng) ? 1 : .random(in: 0...1, using: &rng))
    }

    /// A random shadow.
    public static func shadow(using rng: inout SeededGenerator) -> Shadow {
        Shadow(
            color: color(using: &rng), radius: .random(in: 0...30, using: &rng),
            offset: Point(x: .random(in: -10...10, using: &rng), y: .random(in: -10...10, using: &rng)))
    }

    /// `request` with a random choreography: colours, shadows, a corner curve, an arc, a fade mode, channel
    /// timings of every kind, auxiliary views, a content region, a partly hidden source, sometimes reduced
    /// motion, and for children a space, clipping and a stagger; every one valid.
    public static func choreographed(_ request: PlanRequest, using rng: inout SeededGenerator) -> PlanRequest {
        var request = request
        let duration = (try? request.validated())?.timing.duration ?? 0.5
        func maybe<Value>(_ make: (inout SeededGenerator) -> Value) -> Value? { Bool.random(using: &rng) ? make(&rng) : nil }
        request.source.color = maybe(color)
        request.destination.color = maybe(color)
        request.source.shadow = maybe(shadow)
        request.destination.shadow = maybe(shadow)
        request.overlayColor = maybe(color)
        request.placeholderColor = maybe(color)
        request.cornerCurve = maybe { CornerCurve.allCases.randomElement(using: &$0)! }
        request.path = maybe { MotionPath.allCases.randomElement(using: &$0)! }
        request.timing.fadeMode = maybe { FadeMode.allCases.randomElement(using: &$0)! }
        var channels: [TimingChannel: ChannelTiming] = [:]
        for channel in TimingChannel.allCases where Int.random(in: 0..<3, using: &rng) == 0 {
            let start = Double.random(in: 0...0.6, using: &rng), end = Double.random(in: (start + 0.05)...1, using: &rng)
            var curve: TimingCurve? = Bool.random(using: &rng) ? curve(using: &rng) : nil
            if case .spring(var spring) = curve { spring.response = nil; curve = .spring(spring) }
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: channels[channel] = ChannelTiming(.window(start: start, end: end), curve: curve)
            case 1: channels[channel] = ChannelTiming(.seconds(start: start * duration, end: end * duration), curve: curve)
            default: channels[channel] = ChannelTiming(.progress(start: start, end: end))
            }
        }
        request.timing.channels = channels.isEmpty ? nil : channels
        let bounds = request.destination.bounds
        for index in 0..<Int.random(in: 0...2, using: &rng) {
            request.auxiliary.append(
                AuxiliaryView(
                    id: "aux\(index)", frame: Rect(x: 0, y: bounds.height - 83, width: bounds.width, height: 83),
                    from: .random(in: 0...1, using: &rng), to: .random(in: 0...1, using: &rng)))
        }
        request.contentRegion = maybe { _ in Rect(x: 0, y: 44, width: bounds.width, height: bounds.height - 127) }
        let frame = request.source.frame
        request.source.visibleFrame = maybe { rng in
            Rect(x: frame.x, y: frame.y + frame.height * .random(in: 0...0.6, using: &rng), width: frame.width, height: frame.height * 0.4)
        }
        request.reducedMotion = Int.random(in: 0..<5, using: &rng) == 0 ? true : nil
        if !request.children.isEmpty {
            let spread = duration * 0.5 / Double(request.children.count)
            request.snapshot = SnapshotOptions(
                childSpace: maybe { _ in ChildSpace.window }, clipsChildren: maybe { Bool.random(using: &$0) },
                stagger: maybe { .random(in: 0...spread, using: &$0) })
            for index in request.children.indices {
                request.children[index].contentMode = maybe { ContentMode.allCases.filter { $0 != .center }.randomElement(using: &$0)! }
            }
        }
        return request
    }
}

extension RandomScenes {
    /// The plan request the answer fingerprints pin as `plan/index`: a random scene, half of them with a random
    /// choreography, a third sampled to a random tolerance, a third at a random precision.
    public static func fingerprinted(_ index: Int) -> PlanRequest {
        var rng = SeededGenerator(seed: 0xB17E_0000 &+ UInt64(index))
        var request = request(using: &rng, curve: curve(using: &rng))
        if Bool.random(using: &rng) { request = choreographed(request, using: &rng) }
        if Int.random(in: 0..<3, using: &rng) == 0 { request.sampling = .tolerance(.random(in: 0.2...2, using: &rng)) }
        if Int.random(in: 0..<3, using: &rng) == 0 { request.precision = .random(in: 0...6, using: &rng) }
        return request
    }
}
