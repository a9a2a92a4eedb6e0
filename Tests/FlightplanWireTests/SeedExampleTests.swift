import Foundation
import FlightplanTestSupport
import FlightplanWire
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
    /// source view in that order; the mask grows from the cell to the screen, its radius 0 → 39, continuous.
    @Test("000 Instagram push: placeholder, overlay 0 → 0.5, the screen from the cell to radius 39, continuous")
    func instagramPush() throws {
        let seed = try Seed("000-instagram-push")
        #expect(seed.plan.duration == 0.25)
        #expect(seed.roles == [.sourceScreen, .placeholder, .overlay, .destinationScreen])
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
        #expect(seed.roles == [.sourceScreen, .placeholder, .overlay, .destinationScreen])
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

    /// 001 zoom out: 0.25 s; the tab bar comes back (→ 1) as the photo screen fades (→ 0); the image lands on the cell.
    @Test("001 Photos zoom out: the tab bar back to 1, the photo screen to 0, the image onto the cell")
    func zoomOut() throws {
        let seed = try Seed("001-photos-zoom-out")
        #expect(seed.plan.duration == 0.25)
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
        #expect(seed.roles == [.sourceScreen, .content, .destinationScreen])
        #expect(try seed.track("content").base.color == Color(hex: "#2F80ED"))
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

    /// 004: relative keyframes on one ease-in-out keyframe animation: the destination snapshot 0 → 1 over the first
    /// half of the progress, the source snapshot 1 → 0 over the second; both fill (stretch with) the container,
    /// whose frame, radius (16 → 0) and shadow morph over the whole; the child is a nested snapshot transition,
    /// never clipped, in the container's coordinates; the views and the child's originals are hidden.
    @Test("004 snapshot: the staged cross-fade, stretched snapshots, the container's shadow, an unclipped child")
    func snapshot() throws {
        let seed = try Seed("004-snapshot")
        #expect(seed.roles == [.content, .outgoingSnapshot, .incomingSnapshot, .child])
        #expect(try seed.values("incomingSnapshot", at: 0).opacity == 0)
        #expect(try seed.values("outgoingSnapshot", at: 0).opacity == 1)
        // Ease-in-out reaches half its progress at half the time: the fade-in is done, the fade-out not begun.
        #expect(isClose(try seed.values("incomingSnapshot", at: 0.25).opacity!, 1))
        #expect(isClose(try seed.values("outgoingSnapshot", at: 0.25).opacity!, 1))
        #expect(try seed.values("incomingSnapshot", at: 0.5).opacity == 1)
        #expect(try seed.values("outgoingSnapshot", at: 0.5).opacity == 0)
        let source = Rect(x: 20, y: 400, width: 350, height: 200)
        Self.expectRect(try seed.visible("content", at: 0).clip, source)
        #expect(isClose(try seed.visible("content", at: 0).radius, 16))
        Self.expectRect(try seed.visible("content", at: 0.5).clip, Self.screen)
        #expect(try seed.values("content", at: 0).shadow == Shadow(color: Color(r: 0, g: 0, b: 0, a: 64.0 / 255), radius: 8, offset: Point(x: 0, y: 4)))
        #expect(try seed.values("content", at: 0.5).shadow == Shadow(color: Color(r: 0, g: 0, b: 0, a: 0), radius: 0, offset: .zero))
        for step in 0...10 {
            let time = 0.05 * Double(step)
            let container = try seed.visible("content", at: time).clip
            Self.expectRect(try seed.visible("incomingSnapshot", at: time).clip, container, "incoming fills the container at \(time)")
            Self.expectRect(try seed.visible("outgoingSnapshot", at: time).clip, container, "outgoing fills the container at \(time)")
            let child = try seed.values("child:title", at: time)
            #expect(child.maskFrame == Rect(x: 0, y: 0, width: 300, height: 45), "the child is never clipped at \(time)")
        }
        // Stretched, not cropped: at the start the destination snapshot is 350 ÷ 390 as wide and 200 ÷ 844 as tall.
        let startTransform = try seed.values("incomingSnapshot", at: 0).transform!
        #expect(isClose(startTransform.a, 350.0 / 390) && isClose(startTransform.d, 200.0 / 844))
        // The child's rects are in the container's space: from (16, 150) in the source, to (20, 460) in the destination.
        Self.expectRect(try seed.visible("child:title", at: 0).clip, Rect(x: 36, y: 550, width: 200, height: 30))
        Self.expectRect(try seed.visible("child:title", at: 0.5).clip, Rect(x: 20, y: 460, width: 300, height: 45))
        #expect(seed.plan.hides == ["sourceElement", "destinationElement", "child:title"])
    }
}
