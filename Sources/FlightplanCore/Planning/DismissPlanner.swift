import RealModule

/// Interactive dismissal as data: the layer's state under the finger, the release decision, and a
/// completion plan that starts exactly there and leaves with the finger's velocity.
public enum DismissPlanner {
    /// Answers one drag sample.
    /// - Parameter validated: The drag sample, checked and resolved by ``DismissRequest/validated()``.
    /// - Returns: The layer's state under the finger (and every track's) and, once the finger lifts or the touch is
    ///   cancelled, the decision, its reason, the completion plan and, for a spring completion, its spring.
    /// - Throws: a ``ValidationError`` naming the field when the sample cannot be answered, or `plan` or `velocity`
    ///   when the state or the completion would reach beyond ``PlanLimits/maximumReach``.
    public static func dismiss(for validated: ValidatedDismissRequest) throws(ValidationError) -> Dismissal {
        let request = validated.request, plan = validated.plan
        let style = plan.request.style
        let (track, role): (FlightTrack, LayerRole)
        switch style {
        case .zoom: (track, role) = (Scene.zoomTrack(plan), .image)
        case .sharedFrame: (track, role) = (Scene.sharedFrameTrack(plan), .destinationScreen)
        case .morph: (track, role) = (Scene.elementFlight(plan), .element)
        case .snapshot: (track, role) = (Scene.elementFlight(plan), .container)
        case .reveal: preconditionFailure("validation refuses a reveal dismissal")
        }
        let layer = AnimatedLayer(role: role, frame: track.layer)
        let drag = DragState(validated, track: track)
        let rounding = plan.request.precision.map { KeyframeRounding(decimals: $0, layer: track.layer) }
        func rounded(_ keyframes: [Keyframe]) -> [Keyframe] { rounding?.round(keyframes) ?? keyframes }

        let state = rounded([drag.keyframe])[0]
        // The background's opacity says how far back towards the source the rest of the scene is (a tab bar's
        // alpha is 1 − the photo screen's in the seed).
        let overlayOpacity = plan.overlayOpacity
        let level = { (keyframe: Keyframe) -> Double in
            style != .sharedFrame ? keyframe.opacity : overlayOpacity > 0 ? keyframe.opacity / overlayOpacity : 1 - min(max(0, keyframe.progress), 1)
        }
        let stateTracks = Planner.tracks(of: plan, following: [state], level: level).tracks.map { track in
            Track(
                id: track.id, role: track.role, z: track.z, frame: track.frame, cornerCurve: track.cornerCurve, clip: track.clip,
                base: track.values(atKeyframe: 0), animates: [], keyframes: [])
        }
        // The plan's own geometry can be too degenerate to follow a finger (a 0.001 pt destination frame).
        try PlanReach.check(stateTracks, cause: PlanReach.Cause(field: "plan", remedy: "give the plan less extreme sizes"))
        let decision: DismissDecision, reason: DismissReason
        switch request.phase {
        case .began, .changed: return Dismissal(layer: layer, state: state, tracks: stateTracks)
        case .ended: (decision, reason) = drag.decision
        case .cancelled: (decision, reason) = (.cancel, .touchCancelled)
        }
        let motion = decision == .finish ? validated.finishMotion : validated.cancelMotion
        let completion = try Completion(from: drag, decision: decision, motion: motion, carriesVelocity: validated.carriesVelocity)
        let sampling = plan.request.sampling
        if case .fps(let fps) = sampling, Sampler.keyframeCount(duration: completion.duration, fps: fps) > PlanLimits.maximumKeyframes {
            throw ValidationError(
                field: "plan.sampling.fps",
                message:
                    "would produce more than \(PlanLimits.maximumKeyframes) keyframes over the \(describeNumber(completion.duration)) s completion")
        }
        let times: [Double]
        var budget = PlanLimits.samplingBudget
        do {
            times = try Sampler.times(
                for: sampling, duration: completion.duration, state: { _, time in completion.keyframe(at: time) },
                tracks: 1, layers: [SampledLayer(frame: track.layer, movesGeometry: true)], budget: &budget
            ).times[0]
        } catch {
            // The sampling is the plan request's, so the refusal names it there.
            throw ValidationError(error).nested(under: "plan")
        }
        // The first time is 0, where the completion is the drag state itself: keyframes[0] == state.
        let keyframes = rounded(times.map(completion.keyframe(at:)))
        let (tracks, hides) = Planner.tracks(of: plan, following: keyframes, level: level)
        try PlanReach.check(
            tracks, cause: PlanReach.Cause(field: "velocity", remedy: "release with a smaller velocity, or set options.carryVelocity to false"))
        return Dismissal(
            layer: layer, state: state, decision: decision, reason: reason,
            plan: Plan(
                style: style, direction: decision == .finish ? .pop : .push, duration: completion.duration,
                stage: plan.request.destination.bounds, tracks: tracks, hides: hides),
            spring: motion.spring.map(completion.spring), tracks: stateTracks)
    }
}

