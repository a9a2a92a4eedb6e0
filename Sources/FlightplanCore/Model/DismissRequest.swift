/// The axis a dismissal drag runs along.
public enum DragAxis: String, Sendable, Hashable, CaseIterable {
    /// Dragging down dismisses (portrait, as in Photos).
    case vertical
    /// Dragging right dismisses (landscape, as in the seed's rotated layout).
    case horizontal
}

/// Where the finger is in its gesture (UIKit's `UIGestureRecognizer.State` for a pan).
public enum GesturePhase: String, Sendable, Hashable, CaseIterable {
    /// The drag was just recognised: only the state is wanted.
    case began
    /// Still dragging: only the state is wanted.
    case changed
    /// Lifted: the state, the decision and the completion plan are wanted.
    case ended
    /// The system took the touch away (a call, a system gesture): the state and the plan back to rest.
    case cancelled
}

/// What a released drag does.
public enum DismissDecision: String, Sendable, Hashable, CaseIterable {
    /// Complete the dismissal: the layer flies back to the source element, as a pop ends.
    case finish
    /// Abandon it: the layer springs back to identity, the destination fully shown.
    case cancel
}

/// How a release decides between finishing and cancelling.
public enum ReleasePolicy: String, Sendable, Hashable, CaseIterable {
    /// A fling of at least `flingVelocity` decides by its direction; otherwise the point where the layer would
    /// come to rest, decelerating as a scroll view does, decides against `finishDistance`.
    case projected
    /// The seed's (Photos-style) rule: cancel when the finger moves back or the image is behind where it
    /// started; otherwise finish, however short the drag.
    case direction
}

/// Why a release (or a cancelled touch) decided as it did.
public enum DismissReason: String, Sendable, Hashable, CaseIterable {
    /// `projected`: flung forward at least `flingVelocity`.
    case flungForward
    /// `projected`: flung back at least `flingVelocity`.
    case flungBack
    /// `projected`: the resting point is at least `finishDistance` along.
    case projectedPastFinishDistance
    /// `projected`: the resting point falls short of `finishDistance`.
    case projectedShortOfFinishDistance
    /// `direction`: the finger was moving back.
    case movingBack
    /// `direction`: the image's centre was behind where it started.
    case behindStart
    /// `direction`: neither moving back nor behind the start.
    case forwardOfStart
    /// The system cancelled the touch (`phase: cancelled`): the layer goes back to rest.
    case touchCancelled
}

/// The tunables of a dismissal drag; `nil` takes the default.
public struct DismissOptions: Sendable, Hashable {
    /// Drag distance along the axis, in points, at which the layer reaches ``minimumScale``. Default: half the
    /// destination bounds along the axis.
    public var dismissDistance: Double?
    /// Drag distance along the axis at which the background is fully transparent (the seed's: a quarter of
    /// the view). Default: ``dismissDistance``.
    public var fadeDistance: Double?
    /// Smallest scale the drag shrinks the layer to, in (0, 1]. Default 0.5.
    public var minimumScale: Double?
    /// How far along the axis the projected resting point must be for a release to finish, in
    /// points. Default: a quarter of the dismiss distance.
    public var finishDistance: Double?
    /// Release speed along the axis, in points per second, from which the direction alone decides:
    /// at least this fast forwards finishes, at least this fast backwards cancels. Default 500.
    public var flingVelocity: Double?
    /// Deceleration per millisecond used to project where a released layer would come to rest, in
    /// (0, 1): UIScrollView's `.normal` rate, 0.998, by default.
    public var decelerationRate: Double?
    /// How a release decides. Default: ``ReleasePolicy/projected``.
    public var policy: ReleasePolicy?
    /// The completion's timing when the release finishes (any curve: a spring carries the drag's velocity in its
    /// own motion, another curve with a velocity term). Default: the plan's timing.
    public var finishTiming: Timing?
    /// The completion's timing when the release cancels (the seed's: a 0.5 s spring, damping 0.9). Default:
    /// the plan's timing.
    public var cancelTiming: Timing?
    /// Whether the completion leaves with the drag's velocity (default true); false starts it at rest, as UIKit's
    /// own animations do (the seed's finish and cancel).
    public var carryVelocity: Bool?

