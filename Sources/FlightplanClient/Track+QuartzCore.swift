#if canImport(QuartzCore)
public import QuartzCore
import CoreGraphics
import Foundation
public import FlightplanWire

/// A track's Core Animation layers, with their values set and their animations added.
public struct CoreAnimationLayers {
    /// The track's layer: position, scale, opacity and shadow.
    public var layer: CALayer
    /// The visible region inside ``layer``, clipping with the plan's mask and corner radius: put the content here
    /// (in the track layer's coordinates), and the children's ``root``s; nil when the track has neither a mask nor
    /// children.
    public var clip: CALayer?
    /// Where the content's image goes when the track draws it in its own aspect (its `contentFrame`): a sublayer of
    /// ``clip`` (else ``layer``) at that frame; nil when the content fills ``clip`` (else ``layer``).
    public var content: CALayer?
    /// The request's `contentRegion`, holding ``layer``; nil when there is none.
    public var superlayer: CALayer?
    /// The layer to add to the stage (for a child, to its parent's ``clip``): ``superlayer`` when there is one, else
    /// ``layer``.
    public var root: CALayer { superlayer ?? layer }
}

extension Track {
    /// The track as Core Animation layers (the values `?format=core-animation` writes), with their animations added:
    /// linear at the plan's key times, filling both ends and kept after the end.
    /// - Parameters:
    ///   - stage: The plan's `stage`; add ``CoreAnimationLayers/root`` to a layer at this rect (a child's to its
    ///     parent's ``CoreAnimationLayers/clip``).
    ///   - duration: The plan's `duration`, seconds.
    ///   - holdsChildren: Whether other tracks name this one their `parent` (it then has a clip for them); false (the
    ///     default) for none.
    ///   - beginTime: When the animations start, in the layers' time (`CACurrentMediaTime()` for now, the default).
    /// - Returns: The track's layer, clip, content sublayer and superlayer, stacked by `zPosition`.
    public func coreAnimationLayers(
        stage: Rect, duration: Double, holdsChildren: Bool = false, beginTime: CFTimeInterval = CACurrentMediaTime()
    ) -> CoreAnimationLayers {
        let track = coreAnimation(stage: stage, duration: duration, holdsChildren: holdsChildren)
        let layer = CALayer(), clip = track.clip.map { _ in CALayer() }, superlayer = track.superlayer.map { _ in CALayer() }
        layer.zPosition = CGFloat(z)
        track.layer.apply(to: layer, keyTimes: track.keyTimes, duration: duration, beginTime: beginTime)
        if let clip, let values = track.clip {
            values.apply(to: clip, keyTimes: track.keyTimes, duration: duration, beginTime: beginTime)
            layer.addSublayer(clip)
        }
        var content: CALayer?
        if let frame = contentFrame {
            // In the clip's coordinates, which are the track layer's (as the export's `content` says).
            let sublayer = CALayer()
            sublayer.bounds = CGRect(x: 0, y: 0, width: frame.width, height: frame.height)
            sublayer.position = CGPoint(x: frame.midX, y: frame.midY)
            (clip ?? layer).addSublayer(sublayer)
            content = sublayer
        }
        if let superlayer, let values = track.superlayer {
            values.apply(to: superlayer, keyTimes: track.keyTimes, duration: duration, beginTime: beginTime)
            superlayer.zPosition = CGFloat(z)
            superlayer.addSublayer(layer)
        }
        return CoreAnimationLayers(layer: layer, clip: clip, content: content, superlayer: superlayer)
    }
}

extension CoreAnimationLayer {
    /// Sets the values on `layer` and adds the animations as one group.
    /// - Parameters:
    ///   - layer: The layer to set and animate.
    ///   - keyTimes: The track's key times, 0…1.
    ///   - duration: The plan's duration, seconds.
    ///   - beginTime: When the animations start, in the layer's time.
    public func apply(to layer: CALayer, keyTimes: [Double], duration: Double, beginTime: CFTimeInterval) {
        for (keyPath, value) in set {
            switch value {
            case .numbers(let numbers): layer.setValue(Self.object(numbers, keyPath: keyPath), forKeyPath: keyPath)
            case .text(let text): layer.setValue(text, forKeyPath: keyPath)
            case .flag(let flag): layer.setValue(flag, forKeyPath: keyPath)
            }
        }
        guard !animations.isEmpty else { return }
        let group = CAAnimationGroup()
        group.animations = animations.map { played in
            let animation = CAKeyframeAnimation(keyPath: played.keyPath)
            animation.values = (0..<played.count).map { Self.object(played.value(at: $0), keyPath: played.keyPath) }
            animation.keyTimes = keyTimes.map { NSNumber(value: $0) }
            animation.calculationMode = .linear
            animation.duration = duration
            return animation
        }
        group.duration = duration
        group.beginTime = beginTime
        group.fillMode = .both
        group.isRemovedOnCompletion = false
        layer.add(group, forKey: "flightplan")
    }

    /// A key path's numbers as the type ``valueTypes`` names (bridged to `NSValue` by Foundation), or a number.
    static func object(_ numbers: some Collection<Double>, keyPath: String) -> Any {
        let n = numbers.map { CGFloat($0) }
        switch valueTypes.first(where: { $0.keyPath == keyPath })?.type {
        case "CGPoint": return CGPoint(x: n[0], y: n[1])
        case "CGSize": return CGSize(width: n[0], height: n[1])
        case "CGRect": return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
        case "CGColor": return CGColor(srgbRed: n[0], green: n[1], blue: n[2], alpha: n[3])
        default: return NSNumber(value: numbers.first ?? 0)
        }
    }
}
#endif
