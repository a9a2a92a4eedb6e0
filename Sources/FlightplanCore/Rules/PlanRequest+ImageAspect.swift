extension PlanRequest {
    /// The painted image's own size, when its content reference gives one, and the field that gives it: the reference
    /// the content track paints (zoom's and morph's flying image, sharedFrame's destination image: the destination's
    /// `element`, else the source's). Nil for reveal, which grows the element as it is, and snapshot, whose flying
    /// container is drawn in its colour.
    var paintedImageSize: (size: Size, field: String)? {
        guard style != .reveal, let content, let reference = content.reference(for: .content, id: "content", style: style),
            let size = reference.size
        else { return nil }
        let side = reference == content.destination.element ? "destination" : "source"
        return (size, "content.\(side).element.size")
    }

    /// The image's size, one truth for its aspect: the painted image's own size (``paintedImageSize``) when given,
    /// scaled to `imageSize`'s area when that is given too (so `center` draws it at `imageSize`'s points, in the
    /// content's aspect exactly); else `imageSize`; else `destination.frame`'s.
    var resolvedImageSize: Size {
        guard let painted = paintedImageSize?.size else { return imageSize ?? destination.contentFrame.size }
        guard let imageSize else { return painted }
        let scale = ((imageSize.width * imageSize.height) / (painted.width * painted.height)).squareRoot()
        return Size(width: painted.width * scale, height: painted.height * scale)
    }

    /// Checks that `imageSize` and the painted image's own size, when both are given, describe one image: their
    /// aspects agree within ``PlanLimits/imageAspectTolerance``.
    /// - Throws: A ``ValidationError`` naming `imageSize` and, in its message, the content's `size` field.
    func validateImageAspect() throws(ValidationError) {
        guard let imageSize, let painted = paintedImageSize else { return }
        let given = imageSize.width / imageSize.height, own = painted.size.width / painted.size.height
        guard max(given / own, own / given) > 1 + PlanLimits.imageAspectTolerance else { return }
        func described(_ size: Size, _ aspect: Double) -> String {
            "\(describeNumber(size.width)) × \(describeNumber(size.height)) (aspect \(describeNumber(aspect, places: 4)))"
        }
        throw ValidationError(
            field: "imageSize",
            message: "is \(described(imageSize, given)) but \(painted.field) is \(described(painted.size, own)): both name the painted image, "
                + "whose aspect must be one (within \(describeNumber(PlanLimits.imageAspectTolerance * 100)) %); "
                + "leave imageSize out (the content's size then gives the aspect) or give sizes of the same aspect")
    }
}

extension PlanRequest {
    /// How a track that paints an element's or a child's own content lays it out in its layer: snapshot's outgoing and
    /// incoming snapshots as the source and the destination show their element, reveal's growing element as the source
    /// does, a child pair's snapshots as the pair's `contentMode` says, an auxiliary view's track as the view's says.
    /// Nil for the tracks whose flight places their image (zoom's, morph's and sharedFrame's, whose layer has the
    /// image's aspect) and for those that paint no element (screens, colours).
    func contentMode(laying role: TrackRole, id: String) -> ContentMode? {
        switch role {
        case .outgoingSnapshot: source.contentMode
        case .incomingSnapshot: destination.contentMode
        case .content where style == .reveal: source.contentMode
        case .child, .outgoingChild:
            // The pair's id follows the track's prefix (`child:ID`, `outgoingChild:ID`); it may hold a colon itself.
            children.first { $0.id == id.dropFirst(role == .child ? "child:".count : "outgoingChild:".count) }
                .map { $0.contentMode ?? PlanDefaults.childContentMode }
        case .auxiliary:
            auxiliary.first { $0.id == id.dropFirst("auxiliary:".count) }.map { $0.contentMode ?? PlanDefaults.auxiliaryContentMode }
        case .content, .sourceScreen, .destinationScreen, .overlay, .placeholder: nil
        }
    }
}
