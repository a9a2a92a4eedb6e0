/// Findings about a plan's motion that do not stop it being planned.
enum MotionGuidance {
    /// Instants checked for a spring that takes the content below the source's size.
    static let overshootChecks = 256
    /// The least overshoot past the source worth a warning: half a percent of the way, about what the eye notices.
    static let noticeableOvershoot = 0.005
    /// Material's guidance for a transition's duration, as we read it: about 200 ms for a short move, up to
    /// about 400 ms for one across the screen (`expected = 0.2 s + 0.2 s × min(1, travel ÷ screen diagonal)`).
    static func expectedDuration(travel: Double, diagonal: Double) -> Double {
        0.2 + 0.2 * min(1, travel / diagonal)
    }
    /// How far from the expected duration is "far outside": below this share of it…
    static let shortestShare = 0.5
    /// …or above this multiple of it.
    static let longestMultiple = 3.0
}

extension PlanWarning {
    /// Warnings about the motion: a spring that overshoots the content below the source's size, a duration
    /// far outside Material's guidance for the distance the flying track (its sampled values `flying`) travels.
    static func motionWarnings(_ validated: ValidatedPlanRequest, choreography: Choreography, flying: [TrackKeyframe]) -> [PlanWarning] {
        guard !validated.reducedMotion, let first = flying.first?.values, let last = flying.last?.values else { return [] }
        var warnings: [PlanWarning] = []
        let duration = validated.timing.duration
        // Only a curve that overshoots can take the content past the source.
        let overshoots =
            validated.channelCurve.canOvershoot || validated.request.timing.channels?.values.contains { $0.curve?.canOvershoot == true } == true
        let lowest = overshoots ? choreography.clocks.lowestTransform(checks: MotionGuidance.overshootChecks) : (value: 0, time: 0)
        if lowest.value < -MotionGuidance.noticeableOvershoot {
            let field = validated.request.timing.channels?[.transform]?.curve != nil ? "timing.channels.transform.curve" : "timing.curve"
            warnings.append(
                PlanWarning(
                    field: field,
                    message:
                        "overshoots the source: the content gets smaller than it was there (\(describeNumber((-lowest.value * 1000).rounded() / 10))% "
                        + "past it at \(describeNumber((lowest.time * 1000).rounded())) ms)"))
        }
        let layer = choreography.parts[choreography.flyingPart].frame
        let start = first.keyframe(time: 0, progress: 0, in: layer).visibleClip(in: layer)
        let end = last.keyframe(time: duration, progress: 1, in: layer).visibleClip(in: layer)
        let travel = max(abs(start.x - end.x), abs(start.y - end.y), abs(start.maxX - end.maxX), abs(start.maxY - end.maxY))
        let bounds = validated.request.destination.bounds
        let diagonal = (bounds.width * bounds.width + bounds.height * bounds.height).squareRoot()
        let expected = MotionGuidance.expectedDuration(travel: travel, diagonal: diagonal)
        if duration < expected * MotionGuidance.shortestShare || duration > expected * MotionGuidance.longestMultiple {
            warnings.append(
                PlanWarning(
                    field: validated.request.timing.curve?.springResponse != nil ? "timing.curve.spring.response" : "timing.duration",
                    message: "is far from Material's guidance for a \(describeNumber(travel.rounded())) pt move: "
                        + "\(describeNumber((duration * 1000).rounded())) ms against about \(describeNumber((expected * 1000).rounded())) ms"))
        }
        return warnings
    }
}

extension TimingCurve {
    /// A spring's `response`, when the curve is a spring that has one.
    fileprivate var springResponse: Double? {
        if case .spring(let spring) = self { spring.response } else { nil }
    }
}
