/// The bounds every request is checked against before planning.
public enum PlanLimits {
    /// Largest absolute coordinate, and largest size, in points.
    public static let maximumExtent = 1_000_000.0
    /// Largest corner radius, in points (half the largest extent).
    public static let maximumRadius = maximumExtent / 2
    /// Smallest size a rect may have, in points.
    public static let minimumExtent = 0.001
    /// Shortest duration, seconds.
    public static let minimumDuration = 0.001
    /// Longest duration, seconds.
    public static let maximumDuration = 60.0
    /// Most keyframes a plan may have.
    public static let maximumKeyframes = 10_000
    /// Keyframe counts `sampling.keyframes` may ask for.
    public static let keyframeRange = 2...maximumKeyframes
    /// Most keyframes a plan may have over all its tracks (main layer and children): about 13 MB of JSON.
    public static let maximumTotalKeyframes = 50_000
    /// Most exact-state evaluations (per track) the tolerance sampler may spend on one plan.
    public static let maximumToleranceEvaluations = 1_000_000
    /// Highest sampling rate, frames per second.
    public static let maximumFPS = 1_000.0
    /// Smallest sampling tolerance, points.
    public static let minimumTolerance = 0.01
    /// Most child pairs.
    public static let maximumChildren = 64
    /// Longest child id, characters.
    public static let maximumChildIDLength = 128
    /// Decimal places a request may ask for with `precision`.
    public static let precisionRange = 0...6
    /// The rule `sampling.keyframes` breaks when out of ``keyframeRange``, as errors phrase it.
    public static let keyframesRule = "must be between \(keyframeRange.lowerBound) and \(keyframeRange.upperBound)"
    /// The rule `precision` breaks when out of ``precisionRange``, as errors phrase it.
    public static let precisionRule = "must be a whole number from \(precisionRange.lowerBound) to \(precisionRange.upperBound)"
    /// Smallest `options.minimumScale` a dismissal drag may ask for.
    public static let minimumDismissScale = 0.01
    /// Damping ratios accepted for springs.
    public static let dampingRatioRange = 0.01...10.0
    /// Largest absolute initial spring velocity, distances per second.
    public static let maximumSpringVelocity = 1_000.0
    /// Shortest spring `response`, seconds: a stiffer spring settles in less than a frame at 1 000 fps.
    public static let minimumSpringResponse = 0.01
    /// Farthest a plan may travel beyond its ends, in points on screen: at every keyframe each track's visible clip
    /// (its mask where the transform puts it), visible radius and shadow stay within this of the farther of the
    /// track's first and last keyframes (100 × the largest coordinate a request may give). An overshooting curve or
    /// an interruption's velocity that carries a layer farther is refused, so that no export has to draw a layer
    /// 10²⁹ points wide.
    public static let maximumReach = 100 * maximumExtent
    /// Largest absolute y control point of a cubic Bézier.
    public static let maximumBezierY = 10.0
    /// Largest absolute finger velocity a dismissal drag may report, points per second.
    public static let maximumGestureVelocity = 100_000.0
    /// Largest rate a `from.velocity` field may give, points (or opacity) per second.
    public static let maximumInterruptionRate = 10_000_000.0
    /// Pinch scales a sample may report.
    public static let pinchScaleRange = 0.01...10.0
    /// Largest absolute pinch scale velocity, per second.
    public static let maximumPinchVelocity = 1_000.0
    /// Longest content reference (`content.*`), in characters: room for a small `data:` image.
    public static let maximumContentReferenceLength = 65_536
    /// How far, as a ratio, `imageSize`'s aspect may stray from the painted image's `content.…size` before the two
    /// are refused as naming different images: 1 %, room for a resized image's sides rounded to whole pixels
    /// (1600 × 1200 and 299 × 224 differ by 0.2 %).
    public static let imageAspectTolerance = 0.01
    /// Most auxiliary views.
    public static let maximumAuxiliaryViews = 16
    /// The output budget: most keyframes (over all tracks) and `easing.css` stops, together, that one request may
    /// have the server emit — one plan, or every plan of a batch together. Every export writes each of them a
    /// bounded number of times, so this bounds the answer's bytes and the CPU spent making them. A stop counts as a
    /// keyframe though it costs less (about 20 bytes of JSON to a keyframe's 130–260), so the largest answer stays
    /// the one ``maximumTotalKeyframes`` allowed before stops were counted; a curve needs at most 16 385 stops.
    public static let maximumOutputPoints = maximumTotalKeyframes
    /// The most bytes one answer may take, in any format (a plan, an export, a batch, a dismissal): 16 MiB. The output
    /// budget bounds what the planner emits, but an export writes each keyframe in up to 1.2 kB (a Lottie mask path
    /// with continuous corners), so one answer within it could reach 60 MB; an answer that would pass this is refused
    /// instead, as it is written.
    public static let maximumAnswerBytes = 16 << 20
}

