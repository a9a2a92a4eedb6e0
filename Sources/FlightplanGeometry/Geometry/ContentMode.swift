/// How a view lays its image out inside its frame (UIKit's `contentMode`, CSS `object-fit`).
public enum ContentMode: String, Sendable, Hashable, CaseIterable {
    /// Scaled uniformly to cover the frame; the overflow is clipped (`object-fit: cover`).
    case aspectFill
    /// Scaled uniformly to fit inside the frame, letterboxed (`object-fit: contain`).
    case aspectFit
    /// Stretched to the frame exactly (`object-fit: fill`).
    case scaleToFill
    /// Not scaled: the image size, in points, centred on the frame (`object-fit: none`).
    case center

    /// Whether the displayed image keeps the image's own aspect ratio.
    public var preservesAspect: Bool { self != .scaleToFill }

    /// The rect, in the frame's space, where an image of `imageSize` is drawn inside `frame`.
    ///
    /// Exact for any aspect ratio: the scale is taken from the constraining side and the
    /// result is centred on the frame.
    /// - Parameters:
    ///   - imageSize: The image's size, points; for ``aspectFit`` and ``aspectFill`` both sides must be positive (a
    ///     zero side gives infinite or NaN scales).
    ///   - frame: The view's frame the image is laid out in.
    /// - Returns: A rect in `frame`'s space, centred on `frame`: `frame` itself for ``scaleToFill``, `imageSize`
    ///   unscaled for ``center``, and the image scaled uniformly until its constraining side matches `frame`'s exactly
    ///   (inside it for ``aspectFit``, overflowing it for ``aspectFill``).
    public func displayedRect(of imageSize: Size, in frame: Rect) -> Rect {
        switch self {
        case .scaleToFill:
            return frame
        case .center:
            return Rect(center: frame.center, size: imageSize)
        case .aspectFit, .aspectFill:
            let widthScale = frame.width / imageSize.width
            let heightScale = frame.height / imageSize.height
            let scale = self == .aspectFit ? min(widthScale, heightScale) : max(widthScale, heightScale)
            // The constraining side is set to the frame's exact extent so that it matches bit for bit.
            let width = scale == widthScale ? frame.width : imageSize.width * scale
            let height = scale == heightScale ? frame.height : imageSize.height * scale
            return Rect(center: frame.center, size: Size(width: width, height: height))
        }
    }
}
