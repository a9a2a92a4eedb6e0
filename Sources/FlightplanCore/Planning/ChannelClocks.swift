/// Where each ``TimingChannel`` is along its motion at any instant: the plan's curve by default, a share of
/// it (`progress`), or a window of time with its own curve. A class, so that the many instants a plan evaluates share
/// one copy instead of copying the clocks into each.
final class ChannelClocks: Sendable {
    enum Clock: Sendable, Hashable {
        /// A share of the push's geometric progress from `start` to `end`, `length` long (given, not
        /// computed, where the default reproduces the first model's arithmetic); exactly 0 and 1 at its ends.
        case progress(start: Double, end: Double, length: Double)
        /// Its own curve from `start` to `end` seconds into the transition; exactly 0 and 1 at its ends.
        case window(start: Double, end: Double, timing: ResolvedTiming)
    }

    /// The plan's duration and curve.
    let timing: ResolvedTiming
    let direction: Direction
    /// A clock for each channel, at its ``TimingChannel/ordinal``, held inline (an array was an allocation per plan).
    typealias Clocks = InlineArray<9, Clock>

    private let clocks: Clocks
    /// Whether the transform, the mask and the radius run on one clock (unless a request times them apart): a flight
    /// then reads one progress for all three.
    private let geometryShared: Bool
    /// The geometric channels' one clock when it is a share of the plan's progress (as it is unless a request gives them
    /// a window of time), read once here rather than out of `clocks` for every state a plan evaluates.
    private let geometryShare: (start: Double, end: Double, length: Double)?
    /// The channels that run on a window of time.
    private let windowed: ChannelSet

    /// The clocks a validated request asks for: the style's defaults (reveal grows, then fades; a fade
    /// `through` splits the fade), then the request's `timing.channels` over them.
    init(for validated: ValidatedPlanRequest) {
        // The request is read in place: a copy of it (its many fields' reference counts) cost as much as the clocks.
        timing = validated.timing
        direction = validated.request.direction
        var clocks = Clocks(repeating: .progress(start: 0, end: 1, length: 1))
        var fade = (start: 0.0, length: 1.0)
        if validated.request.style == .reveal && !validated.reducedMotion {
            let growEnd = 1 - validated.fadeFraction
            for channel in [TimingChannel.transform, .maskFrame, .cornerRadius, .color, .shadow] {
                clocks[channel.ordinal] = .progress(start: 0, end: growEnd, length: growEnd)
            }
            fade = (growEnd, validated.fadeFraction)
        }
        if validated.fadeMode == .through {
            let outLength = fade.length * PlanDefaults.fadeThroughShare
            let split = fade.start + outLength
            clocks[TimingChannel.fadeOut.ordinal] = .progress(start: fade.start, end: split, length: outLength)
            clocks[TimingChannel.fadeIn.ordinal] = .progress(start: split, end: 1, length: 1 - split)
        } else {
            clocks[TimingChannel.fadeOut.ordinal] = .progress(start: fade.start, end: 1, length: fade.length)
            clocks[TimingChannel.fadeIn.ordinal] = .progress(start: fade.start, end: 1, length: fade.length)
        }
        let duration = validated.timing.duration
        var windowed: ChannelSet = []
        for (channel, channelTiming) in validated.request.timing.channels ?? [:] {
            let curve = channelTiming.curve ?? validated.channelCurve
            switch channelTiming.span {
            case .progress(let start, let end):
                clocks[channel.ordinal] = .progress(start: start, end: end, length: end - start)
            case .window(let start, let end):
                windowed.insert(ChannelSet(channel))
                clocks[channel.ordinal] = .window(
                    start: start * duration, end: end * duration, timing: ResolvedTiming(curve: curve, duration: (end - start) * duration))
            case .seconds(let start, let end):
                windowed.insert(ChannelSet(channel))
                clocks[channel.ordinal] = .window(start: start, end: end, timing: ResolvedTiming(curve: curve, duration: end - start))
            }
        }
        self.clocks = clocks
        self.windowed = windowed
        geometryShared =
            clocks[TimingChannel.maskFrame.ordinal] == clocks[TimingChannel.transform.ordinal]
            && clocks[TimingChannel.cornerRadius.ordinal] == clocks[TimingChannel.transform.ordinal]
        if geometryShared, case .progress(let start, let end, let length) = clocks[TimingChannel.transform.ordinal] {
            geometryShare = (start, end, length)
        } else {
            geometryShare = nil
        }
    }