/// Every default a request's absent field takes, in one place: the JSON readers, the initializers, the
/// validator and the planners read them here, and a test checks openapi.yaml's `default:`s against them.
public enum PlanDefaults {
    /// `style`.
    public static let style = TransitionStyle.sharedFrame
    /// `direction`.
    public static let direction = Direction.push
    /// `source.contentMode`: a grid cell crops the image to fill it.
    public static let sourceContentMode = ContentMode.aspectFill
    /// `destination.contentMode`: a detail screen shows the whole image.
    public static let destinationContentMode = ContentMode.aspectFit
    /// Every corner radius left out (`source.cornerRadius`, `destination.cornerRadius`,
    /// `destination.screenCornerRadius`, a child's radii).
    public static let cornerRadius = 0.0
    /// `sampling`: as few keyframes as keep a linear renderer within half a point of the exact motion (and one
    /// 8-bit step of opacity), so the plan a client plays is the plan; `fps` and `keyframes` stay available.
    public static let sampling = Sampling.tolerance(0.5)
    /// `overlay.opacity`: sharedFrame's dimming overlay at the end (the seed's black at 0.5).
    public static let overlayOpacity = 0.5
    /// `timing.fadeFraction`: reveal spends half its timeline growing and half fading.
    public static let fadeFraction = 0.5
    /// A spring's `initialVelocity`.
    public static let springInitialVelocity = 0.0
    /// `overlay.color`: the seed's black scrim.
    public static let overlayColor = Color.black
    /// `placeholder.color`: the seed's white cover over the source cell.
    public static let placeholderColor = Color.white
    /// `cornerCurve`.
    public static let cornerCurve = CornerCurve.circular
    /// `path`.
    public static let path = MotionPath.straight
    /// `reducedMotion`.
    public static let reducedMotion = false
    /// `snapshot.childSpace`.
    public static let childSpace = ChildSpace.window
    /// `snapshot.clipsChildren`: each child is clipped to its own frame as it flies.
    public static let clipsChildren = true
    /// `snapshot.stagger`, seconds.
    public static let stagger = 0.0
    /// A child's `contentMode`: its snapshot covers `from`, cropped (aspect kept).
    public static let childContentMode = ContentMode.aspectFill
    /// An auxiliary view's `contentMode`: its content covers the view's frame, cropped (aspect kept), as a child's does.
    public static let auxiliaryContentMode = ContentMode.aspectFill
    /// reveal with a colour: the share of the growth over which the element's image fades out, leaving the solid colour
    /// to grow (the seed strips its button to its background before it grows).
    public static let revealImageFadeShare = 0.1
    /// `fadeMode: through`: the share of the fade spent fading the outgoing out (Material's 0.35).
    public static let fadeThroughShare = 0.35

    /// The style's `timing.fadeMode`: the destination fades in over the source, except that a snapshot's
    /// snapshots cross-fade and the reduced-motion variant cross-dissolves (as UIKit's does).
    /// - Parameters:
    ///   - style: The transition style.
    ///   - reducedMotion: Whether the reduced-motion variant is planned.
    /// - Returns: ``FadeMode/cross`` for a snapshot or the reduced-motion variant, else ``FadeMode/in``.
    public static func fadeMode(for style: TransitionStyle, reducedMotion: Bool) -> FadeMode {
        reducedMotion || style == .snapshot ? .cross : .in
    }