/// The drag at one instant: how far along the axis, how much that shrinks and fades the layer, how
/// fast all of it is changing, and what a release now would decide.
private struct DragState {
    let track: FlightTrack
    let translation: Point
    let velocity: Point
    /// Translation and velocity along the drag axis.
    let along: Double, alongVelocity: Double
    /// Dismissal completion, 0…1, and its rate per second (it drives the scale).
    let fraction: Double, fractionRate: Double
    /// How far the background has faded, 0…1, and its rate per second.
    let fade: Double, fadeRate: Double
    /// The layer's scale under the finger, and its rate per second.
    let scale: Double, scaleRate: Double
    /// The fixed point of the scale in the rest layout (the middle of the clip's leading edge),
    /// which then follows the finger.
    let pivot: Point
    let options: ValidatedDismissRequest

    init(_ options: ValidatedDismissRequest, track: FlightTrack) {
        let request = options.request
        let vertical = request.axis == .vertical
        let clip = track.clipEnd
        self.track = track
        self.options = options
        translation = request.translation
        velocity = request.velocity
        along = vertical ? translation.y : translation.x
        alongVelocity = vertical ? velocity.y : velocity.x
        if let pinch = request.pinch {
            // A pinch sets the scale itself about the clip's centre: held at the minimum (its rate zero there), and
            // past 1× it follows the fingers, so that a release there settles back to 1× (a cancel that moves) rather
            // than jumping. The completion and the fade follow from it as from a drag's distance, which a scale past 1×
            // has not started (0, as a drag that went backwards).
            let held = pinch.scale <= options.minimumScale && pinch.velocity < 0
            scale = max(pinch.scale, options.minimumScale)
            scaleRate = held ? 0 : pinch.velocity
            pivot = clip.center
            let span = 1 - options.minimumScale
            let shrinking = scale < 1 || (scale == 1 && scaleRate < 0)
            fraction = span > 0 ? max(0, (1 - scale) / span) : 0
            fractionRate = span > 0 && shrinking ? -scaleRate / span : 0
            (fade, fadeRate) = Self.fractionAndRate(
                along: fraction * options.dismissDistance, velocity: fractionRate * options.dismissDistance, over: options.fadeDistance)
        } else {
            pivot = vertical ? Point(x: clip.midX, y: clip.y) : Point(x: clip.x, y: clip.midY)
            (fraction, fractionRate) = Self.fractionAndRate(along: along, velocity: alongVelocity, over: options.dismissDistance)
            (fade, fadeRate) = Self.fractionAndRate(along: along, velocity: alongVelocity, over: options.fadeDistance)
            scale = 1 - (1 - options.minimumScale) * fraction
            scaleRate = -(1 - options.minimumScale) * fractionRate
        }
    }