    /// The transform's, the mask's and the radius's progress (see ``value(_:time:progress:)``), read once when they
    /// share a clock (the three are geometric channels, which the clocks treat alike).
    func geometry(time: Double, progress: Double) -> (transform: Double, maskFrame: Double, cornerRadius: Double) {
        if let (start, end, length) = geometryShare {
            let transform = share(.transform, of: progress, start: start, end: end, length: length)
            return (transform, transform, transform)
        }
        let transform = value(.transform, time: time, progress: progress)
        guard !geometryShared else { return (transform, transform, transform) }
        return (transform, value(.maskFrame, time: time, progress: progress), value(.cornerRadius, time: time, progress: progress))
    }

    /// Whether the transform, the mask and the radius run on one clock that is a share of the plan's progress.
    var geometryFollowsOneShare: Bool { geometryShare != nil }

    /// That one clock where a spring carries the plan's progress past 1: its progress there and its rate per unit of the
    /// plan's progress beyond (a share that ends with the push's geometric progress goes on beyond 1, with a pop's below
    /// 0; one that ends before it holds); nil where the geometric channels do not share one.
    var geometryBeyondOne: (start: Double, slope: Double)? {
        guard let (start, end, length) = geometryShare else { return nil }
        if direction == .push { return end < 1 ? (1, 0) : (1, 1 / length) }
        return start > 0 ? (0, 0) : (0, -1 / length)
    }

    /// Whether the incoming layers' fade and the outgoing ones' run on one clock.
    var fadesAlike: Bool { clocks[TimingChannel.fadeIn.ordinal] == clocks[TimingChannel.fadeOut.ordinal] }

    /// The plan's progresses where the geometric channels' one clock, a share of the plan's progress, is at each of
    /// `progresses` (strictly inside 0…1 both), ascending; nil when the transform, the mask and the radius do not run on
    /// one share.
    func planProgresses(atGeometric progresses: [Double]) -> [Double]? {
        guard let (start, _, length) = geometryShare else { return nil }
        return progresses.map { progress in
            let geometric = start + progress * length
            return direction == .push ? geometric : 1 - geometric
        }.filter { $0 > 0 && $0 < 1 }.sorted()
    }

    /// Whether every one of `channels` is a share of the plan's progress (none runs on a window of time): a part that
    /// reads only those is then a function of the plan's progress alone.
    func followPlanProgress(_ channels: ChannelSet) -> Bool { windowed.isDisjoint(with: channels) }

    /// Whether any channel runs on a window of time.
    var hasWindows: Bool { !windowed.isEmpty }

    /// The one window of time every one of `channels` (at least one) runs on, when they share one inside the plan's
    /// duration: a part that reads only those is then a function of that window's progress (0 before it, 1 after it),
    /// which the progress bound can sample over the window's time on its curve (``ChannelInstant/init(window:clocks:)``
    /// gives the instant at a progress of it); else nil.
    func window(readBy channels: ChannelSet) -> (start: Double, end: Double, timing: ResolvedTiming)? {
        guard !channels.isEmpty, windowed.isSuperset(of: channels) else { return nil }
        var shared: Clock?
        for ordinal in clocks.indices where channels.rawValue & 1 << ordinal != 0 {
            guard shared == nil || shared == clocks[ordinal] else { return nil }
            shared = clocks[ordinal]
        }
        // A spring whose own duration is not the window's (one given a response) is cut where the window ends: no
        // function of its progress alone.
        guard case .window(let start, let end, let timing)? = shared, start >= 0, end <= self.timing.duration,
            abs(timing.duration - (end - start)) <= 1e-9 * max(1, end)
        else { return nil }
        return (start, end, timing)
    }