    /// The style's default duration and curve, each from its seed (docs/api.md lists the lines): sharedFrame's
    /// `UIView.animate(withDuration: 0.25)` (UIKit's default ease-in-out); zoom's 0.5 s spring (damping 0.8) in and
    /// its linked source's `UIView.animate(withDuration: 0.25, options: [.curveEaseOut])` out; reveal's 0.35 s + 0.35 s;
    /// morph's 0.5 s; snapshot's linked demo, 0.25 s of one ease-in-out keyframe animation.
    /// - Parameters:
    ///   - style: The transition style.
    ///   - direction: Push or pop (zoom's differ).
    /// - Returns: The default duration, in seconds, and curve.
    public static func timing(for style: TransitionStyle, direction: Direction) -> (duration: Double, curve: TimingCurve) {
        switch style {
        case .sharedFrame: return (0.25, .easeInOut)
        case .zoom: return direction == .push ? (0.5, .spring(SpringParameters(dampingRatio: 0.8))) : (0.25, .easeOut)
        case .reveal: return (0.7, .easeInOut)
        case .morph: return (0.5, .easeInOut)
        case .snapshot: return (0.25, .easeInOut)
        }
    }

    /// A dismissal's `phase`.
    public static let gesturePhase = GesturePhase.changed
    /// A dismissal's `axis`.
    public static let dragAxis = DragAxis.vertical
    /// `options.minimumScale`: the seed's half size at the dismiss distance.
    public static let minimumScale = 0.5
    /// `options.flingVelocity`, points per second.
    public static let flingVelocity = 500.0
    /// `options.decelerationRate`: UIScrollView's `.normal` rate per millisecond.
    public static let decelerationRate = 0.998
    /// `options.dismissDistance` as a share of the destination bounds along the drag axis.
    public static let dismissDistanceShare = 0.5
    /// `options.fadeDistance` as a share of the dismiss distance: the background fades over the same drag.
    public static let fadeDistanceShare = 1.0
    /// A pinch's scale velocity from which its direction alone decides a release, per second.
    public static let pinchFlingVelocity = 2.0
    /// `options.carryVelocity`: the completion leaves with the drag's velocity.
    public static let carryVelocity = true
    /// `options.policy`.
    public static let releasePolicy = ReleasePolicy.projected
    /// `options.finishDistance` as a share of the dismiss distance.
    public static let finishDistanceShare = 0.25
    /// The completion spring when the request names none and gives no duration: no bounce, quick.
    public static let completionSpring = SpringParameters(dampingRatio: 0.9, response: 0.35)
}

extension PlanLimits {
    /// The work a plan may cost: ``maximumKeyframes`` per track, ``maximumOutputPoints`` keyframes over all tracks
    /// and easing stops, and ``maximumToleranceEvaluations`` state evaluations for a tolerance search.
    package static let samplingBudget = SamplingBudget(
        keyframesPerTrack: maximumKeyframes, totalKeyframes: maximumOutputPoints, evaluations: maximumToleranceEvaluations)
}

extension ValidationError {
    /// The refusal of a plan whose tolerance sampling would cost more than its budget.
    init(_ exceeded: SamplingBudgetExceeded) {
        switch exceeded {
        case .keyframes(let limit):
            self.init(field: "sampling.tolerance", message: "needs more than \(limit) keyframes per track for this plan; use a larger tolerance")
        case .evaluations:
            self.init(
                field: "sampling.tolerance",
                message:
                    "needs too much work for this plan (its motion turns too often or too sharply for this tolerance); use a larger tolerance or fps"
            )
        }
    }

    /// The refusal of an answer that would pass ``PlanLimits/maximumAnswerBytes`` in `format`, naming `field` (the
    /// request's sampling, or a batch's `requests`).
    /// - Parameters:
    ///   - field: What to change: `sampling` for a plan or a dismissal's completion, `requests` for a batch.
    ///   - format: The answer's format, as `?format=` names it.
    package static func answerOverLimit(field: String, format: String) -> ValidationError {
        ValidationError(
            field: field,
            message: "would make an answer of more than \(PlanLimits.maximumAnswerBytes) bytes in format \(format), the most one answer may take; "
                + "use fewer keyframes (a larger sampling.tolerance, a lower fps or fewer keyframes), fewer children or batch items, "
                + "or a more compact format (json)")
    }

    /// The refusal of a plan whose easing needs more stops than the `left` of its output budget.
    static func easingOverBudget(left: Int) -> ValidationError {
        ValidationError(
            field: "timing.curve",
            message: "needs more than \(max(0, left)) stops in its CSS linear() easing, what its keyframes (and a batch's earlier plans) "
                + "left of the output budget of \(PlanLimits.maximumOutputPoints) keyframes and easing stops per request; "
                + "use a curve that oscillates less, fewer keyframes, or fewer batch items")
    }
}
