/// A plan for Core Animation, in values `CALayer.setValue(_:forKeyPath:)` and `CAKeyframeAnimation.values` take as
/// they are once each is made the type ``CoreAnimationLayer/valueTypes`` names for its key path.
///
/// `{"duration", "spring"?, "valueTypes": {key path → "CGPoint" | "CGSize" | "CGRect" | "CGColor"}, "layers": [{"id",
/// "role", "parent"?, "zPosition", "contents"? (the track's content reference, for the app to resolve into the clip's,
/// or the layer's, `contents`), "set": {key path → value}, "animations": [{"keyPath", "values", "keyTimes",
/// "calculationMode": "linear", "duration"}], "clip"?: {"set", "animations"}, "content"?: {"set", "animations"},
/// "superlayer"?: {"set"}}]}`.
///
/// Each track is a layer on the stage (a layer at the destination's bounds): `bounds` `[0, 0, width, height]`,
/// `anchorPoint` `[0.5, 0.5]`, `position` its centre on the stage plus the plan's translation, `transform.scale.x` and
/// `transform.scale.y` the plan's scale (plans are axis-aligned: `b = c = 0`), `opacity`, and the shadow
/// (`shadowColor` opaque, its alpha in `shadowOpacity`, `shadowRadius`, `shadowOffset`). Its `clip` is the visible
/// region, a sublayer to put the content in: `masksToBounds`, `bounds` the plan's mask frame in the layer's space
/// (its origin is the mask's, so the clip's sublayers keep the track layer's coordinates), `position` the mask's
/// centre, `cornerRadius`, `cornerCurve`, and the track's `backgroundColor` (on the layer itself when there is no
/// clip). `content`, when the track draws its content over a frame of its own (its `contentFrame`: an image fitted or
/// filled in its own aspect), is the sublayer to put `contents` in, inside the clip (or the layer): `bounds` and
/// `position` in the track layer's coordinates. The shadow sits on the unmasked layer, so it falls outside the clip. A `superlayer` (the request's
/// `contentRegion`) clips the layer from outside its transform; its bounds' origin is its own place on the stage,
/// so the layer keeps stage coordinates in it. `keyTimes` run 0…1 over `duration`, the plan's.
///
/// A child track (one drawn inside another) names that track in `parent`: its layer is a sublayer of the parent's
/// `clip`, above the parent's content, and its `position` is in the parent layer's own coordinates (the clip keeps
/// them), so the parent's transform, mask, corner radius, `superlayer` and opacity apply to it as to the parent's
/// content. A track with children always has a `clip` (its mask, else its whole bounds) and sets
/// `allowsGroupOpacity`; a child has no `superlayer` of its own (its parent's clips it).
public struct CoreAnimationLayer: Sendable {
    /// A value to set or a keyframe's value: numbers (one for a scalar key path; the fields of a `CGPoint`,
    /// `CGSize`, `CGRect` or sRGB `CGColor` in order), a string or a boolean.
    public enum Value: Sendable, Hashable {
        /// A scalar, or a struct's fields in order.
        case numbers([Double])
        /// A string (`cornerCurve`).
        case text(String)
        /// A boolean (`masksToBounds`).
        case flag(Bool)
    }

    /// One key path's values at the plan's key times, linear between them.
    public struct Animation: Sendable, Hashable {
        /// The layer's key path (`position`, `transform.scale.x`, `bounds`, `cornerRadius`, …).
        public var keyPath: String
        /// How many numbers make one value: 1 for a scalar, a struct's field count.
        public var width: Int
        /// Every key time's value, one after the other, ``width`` numbers each (one array for them all).
        public var numbers: [Double]

        /// How many values there are: one per key time.
        public var count: Int { width > 0 ? numbers.count / width : 0 }

        /// The value at key time `index`: a scalar, or a struct's fields.
        /// - Parameter index: The key time's index, 0..<``count``.
        /// - Returns: Its ``width`` numbers.
        public func value(at index: Int) -> ArraySlice<Double> {
            numbers[index * width..<(index + 1) * width]
        }
    }

    /// What to set before playing, in order.
    public var set: [(keyPath: String, value: Value)]
    /// What to play, all with the track's key times.
    public var animations: [Animation]

    /// The type a key path's numbers make; key paths not named here take a plain number, string or boolean.
    public static let valueTypes: [(keyPath: String, type: String)] = [
        ("bounds", "CGRect"), ("position", "CGPoint"), ("anchorPoint", "CGPoint"), ("shadowOffset", "CGSize"),
        ("backgroundColor", "CGColor"), ("shadowColor", "CGColor")
    ]
}

/// A track as Core Animation layers: the track's layer, the clip inside it and the superlayer around it.
public struct CoreAnimationTrack: Sendable {
    /// The track's layer, on the stage (or in ``superlayer``), or for a child in its parent's ``clip``.
    public var layer: CoreAnimationLayer
    /// The visible region: a sublayer of ``layer`` that the content and any child go into; nil when the track has
    /// neither a mask nor children.
    public var clip: CoreAnimationLayer?
    /// The request's `contentRegion`: a layer on the stage that ``layer`` goes into; nil when there is none, and for a
    /// child (its parent's applies).
    public var superlayer: CoreAnimationLayer?
    /// The key times, 0…1 over the plan's duration, shared by every animation of the track.
    public var keyTimes: [Double]
}