    /// The plan's progresses where a channel's share starts or ends (where a state may turn a corner), ascending and
    /// strictly inside 0…1; a channel on a window of time has none (the parts that read it are no functions of the plan's
    /// progress, and are sampled on that window or in time).
    var progressKinks: [Double] {
        // Gathered in an array, then sorted with repeats dropped: a set of them (hashing each share) cost more than the
        // rest of finding them.
        var kinks: [Double] = []
        kinks.reserveCapacity(2 * clocks.count)
        func add(_ share: Double) {
            if share > 0 && share < 1 { kinks.append(direction == .push ? share : 1 - share) }
        }
        for index in clocks.indices {
            guard case .progress(let start, let end, _) = clocks[index] else { continue }
            add(start)
            add(end)
        }
        return kinks.ascendingDistinct
    }

    /// `channel`'s progress along the push (0 = as at the source, 1 = as at the destination; a pop runs it
    /// backwards) at `time`, when the plan's own eased progress is `progress`. Opacities and colours stay
    /// inside 0…1; a geometric channel passes a spring's overshoot on at the ends its span shares with the plan.
    func value(_ channel: TimingChannel, time: Double, progress: Double) -> Double {
        let value: Double
        switch clocks[channel.ordinal] {
        case .progress(let start, let end, let length):
            value = share(channel, of: progress, start: start, end: end, length: length)
        case .window(let start, let end, let timing):
            let eased = time >= end ? 1 : timing.progress(atTime: time - start)
            value = direction == .push ? eased : 1 - eased
        }
        return channel.isClamped ? min(max(0, value), 1) : value
    }

    /// The transform's lowest progress along the push (below 0 where a curve takes it back past the source) at
    /// `checks + 1` even instants from the start to the end, and the first of those instants where it is that low; (0, 0)
    /// where it never goes below 0. It depends only on the curve, the transform's clock and the direction: remembered
    /// (every plan on one spring asks the same).
    func lowestTransform(checks: Int) -> (value: Double, time: Double) {
        let key = TransformSweep(timing: timing, clock: clocks[TimingChannel.transform.ordinal], direction: direction, checks: checks)
        return Self.lowestTransforms.value(for: key) {
            var lowest = (value: 0.0, time: 0.0)
            for index in 0...checks {
                let time = timing.duration * Double(index) / Double(checks)
                let transform = value(.transform, time: time, progress: timing.progress(atTime: time))
                if transform < lowest.value { lowest = (transform, time) }
            }
            return lowest
        }
    }

    /// What ``lowestTransform(checks:)`` depends on.
    private struct TransformSweep: Hashable, Sendable {
        let timing: ResolvedTiming
        let clock: Clock
        let direction: Direction
        let checks: Int
    }

    /// The lowest transforms found lately.
    private static let lowestTransforms = CurveMemo<TransformSweep, (value: Double, time: Double)>(capacity: 64)

    /// `channel`'s share from `start` to `end` (`length` apart) of the plan's geometric progress when its eased
    /// progress is `progress` (before an opacity's or a colour's clamp to 0…1).
    @inline(__always)
    private func share(_ channel: TimingChannel, of progress: Double, start: Double, end: Double, length: Double) -> Double {
        let geometric = direction == .push ? progress : 1 - progress
        var share = geometric == end ? 1 : geometric == start ? 0 : (geometric - start) / length
        if !channel.isClamped {
            if start > 0 { share = max(share, 0) }
            if end < 1 { share = min(share, 1) }
        }
        return share
    }
}

/// The channels at one instant of a plan.
struct ChannelInstant {
    /// Seconds into the transition.
    let time: Double
    /// The plan's eased progress at `time`.
    let progress: Double
    /// The clocks, not retained: an instant lives only while its choreography does (which owns them). The tolerance
    /// search makes thousands, and retaining the clocks for each was a third of its reference counting.
    private let clocks: Unmanaged<ChannelClocks>
    /// Every channel's progress, when it is not the clocks' (a dismissal drag holds them all at one level).
    private let level: Double?
    /// Whether the opacities and colours hold `level` inside 0…1, as their clocks do (on a window whose spring passes
    /// it); a drag's level is read as it is.
    private var clampsLevel = false

