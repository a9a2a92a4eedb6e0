import FlightplanCore
import FlightplanTestSupport
import Foundation
import Testing

/// Mid-motion values derived by hand for a landscape 300 × 200 image in a square cell, on an eased curve and on a
/// spring: the instants where a wrong cover scale, a wrong sign or a broken curve would show, which the ends cannot.
///
/// The scene: a 400 × 800 screen, a 100 × 100 cell at (100, 200) with a visible radius of 10, the destination frame
/// (0, 0, 400, 400) with square corners. The cell shows the image aspect-filled: the scale that covers it is
/// max(100/300, 100/200) = ½, so the image is 150 × 100 at (75, 200), clipped to the cell. The destination shows it
/// aspect-fitted: min(400/300, 400/200) = 4/3, so 400 × 800/3 at (0, 200/3). Between the two the displayed image, the
/// visible clip (edge by edge) and the visible radius each move linearly in the curve's progress p. A transform is
/// about the layer's centre h, so layer point q lands at layer.origin + s·q + (1 − s)·h + t.
@Suite("Hand-derived mid-motion, non-square image, eased and spring curves")
struct HandDerivedMidMotionTests {
    static let screen = Rect(x: 0, y: 0, width: 400, height: 800)
    static let cell = Rect(x: 100, y: 200, width: 100, height: 100)
    static let destinationFrame = Rect(x: 0, y: 0, width: 400, height: 400)
    /// The image as the cell shows it and as the destination shows it.
    static let imageStart = Rect(x: 75, y: 200, width: 150, height: 100)
    static let imageEnd = Rect(x: 0, y: 200.0 / 3, width: 400, height: 800.0 / 3)

    static func plan(_ style: TransitionStyle, curve: TimingCurve, keyframes: Int) throws -> Plan {
        try Planner.plan(
            for: PlanRequest(
                style: style, source: SourceElement(frame: cell, cornerRadius: 10),
                destination: DestinationLayout(bounds: screen, frame: destinationFrame, cornerRadius: 0),
                imageSize: Size(width: 300, height: 200), timing: Timing(duration: curve == spring ? nil : 1, curve: curve),
                sampling: .keyframes(keyframes)
            ).validated())
    }