    /// Creates options; everything left out takes its default.
    /// - Parameters:
    ///   - dismissDistance: Drag distance along the axis, in points, at which the layer reaches `minimumScale`; nil (the
    ///     default) for half the destination bounds along the axis.
    ///   - minimumScale: Smallest scale the drag shrinks the layer to, in (0, 1]; nil (the default) for 0.5.
    ///   - finishDistance: How far along the axis, in points, the projected resting point must be for a release to
    ///     finish; nil (the default) for a quarter of the dismiss distance.
    ///   - flingVelocity: Release speed along the axis, in points per second, from which the direction alone decides;
    ///     nil (the default) for 500.
    ///   - decelerationRate: Deceleration per millisecond, in (0, 1), that projects where a released layer would come to
    ///     rest; nil (the default) for UIScrollView's `.normal` rate, 0.998.
    ///   - fadeDistance: Drag distance along the axis, in points, at which the background is fully transparent; nil (the
    ///     default) for the dismiss distance.
    ///   - policy: How a release decides; nil (the default) for ``ReleasePolicy/projected``.
    ///   - finishTiming: The completion's timing when the release finishes; nil (the default) for the plan's timing.
    ///   - cancelTiming: The completion's timing when the release cancels; nil (the default) for the plan's timing.
    ///   - carryVelocity: Whether the completion leaves with the drag's velocity; nil (the default) for yes. False starts
    ///     it at rest, as UIKit's own animations do.
    public init(
        dismissDistance: Double? = nil, minimumScale: Double? = nil, finishDistance: Double? = nil,
        flingVelocity: Double? = nil, decelerationRate: Double? = nil, fadeDistance: Double? = nil, policy: ReleasePolicy? = nil,
        finishTiming: Timing? = nil, cancelTiming: Timing? = nil, carryVelocity: Bool? = nil
    ) {
        self.carryVelocity = carryVelocity
        self.finishTiming = finishTiming
        self.cancelTiming = cancelTiming
        self.dismissDistance = dismissDistance
        self.fadeDistance = fadeDistance
        self.policy = policy
        self.minimumScale = minimumScale
        self.finishDistance = finishDistance
        self.flingVelocity = flingVelocity
        self.decelerationRate = decelerationRate
    }
}

/// One sample of an interactive dismissal drag: the body of `POST /v1/gestures/dismiss`.
public struct DismissRequest: Sendable, Hashable {
    /// The geometry being dismissed: a request of any style but `reveal` (its direction is not used:
    /// the drag starts from the expanded state and a dismissal is a pop).
    public var plan: PlanRequest
    /// The finger's translation since the drag began, in points.
    public var translation: Point
    /// The finger's velocity, in points per second.
    public var velocity: Point
    /// Dragging, or released.
    public var phase: GesturePhase
    /// The axis along which dragging dismisses.
    public var axis: DragAxis
    /// Tunables.
    public var options: DismissOptions
    /// A pinch instead of a drag (iOS 18's zoom transition): its scale and the scale's velocity; `translation` and
    /// `velocity` are then the pinch centroid's. Nil for a drag.
    public var pinch: PinchSample?

    /// Creates a drag sample.
    /// - Parameters:
    ///   - plan: The geometry being dismissed: a request of any style but `reveal` (its direction is not used: the drag
    ///     starts from the expanded state and a dismissal is a pop).
    ///   - translation: The finger's translation since the drag began, in points (the pinch centroid's, with `pinch`).
    ///   - velocity: The finger's velocity, in points per second; zero by default.
    ///   - phase: Where the finger is in its gesture; `changed` (still dragging) by default.
    ///   - axis: The axis along which dragging dismisses; `vertical` (dragging down) by default.
    ///   - options: The drag's tunables; each at its default by default.
    ///   - pinch: The pinch's scale and the scale's velocity when the gesture is a pinch (iOS 18's zoom transition);
    ///     nil (the default) for a drag.
    public init(
        plan: PlanRequest, translation: Point, velocity: Point = .zero, phase: GesturePhase = PlanDefaults.gesturePhase,
        axis: DragAxis = PlanDefaults.dragAxis, options: DismissOptions = DismissOptions(), pinch: PinchSample? = nil
    ) {
        self.pinch = pinch
        self.plan = plan
        self.translation = translation
        self.velocity = velocity
        self.phase = phase
        self.axis = axis
        self.options = options
    }
}