    /// The instant `time` seconds into the transition.
    init(time: Double, clocks: ChannelClocks) {
        self.init(time: time, clocks: .passUnretained(clocks))
    }

    /// The instant `time` seconds into the transition, where the plan's eased progress is known to be `progress`.
    init(time: Double, progress: Double, clocks: ChannelClocks) {
        self.time = time
        self.progress = progress
        self.clocks = .passUnretained(clocks)
        self.level = nil
    }

    private init(time: Double, clocks: Unmanaged<ChannelClocks>) {
        self.time = time
        self.progress = clocks._withUnsafeGuaranteedRef { $0.timing.progress(atTime: time) }
        self.clocks = clocks
        self.level = nil
    }

    /// The instant at which the plan's eased progress is `progress`, for clocks with no window of time (which alone would
    /// read the time: it is left at 0).
    init(progress: Double, clocks: ChannelClocks) {
        self.time = 0
        self.progress = progress
        self.clocks = .passUnretained(clocks)
        self.level = nil
    }

    /// An instant at which the channels on one window of time (``ChannelClocks/window(readBy:)``) are at `progress` of
    /// it (its eased progress, beyond 0…1 where a spring carries it: the opacities and colours hold inside); only those
    /// channels are meaningful there.
    init(window progress: Double, clocks: ChannelClocks) {
        self.init(level: clocks.direction == .push ? progress : 1 - progress, clocks: clocks)
        clampsLevel = true
    }

    /// An instant at which every channel is at `level` along the push (0 collapsed, 1 expanded).
    init(level: Double, clocks: ChannelClocks) {
        self.time = 0
        self.progress = level
        self.clocks = .passUnretained(clocks)
        self.level = level
    }

    /// The instant `time` of this one's clock maps to (a staggered child's own time); an instant held at a level
    /// stays as it is.
    func retimed(_ time: (Double) -> Double) -> ChannelInstant {
        level == nil ? ChannelInstant(time: time(self.time), clocks: clocks) : self
    }

    /// `channel`'s progress along the push at this instant.
    func callAsFunction(_ channel: TimingChannel) -> Double {
        guard let level else { return clocks._withUnsafeGuaranteedRef { $0.value(channel, time: time, progress: progress) } }
        return clampsLevel && channel.isClamped ? min(max(0, level), 1) : level
    }

    /// The geometric channels' progresses at this instant: the transform's, the mask's and the radius's.
    var geometry: (transform: Double, maskFrame: Double, cornerRadius: Double) {
        if let level { return (level, level, level) }
        return clocks._withUnsafeGuaranteedRef { $0.geometry(time: time, progress: progress) }
    }
}

/// A set of ``TimingChannel``s: those a part's values read.
struct ChannelSet: OptionSet, Sendable, Hashable {
    let rawValue: UInt16

    init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set of `channel` alone.
    init(_ channel: TimingChannel) { rawValue = 1 << channel.ordinal }

    /// The set of `channels`.
    init(_ channels: [TimingChannel]) { self = channels.reduce(into: []) { $0.insert(ChannelSet($1)) } }

    /// Every channel: what a part is taken to read unless it says otherwise.
    static let all = ChannelSet(TimingChannel.allCases)
    /// The geometric channels: the transform, the mask and the corner radius.
    static let geometry = ChannelSet([.transform, .maskFrame, .cornerRadius])
    /// The two fades a pair of layers reads.
    static let fades = ChannelSet([.fadeIn, .fadeOut])
}

extension TimingChannel {
    /// The channel's index in `allCases`.
    var ordinal: Int {
        switch self {
        case .transform: 0
        case .maskFrame: 1
        case .cornerRadius: 2
        case .fadeIn: 3
        case .fadeOut: 4
        case .overlay: 5
        case .color: 6
        case .shadow: 7
        case .auxiliary: 8
        }
    }
}

extension [Double] {
    /// The values in ascending order, each once.
    var ascendingDistinct: [Double] {
        var distinct: [Double] = []
        distinct.reserveCapacity(count)
        for value in sorted() where distinct.last != value { distinct.append(value) }
        return distinct
    }
}