    /// How far along `distance` a drag `along` is, 0…1, and its rate: linear in the drag between 0 and the
    /// distance and flat outside; at a kink, the rate is the one on the side the finger is moving to.
    static func fractionAndRate(along: Double, velocity: Double, over distance: Double) -> (Double, Double) {
        let moving = velocity > 0 ? along >= 0 && along < distance : along > 0 && along <= distance
        return (min(max(along, 0) / distance, 1), moving ? velocity / distance : 0)
    }

    /// The opacity channel's value: the rest value fading out with the drag.
    var opacity: Double { track.opacityEnd * (1 - fade) }
    var opacityRate: Double { -track.opacityEnd * fadeRate }

    /// The rest layout's rect `rect` as the drag shows it: scaled about the pivot, then moved with the finger.
    func dragged(_ rect: Rect) -> Rect {
        Rect(
            x: pivot.x + scale * (rect.x - pivot.x) + translation.x,
            y: pivot.y + scale * (rect.y - pivot.y) + translation.y,
            width: scale * rect.width, height: scale * rect.height)
    }

    /// The keyframe under the finger: the rest state with the drag's transform and the faded opacity.
    var keyframe: Keyframe {
        let rest = track.state(at: 1)
        // Layer point q lands at pivot + s·(origin + q − pivot) + translation; as a transform about
        // the layer's centre c that is s·q + (1 − s)·(pivot − c) + translation past the same point.
        let center = track.layer.center
        return Keyframe(
            time: 0, progress: fraction,
            transform: AffineTransform(
                scaleX: scale, scaleY: scale,
                tx: (1 - scale) * (pivot.x - center.x) + translation.x,
                ty: (1 - scale) * (pivot.y - center.y) + translation.y),
            maskFrame: rest.maskFrame, cornerRadius: rest.cornerRadius, opacity: opacity)
    }

    /// Where a quantity at `position` moving at `velocity` per second would come to rest if released now and left
    /// to decelerate at UIScrollView's rate: `v/1000 · r/(1 − r)` past where it is.
    func projected(_ position: Double, velocity: Double) -> Double {
        let rate = options.decelerationRate
        return position + velocity / 1000 * rate / (1 - rate)
    }

    /// Finish or cancel on release, and why, by the request's policy.
    var decision: (DismissDecision, DismissReason) {
        if let pinch = options.request.pinch { return pinchDecision(pinch) }
        switch options.policy {
        case .projected:
            // A fling decides by its direction alone; otherwise the projected resting point does.
            if alongVelocity <= -options.flingVelocity { return (.cancel, .flungBack) }
            if alongVelocity >= options.flingVelocity { return (.finish, .flungForward) }
            return projected(along, velocity: alongVelocity) >= options.finishDistance
                ? (.finish, .projectedPastFinishDistance) : (.cancel, .projectedShortOfFinishDistance)
        case .direction:
            // The seed's rule: back when the finger moves back or the image's centre is behind its start.
            if alongVelocity < 0 { return (.cancel, .movingBack) }
            let rest = track.clipEnd, now = dragged(rest)
            let behind = options.request.axis == .vertical ? now.midY < rest.midY : now.midX < rest.midX
            return behind ? (.cancel, .behindStart) : (.finish, .forwardOfStart)
        }
    }

    /// A pinch's release: as a drag's, with the completion's fraction for the distance and the scale's rate (negative
    /// pinching in) for the velocity.
    private func pinchDecision(_ pinch: PinchSample) -> (DismissDecision, DismissReason) {
        switch options.policy {
        case .projected:
            if pinch.velocity <= -PlanDefaults.pinchFlingVelocity { return (.finish, .flungForward) }
            if pinch.velocity >= PlanDefaults.pinchFlingVelocity { return (.cancel, .flungBack) }
            return projected(fraction, velocity: fractionRate) * options.dismissDistance >= options.finishDistance
                ? (.finish, .projectedPastFinishDistance) : (.cancel, .projectedShortOfFinishDistance)
        case .direction:
            if pinch.velocity > 0 { return (.cancel, .movingBack) }
            return scale < 1 ? (.finish, .forwardOfStart) : (.cancel, .behindStart)
        }
    }
}