extension Track {
    /// The track as Core Animation layers, on a stage whose origin is at `stage.origin` in window space (a child's in
    /// its parent's clip, in the parent layer's own coordinates), for a plan lasting `duration` seconds: the values
    /// `?format=core-animation` writes.
    /// - Parameters:
    ///   - stage: The plan's stage (the destination's bounds), window space.
    ///   - duration: The plan's duration, seconds.
    ///   - holdsChildren: Whether other tracks name this one their `parent`: it then has a clip for them (its mask,
    ///     else its whole bounds) and group opacity. False (the default) for none.
    /// - Returns: The layer, its clip and its superlayer, with their values and key times.
    public func coreAnimation(stage: Rect, duration: Double, holdsChildren: Bool = false) -> CoreAnimationTrack {
        let frame = self.frame, whole = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        // A child's frame is in its parent's own space, which its parent's clip keeps: its origin is no stage's.
        let origin = parent == nil ? stage.origin : .zero
        let hasClip =
            holdsChildren || base.maskFrame != nil || base.cornerRadius != nil || animates.contains(.maskFrame)
            || animates.contains(.cornerRadius)
        // The track layer's and the clip's key paths, with the property that moves each and how to read it.
        var layerPaths: [CoreAnimationKeyPath] = [
            .init(
                "position", .transform,
                { values in
                    let t = values.transform ?? .identity
                    return ExportNumbers(frame.midX - origin.x + t.tx, frame.midY - origin.y + t.ty)
                }
            ),
            .init("transform.scale.x", .transform, { $0.transform.map { ExportNumbers($0.a) } }),
            .init("transform.scale.y", .transform, { $0.transform.map { ExportNumbers($0.d) } }),
            .init("opacity", .opacity, { $0.opacity.map { ExportNumbers($0) } }),
            .init("shadowColor", .shadow, { $0.shadow.map { ExportNumbers($0.color.r, $0.color.g, $0.color.b, 1) } }),
            .init("shadowOpacity", .shadow, { $0.shadow.map { ExportNumbers($0.color.a) } }),
            .init("shadowRadius", .shadow, { $0.shadow.map { ExportNumbers($0.radius) } }),
            .init("shadowOffset", .shadow, { $0.shadow.map { ExportNumbers($0.offset.x, $0.offset.y) } })
        ]
        let color = CoreAnimationKeyPath("backgroundColor", .color, { $0.color.map { ExportNumbers($0.r, $0.g, $0.b, $0.a) } })
        let clipPaths: [CoreAnimationKeyPath] = [
            .init(
                "bounds", .maskFrame,
                {
                    let m = $0.maskFrame ?? whole; return ExportNumbers(m.x, m.y, m.width, m.height)
                }
            ),
            .init(
                "position", .maskFrame,
                {
                    let m = $0.maskFrame ?? whole; return ExportNumbers(m.midX, m.midY)
                }
            ),
            .init("cornerRadius", .cornerRadius, { $0.cornerRadius.map { ExportNumbers(max(0, $0)) } }),
            color
        ]
        if !hasClip { layerPaths.append(color) }
        let states = keyframes.map { base.merging($0.values) }
        func layer(_ paths: [CoreAnimationKeyPath], settings: [(keyPath: String, value: CoreAnimationLayer.Value)]) -> CoreAnimationLayer {
            var set = settings, animations: [CoreAnimationLayer.Animation] = []
            set.reserveCapacity(settings.count + paths.count)
            animations.reserveCapacity(paths.count)
            for path in paths {
                if animates.contains(path.property) {
                    // Every state holds what the track animates (its keyframes set it, over the base).
                    var numbers: [Double] = [], width = 0
                    numbers.reserveCapacity(4 * states.count)
                    for state in states {
                        guard let value = path.read(state) else { continue }
                        width = value.count
                        value.append(to: &numbers)
                    }
                    animations.append(.init(keyPath: path.keyPath, width: width, numbers: numbers))
                } else if let value = path.read(base) {
                    var numbers: [Double] = []
                    numbers.reserveCapacity(value.count)
                    value.append(to: &numbers)
                    set.append((path.keyPath, .numbers(numbers)))
                }
            }
            return CoreAnimationLayer(set: set, animations: animations)
        }
        var clipSettings: [(keyPath: String, value: CoreAnimationLayer.Value)] = [("masksToBounds", .flag(true))]
        if let cornerCurve { clipSettings.append(("cornerCurve", .text(cornerCurve.rawValue))) }
        var layerSettings: [(keyPath: String, value: CoreAnimationLayer.Value)] = [
            ("bounds", .numbers([0, 0, frame.width, frame.height])), ("anchorPoint", .numbers([0.5, 0.5]))
        ]
        // The children's paint fades with the parent's as one picture, whatever the platform's default.
        if holdsChildren { layerSettings.append(("allowsGroupOpacity", .flag(true))) }
        return CoreAnimationTrack(
            layer: layer(layerPaths, settings: layerSettings),
            clip: hasClip ? layer(clipPaths, settings: clipSettings) : nil,
            superlayer: (parent == nil ? clip : nil).map { clip in
                let onStage = clip.offsetBy(dx: -stage.x, dy: -stage.y)
                return CoreAnimationLayer(
                    set: [
                        ("bounds", .numbers([onStage.x, onStage.y, onStage.width, onStage.height])),
                        ("position", .numbers([onStage.midX, onStage.midY])),
                        ("masksToBounds", .flag(true))
                    ], animations: [])
            },
            keyTimes: keyframes.map { duration > 0 ? $0.time / duration : 0 })
    }
}

