/// A plan for Core Animation: per layer, what to set and `CAKeyframeAnimation`s ready to add.
///
/// `{"duration", "spring"?, "layers": [{"id", "role", "zPosition", "frame", "anchorPoint", "set": {key path →
/// value}, "animations": [{"keyPath", "values", "keyTimes", "calculationMode": "linear", "duration"}]}]}`.
/// Key paths: `transform` (a `CGAffineTransform` as `[a, b, c, d, tx, ty]`, for
/// `CATransform3DMakeAffineTransform`), `opacity`, `backgroundColor` (`[r, g, b, a]`, sRGB), `mask.bounds`
/// (`[x, y, width, height]`), `mask.position` (`[x, y]`: the mask layer's centre in the layer),
/// `mask.cornerRadius`, `mask.cornerCurve`, `shadowColor`, `shadowOpacity`, `shadowRadius`, `shadowOffset`
/// (`[width, height]`). `frame` is in the stage's coordinates (the destination's bounds).
extension ExportScene {
    /// A key path's value for some values, or nil when they do not set it.
    typealias Reading = @Sendable (TrackValues) -> [Double]?

    /// Every key path a track can animate, and how to read it.
    private static let coreAnimationKeyPaths: [(path: String, property: TrackProperty, read: Reading)] = [
        ("transform", .transform, { $0.transform.map { [$0.a, $0.b, $0.c, $0.d, $0.tx, $0.ty] } }),
        ("opacity", .opacity, { $0.opacity.map { [$0] } }),
        ("backgroundColor", .color, { $0.color.map { [$0.r, $0.g, $0.b, $0.a] } }),
        ("mask.bounds", .maskFrame, { $0.maskFrame.map { [0, 0, $0.width, $0.height] } }),
        ("mask.position", .maskFrame, { $0.maskFrame.map { [$0.midX, $0.midY] } }),
        ("mask.cornerRadius", .cornerRadius, { $0.cornerRadius.map { [max(0, $0)] } }),
        ("shadowColor", .shadow, { $0.shadow.map { [$0.color.r, $0.color.g, $0.color.b, 1] } }),
        ("shadowOpacity", .shadow, { $0.shadow.map { [$0.color.a] } }),
        ("shadowRadius", .shadow, { $0.shadow.map { [$0.radius] } }),
        ("shadowOffset", .shadow, { $0.shadow.map { [$0.offset.x, $0.offset.y] } }),
    ]

    func coreAnimationDocument() -> [UInt8] {
        var writer = JSONWriter(capacity: 1024 + tracks.reduce(0) { $0 + 512 + 240 * $1.keyframes.count })
        writer.beginObject()
        writer.key("duration"); writer.number(plan.duration)
        if let spring = plan.easing?.spring { writer.key("spring"); spring.write(to: &writer) }
        writer.key("layers")
        writer.beginArray()
        for track in tracks { layer(track, to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    private func value(_ numbers: [Double], to writer: inout JSONWriter) {
        if numbers.count == 1 { writer.number(numbers[0]); return }
        writer.beginArray()
        for number in numbers { writer.number(number) }
        writer.endArray()
    }

    private func layer(_ track: Track, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id"); writer.string(track.id)
        writer.key("role"); writer.string(track.role.rawValue)
        writer.key("zPosition"); writer.integer(track.z)
        writer.key("frame"); track.frame.offsetBy(dx: -stage.x, dy: -stage.y).write(to: &writer)
        writer.key("anchorPoint"); value([0.5, 0.5], to: &writer)
        writer.key("set")
        writer.beginObject()
        for keyPath in Self.coreAnimationKeyPaths {
            if let numbers = keyPath.read(track.base) { writer.dynamicKey(keyPath.path); value(numbers, to: &writer) }
        }
        if let curve = track.cornerCurve { writer.key("mask.cornerCurve"); writer.string(curve.rawValue) }
        if let clip = track.clip { writer.key("superlayer.clip"); clip.offsetBy(dx: -stage.x, dy: -stage.y).write(to: &writer) }
        writer.endObject()
        writer.key("animations")
        writer.beginArray()
        let keyTimes = track.keyframes.map { plan.duration > 0 ? $0.time / plan.duration : 0 }
        for keyPath in Self.coreAnimationKeyPaths where track.animates.contains(keyPath.property) {
            let values = track.keyframes.compactMap { keyPath.read(track.base.merging($0.values)) }
            guard values.count == track.keyframes.count else { continue }
            writer.beginObject()
            writer.key("keyPath"); writer.string(keyPath.path)
            writer.key("values")
            writer.beginArray()
            for numbers in values { value(numbers, to: &writer) }
            writer.endArray()
            writer.key("keyTimes")
            writer.beginArray()
            for time in keyTimes { writer.number(time) }
            writer.endArray()
            writer.key("calculationMode"); writer.string("linear")
            writer.key("duration"); writer.number(plan.duration)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