/// The completion after release: every visible quantity (the image's and the clip's centres and
/// log-sizes, the visible radius, the opacity and the progress) is its own channel, released from where the
/// drag left it at the rate the drag was changing it (or at rest, when the request says not to carry the
/// velocity). So the motion is continuous in position and velocity, and the image's pivot leaves with the
/// finger's velocity. Sizes move in log space, so they stay positive however hard the motion overshoots.
///
/// With a spring each channel is an oscillator of that spring. With any other curve, a channel is a
/// ``RateMatchedMotion`` on it: the curve as asked plus a term that starts it at the drag's rate. (One Bézier whose
/// first control point is moved can match one direction of motion; the channels of a drag move in several at once,
/// so each gets this term instead and the curve keeps its shape and its end.)
private struct Completion {
    /// One quantity's motion: its target, its value over time, and the range it is kept in.
    struct Channel {
        enum Motion {
            /// A spring's displacement from the target, and the residual blended away by the end.
            case spring(Oscillator, residual: Double)
            /// A curve over its duration, with the velocity term that starts it at the drag's rate.
            case curve(ResolvedTiming, RateMatchedMotion)
        }

        let start: Double
        let target: Double
        /// The rate at release, per second.
        let rate: Double
        let motion: Motion
        let range: ClosedRange<Double>

        init(from start: Double, rate: Double, to target: Double, spring: SpringResolution, range: ClosedRange<Double>) {
            let oscillator = Oscillator(omega: spring.angularFrequency, zeta: spring.dampingRatio, displacement: start - target, velocity: rate)
            self.init(start: start, target: target, rate: rate, motion: .spring(oscillator, residual: 0), range: range)
        }

        init(from start: Double, rate: Double, to target: Double, curve: ResolvedTiming, range: ClosedRange<Double>) {
            let motion = RateMatchedMotion(from: start, rate: rate, to: target, timing: curve)
            self.init(start: start, target: target, rate: rate, motion: .curve(curve, motion), range: range)
        }

        private init(start: Double, target: Double, rate: Double, motion: Motion, range: ClosedRange<Double>) {
            self.start = start
            self.target = target
            self.rate = rate
            self.motion = motion
            self.range = range
        }

        /// How far from its target it starts (a spring's settling threshold scales with it).
        var distance: Double { abs(start - target) }

        /// The same channel, made to end exactly on its target at `duration` (a curve already does).
        func settled(at duration: Double) -> Channel {
            guard case .spring(let oscillator, _) = motion else { return self }
            return Channel(
                start: start, target: target, rate: rate, motion: .spring(oscillator, residual: -oscillator.displacement(at: duration)), range: range)
        }

        /// The value at `t`. A spring's residual left at the end is blended in with a `(t/T)³` ramp, which keeps
        /// the initial velocity and lands exactly on the target.
        func value(at t: Double, ramp: Double) -> Double {
            let value: Double
            switch motion {
            case .spring(let oscillator, let residual):
                value = target + oscillator.displacement(at: t) + residual * ramp * ramp * ramp
            case .curve(let curve, let motion):
                value = motion.value(at: RateMatchedMotion.Instant(time: t, timing: curve))
            }
            return min(max(value, range.lowerBound), range.upperBound)
        }
    }

    /// A rect as four channels: its centre, and its log-width and log-height.
    struct RectChannels {
        let midX: Channel, midY: Channel, logWidth: Channel, logHeight: Channel

        /// The channels of the rect's centre, which are measured in points.
        var positions: [Channel] { [midX, midY] }
        /// The channels of the rect's size, which are logarithms.
        var logSizes: [Channel] { [logWidth, logHeight] }

        /// The same rect, made to end exactly on its target at `duration`.
        func settled(at duration: Double) -> RectChannels {
            RectChannels(
                midX: midX.settled(at: duration), midY: midY.settled(at: duration),
                logWidth: logWidth.settled(at: duration), logHeight: logHeight.settled(at: duration))
        }