/// The answer to a drag sample: where the layer is now and, on release, what happens next.
public struct Dismissal: Sendable, Hashable {
    /// The animated layer, as in a plan of the same request.
    public var layer: AnimatedLayer
    /// The layer's state under the finger; `progress` is the dismissal's completion (0 to 1).
    public var state: Keyframe
    /// On release: finish or cancel; `nil` while dragging.
    public var decision: DismissDecision?
    /// With the decision: why it was taken.
    public var reason: DismissReason?
    /// On release: the completion plan. Its first keyframe is exactly `state`, it leaves with the
    /// finger's velocity, and it ends exactly on the source element (finish) or at identity (cancel).
    public var plan: Plan?
    /// On release: the completion's spring, for a renderer that runs its own spring instead of the keyframes.
    public var spring: CompletionSpring?
    /// Every track of the plan under the finger (`base` only): the flying one as `state`, the rest — the faded
    /// screen, a tab bar's `1 − alpha` — at the background's level.
    public var tracks: [Track]?

    /// Creates a dismissal answer.
    /// - Parameters:
    ///   - layer: The animated layer, as in a plan of the same request.
    ///   - state: The layer's state under the finger; its `progress` is the dismissal's completion (0 to 1).
    ///   - decision: On release, finish or cancel; nil (the default) while dragging.
    ///   - reason: Why the decision was taken; nil (the default) without a decision.
    ///   - plan: On release, the completion plan from `state` to the source element (finish) or to identity (cancel);
    ///     nil (the default) while dragging.
    ///   - spring: On release with a spring completion, its parameters for a renderer that runs its own spring; nil (the
    ///     default) otherwise.
    ///   - tracks: Every track of the plan under the finger (`base` only); nil (the default) for none.
    public init(
        layer: AnimatedLayer, state: Keyframe, decision: DismissDecision? = nil, reason: DismissReason? = nil, plan: Plan? = nil,
        spring: CompletionSpring? = nil, tracks: [Track]? = nil
    ) {
        self.layer = layer
        self.state = state
        self.decision = decision
        self.reason = reason
        self.plan = plan
        self.spring = spring
        self.tracks = tracks
    }
}

/// The completion's spring with its initial velocities normalised as UIKit expects (velocity ÷ the distance
/// still to go), so `UISpringTimingParameters`, `UIView.animate(…usingSpringWithDamping:initialSpringVelocity:)`
/// or `CASpringAnimation` can play the completion from `state` to the plan's last keyframe.
public struct CompletionSpring: Sendable, Hashable {
    /// The damping ratio (1 = critically damped).
    public var dampingRatio: Double
    /// The undamped period 2π/ω in seconds (SwiftUI's `response`; stiffness is (2π/response)² at mass 1).
    public var response: Double
    /// The layer's position velocity (its transform's translation) ÷ the translation still to go, per axis;
    /// 0 on an axis with less than a millionth of a point to go. `CGVector(dx: x, dy: y)` in UIKit.
    public var initialVelocity: Point
    /// The progress's rate ÷ the progress still to go (0 when less than a millionth remains): the scalar for everything else.
    public var progressVelocity: Double

    /// Creates a completion spring.
    /// - Parameters:
    ///   - dampingRatio: The damping ratio: 1 is critically damped, less bounces.
    ///   - response: The undamped period 2π/ω, in seconds (SwiftUI's `response`).
    ///   - initialVelocity: The layer's position velocity ÷ the translation still to go, per axis (UIKit's normalised
    ///     velocity); 0 on an axis with less than a millionth of a point to go.
    ///   - progressVelocity: The progress's rate ÷ the progress still to go, for everything but the position; 0 when
    ///     less than a millionth remains.
    public init(dampingRatio: Double, response: Double, initialVelocity: Point, progressVelocity: Double) {
        self.dampingRatio = dampingRatio
        self.response = response
        self.initialVelocity = initialVelocity
        self.progressVelocity = progressVelocity
    }
}

/// A pinch gesture's sample (`UIPinchGestureRecognizer`'s `scale` and `velocity`).
public struct PinchSample: Sendable, Hashable {
    /// The pinch's scale: 1 at rest, below 1 pinching in.
    public var scale: Double
    /// The scale's rate, per second (negative pinching in).
    public var velocity: Double

    /// Creates a pinch sample.
    /// - Parameters:
    ///   - scale: The pinch's scale: 1 at rest, below 1 pinching in.
    ///   - velocity: The scale's rate, per second (negative pinching in); 0 by default.
    public init(scale: Double, velocity: Double = 0) {
        self.scale = scale
        self.velocity = velocity
    }
}
