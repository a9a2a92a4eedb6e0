import FlightplanTestSupport
import FlightplanWire
import Foundation
import Testing

/// The committed seed requests (`examples/seeds/`) reproduce the tutorials' numbers. Every expected value
/// comes from the tutorial text (and `../shared/seeds/LINKED-SOURCES.md`), worked out by hand in the comments;
/// none is taken from the planner.
@Suite("The seeds, exactly")
struct SeedExampleTests {
    /// A seed's request, its plan, and the exact values of every track at any instant.
    struct Seed {
        let request: PlanRequest
        let plan: Plan
        let exact: (Double) -> [TrackValues]

        init(_ name: String) throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let bytes = try Data(contentsOf: root.appendingPathComponent("examples/seeds/\(name).json"))
            request = try PlanRequest(jsonBytes: Array(bytes))
            let validated = try request.validated()
            plan = try Planner.plan(for: validated)
            exact = Planner.exactTracks(for: validated)
        }

        var roles: [TrackRole] { plan.tracks.map(\.role) }

        func track(_ id: String) throws -> Track { try plan.track(id) }

        /// The track's exact values at `time` (its base values and animated ones alike).
        func values(_ id: String, at time: Double) throws -> TrackValues {
            let index = try #require(plan.tracks.firstIndex { $0.id == id })
            return exact(time)[index]
        }

