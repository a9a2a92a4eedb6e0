extension PlanRequest {
    /// One warning for each field the request gives that cannot take effect as given: a field the style does not draw
    /// (sharedFrame's `overlay` and `placeholder` elsewhere, an element's shadow or colour on sharedFrame, reveal's `path`
    /// other than the default and `imageSize`, `timing.fadeFraction` outside reveal, an auxiliary view's `contentMode` without a
    /// content `size` to lay out), or a rect that lies entirely off the screen it is given in. The plan is made as if the field were left out (a rect off screen is kept: the caller may mean it).
    var ineffectiveFieldWarnings: [PlanWarning] {
        var warnings: [PlanWarning] = []
        let name = "\"\(style.rawValue)\""
        if style != .sharedFrame {
            if overlayOpacity != nil || overlayColor != nil {
                warnings.append(
                    PlanWarning(
                        field: "overlay",
                        message: "applies only to style \"sharedFrame\" (the dimming layer under its flying screen): ignored for \(name), "
                            + "which draws no overlay; dim the source screen yourself, or leave overlay out"))
            }
            if placeholderColor != nil {
                warnings.append(
                    PlanWarning(
                        field: "placeholder",
                        message: "applies only to style \"sharedFrame\" (the colour over the emptied cell): ignored for \(name), "
                            + "which hides the source element instead (the plan's hides)"))
            }
        } else {
            let drawnByTheElement = [
                (source.shadow != nil, "source.shadow", "shadow"), (source.color != nil, "source.color", "colour"),
                (destination.shadow != nil, "destination.shadow", "shadow"), (destination.color != nil, "destination.color", "colour")
            ]
            for (given, field, what) in drawnByTheElement where given {
                warnings.append(
                    PlanWarning(
                        field: field,
                        message: "is not drawn by style \"sharedFrame\": its flying track is the destination screen (masked from the cell "
                            + "to the screen), which paints itself, so the element's \(what) is gone from the first frame; "
                            + "use \"zoom\" or \"morph\" for an element with its own \(what)"))
            }
        }
        // The default path asks for nothing a reveal does not do (clients that write every default send it).
        if style == .reveal, let path, path != PlanDefaults.path {
            warnings.append(
                PlanWarning(
                    field: "path",
                    message: "has no effect on style \"reveal\", which grows the element about its own centre (nothing travels): "
                        + "leave it out, or use \"morph\" or \"zoom\" for a path"))
        }
        if imageSize != nil && style == .reveal {
            warnings.append(
                PlanWarning(
                    field: "imageSize",
                    message: "has no effect on style \"reveal\", which grows the source element as it is (its frame, its colour): "
                        + "leave it out"))
        }
        if timing.fadeFraction != nil && style != .reveal {
            warnings.append(
                PlanWarning(
                    field: "timing.fadeFraction",
                    message: "applies only to style \"reveal\" (a grow, then a fade): ignored for \(name)"))
        }
        for (index, view) in auxiliary.enumerated() where view.contentMode != nil && content?.auxiliary[view.id]?.size == nil {
            warnings.append(
                PlanWarning(
                    field: "auxiliary[\(index)].contentMode",
                    message: "lays out the view's content only when content.auxiliary.\(view.id) gives its size: ignored, "
                        + "the content (if any) is drawn over the view's frame; give the picture's size, or leave contentMode out"))
        }
        let bounds = destination.bounds
        if source.frame.intersection(bounds) == nil {
            warnings.append(
                PlanWarning(
                    field: "source.frame",
                    message: "lies entirely outside destination.bounds (\(bounds.described)): the flight starts off screen; "
                        + "give the element's frame in the same window space as the bounds"))
        }
        if let frame = destination.frame, frame.intersection(bounds) == nil {
            warnings.append(
                PlanWarning(
                    field: "destination.frame",
                    message: "lies entirely outside destination.bounds (\(bounds.described)): the flight ends off screen; "
                        + "give it in the same window space as the bounds"))
        }
        return warnings
    }
}

extension Rect {
    /// `x y width height` as a message shows a rect.
    fileprivate var described: String {
        "\(describeNumber(x)), \(describeNumber(y)), \(describeNumber(width)) × \(describeNumber(height))"
    }
}