        /// The rect at `t`.
        func value(at t: Double, ramp: Double) -> Rect {
            Rect(
                center: Point(x: midX.value(at: t, ramp: ramp), y: midY.value(at: t, ramp: ramp)),
                size: Size(width: Double.exp(logWidth.value(at: t, ramp: ramp)), height: Double.exp(logHeight.value(at: t, ramp: ramp))))
        }
    }

    let drag: DragState
    let duration: Double
    let start: Keyframe, end: Keyframe
    let image: RectChannels, clip: RectChannels
    let visibleRadius: Channel, opacity: Channel, progress: Channel

    init(from drag: DragState, decision: DismissDecision, motion: CompletionMotion, carriesVelocity: Bool) throws(ValidationError) {
        let track = drag.track
        let finish = decision == .finish
        self.drag = drag
        start = drag.keyframe
        let restState = track.state(at: finish ? 0 : 1)
        end = Keyframe(
            time: 0, progress: finish ? 1 : 0, transform: restState.transform, maskFrame: restState.maskFrame,
            cornerRadius: restState.cornerRadius, opacity: restState.opacity)

        let relativeScaleRate = drag.scaleRate / drag.scale
        func channel(_ start: Double, _ rate: Double, _ target: Double, in range: ClosedRange<Double> = -.infinity ... .infinity) -> Channel {
            let carried = carriesVelocity ? rate : 0
            switch motion {
            case .spring(let spring): return Channel(from: start, rate: carried, to: target, spring: spring, range: range)
            case .curve(let curve): return Channel(from: start, rate: carried, to: target, curve: curve, range: range)
            }
        }
        // A size may shrink or grow past both ends (a hard fling), but by at most e³⁰, so it stays
        // positive and finite however extreme the rates.
        func logSize(_ start: Double, _ target: Double) -> Channel {
            let from = Double.log(start), to = Double.log(target)
            return channel(from, relativeScaleRate, to, in: min(from, to) - 30...max(from, to) + 30)
        }
        // The rate of a dragged point p: the scale moves it about the pivot, the finger moves it along.
        func pointRate(_ restX: Double, _ pivot: Double, _ velocity: Double) -> Double {
            drag.scaleRate * (restX - pivot) + velocity
        }
        func rectChannels(rest: Rect, target: Rect) -> RectChannels {
            let dragged = drag.dragged(rest)
            return RectChannels(
                midX: channel(dragged.midX, pointRate(rest.midX, drag.pivot.x, drag.velocity.x), target.midX),
                midY: channel(dragged.midY, pointRate(rest.midY, drag.pivot.y, drag.velocity.y), target.midY),
                logWidth: logSize(dragged.width, target.width),
                logHeight: logSize(dragged.height, target.height))
        }
        let image = rectChannels(rest: track.imageEnd, target: finish ? track.imageStart : track.imageEnd)
        let clip = rectChannels(rest: track.clipEnd, target: finish ? track.clipStart : track.clipEnd)
        let restRadius = track.state(at: 1).cornerRadius
        let visibleRadius = channel(restRadius * drag.scale, restRadius * drag.scaleRate, finish ? track.radiusStart : track.radiusEnd)
        let opacity = channel(drag.opacity, drag.opacityRate, end.opacity, in: 0...track.opacityEnd)
        let progress = channel(drag.fraction, drag.fractionRate, end.progress)

        // Settled: positions within 0.1 % of the largest distance travelled (at least 0.001 pt),
        // log-sizes, opacity and progress within 0.001; never shorter than the spring's own settling time.
        let positions = image.positions + clip.positions + [visibleRadius]
        let others = image.logSizes + clip.logSizes + [opacity, progress]
        let threshold = SpringMotion.settlingThreshold
        let positionThreshold = threshold * max(positions.map(\.distance).max() ?? 0, 1)
        func settlingTime(_ channel: Channel, _ threshold: Double) -> Double {
            guard case .spring(let oscillator, _) = channel.motion else { return 0 }
            return oscillator.settlingTime(threshold: threshold)
        }
        let duration: Double
        switch motion {
        case .curve(let curve): duration = curve.duration
        case .spring(let spring):
            duration =
                spring.fixedDuration
                ?? (positions.map { settlingTime($0, positionThreshold) } + others.map { settlingTime($0, threshold) }).reduce(
                    spring.nominalDuration, max)
        }
        guard duration <= PlanLimits.maximumDuration else {
            throw ValidationError(
                field: "velocity",
                message:
                    "makes the completion spring take \(describeNumber(duration)) s to settle, more than \(describeNumber(PlanLimits.maximumDuration)) s"
            )
        }
        self.duration = duration
        self.image = image.settled(at: duration)
        self.clip = clip.settled(at: duration)
        self.visibleRadius = visibleRadius.settled(at: duration)
        self.opacity = opacity.settled(at: duration)
        self.progress = progress.settled(at: duration)
    }