    static func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }
    static func lerp(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
        let x = lerp(a.x, b.x, p), y = lerp(a.y, b.y, p)
        return Rect(x: x, y: y, width: lerp(a.maxX, b.maxX, p) - x, height: lerp(a.maxY, b.maxY, p) - y)
    }

    /// The keyframe that shows `image` and `clip` with visible radius `radius` in `layer`, whose content (the
    /// image as `layer` shows it at identity) is `content`: s = image.width / content.width, t from where the
    /// content's origin must land, and the clip mapped back through the transform.
    static func expected(layer: Rect, content: Rect, image: Rect, clip: Rect, radius: Double) -> (
        s: Double, tx: Double, ty: Double, mask: Rect, radius: Double
    ) {
        let s = image.width / content.width
        let hx = layer.width / 2, hy = layer.height / 2
        let qx = content.x - layer.x, qy = content.y - layer.y
        let tx = image.x - layer.x - s * qx - (1 - s) * hx, ty = image.y - layer.y - s * qy - (1 - s) * hy
        func back(_ x: Double, _ y: Double) -> (Double, Double) {
            ((x - layer.x - (1 - s) * hx - tx) / s, (y - layer.y - (1 - s) * hy - ty) / s)
        }
        let (left, top) = back(clip.x, clip.y), (right, bottom) = back(clip.maxX, clip.maxY)
        return (s, tx, ty, Rect(x: left, y: top, width: right - left, height: bottom - top), radius / s)
    }

    static func expect(
        _ keyframe: Keyframe, _ e: (s: Double, tx: Double, ty: Double, mask: Rect, radius: Double), opacity: Double, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let t = keyframe.transform
        for (actual, wanted, name) in [
            (t.a, e.s, "a"), (t.d, e.s, "d"), (t.b, 0, "b"), (t.c, 0, "c"), (t.tx, e.tx, "tx"), (t.ty, e.ty, "ty"),
            (keyframe.cornerRadius, e.radius, "cornerRadius"), (keyframe.opacity, opacity, "opacity")
        ] {
            expectClose(actual, wanted, relative: 1e-9, scale: 1, "\(label) \(name)", sourceLocation: sourceLocation)
        }
        expectClose(keyframe.maskFrame, e.mask, relative: 1e-9, scale: 1, "\(label) mask", sourceLocation: sourceLocation)
    }

    /// easeIn is cubic-bezier(0.42, 0, 1, 1). At the curve parameter ½ its x is 3·¼·½·0.42 + 3·½·¼·1 + ⅛ = 0.6575 and
    /// its y is 3·½·¼·1 + ⅛ = ½: so p(0.6575 s) = ½ over 1 s, the 264th of 401 evenly spaced keyframes (263/400).
    static let easedKeyframes = 401, easedIndex = 263

    /// A critically damped spring with SwiftUI's `response` 0.5 s: ω = 4π, displacement −e^{−ωt}(1 + ωt), and the
    /// residual R = e^{−ωT}(1 + ωT) left at the plan's duration T blended in as R·(t/T)³: p(T/2) = 1 − e^{−ωT/2}(1 + ωT/2) + R/8.
    static let spring = TimingCurve.spring(SpringParameters(dampingRatio: 1, response: 0.5))
    static func springProgressAtHalf(_ duration: Double) -> Double {
        let omega = 4 * Double.pi, residual = exp(-omega * duration) * (1 + omega * duration)
        return 1 - exp(-omega * duration / 2) * (1 + omega * duration / 2) + residual / 8
    }

    @Test("zoom: the fitted image's layer, halfway on easeIn (p = ½) and on a spring")
    func zoom() throws {
        // The layer is the fitted image, (0, 200/3, 400, 800/3), which it also ends clipped to; h = (200, 400/3).
        // At p = ½ the image is (37.5, 400/3, 275, 550/3): s = 275/400 = 0.6875, t = (37.5 − 0.3125·200,
        // 400/3 − 200/3 − 0.3125·400/3) = (−25, 25); the clip is halfway from the cell to the layer, (50, 400/3, 250, 550/3),
        // so the mask is ((50 + 25 − 62.5)/0.6875, 0, 250/0.6875, 800/3) = (18.18…, 0, 363.63…, 266.66…); the visible radius
        // 5 is 5/0.6875 in the layer; the destination's alpha ½.
        let layer = Self.imageEnd
        let eased = try Self.plan(.zoom, curve: .easeIn, keyframes: Self.easedKeyframes)
        expectClose(try eased.flyingTrack().frame, layer, scale: 1, "the layer is the fitted image")
        let half = Self.expected(
            layer: layer, content: layer, image: Self.lerp(Self.imageStart, Self.imageEnd, 0.5), clip: Self.lerp(Self.cell, layer, 0.5), radius: 5)
        expectClose(half.s, 0.6875, scale: 1, "s")
        expectClose(half.tx, -25, scale: 1, "tx")
        expectClose(half.ty, 25, scale: 1, "ty")
        expectClose(half.mask, Rect(x: 12.5 / 0.6875, y: 0, width: 250 / 0.6875, height: 800.0 / 3), scale: 1, "mask")
        Self.expect(try eased.flyingKeyframes()[Self.easedIndex], half, opacity: 0.5, "zoom, easeIn, p = ½")

        let sprung = try Self.plan(.zoom, curve: Self.spring, keyframes: 3)
        let p = Self.springProgressAtHalf(sprung.duration)
        #expect(p > 0.9 && p < 1)
        let atP = Self.expected(
            layer: layer, content: layer, image: Self.lerp(Self.imageStart, Self.imageEnd, p), clip: Self.lerp(Self.cell, layer, p),
            radius: Self.lerp(10, 0, p))
        Self.expect(try sprung.flyingKeyframes()[1], atP, opacity: p, "zoom, spring, T/2")
    }

    @Test("sharedFrame: the destination screen, halfway on easeIn (p = ½) and on a spring")
    func sharedFrame() throws {
        // The layer is the screen, h = (200, 400); its content, the image as the destination shows it, is at
        // (0, 200/3). At p = ½ the image is (37.5, 400/3, 275, 550/3): s = 0.6875, tx = 37.5 − 0.3125·200 = −25,
        // ty = 400/3 − 0.6875·200/3 − 0.3125·400 = −37.5; the clip is halfway from the cell to the screen, (50, 100,
        // 250, 450), so the mask is ((50 + 25 − 62.5)/0.6875, (100 + 37.5 − 125)/0.6875, 250/0.6875, 450/0.6875); the
        // overlay is ½ × 0.5.
        let layer = Self.screen
        let eased = try Self.plan(.sharedFrame, curve: .easeIn, keyframes: Self.easedKeyframes)
        let half = Self.expected(
            layer: layer, content: Self.imageEnd, image: Self.lerp(Self.imageStart, Self.imageEnd, 0.5), clip: Self.lerp(Self.cell, layer, 0.5),
            radius: 5)
        expectClose(half.tx, -25, scale: 1, "tx")
        expectClose(half.ty, -37.5, scale: 1, "ty")
        expectClose(half.mask, Rect(x: 12.5 / 0.6875, y: 12.5 / 0.6875, width: 250 / 0.6875, height: 450 / 0.6875), scale: 1, "mask")
        Self.expect(try eased.flyingKeyframes()[Self.easedIndex], half, opacity: 0.25, "sharedFrame, easeIn, p = ½")

        let sprung = try Self.plan(.sharedFrame, curve: Self.spring, keyframes: 3)
        let p = Self.springProgressAtHalf(sprung.duration)
        let atP = Self.expected(
            layer: layer, content: Self.imageEnd, image: Self.lerp(Self.imageStart, Self.imageEnd, p), clip: Self.lerp(Self.cell, layer, p),
            radius: Self.lerp(10, 0, p))
        Self.expect(try sprung.flyingKeyframes()[1], atP, opacity: 0.5 * p, "sharedFrame, spring, T/2")
    }

    @Test("morph: a 5:3 element flies to a 5:3 frame, its radius from 10 to 20, halfway on easeIn and on a spring")
    func morph() throws {
        // The layer is the destination frame (50, 300, 300, 180), h = (150, 90); the element fills it. At p = ½ it is
        // halfway from (100, 200, 100, 60): (75, 250, 200, 120), s = ⅔, tx = 75 − 50 − ⅓·150 = −25,
        // ty = 250 − 300 − ⅓·90 = −80; the clip is the element, so the mask is the whole layer; the visible radius
        // 15 is 15/⅔ = 22.5 in the layer; the destination's alpha ½.
        let layer = Rect(x: 50, y: 300, width: 300, height: 180), element = Rect(x: 100, y: 200, width: 100, height: 60)
        func plan(_ curve: TimingCurve, keyframes: Int) throws -> Plan {
            try Planner.plan(
                for: PlanRequest(
                    style: .morph, source: SourceElement(frame: element, cornerRadius: 10),
                    destination: DestinationLayout(bounds: Self.screen, frame: layer, cornerRadius: 20),
                    timing: Timing(duration: curve == Self.spring ? nil : 1, curve: curve), sampling: .keyframes(keyframes)
                ).validated())
        }
        let eased = try plan(.easeIn, keyframes: Self.easedKeyframes)
        let half = Self.expected(
            layer: layer, content: layer, image: Self.lerp(element, layer, 0.5), clip: Self.lerp(element, layer, 0.5), radius: 15)
        expectClose(half.s, 2.0 / 3, scale: 1, "s")
        expectClose(half.tx, -25, scale: 1, "tx")
        expectClose(half.ty, -80, scale: 1, "ty")
        expectClose(half.radius, 22.5, scale: 1, "radius")
        expectClose(half.mask, Rect(x: 0, y: 0, width: 300, height: 180), scale: 1, "mask")
        Self.expect(try eased.flyingKeyframes()[Self.easedIndex], half, opacity: 0.5, "morph, easeIn, p = ½")

        let sprung = try plan(Self.spring, keyframes: 3)
        let p = Self.springProgressAtHalf(sprung.duration)
        let atP = Self.expected(
            layer: layer, content: layer, image: Self.lerp(element, layer, p), clip: Self.lerp(element, layer, p), radius: Self.lerp(10, 20, p))
        Self.expect(try sprung.flyingKeyframes()[1], atP, opacity: p, "morph, spring, T/2")
    }

    @Test("reveal: a 40 × 120 capsule grows to the scale its arc covers the far corner at, two thirds of the way at p = ½")
    func reveal() throws {
        // The capsule (280, 640, 40, 120), radius 20, centre (300, 700): its inner segment is u = 0 wide and v = 40 tall.
        // The far screen corner (0, 0) is dx = 300, dy = 700 away, past the flat sides at every scale below 700/40, so it
        // is covered when hypot(300, 700 − 40s) = 20s: 1200s² − 56000s + 580000 = 0, s = (70 − √550)/3 = 15.516. (The
        // corner (400, 0) needs 12.03, the bottom corners 15 by the flat side.) With a fade fraction of ¼ the growth
        // runs over the first ¾ of the progress: at p = ½ it is ⅔, the scale 1 + ⅔(S − 1) about the centre (t = 0), the
        // mask the whole layer, the radius 20 in the layer, and the destination not yet fading in. On a spring at T/2
        // (p > ¾) the growth has ended at S and the fade is (p − ¾)/¼.
        let element = Rect(x: 280, y: 640, width: 40, height: 120)
        let covering = (70 - 550.0.squareRoot()) / 3
        func plan(_ curve: TimingCurve, keyframes: Int) throws -> Plan {
            try Planner.plan(
                for: PlanRequest(
                    style: .reveal, source: SourceElement(frame: element, cornerRadius: 20), destination: DestinationLayout(bounds: Self.screen),
                    timing: Timing(duration: curve == Self.spring ? nil : 1, curve: curve, fadeFraction: 0.25), sampling: .keyframes(keyframes)
                ).validated())
        }
        func grown(_ scale: Double) -> Rect {
            Rect(center: Point(x: element.midX, y: element.midY), size: Size(width: element.width * scale, height: element.height * scale))
        }
        let eased = try plan(.easeIn, keyframes: Self.easedKeyframes)
        expectClose(try eased.flyingKeyframes().last!.transform.a, covering, relative: 1e-12, scale: 1, "the covering scale")
        let twoThirds = Self.lerp(1, covering, 2.0 / 3)
        let half = Self.expected(layer: element, content: element, image: grown(twoThirds), clip: grown(twoThirds), radius: 20 * twoThirds)
        expectClose(half.mask, Rect(x: 0, y: 0, width: 40, height: 120), scale: 1, "mask")
        Self.expect(try eased.flyingKeyframes()[Self.easedIndex], half, opacity: 0, "reveal, easeIn, p = ½")

        let sprung = try plan(Self.spring, keyframes: 3)
        let p = Self.springProgressAtHalf(sprung.duration)
        #expect(p > 0.75 && p < 1)
        let atP = Self.expected(layer: element, content: element, image: grown(covering), clip: grown(covering), radius: 20 * covering)
        Self.expect(try sprung.flyingKeyframes()[1], atP, opacity: (p - 0.75) / 0.25, "reveal, spring, T/2")
    }

    @Test("snapshot: a 3:1 card opens to a 1:2 screen, its container, both snapshots and a child pair halfway on easeIn and on a spring")
    func snapshot() throws {
        // The card (20, 500, 360, 120), radius 16, opens to the whole 400 × 800 screen, square-cornered; the container's
        // clip and radius move edge by edge: (10, 250, 380, 460) and 8 at p = ½. The container is the screen-sized view
        // whose mask is that clip (no transform). The destination's snapshot covers the card at the start: the scale
        // max(360/400, 120/800) = 0.9, so 360 × 720 centred on the card, (20, 200); it fades in as p. The source's
        // snapshot (the card itself) covers the screen at the end: max(400/360, 800/120) = 20/3, so 2400 × 800 centred,
        // (−1000, 0); the mix shows 1 − p of it, so it is drawn opaque under the incoming one at p (the two share the
        // clip: p·in + (1 − p)·out, no dip). Both are clipped to the container's clip with its radius. The child
        // (40, 520, 200, 24) → (20, 320, 300, 36) flies as two snapshots of the same path, whole, clipped alike: the
        // outgoing opaque under the incoming at p.
        let card = Rect(x: 20, y: 500, width: 360, height: 120)
        let from = Rect(x: 40, y: 520, width: 200, height: 24), to = Rect(x: 20, y: 320, width: 300, height: 36)
        func plan(_ curve: TimingCurve, keyframes: Int) throws -> Plan {
            try Planner.plan(
                for: PlanRequest(
                    style: .snapshot, source: SourceElement(frame: card, cornerRadius: 16),
                    destination: DestinationLayout(bounds: Self.screen, frame: Self.screen, cornerRadius: 0),
                    timing: Timing(duration: curve == Self.spring ? nil : 1, curve: curve), sampling: .keyframes(keyframes),
                    children: [ChildPair(id: "title", from: from, to: to, fromCornerRadius: 0, toCornerRadius: 0)]
                ).validated())
        }
        let incomingStart = Rect(x: 20, y: 200, width: 360, height: 720), outgoingEnd = Rect(x: -1000, y: 0, width: 2400, height: 800)
        func expectAll(_ plan: Plan, at index: Int, p: Double, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let clip = Self.lerp(card, Self.screen, p), radius = Self.lerp(16, 0, p)
            for (id, layer, image, clipped, opacity) in [
                ("content", Self.screen, Self.screen, clip, 1),
                ("incomingSnapshot", Self.screen, Self.lerp(incomingStart, Self.screen, p), clip, p),
                ("outgoingSnapshot", card, Self.lerp(card, outgoingEnd, p), clip, 1),
                ("child:title", to, Self.lerp(from, to, p), Self.lerp(from, to, p), p),
                ("outgoingChild:title", from, Self.lerp(from, to, p), Self.lerp(from, to, p), 1)
            ] {
                let track = try plan.track(id)
                expectClose(track.frame, layer, scale: 1, "\(label) \(id)'s layer", sourceLocation: sourceLocation)
                let wanted = Self.expected(layer: layer, content: layer, image: image, clip: clipped, radius: id.contains("title") ? 0 : radius)
                Self.expect(track.filledKeyframe(index), wanted, opacity: opacity, "\(label) \(id)", sourceLocation: sourceLocation)
            }
        }
        let half = Self.expected(
            layer: card, content: card, image: Self.lerp(card, outgoingEnd, 0.5), clip: Self.lerp(card, Self.screen, 0.5), radius: 8)
        expectClose(half.s, 1 + 17.0 / 6, scale: 1, "the source's snapshot's scale at p = ½")
        try expectAll(plan(.easeIn, keyframes: Self.easedKeyframes), at: Self.easedIndex, p: 0.5, "snapshot, easeIn, p = ½")
        let sprung = try plan(Self.spring, keyframes: 3)
        try expectAll(sprung, at: 1, p: Self.springProgressAtHalf(sprung.duration), "snapshot, spring, T/2")
    }
}
