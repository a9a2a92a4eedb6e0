/// One thing a view shows: an image URL or an opaque reference written like one (a `data:` URL, an asset name),
/// with the image's own pixel size where a player needs it (Lottie players draw an image asset at that size).
public struct ContentReference: Sendable, Hashable {
    /// The image's URL or the caller's reference.
    public var url: String
    /// The image's size in pixels; `nil` when the exports need not know it. The flying image's gives the image's
    /// aspect when the request's `imageSize` is left out.
    public var size: Size?

    /// Creates a reference.
    /// - Parameters:
    ///   - url: The image's URL, or the caller's own reference written like one (a `data:` URL, an asset name).
    ///   - size: The image's size in pixels, for players that draw an image asset at its own size (Lottie), and, for the
    ///     flying image, its aspect when the request's `imageSize` is left out; nil (the default) when the exports need
    ///     not know it.
    public init(url: String, size: Size? = nil) {
        self.url = url
        self.size = size
    }
}

/// What the caller's views show, for the exports to paint: per side of the transition, a ``ContentReference`` for
/// the element, the screen and each child. The planner copies each
/// reference onto the tracks that draw it (``Track/content``); the geometry does not depend on them, but for the flying
/// image's `size`, which gives the image's aspect when `imageSize` is left out.
public struct ContentReferences: Sendable, Hashable {
    /// One side's content.
    public struct Side: Sendable, Hashable {
        /// The element's content (the image, the snapshot of the container).
        public var element: ContentReference?
        /// The whole screen's content.
        public var screen: ContentReference?
        /// Each child's content, by the child pair's id.
        public var children: [String: ContentReference]

        /// Creates one side's references; what is left out keeps its placeholder.
        /// - Parameters:
        ///   - element: What the element shows (the image, the container's snapshot); nil (the default) for its placeholder.
        ///   - screen: What the whole screen shows; nil (the default) for its placeholder.
        ///   - children: What each child shows, by the child pair's id; a pair not in it (by default, every pair) keeps
        ///     its placeholder.
        public init(element: ContentReference? = nil, screen: ContentReference? = nil, children: [String: ContentReference] = [:]) {
            self.element = element
            self.screen = screen
            self.children = children
        }
    }

    /// The source side (the collapsed element, the screen it is on).
    public var source: Side
    /// The destination side (the expanded element, the screen it opens).
    public var destination: Side
    /// What each auxiliary view shows (a tab bar, on neither side: it fades as it is), by the view's id.
    public var auxiliary: [String: ContentReference]

    /// Creates the references of both sides.
    /// - Parameters:
    ///   - source: The source side: the collapsed element and the screen it is on; all placeholders by default.
    ///   - destination: The destination side: the expanded element and the screen it opens; all placeholders by default.
    ///   - auxiliary: What each auxiliary view shows, by its id; a view not in it (by default, every view) keeps its
    ///     placeholder.
    public init(source: Side = Side(), destination: Side = Side(), auxiliary: [String: ContentReference] = [:]) {
        self.source = source
        self.destination = destination
        self.auxiliary = auxiliary
    }

    /// The reference a track paints, by what it draws: a screen its side's screen, the flying image the
    /// destination's element (the source's when only it is given; reveal's growing element is the source's),
    /// a snapshot its side's element, a child's incoming snapshot its destination child and its outgoing one its
    /// source child (each else the other side's), an auxiliary view its own. Nil for tracks drawn in their colour
    /// (overlay, placeholder, snapshot container).
    /// - Parameters:
    ///   - role: What the track draws.
    ///   - id: The track's id, which names a child track's pair (`child:ID`, `outgoingChild:ID`) or an auxiliary view
    ///     (`auxiliary:ID`).
    ///   - style: The plan's style: a snapshot's flying container is drawn in its colour, reveal's flying element is the
    ///     source's.
    /// - Returns: The reference the track paints, or nil when it is drawn in its colour or its content was left out.
    public func reference(for role: TrackRole, id: String, style: TransitionStyle) -> ContentReference? {
        switch role {
        case .sourceScreen: source.screen
        case .destinationScreen: destination.screen
        case .content where style == .snapshot: nil
        case .content where style == .reveal: source.element
        case .content: destination.element ?? source.element
        case .outgoingSnapshot: source.element
        case .incomingSnapshot: destination.element
        case .child:
            pair(of: id, prefix: "child:").flatMap { destination.children[$0] ?? source.children[$0] }
        case .outgoingChild:
            pair(of: id, prefix: "outgoingChild:").flatMap { source.children[$0] ?? destination.children[$0] }
        case .auxiliary: pair(of: id, prefix: "auxiliary:").flatMap { auxiliary[$0] }
        case .overlay, .placeholder: nil
        }
    }

    /// The caller's id in a child's or an auxiliary view's track id (`child:ID`, `outgoingChild:ID`, `auxiliary:ID`).
    private func pair(of id: String, prefix: String) -> String? {
        id.hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : nil
    }
}