    /// The spring, with the layer's position velocity and the progress's rate each divided by the distance
    /// still to go (UIKit's normalisation). The translation's rate is the image centre's less what the
    /// scale does to the content's offset from the layer's centre (zero when the layer is the image).
    func spring(_ resolution: SpringResolution) -> CompletionSpring {
        let track = drag.track
        let scaleRateX = Double.exp(image.logWidth.start) * image.logWidth.rate / track.content.width
        let scaleRateY = track.scaling != .stretch ? scaleRateX : Double.exp(image.logHeight.start) * image.logHeight.rate / track.content.height
        let translationRate = Point(
            x: image.midX.rate - scaleRateX * (track.content.midX - track.layer.width / 2),
            y: image.midY.rate - scaleRateY * (track.content.midY - track.layer.height / 2))
        func normalised(_ rate: Double, over distance: Double) -> Double { abs(distance) < 1e-6 ? 0 : rate / distance }
        return CompletionSpring(
            dampingRatio: resolution.dampingRatio, response: 2 * Double.pi / resolution.angularFrequency,
            initialVelocity: Point(
                x: normalised(translationRate.x, over: end.transform.tx - start.transform.tx),
                y: normalised(translationRate.y, over: end.transform.ty - start.transform.ty)),
            progressVelocity: normalised(progress.rate, over: progress.target - progress.start))
    }

    /// The keyframe at `time`: exactly the drag state at 0, exactly the rest state from `duration` on.
    func keyframe(at time: Double) -> Keyframe {
        if time <= 0 { return start }
        if time >= duration {
            var last = end
            last.time = time
            return last
        }
        let ramp = time / duration
        let track = drag.track
        let state = LayerState(
            layer: track.layer, content: track.content, scaling: track.scaling,
            image: image.value(at: time, ramp: ramp), clip: clip.value(at: time, ramp: ramp),
            visibleRadius: visibleRadius.value(at: time, ramp: ramp), opacity: opacity.value(at: time, ramp: ramp))
        return Keyframe(
            time: time, progress: progress.value(at: time, ramp: ramp), transform: state.transform, maskFrame: state.maskFrame,
            cornerRadius: state.cornerRadius, opacity: state.opacity)
    }
}

/// How a completion moves: a spring, or any other curve with a velocity term.
enum CompletionMotion: Sendable, Hashable {
    case spring(SpringResolution)
    case curve(ResolvedTiming)

    /// The spring, when it is one.
    var spring: SpringResolution? {
        if case .spring(let spring) = self { spring } else { nil }
    }
}

/// The completion spring's stiffness and damping, and how its duration is chosen.
struct SpringResolution: Sendable, Hashable {
    let angularFrequency: Double
    let dampingRatio: Double
    /// UIKit's meaning: the caller's duration, fixed. `nil` for SwiftUI's meaning.
    let fixedDuration: Double?
    /// The spring's own settling time from rest, the shortest a completion may last.
    let nominalDuration: Double
}
