extension Plan {
    /// The track whose layer `track` is drawn inside (its ``Track/parent``); nil for a track on the stage, or when the
    /// plan holds no track of that id.
    /// - Parameter track: A track of this plan.
    /// - Returns: The parent track, if any.
    public func parent(of track: Track) -> Track? {
        guard let id = track.parent else { return nil }
        return tracks.first { $0.id == id }
    }

    /// Where a point of `track`'s own space is drawn on the stage (window space) at `time`: through the track's
    /// transform about its frame's centre into the space its frame is in, then through each parent's the same way.
    /// - Parameters:
    ///   - point: A point in the track's own space (origin at its frame's top-left, before its transform), points.
    ///   - track: A track of this plan.
    ///   - time: Seconds from the start of the plan.
    /// - Returns: The point in window space.
    public func stagePoint(_ point: Point, in track: Track, at time: Double) -> Point {
        layers(from: track).reduce(point) { point, layer in
            (layer.values(at: time).transform ?? .identity).apply(to: point, inLayer: layer.frame)
        }
    }

    /// `track` and the tracks it is drawn inside, innermost first: its parent, its parent's parent… (at most as many
    /// as the plan holds, should parents name each other in a loop).
    /// - Parameter track: A track of this plan.
    /// - Returns: The track, then each parent in turn.
    public func layers(from track: Track) -> [Track] {
        var layers = [track]
        while layers.count <= tracks.count, let next = parent(of: layers[layers.count - 1]) { layers.append(next) }
        return layers
    }

    /// Where a rect of `track`'s own space is drawn on the stage at `time` (``stagePoint(_:in:at:)`` of its corners;
    /// exact for the axis-aligned transforms a plan holds).
    /// - Parameters:
    ///   - rect: A rect in the track's own space, points.
    ///   - track: A track of this plan.
    ///   - time: Seconds from the start of the plan.
    /// - Returns: The smallest window-space rect holding the rect's four mapped corners.
    public func stageRect(_ rect: Rect, in track: Track, at time: Double) -> Rect {
        let p = stagePoint(rect.origin, in: track, at: time), q = stagePoint(Point(x: rect.maxX, y: rect.maxY), in: track, at: time)
        let r = stagePoint(Point(x: rect.maxX, y: rect.y), in: track, at: time), s = stagePoint(Point(x: rect.x, y: rect.maxY), in: track, at: time)
        let left = min(p.x, q.x, r.x, s.x), top = min(p.y, q.y, r.y, s.y)
        return Rect(x: left, y: top, width: max(p.x, q.x, r.x, s.x) - left, height: max(p.y, q.y, r.y, s.y) - top)
    }
}
