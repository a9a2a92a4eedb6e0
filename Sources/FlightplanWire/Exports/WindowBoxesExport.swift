import FlightplanCore
import FlightplanJSON

extension ExportScene {
    /// Writes `?format=boxes` as the writer's next value: each track in window space at the plan's keyframe times, as a
    /// design tool places nodes (top-left rects in window points, no transform), from ``Plan/windowBoxes(of:)``.
    ///
    /// `{"duration", "stage", "tracks": [{"id", "role", "z", "parent"?, "region"?, "cornerCurve"?, "contents"?,
    /// "keyframes": [{"time", "clip", "content"?, "radius", "opacity", "color"?}]}]}`: `stage` and every rect
    /// `{"x", "y", "width", "height"}` in window points; `region` the track's window-space clip (the request's
    /// `contentRegion`); each keyframe's numbers linear to the next. Every number keeps every digit, as the plan's.
    func windowBoxesDocument(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("duration"); writer.number(plan.duration)
        writer.key("stage"); stage.write(to: &writer)
        writer.key("tracks")
        writer.beginArray()
        for track in tracks { windowBoxes(of: track, to: &writer) }
        writer.endArray()
        writer.endObject()
    }

    private func windowBoxes(of track: Track, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id"); writer.string(track.id)
        writer.key("role"); writer.string(track.role.rawValue)
        writer.key("z"); writer.integer(track.z)
        if let parent = track.parent { writer.key("parent"); writer.string(parent) }
        if let region = track.clip { writer.key("region"); region.write(to: &writer) }
        if let curve = track.cornerCurve { writer.key("cornerCurve"); writer.string(curve.rawValue) }
        if let content = track.content { writer.key("contents"); content.write(to: &writer) }
        writer.key("keyframes")
        writer.beginArray()
        for box in plan.windowBoxes(of: track) {
            writer.beginObject()
            writer.key("time"); writer.number(box.time)
            writer.key("clip"); box.clip.write(to: &writer)
            if let content = box.content { writer.key("content"); content.write(to: &writer) }
            writer.key("radius"); writer.number(box.cornerRadius)
            writer.key("opacity"); writer.number(box.opacity)
            if let color = box.color { writer.key("color"); color.write(to: &writer) }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