/// A layer's key path as the Core Animation export fills it: the track property that moves it and how to read its
/// value from the track's values (nil where they leave it unset). A struct, not a tuple in an array, so that the
/// reading keeps its direct calling convention (no thunk copying the values at each call).
private struct CoreAnimationKeyPath {
    /// The layer's key path.
    let keyPath: String
    /// The property whose animation moves it.
    let property: TrackProperty
    /// Its value in a state of the track.
    let read: (TrackValues) -> ExportNumbers?

    init(_ keyPath: String, _ property: TrackProperty, _ read: @escaping (TrackValues) -> ExportNumbers?) {
        (self.keyPath, self.property, self.read) = (keyPath, property, read)
    }
}

extension ExportScene {
    /// Writes the Core Animation document as the writer's next value (a batch's or a dismissal's plan, without a copy).
    func coreAnimationDocument(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("duration"); writer.number(plan.duration)
        if let spring = plan.easing?.spring { writer.key("spring"); spring.write(to: &writer) }
        writer.key("valueTypes")
        writer.beginObject()
        for (keyPath, type) in CoreAnimationLayer.valueTypes { writer.dynamicKey(keyPath); writer.string(type) }
        writer.endObject()
        writer.key("layers")
        writer.beginArray()
        for (index, track) in tracks.enumerated() { layer(track, holdsChildren: !tree.children[index].isEmpty, to: &writer) }
        writer.endArray()
        writer.endObject()
    }

    private func layer(_ track: Track, holdsChildren: Bool, to writer: inout JSONWriter) {
        let layers = track.coreAnimation(stage: stage, duration: plan.duration, holdsChildren: holdsChildren)
        writer.beginObject()
        writer.key("id"); writer.string(track.id)
        writer.key("role"); writer.string(track.role.rawValue)
        if let parent = track.parent { writer.key("parent"); writer.string(parent) }
        writer.key("zPosition"); writer.integer(track.z)
        if let content = track.content { writer.key("contents"); content.write(to: &writer) }
        write(layers.layer, keyTimes: layers.keyTimes, to: &writer)
        if let clip = layers.clip {
            writer.key("clip")
            writer.beginObject()
            write(clip, keyTimes: layers.keyTimes, to: &writer)
            writer.endObject()
        }
        if let frame = track.contentFrame {
            // The content's own sublayer, in the clip (or the layer), which keeps the layer's coordinates.
            writer.key("content")
            writer.beginObject()
            writer.key("set")
            writer.beginObject()
            writer.key("bounds"); write([0, 0, frame.width, frame.height], to: &writer)
            writer.key("position"); write([frame.midX, frame.midY], to: &writer)
            writer.endObject()
            writer.key("animations"); writer.beginArray(); writer.endArray()
            writer.endObject()
        }
        if let superlayer = layers.superlayer {
            writer.key("superlayer")
            writer.beginObject()
            write(superlayer, keyTimes: layers.keyTimes, to: &writer)
            writer.endObject()
        }
        writer.endObject()
    }

    /// Writes a layer's `set` and `animations` members.
    private func write(_ layer: CoreAnimationLayer, keyTimes: [Double], to writer: inout JSONWriter) {
        writer.key("set")
        writer.beginObject()
        for (keyPath, value) in layer.set {
            writer.dynamicKey(keyPath)
            switch value {
            case .numbers(let numbers): write(numbers, to: &writer)
            case .text(let text): writer.string(text)
            case .flag(let flag): writer.bool(flag)
            }
        }
        writer.endObject()
        writer.key("animations")
        writer.beginArray()
        for animation in layer.animations {
            writer.beginObject()
            writer.key("keyPath"); writer.string(animation.keyPath)
            writer.key("values")
            writer.beginArray()
            for index in 0..<animation.count { write(animation.value(at: index), to: &writer) }
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
    }

    /// A scalar as a number, a struct's fields as an array.
    private func write(_ numbers: some Collection<Double>, to writer: inout JSONWriter) {
        if numbers.count == 1, let number = numbers.first { writer.number(number); return }
        writer.beginArray()
        for number in numbers { writer.number(number) }
        writer.endArray()
    }
}
