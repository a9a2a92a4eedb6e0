public import FlightplanCore

/// A plan has no track with the id a test asked for.
public struct MissingTrack: Error, CustomStringConvertible {
    /// The id asked for.
    public let id: String
    /// The ids the plan has.
    public let ids: [String]

    /// "no track "content" among …".
    public var description: String { "no track \"\(id)\" among \(ids)" }
}

extension TransitionStyle {
    /// The id of the track the style flies (motion not reduced): sharedFrame's destination screen, zoom's, morph's and
    /// reveal's content, snapshot's incoming snapshot.
    public var flyingTrackID: String {
        switch self {
        case .sharedFrame: "destinationScreen"
        case .zoom, .morph, .reveal: "content"
        case .snapshot: "incomingSnapshot"
        }
    }

    /// The id of the track whose opacity says how far the rest of the scene has gone (the default fade mode, motion
    /// not reduced): sharedFrame's overlay, zoom's, morph's and reveal's destination screen, snapshot's incoming snapshot.
    public var fadingTrackID: String {
        switch self {
        case .sharedFrame: "overlay"
        case .zoom, .morph, .reveal: "destinationScreen"
        case .snapshot: "incomingSnapshot"
        }
    }
}

extension Plan {
    /// The track `id`.
    /// - Throws: ``MissingTrack`` when the plan has none.
    public func track(_ id: String) throws(MissingTrack) -> Track {
        guard let track = tracks.first(where: { $0.id == id }) else { throw MissingTrack(id: id, ids: tracks.map(\.id)) }
        return track
    }

    /// The track the style flies (``TransitionStyle/flyingTrackID``).
    public func flyingTrack() throws(MissingTrack) -> Track { try track(style.flyingTrackID) }

    /// The track whose opacity is the scene's fade (``TransitionStyle/fadingTrackID``).
    public func fadingTrack() throws(MissingTrack) -> Track { try track(style.fadingTrackID) }

    /// The flying track's keyframes in full with the fading track's opacity at their times (as a linear renderer shows
    /// it: tolerance sampling may give the fading track other times): the layer a dismissal drags (its `state`), as the
    /// first model's main layer carried it. `progress` is NaN (``Track/filledKeyframe(_:progress:)``).
    public func flyingKeyframes() throws(MissingTrack) -> [Keyframe] {
        let flying = try flyingTrack(), fading = try fadingTrack()
        return flying.filledKeyframes.map { keyframe in
            var keyframe = keyframe
            keyframe.opacity = fading.values(at: keyframe.time).opacity ?? 1
            return keyframe
        }
    }

    /// The child pairs' tracks, in the request's order.
    public var childTracks: [Track] { tracks.filter { $0.role == .child } }
}

extension Track {
    /// Keyframe `index` in full, as the sampler measures it: what the track leaves unset at its resting value (identity,
    /// the whole layer, square corners, opaque). A track carries no eased progress: `progress` is the caller's, NaN
    /// unless given, so that a comparison of it cannot pass by accident. A held track's `base` at time 0.
    public func filledKeyframe(_ index: Int, progress: Double = .nan) -> Keyframe {
        let time = keyframes.indices.contains(index) ? keyframes[index].time : 0
        return values(atKeyframe: index).keyframe(time: time, progress: progress, in: frame)
    }

    /// Every keyframe in full (``filledKeyframe(_:progress:)``); `[base]` for a held track.
    public var filledKeyframes: [Keyframe] {
        keyframes.isEmpty ? [filledKeyframe(0)] : keyframes.indices.map { filledKeyframe($0) }
    }
}
