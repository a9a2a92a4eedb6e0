#if canImport(QuartzCore)
public import QuartzCore
import Foundation

/// A track's Core Animation animations: one group for its layer and, when its mask moves, one for its mask layer.
public struct CoreAnimationGroups {
    /// Add to the track's layer (`transform`, `opacity`, `backgroundColor`, shadow).
    public var layer: CAAnimationGroup
    /// Add to the track's mask layer (`bounds`, `position`, `cornerRadius`), when the mask animates.
    public var mask: CAAnimationGroup?
}

extension Track {
    /// The track's keyframes as `CAKeyframeAnimation`s (linear, at the plan's key times) grouped per layer, for a
    /// plan lasting `duration` seconds: the same key paths and values as `?format=core-animation`.
    /// The mask layer keeps the default anchor point; its `bounds` is the mask's size and `position` its centre.
    public func coreAnimationGroups(duration: Double) -> CoreAnimationGroups {
        let keyTimes = keyframes.map { NSNumber(value: duration > 0 ? $0.time / duration : 0) }
        let states = keyframes.map { base.merging($0.values) }
        func animation(_ keyPath: String, _ values: [Any]) -> CAKeyframeAnimation {
            let animation = CAKeyframeAnimation(keyPath: keyPath)
            animation.values = values
            animation.keyTimes = keyTimes
            animation.calculationMode = .linear
            animation.duration = duration
            return animation
        }
        func color(_ color: Color) -> CGColor {
            CGColor(srgbRed: CGFloat(color.r), green: CGFloat(color.g), blue: CGFloat(color.b), alpha: CGFloat(color.a))
        }
        var layerAnimations: [CAAnimation] = [], maskAnimations: [CAAnimation] = []
        if animates.contains(.transform) {
            layerAnimations.append(animation("transform", states.map { values -> NSValue in
                let t = values.transform ?? .identity
                let affine = CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
                return NSValue(caTransform3D: CATransform3DMakeAffineTransform(affine))
            }))
        }
        if animates.contains(.opacity) { layerAnimations.append(animation("opacity", states.map { NSNumber(value: $0.opacity ?? 1) })) }
        if animates.contains(.color) { layerAnimations.append(animation("backgroundColor", states.map { color($0.color ?? Color(r: 0, g: 0, b: 0, a: 0)) })) }
        if animates.contains(.shadow) {
            let shadows = states.compactMap(\.shadow)
            layerAnimations.append(animation("shadowColor", shadows.map { color(Color(r: $0.color.r, g: $0.color.g, b: $0.color.b)) }))
            layerAnimations.append(animation("shadowOpacity", shadows.map { NSNumber(value: $0.color.a) }))
            layerAnimations.append(animation("shadowRadius", shadows.map { NSNumber(value: $0.radius) }))
            layerAnimations.append(animation("shadowOffset", shadows.map { NSValue(cgSize: CGSize(width: $0.offset.x, height: $0.offset.y)) }))
        }
        if animates.contains(.maskFrame) {
            let masks = states.compactMap(\.maskFrame)
            maskAnimations.append(animation("bounds", masks.map { NSValue(cgRect: CGRect(x: 0, y: 0, width: $0.width, height: $0.height)) }))
            maskAnimations.append(animation("position", masks.map { NSValue(cgPoint: CGPoint(x: $0.midX, y: $0.midY)) }))
        }
        if animates.contains(.cornerRadius) {
            maskAnimations.append(animation("cornerRadius", states.map { NSNumber(value: max(0, $0.cornerRadius ?? 0)) }))
        }
        func group(_ animations: [CAAnimation]) -> CAAnimationGroup {
            let group = CAAnimationGroup()
            group.animations = animations
            group.duration = duration
            group.fillMode = .both
            group.isRemovedOnCompletion = false
            return group
        }
        return CoreAnimationGroups(layer: group(layerAnimations), mask: maskAnimations.isEmpty ? nil : group(maskAnimations))
    }
}
#endif