        /// What the eye sees of a track at `time`: its visible clip in window space and its visible radius.
        func visible(_ id: String, at time: Double) throws -> (clip: Rect, radius: Double) {
            let keyframe = try values(id, at: time).keyframe(time: time, progress: 0, in: try track(id).frame)
            return (keyframe.visibleClip(in: try track(id).frame), keyframe.visibleCornerRadius)
        }
    }

    static func expectRect(_ rect: Rect, _ expected: Rect, _ note: String = "") {
        #expect(isClose(rect.x, expected.x) && isClose(rect.y, expected.y), "\(rect) ≠ \(expected) \(note)")
        #expect(isClose(rect.width, expected.width) && isClose(rect.height, expected.height), "\(rect) ≠ \(expected) \(note)")
    }

    static let screen = Rect(x: 0, y: 0, width: 390, height: 844)

    /// 000: `UIView.animate(withDuration: 0.25)` (UIKit's default ease-in-out); the destination view is added
    /// above the source, a white placeholder over the cell and a black overlay going 0 → 0.5 are added to the
    /// source view in that order; the mask grows from the cell to the screen, its radius 0 → 39, continuous. The
    /// destination's image (the seed's image view in the detail screen) rides the screen on its own track.
    @Test("000 Instagram push: placeholder, overlay 0 → 0.5, the screen from the cell to radius 39, continuous")
    func instagramPush() throws {
        let seed = try Seed("000-instagram-push")
        #expect(seed.plan.duration == 0.25)
        #expect(seed.roles == [.sourceScreen, .placeholder, .overlay, .destinationScreen, .content])
        let cell = Rect(x: 130, y: 300, width: 130, height: 130)
        #expect(try seed.track("placeholder").frame == cell)
        #expect(try seed.track("placeholder").base.color == Color(r: 1, g: 1, b: 1))
        #expect(try seed.track("overlay").base.color == Color(r: 0, g: 0, b: 0))
        #expect(try seed.values("overlay", at: 0).opacity == 0)
        #expect(try seed.values("overlay", at: 0.25).opacity == 0.5)
        // Ease-in-out is symmetric: half the progress at half the time, so half the overlay's 0.5.
        #expect(isClose(try seed.values("overlay", at: 0.125).opacity!, 0.25))
        #expect(try seed.track("destinationScreen").cornerCurve == .continuous)
        Self.expectRect(try seed.visible("destinationScreen", at: 0).clip, cell, "starts masked to the cell")
        // The image as the detail shows it (390 wide at y 120) lands on the cell as the grid shows it (130 wide): ⅓.
        #expect(isClose(try seed.values("destinationScreen", at: 0).transform!.a, 1.0 / 3))
        let end = try seed.values("destinationScreen", at: 0.25)
        #expect(end.transform == .identity)
        #expect(end.maskFrame == Self.screen)
        #expect(end.cornerRadius == 39)
        #expect(seed.plan.hides == [])
    }

    /// 000 pop: the same views, the overlay 0.5 → 0 and the mask back to the cell with its radius 39 → 0.
    @Test("000 Instagram pop: overlay 0.5 → 0, the screen back into the cell with square corners")
    func instagramPop() throws {
        let seed = try Seed("000-instagram-pop")
        #expect(seed.roles == [.sourceScreen, .placeholder, .overlay, .destinationScreen, .content])
        #expect(try seed.values("overlay", at: 0).opacity == 0.5)
        #expect(try seed.values("overlay", at: 0.25).opacity == 0)
        #expect(try seed.values("destinationScreen", at: 0).cornerRadius == 39)
        let end = try seed.visible("destinationScreen", at: 0.25)
        Self.expectRect(end.clip, Rect(x: 130, y: 300, width: 130, height: 130))
        #expect(end.radius == 0)
    }

    /// 001 zoom in: 0.5 s, spring damping 0.8; the destination's alpha 0 → 1 and the tab bar's 1 → 0 in the
    /// same animation block; the image from the cell to `calculateZoomInImageFrame`: a 4:3 image on a 390 × 844
    /// view touches the sides, so it is 390 × 292.5 at y = (844 − 292.5) ÷ 2 = 275.75. Both image views hidden.
    @Test("001 Photos zoom in: destination alpha and tab bar in step, the image to its fitted frame, both image views hidden")
    func zoomIn() throws {
        let seed = try Seed("001-photos-zoom-in")
        #expect(seed.plan.duration == 0.5)
        #expect(seed.roles == [.sourceScreen, .destinationScreen, .content, .auxiliary])
        #expect(seed.plan.hides == ["sourceElement", "destinationElement"])
        Self.expectRect(try seed.visible("content", at: 0).clip, Rect(x: 0, y: 211, width: 129, height: 129))
        Self.expectRect(try seed.visible("content", at: 0.5).clip, Rect(x: 0, y: 275.75, width: 390, height: 292.5))
        #expect(try seed.values("destinationScreen", at: 0).opacity == 0)
        #expect(try seed.values("destinationScreen", at: 0.5).opacity == 1)
        #expect(try seed.values("auxiliary:tabBar", at: 0).opacity == 1)
        #expect(try seed.values("auxiliary:tabBar", at: 0.5).opacity == 0)
        for step in 0...20 {
            let time = 0.5 * Double(step) / 20
            let sum = try seed.values("auxiliary:tabBar", at: time).opacity! + seed.values("destinationScreen", at: time).opacity!
            #expect(isClose(sum, 1), "tab bar and destination move together at \(time)")
        }
    }

    /// 001 zoom out, as its linked source plays it: `UIView.animate(withDuration: 0.25, options: [.curveEaseOut])`
    /// (Core Animation's ease-out, the Bézier (0, 0), (0.58, 1)); the tab bar comes back (→ 1) as the photo screen
    /// fades (→ 0); the image lands on the cell, from the aspect-fitted 390 × 292.5 at y = (844 − 292.5) ÷ 2.
    @Test("001 Photos zoom out: 0.25 s ease-out, the tab bar back to 1, the photo screen to 0, the image onto the cell")
    func zoomOut() throws {
        let seed = try Seed("001-photos-zoom-out")
        #expect(seed.plan.duration == 0.25)
        #expect(seed.plan.warnings == nil, "no spring, so no overshoot to warn of")
        // The ease-out's progress half-way through its time, solved here by bisection on the Bézier's x.
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var low = 0.0, high = 1.0
        for _ in 0..<80 { let middle = (low + high) / 2; if bezier(middle, 0, 0.58) < 0.5 { low = middle } else { high = middle } }
        let q = bezier(low, 0, 1)
        let expanded = Rect(x: 0, y: 275.75, width: 390, height: 292.5), cell = Rect(x: 0, y: 211, width: 129, height: 129)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * q }
        Self.expectRect(
            try seed.visible("content", at: 0.125).clip,
            Rect(
                x: mix(expanded.x, cell.x), y: mix(expanded.y, cell.y), width: mix(expanded.width, cell.width),
                height: mix(expanded.height, cell.height)),
            "ease-out half-way")
        #expect(try seed.values("auxiliary:tabBar", at: 0.25).opacity == 1)
        #expect(try seed.values("destinationScreen", at: 0.25).opacity == 0)
        Self.expectRect(try seed.visible("content", at: 0.25).clip, Rect(x: 0, y: 211, width: 129, height: 129))
    }

    /// 002: `transitionDuration` = 0.35 + 0.35; the button grows for 0.35 s ease-in, *then* the destination fades
    /// in for 0.35 s with UIKit's default ease-in-out. Covering: a circle of radius 50 centred at (195, 690)
    /// covers the screen when it reaches the farthest corner, (0, 0): scale = hypot(195, 690) ÷ 50.
    @Test("002 reveal: covering exactly at 0.35 s with the next screen still at 0, then fading to 1 at 0.7 s")
    func reveal() throws {
        let seed = try Seed("002-reveal")
        #expect(seed.plan.duration == 0.7)
        // The seed strips the button to its solid background before it grows: the colour grows, and the button's
        // image (a sublayer above it) is gone within the first tenth of the growth.
        #expect(seed.roles == [.sourceScreen, .content, .content, .destinationScreen])
        #expect(try seed.track("content").base.color == Color(hex: "#2F80ED"))
        #expect(try seed.track("contentImage").parent == "content")
        #expect(try seed.values("contentImage", at: 0).opacity == 1)
        #expect(try seed.values("contentImage", at: 0.35 * 0.4).opacity == 0, "ease-in passes a tenth of the growth before 0.14 s")
        let covering = (195.0 * 195 + 690 * 690).squareRoot() / 50
        #expect(isClose(try seed.values("content", at: 0.35).transform!.a, covering))
        #expect(try seed.values("content", at: 0.3).transform!.a < covering)
        #expect(isClose(try seed.values("content", at: 0.6).transform!.a, covering))
        #expect(try seed.values("destinationScreen", at: 0.3).opacity == 0)
        #expect(try seed.values("destinationScreen", at: 0.35).opacity == 0)
        #expect(isClose(try seed.values("destinationScreen", at: 0.525).opacity!, 0.5), "half-way through a symmetric curve")
        #expect(try seed.values("destinationScreen", at: 0.7).opacity == 1)
        #expect(seed.plan.hides == ["sourceElement"])
    }

    /// 003: 0.5 s, default ease-in-out; a purple fake image view with radius 44 flies from the cell's image to the
    /// header's frame, radius 10; the detail fades 0 → 1; the header and the cell image are hidden meanwhile.
    @Test("003 list to detail: purple, radius 44 → 10, the detail fading in, header and cell image hidden")
    func listToDetail() throws {
        let seed = try Seed("003-list-to-detail")
        #expect(seed.roles == [.sourceScreen, .destinationScreen, .content])
        #expect(try seed.track("content").base.color == Color(r: 128.0 / 255, g: 0, b: 128.0 / 255))
        let start = try seed.visible("content", at: 0), end = try seed.visible("content", at: 0.5)
        Self.expectRect(start.clip, Rect(x: 16, y: 180, width: 88, height: 88))
        #expect(isClose(start.radius, 44))
        Self.expectRect(end.clip, Rect(x: 0, y: 0, width: 390, height: 300))
        #expect(isClose(end.radius, 10))
        #expect(isClose(try seed.values("destinationScreen", at: 0.25).opacity!, 0.5))
        #expect(seed.plan.hides == ["sourceElement", "destinationElement"])
    }

    /// 004: relative keyframes on one ease-in-out keyframe animation of the linked demo's 0.25 s: the destination
    /// snapshot 0 → 1 over the first half of the progress, the source snapshot 1 → 0 over the second; both fill the
    /// container, whose frame, radius (16 → 0) and shadow morph over the whole; the list stays behind it; each child
    /// pair is a nested snapshot transition (the source child's snapshot fading out over the second half, the
    /// destination child's in over the first, so one of them is always opaque), never clipped, in the container's
    /// coordinates; the views and the child's originals are hidden.
    ///
    /// The seed's container animates `frame`, so its radius and shadow are points throughout: here it has no
    /// transform and its mask carries the frame. Its snapshots stretch with it in the seed, under the container's
    /// circular corners; a flat track cannot stretch under a circular mask, so each snapshot here covers the
    /// container uniformly (cropped), which at the ends (where only the one with the frame's aspect shows) is the same.
    @Test("004 snapshot: the list behind, the container as a frame, the staged cross-fade, the child always visible")
    func snapshot() throws {
        let seed = try Seed("004-snapshot")
        #expect(seed.plan.duration == 0.25)
        #expect(seed.roles == [.sourceScreen, .destinationScreen, .content, .outgoingSnapshot, .incomingSnapshot, .outgoingChild, .child])
        // The list holds, opaque; the destination screen fades in over it with the incoming snapshot.
        #expect(try seed.track("sourceScreen").animates == [] && seed.track("sourceScreen").base.opacity ?? 1 == 1)
        #expect(try seed.values("destinationScreen", at: 0).opacity == 0)
        #expect(isClose(try seed.values("destinationScreen", at: 0.125).opacity!, 1))
        #expect(try seed.values("incomingSnapshot", at: 0).opacity == 0)
        #expect(try seed.values("outgoingSnapshot", at: 0).opacity == 1)
        // Ease-in-out reaches half its progress at half the time: the fade-in is done, the fade-out not begun.
        #expect(isClose(try seed.values("incomingSnapshot", at: 0.125).opacity!, 1))
        #expect(isClose(try seed.values("outgoingSnapshot", at: 0.125).opacity!, 1))
        // The outgoing snapshot fades under the opaque incoming one of the same clip, where it shows nowhere: it is drawn
        // opaque there (issue 45: a lower layer that let go of the stage would open a dip between two keyframes).
        #expect(try seed.values("incomingSnapshot", at: 0.25).opacity == 1)
        #expect(try seed.values("outgoingSnapshot", at: 0.25).opacity == 1)
        let source = Rect(x: 20, y: 400, width: 350, height: 200)
        let shadow = Shadow(color: Color(r: 0, g: 0, b: 0, a: 64.0 / 255), radius: 8, offset: Point(x: 0, y: 4))
        #expect(
            try seed.values("content", at: 0)
                == TrackValues(
                    transform: .identity, maskFrame: source, cornerRadius: 16, shadow: shadow))
        Self.expectRect(try seed.visible("content", at: 0.25).clip, Self.screen)
        #expect(try seed.values("content", at: 0.25).shadow == Shadow(color: Color(r: 0, g: 0, b: 0, a: 0), radius: 0, offset: .zero))
        for step in 0...10 {
            let time = 0.025 * Double(step)
            let container = try seed.values("content", at: time)
            #expect(container.transform == .identity, "the container is never scaled, at \(time)")
            for snapshot in ["incomingSnapshot", "outgoingSnapshot"] {
                Self.expectRect(try seed.visible(snapshot, at: time).clip, container.maskFrame!, "\(snapshot) fills the container at \(time)")
                #expect(
                    isClose(try seed.visible(snapshot, at: time).radius, container.cornerRadius!),
                    "\(snapshot)'s corners are the container's at \(time)")
                let transform = try seed.values(snapshot, at: time).transform!
                #expect(transform.a == transform.d, "\(snapshot) scales uniformly at \(time)")
            }
            #expect(try seed.values("child:title", at: time).maskFrame == Rect(x: 0, y: 0, width: 300, height: 45), "never clipped at \(time)")
            Self.expectRect(
                try seed.values("outgoingChild:title", at: time).maskFrame!, Rect(x: 0, y: 0, width: 200, height: 30), "never clipped at \(time)")
            let opacities = [try seed.values("child:title", at: time).opacity!, try seed.values("outgoingChild:title", at: time).opacity!]
            #expect(opacities.max() == 1, "one of the child's snapshots is opaque at \(time): \(opacities)")
        }
        // At the start the destination snapshot (390 × 844) covers the 350 × 200 container: 350 ÷ 390 on both axes.
        let startTransform = try seed.values("incomingSnapshot", at: 0).transform!
        #expect(isClose(startTransform.a, 350.0 / 390) && isClose(startTransform.d, 350.0 / 390))
        // The child's rects are in the container's space: from (16, 150) in the source, to (20, 460) in the destination;
        // both snapshots fly the same way.
        for child in ["child:title", "outgoingChild:title"] {
            Self.expectRect(try seed.visible(child, at: 0).clip, Rect(x: 36, y: 550, width: 200, height: 30), child)
            Self.expectRect(try seed.visible(child, at: 0.25).clip, Rect(x: 20, y: 460, width: 300, height: 45), child)
        }
        #expect(try seed.values("outgoingChild:title", at: 0).opacity == 1 && seed.values("child:title", at: 0).opacity == 0)
        #expect(try seed.values("outgoingChild:title", at: 0.25).opacity == 0 && seed.values("child:title", at: 0.25).opacity == 1)
        #expect(seed.plan.hides == ["sourceElement", "destinationElement", "child:title"])
    }
}
