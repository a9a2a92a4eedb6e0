/// One track at one instant in window space, as a design tool places a node: top-left rects in window points, the
/// corner radius as it is seen, and the opacity it is seen with (no transform, no layer space).
public struct WindowBox: Sendable, Hashable {
    /// Seconds from the start of the plan.
    public var time: Double
    /// What the track shows, window space: its mask (else its whole frame) through its transform and each parent's.
    /// It is not cut by the track's ``Track/clip`` nor by a parent's box, which a renderer applies on top: a child shows
    /// only inside its parent's clip.
    public var clip: Rect
    /// Where the track's content is painted, window space: its ``Track/drawnContentFrame`` through the same transforms
    /// (an aspect-filled image overflows ``clip``, which shows part of it); nil for a track without content.
    public var content: Rect?
    /// The clip's corner radius as seen, points: the mask's radius times the largest scale of the track's transform
    /// and each parent's (0 for square corners).
    public var cornerRadius: Double
    /// The opacity the track is seen with: its own times each parent's (a parent's fades its children), 0…1.
    public var opacity: Double
    /// The track's own colour, when it has one.
    public var color: Color?

    /// Creates a window box.
    /// - Parameters:
    ///   - time: Seconds from the start of the plan.
    ///   - clip: What the track shows, window space.
    ///   - content: Where the track's content is drawn, window space; nil without content.
    ///   - cornerRadius: The clip's corner radius as seen, points.
    ///   - opacity: The opacity the track is seen with, 0…1.
    ///   - color: The track's own colour; nil (the default) for none.
    public init(time: Double, clip: Rect, content: Rect?, cornerRadius: Double, opacity: Double, color: Color? = nil) {
        self.time = time
        self.clip = clip
        self.content = content
        self.cornerRadius = cornerRadius
        self.opacity = opacity
        self.color = color
    }
}

extension Track {
    /// Where the track's content is drawn in its own space: its ``contentFrame``, else the whole layer.
    public var drawnContentFrame: Rect {
        contentFrame ?? Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    }
}

extension Plan {
    /// The times at which some moving track has a keyframe, ascending: every moving track's own ones where the sampling
    /// is a count or a rate; empty when nothing moves.
    public var keyframeTimes: [Double] { Set(tracks.flatMap { $0.keyframes.map(\.time) }).sorted() }

    /// The times ``windowBoxes(of:)`` gives a box at: ``keyframeTimes``, or 0 alone when no track moves.
    public var windowBoxTimes: [Double] {
        let times = keyframeTimes
        return times.isEmpty ? [0] : times
    }

    /// `track` in window space at each of ``windowBoxTimes`` (a held track too: its parent may move it); between two,
    /// a renderer playing the tracks shows each number linearly in between for axis-aligned plans.
    /// - Parameter track: A track of this plan.
    /// - Returns: One box per time, in order.
    public func windowBoxes(of track: Track) -> [WindowBox] {
        windowBoxTimes.map { windowBox(of: track, at: $0) }
    }

    /// `track` in window space at `time`: its mask and content through its transform and each parent's, the radius
    /// scaled by them, the opacity multiplied by theirs.
    /// - Parameters:
    ///   - track: A track of this plan.
    ///   - time: Seconds from the start of the plan.
    /// - Returns: The track's window box at `time`.
    public func windowBox(of track: Track, at time: Double) -> WindowBox {
        let values = track.values(at: time), whole = Rect(x: 0, y: 0, width: track.frame.width, height: track.frame.height)
        let clip = stageRect(values.maskFrame ?? whole, in: track, at: time)
        var scale = 1.0, opacity = 1.0
        for layer in layers(from: track) {
            let layerValues = layer.values(at: time), transform = layerValues.transform ?? .identity
            scale *= max(abs(transform.a), abs(transform.d))
            opacity *= layerValues.opacity ?? 1
        }
        return WindowBox(
            time: time, clip: clip, content: track.content == nil ? nil : stageRect(track.drawnContentFrame, in: track, at: time),
            cornerRadius: max(0, values.cornerRadius ?? 0) * scale, opacity: opacity, color: values.color)
    }
}
