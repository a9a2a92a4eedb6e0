// Generated from openapi.yaml by generate_types.py; do not edit (CI fails when it differs).
/** The contract's version (`info.version`). */
export const contractVersion = "1.0.0";

export type Status = {
  status: "ok" | "ready";
};

/** RFC 9457 problem details. */
export type Problem = {
  /** A URI naming the kind of problem */
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The offending field's path, e.g. `source.frame.width` or `children[2].to`. */
  field?: string;
  requestId?: string;
};

export type Coordinate = number;

export type Extent = number;

/** A corner radius as seen on screen. One past half the shorter side of its rect is drawn as a capsule (clamped to that half, as every renderer draws it) and named in the plan's `warnings`. */
export type OptionalRadius = number;

/** How the image fills its rect (default aspectFill); `center` takes `imageSize` in points. */
export type ContentMode = "aspectFill" | "aspectFit" | "scaleToFill" | "center";

/** A rect in points; window space unless stated otherwise. */
export type Rect = {
  x: Coordinate;
  y: Coordinate;
  width: Extent;
  height: Extent;
};

export type Size = {
  width: Extent;
  height: Extent;
};

/** A named curve, a cubic Bézier or a spring. */
export type TimingCurve = NamedCurve | CubicBezierCurve | SpringCurve;

export type NamedCurve = "linear" | "easeIn" | "easeOut" | "easeInOut";

export type CubicBezierCurve = {
  /** [x1, y1, x2, y2]; x in 0…1, y in -10…10. */
  cubicBezier: number[];
};

export type SpringCurve = {
  spring: Spring;
};

export type Spring = {
  dampingRatio: number;
  /** SwiftUI meaning, seconds; leave timing.duration out. The spring must settle within 60 s. */
  response?: number;
  initialVelocity?: number;
};

export type Sampling = {
  keyframes: number;
} | {
  /** At most 10000 keyframes over the duration. */
  fps: number;
} | {
  /** Points: each track, played linearly between its own keyframes, stays this close to the exact motion (and within one 8-bit step of its opacity); tracks may have different keyframe times. The search for the keyframes has a work budget (at most 10 000 keyframes and 1 000 000 evaluations of the motion per track): a motion that turns too often or too sharply for it is refused (422 naming `sampling.tolerance`); a larger tolerance or `fps` plans it. */
  tolerance: number;
};

/** An sRGB colour: `#RRGGBB`, `#RRGGBBAA` or `{"r", "g", "b", "a"}` with components in 0…1 (straight alpha). Plans always write the object form. Colours are interpolated as CSS transitions do, in premultiplied sRGB. */
export type Color = string | {
  r: number;
  g: number;
  b: number;
  a?: number;
};

/** A drop shadow (Core Animation's shadowColor/shadowOpacity as the colour's alpha, shadowRadius, shadowOffset; CSS `box-shadow: x y blur color` with a blur of twice the radius), in points. A shadow given at one end only fades from or to its transparent self. */
export type Shadow = {
  color: Color;
  radius: number;
  offset: {
    x: Coordinate;
    y: Coordinate;
  };
};

/** A track's shadow: a request's `Shadow` in the layer's own space, like `cornerRadius` (the request's points divided by the layer's scale, which is uniform wherever a track carries a shadow), so that drawn through the track's transform it is the request's points on screen. A small layer's shadow can therefore be far larger here than a request may give. */
export type TrackShadow = {
  color: Color;
  radius: number;
  offset: Vector;
};

/** [start, end] in seconds, end after start, both within the duration. */
export type Span = number[];

/** [start, end] as fractions, end after start. */
export type FractionSpan = number[];

/** When one channel moves. `window`: fractions (0…1) of the duration, on `curve` (the plan's curve when absent; a spring settles over the window). `seconds`: the same in seconds. `progress`: a share (0…1) of the plan's own eased progress, as Core Animation's keyTimes and UIKit's relative keyframes split one curve, measured along the push's path so that a pop runs it backwards (no `curve`). */
export type ChannelTiming = {
  window: FractionSpan;
  curve?: TimingCurve;
} | {
  seconds: Span;
  curve?: TimingCurve;
} | {
  progress: FractionSpan;
};

export type Timing = {
  /** Seconds; the style's default when absent. */
  duration?: number;
  curve?: TimingCurve;
  /** reveal only (default 0.5): the share of the eased progress spent fading; other styles ignore it with a warning. */
  fadeFraction?: number;
  /** How the outgoing and incoming screens (snapshots, for `snapshot`) fade, as Material's container transform: `in` the incoming fades in over the outgoing (default, except `cross` for snapshot and reduced motion); `out` the outgoing fades out over the incoming; `cross` both at once; `through` the outgoing out over the first 35 % of the fade, then the incoming in, showing what lies behind between the two (the request's `stageColor`, else the page). A pair of one shape (the screens, the snapshots, children clipped to their frames) is planned without a dip: the mode means the mix `u·U + l·L` of the upper layer at `u` and the lower at `l` (what CSS View Transitions composite with `plus-lighter`), and every player composites one layer over the other, showing `u·U + (1 − u)·b·L`; so the upper layer keeps `u` and the lower one is drawn at `b = min(1, l / (1 − u))`. A cross-fade's lower layer is therefore opaque throughout (the stage stays covered, and the outgoing ends hidden under the opaque incoming rather than at 0); the mix is exact wherever the upper layer's pixels are opaque (under translucent pixels the lower shows at `b`). Children not clipped (`snapshot.clipsChildren: false`) differ in shape and fade each as the mode says. snapshot's two snapshots, when either's image leaves part of its frame uncovered (a letterbox of its content mode), fade each on its own channel: `cross` without the dip-free pairing, and `in` or `out` (which would show the held snapshot in the letterbox) as `cross`, with a warning on `timing.fadeMode`. */
  fadeMode?: "in" | "out" | "cross" | "through";
  channels?: ChannelTimings;
};

/** Channels that run over their own part of the transition (the others follow the plan's curve): transform (position and size), maskFrame, cornerRadius, fadeIn (the incoming's opacity), fadeOut (the outgoing's), overlay, color, shadow, auxiliary. */
export type ChannelTimings = {
  transform?: ChannelTiming;
  maskFrame?: ChannelTiming;
  cornerRadius?: ChannelTiming;
  fadeIn?: ChannelTiming;
  fadeOut?: ChannelTiming;
  overlay?: ChannelTiming;
  color?: ChannelTiming;
  shadow?: ChannelTiming;
  auxiliary?: ChannelTiming;
};

export type ChildPair = {
  id: string;
  from: Rect;
  to: Rect;
  fromCornerRadius?: OptionalRadius;
  toCornerRadius?: OptionalRadius;
  /** How the child's snapshot fills `from` at the start (default aspectFill). */
  contentMode?: ContentMode;
};

export type PlanRequest = {
  style?: "sharedFrame" | "zoom" | "reveal" | "morph" | "snapshot";
  /** `pop` plays the same geometry backwards. */
  direction?: "push" | "pop";
  /** The small, collapsed element (grid cell, button, list avatar). */
  source: {
    frame: Rect;
    cornerRadius?: OptionalRadius;
    contentMode?: ContentMode;
    /** The part of `frame` the user sees (a cell half under a bar); the flight and the placeholder start from it. Must overlap `frame`. */
    visibleFrame?: Rect;
    /** The content's background colour (reveal's button, morph's container); goes to `destination.color`. */
    color?: Color;
    shadow?: Shadow;
  };
  /** The screen the element opens into. */
  destination: {
    bounds: Rect;
    /** Where the destination shows the content; defaults to `bounds`. */
    frame?: Rect;
    contentMode?: ContentMode;
    cornerRadius?: OptionalRadius;
    screenCornerRadius?: OptionalRadius;
    /** The content's background colour at the destination (the source's when absent). */
    color?: Color;
    shadow?: Shadow;
  };
  /** The image's size: only its aspect matters (except for `center`, which draws it at this size in points). When left out, the painted image's own `size` gives it (`content.destination.element.size`, else `content.source.element.size`, as that track paints it; zoom, morph and sharedFrame), else `destination.frame`'s. When both are given their aspects must agree within 1 % (a 422 naming `imageSize` and the content's `size` otherwise), and the image is drawn in the content's aspect exactly, at `imageSize`'s area. */
  imageSize?: Size;
  /** The plan's duration and curve. */
  timing?: Timing;
  /** How keyframe times are chosen; default `{"tolerance": 0.5}`: a linear renderer stays within 0.5 pt of the exact motion. `keyframes` and `fps` give every moving track the same times; a `tolerance` gives each track the times its own motion needs (a track that moves less than another may have fewer keyframes, at other times), every track starting at 0 and ending at `duration`, and, without `precision`, rounds its numbers within 1/64 of the tolerance (see `precision`). */
  sampling?: Sampling;
  overlay?: {
    opacity?: number;
    /** sharedFrame's scrim colour (default black). */
    color?: Color;
  };
  placeholder?: {
    /** sharedFrame's cover over the source cell (default white). */
    color?: Color;
  };
  /** How every rounded mask's corners are drawn; carried on each masked track. */
  cornerCurve?: "circular" | "continuous";
  /** The flying content's centre path. `arc` is Material's arc (MaterialArcMotion): a quadratic Bézier whose control point has the start's x and the end's y when moving down, the end's x and the start's y when moving up; the ends are exact. */
  path?: "straight" | "arc";
  /** The caller's views that fade with the transition (a tab bar), with unique ids, each on its own track `auxiliary:ID`. */
  auxiliary?: {
    id: string;
    frame: Rect;
    /** Opacity where the push starts. */
    from: number;
    /** Opacity where the push ends. */
    to: number;
    /** How the view's content (`content.auxiliary.ID`) fills `frame` when the content gives its `size` (default aspectFill: covering the frame, cropped); without a size the content is drawn over the frame. */
    contentMode?: ContentMode;
  }[];
  /** What each side shows, for the exports to paint (without it they paint placeholders; with it they paint nothing the request does not give: a track without content or colour is transparent): per side (`source`, `destination`) the `element` (the image; snapshot's container snapshot), the `screen`, and each child by its pair's id. A track paints its side's reference: screens their `screen`, the flying image (zoom, morph, sharedFrame's `destinationImage`) the destination's `element` (else the source's), reveal's growing element the source's, snapshot's outgoing and incoming snapshots the source's and the destination's, a child pair's incoming snapshot its destination child and its outgoing one its source child (each else the other side's), an auxiliary view its `auxiliary` entry by the view's id (laid out as the view's `contentMode` says). A reveal whose element has a colour grows the colour and paints the source's `element` on its own sublayer (`contentImage`), which fades out over the first tenth of the growth (the seed strips its button to its solid background before it grows); without a colour the image itself grows. The geometry does not depend on it, but for the flying image's `size`, which gives the image's aspect (see `imageSize`); a child id or an auxiliary id that names nothing is a 422 naming `content.<side>.children.<id>` or `content.auxiliary.<id>`. */
  content?: {
    source?: ContentSide;
    destination?: ContentSide;
    /** By auxiliary view id (a tab bar's picture, faded on its own track as the view's `from` and `to` say). */
    auxiliary?: {
      [key: string]: ContentReference;
    };
  };
  /** A window-space rect that clips every flying track (the area between the bars). */
  contentRegion?: Rect;
  /** The colour of the stage behind every track (the window's background): the plan's lowest track, `backdrop` (role `overlay`), opaque over the bounds in this colour, which shows wherever the tracks leave the stage uncovered (a fade `through`'s middle, Material's container colour) instead of the page or view behind. */
  stageColor?: Color;
  /** Start where a running transition is instead of at the source (an interruption): `{"request": <the running plan's PlanRequest>, "time": seconds into it}` (its problems are named `from.request.…`; `time` within its duration; at most 8 nested), or `{"state", "velocity"}` in the flying content's visible terms (`clip`, `image`, `cornerRadius`, `opacity`; velocity fields per second, each within ±10 000 000). Every track the origin has starts from its state at its rate and ends exactly at this plan's end on this plan's curve `p` over its duration `T`: each visible quantity (image and clip edges, radius, opacity, colours, shadow) moves as `start + (end − start)·p(t) + k·t·(1 − t/T)²`, `k` chosen so the initial rate is the running one (a plan that has ended, `time` = its duration, is at rest: every rate 0). The opposite `direction` reverses; a moved destination retargets. */
  from?: RunningPlan | VisibleMotion;
  /** Plan the reduced-motion variant, as iOS and Material do - the screens cross-fade and nothing flies. */
  reducedMotion?: boolean;
  /** How the children fly. */
  snapshot?: {
    /** `container`: children's `from` is relative to `source.frame`'s origin, `to` to `destination.frame`'s. */
    childSpace?: "window" | "container";
    /** Whether each child is clipped to its own frame. */
    clipsChildren?: boolean;
    /** Seconds between one child's start and the next's (Hero's cascade); each child moves over the duration less stagger × (children − 1), which must stay positive. */
    stagger?: number;
  };
  /** Decimal places for points in the plan, for smaller payloads. Scale factors keep enough digits that no point of the layer moves by more than 0.001 pt; progress and opacity keep at least 4 decimals; times stay exact. When absent, a plan sampled to a `tolerance` (the default sampling) rounds each moving track's points and scale factors to the fewest places that keep every rendered coordinate within 1/64 of the tolerance (its keyframes are chosen within the rest, so the whole stays within the tolerance; times, opacities and colours stay exact); a plan sampled by `keyframes` or `fps` stays exact. */
  precision?: number;
  /** Child pairs with unique ids, each on its own track. */
  children?: ChildPair[];
};

/** One side's content references; what is absent keeps its placeholder. */
export type ContentSide = {
  element?: ContentReference;
  screen?: ContentReference;
  /** By child pair id. */
  children?: {
    [key: string]: ContentReference;
  };
};

/** An image URL (`https:`, a relative path, a `data:` URL) or an opaque reference written like one (an asset name for Core Animation), with the image's pixel size: Lottie players draw an image asset at its own size, and the flying image's (zoom, morph, sharedFrame's destination image) is the image's aspect when `imageSize` is left out, which must agree with it when given; the exports draw the image over the track's content frame, whose aspect is then the image's. */
export type ContentReference = {
  /** RFC 3986 characters only (others percent-encoded), so that every export embeds it as it is. */
  url: string;
  size?: Size;
};

/** A rect in a plan (computed, so without the request's bounds); a mask closed by an interruption's or a drag's velocity has a zero side. */
export type PlanRect = {
  x: number;
  y: number;
  width: number;
  height: number;
};

/** `CGAffineTransform`'s fields: x' = a·x + c·y + tx, y' = b·x + d·y + ty. (`d` is listed last: a client generated by openapi-python-client 0.29 reads the members in this order into a local variable `d` of its own, which a member named `d` read earlier would overwrite.) */
export type AffineTransform = {
  a: number;
  b: number;
  c: number;
  tx: number;
  ty: number;
  d: number;
};

/** A dismissal's `state`, the layer under the finger as one instant of the flight. */
export type Keyframe = {
  time: number;
  progress: number;
  transform: AffineTransform;
  /** The visible region in the layer's own space. */
  maskFrame: PlanRect;
  cornerRadius: number;
  opacity: number;
};

/** A dismissal's layer under the finger, in the terms of `state`. */
export type AnimatedLayer = {
  role: "destinationScreen" | "image" | "expandingElement" | "element" | "container" | "child";
  frame: PlanRect;
};

/** A transition as tracks: create each track's layer at its `frame`, stack them by `z`, set `base`, play the `keyframes` over `duration` seconds, and hide the caller's views named in `hides`. */
export type Plan = {
  style: "sharedFrame" | "zoom" | "reveal" | "morph" | "snapshot";
  direction: "push" | "pop";
  duration: number;
  /** The area the tracks are drawn in - the destination's bounds (window space). */
  stage: PlanRect;
  /** The plan's timing in portable forms, to animate the caller's own views in step - `css`, a CSS `linear()` easing within 0.001 of the curve with as few stops as that needs; for a spring, `spring` with SwiftUI's (`response`, `dampingFraction`), UIKit's (`duration`, `dampingRatio`, `initialSpringVelocity`) and Core Animation's (`mass`, `stiffness`, `damping`, `initialVelocity`, `settlingDuration`) parameters. */
  easing?: {
    css: string;
    spring?: SpringForms;
  };
  /** Every animated or held thing, bottom to top: the choreography a renderer plays without knowing the style. Every track that moves has keyframes from 0 to `duration` (exactly the end state): the same times on every track with `sampling.keyframes` or `fps`, each track's own with a `tolerance` (the default: a track that moves less has fewer); a track that does not move has no keyframes. */
  tracks: Track[];
  /** The caller's views to hide for the duration, because tracks draw them: `sourceElement`, `destinationElement`, `child:ID`. */
  hides: string[];
  /** Non-fatal findings, when there are any: a corner radius past half its rect's shorter side is drawn as a capsule (clamped to that half), one warning per radius; a stretching contentMode shown covering its rect; a spring that takes the content below the source's size; a duration far from Material's guidance for the distance moved; each field the style cannot draw, once (`overlay` and `placeholder` but on sharedFrame; `source.shadow`, `source.color`, `destination.shadow`, `destination.color` on sharedFrame; `path` other than `straight` on reveal; `imageSize` on reveal; `timing.fadeFraction` but on reveal; an auxiliary view's `contentMode` (`auxiliary[N].contentMode`) without a `content.auxiliary` size to lay out), the plan being the one made without it; a `source.frame` or `destination.frame` entirely outside `destination.bounds`; a `timing.fadeMode` of `in` or `out` on a snapshot whose image leaves a letterbox (planned as `cross`). */
  warnings?: {
    /** The request field it is about, e.g. `source.cornerRadius`. */
    field: string;
    message: string;
  }[];
};

/** An interruption's origin as the running plan and how far into it (seconds) it is. */
export type RunningPlan = {
  /** The running plan's PlanRequest (checked as one, its problems named `from.request.…`). */
  request: PlanRequest;
  time: number;
};

/** An interruption's origin as the flying content's visible state and its rates. */
export type VisibleMotion = {
  state: VisibleState;
  velocity: VisibleVelocity;
};

/** The flying content as the eye sees it (window space). */
export type VisibleState = {
  clip: Rect;
  image?: Rect;
  cornerRadius: number;
  opacity?: number;
};

/** The rate of each of `VisibleState`'s numbers, per second. */
export type VisibleVelocity = {
  clip: RectVelocity;
  image?: RectVelocity;
  cornerRadius: Rate;
  opacity?: Rate;
};

export type RectVelocity = {
  x: Rate;
  y: Rate;
  width: Rate;
  height: Rate;
};

export type Rate = number;

/** A plan in the request's `format`; `css` and `svg` as strings. */
export type PlanInFormat = Plan | WebAnimationsExport | LottieExport | CoreAnimationExport | WindowBoxesExport | string;

/** A spring curve as each Apple framework takes it. */
export type SpringForms = {
  /** `Animation.spring(response:dampingFraction:blendDuration:)` and an initial velocity. */
  swiftUI: {
    /** Seconds. */
    response: number;
    dampingFraction: number;
    initialVelocity: number;
  };
  /** `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`. */
  uiKit: {
    /** Seconds. */
    duration: number;
    dampingRatio: number;
    initialSpringVelocity: number;
  };
  /** `CASpringAnimation`'s properties. */
  coreAnimation: {
    mass: number;
    stiffness: number;
    damping: number;
    initialVelocity: number;
    /** Seconds. */
    settlingDuration: number;
  };
};

/** `?format=waapi`. A page creates a `width` × `height` stage (position relative, overflow hidden) and per element, in order: a `<div>` for `region` when there is one (the content region, overflow hidden) in the stage, a `<div>` for the element (the layer: transform, opacity, the shadow as `filter: drop-shadow`) in it, and a `<div>` for `paint` (the clip as `clip-path: path(…)`, the colour, the `content` as a `background-image`) in the layer; on each it sets the declarations of `style` (`style.setProperty(name, value)`) and calls `div.animate(keyframes, options)` when it has keyframes. An element with a `parent` (a child track) goes inside that element's paint box instead of the stage, after what the box holds, placed in its space. Every box is placed by `translate` (`left` and `top` 0), which browsers draw exactly, where they round a box's position to whole pixels of its own space. The paint box covers the layer and every mask it takes, so an aspect-filled image's overflow shows where the mask reaches; with content and no colour it begins up to a pixel up and left of that (transparent there), so that the image starts a whole number of pixels into it. `easing` is the plan's timing as a CSS `linear()` for the page's own views. */
export type WebAnimationsExport = {
  width: number;
  height: number;
  /** Milliseconds. */
  duration: number;
  easing?: string;
  elements: {
    id: string;
    role: string;
    /** The `id` of the earlier element whose paint box holds this one (a child track). */
    parent?: string;
    content?: ContentReference;
    /** <prefix>-<id> with characters outside [A-Za-z0-9_-] as -, the css export's class. */
    className: string;
    style: {
      [key: string]: string;
    };
    keyframes: {
      [key: string]: unknown;
    }[];
    region?: WebBox;
    paint: WebBox;
    /** The second argument of `element.animate(keyframes, options)`. */
    options: {
      /** Milliseconds. */
      duration: number;
      fill: string;
      easing: string;
    };
  }[];
};

/** A nested box of a waapi element (its class in the css export, its declarations and keyframes). */
export type WebBox = {
  className: string;
  style: {
    [key: string]: string;
  };
  keyframes: {
    [key: string]: unknown;
  }[];
};

/** `?format=lottie`: a Lottie (bodymovin 5) animation, valid against the Lottie specification's schema, 60 frames per second, one shape layer per track (the first on top) with its colour or a placeholder fill, the mask as an animated path of its outline (circular or continuous corners) and a content region as an intersecting mask; a track with `content` has a layer above it showing a composition (`content-N`) that scales the image asset (`image-N`, `w` × `h` its reference's `size`, else the track's frame) over the track's frame. A track with children (a `parent` names it) is one precomposition layer carrying its transform, masks and opacity over a composition (`group-N`) of its own space holding its own paint and, above it, its children's layers. Shadows are not drawn (rlottie plays no layer effects): `meta.d` says so when the plan has any. */
export type LottieExport = {
  v: string;
  nm?: string;
  ddd?: number;
  fr: number;
  ip: number;
  op: number;
  w: number;
  h: number;
  /** The generator, and in `d` what the animation does not draw (shadows). */
  meta?: {
    [key: string]: unknown;
  };
  /** The compositions (`group-N`, `content-N`) and image assets (`image-N`) the layers refer to. */
  assets?: {
    [key: string]: unknown;
  }[];
  layers: {
    [key: string]: unknown;
  }[];
};

/** `?format=core-animation`: each track as a `CALayer` on the stage (a layer at the plan's `stage`), with values `setValue(_:forKeyPath:)` and `CAKeyframeAnimation.values` take once each is made the type `valueTypes` names for its key path (`CGPoint`, `CGSize`, `CGRect` from the numbers in field order; `CGColor` from sRGB `[r, g, b, a]`); every other value is a plain number, string or boolean. The track's layer: `bounds` `[0, 0, width, height]`, `anchorPoint` `[0.5, 0.5]`, `position` its centre on the stage plus the plan's translation, `transform.scale.x`/`transform.scale.y` the plan's scale (plans are axis-aligned), `opacity`, `shadowColor` (opaque), `shadowOpacity`, `shadowRadius`, `shadowOffset`. Its `clip`, when the track has a mask, is a sublayer with `masksToBounds` that the content goes into: `bounds` the mask frame in the layer's space (its origin is the mask's, so content keeps the layer's coordinates), `position` the mask's centre, `cornerRadius`, `cornerCurve` and the track's `backgroundColor` (on the layer itself when there is no clip). The shadow is on the unmasked layer, so it falls outside the clip. `superlayer`, when the request has a `contentRegion`, is a layer with `masksToBounds` holding the track's layer; its bounds' origin is its place on the stage, so the layer keeps stage coordinates inside it. A layer with a `parent` (a child track) is a sublayer of that layer's `clip`, its `position` in the parent layer's own coordinates; a layer with children always has a `clip` and sets `allowsGroupOpacity`. Every animation is linear over `keyTimes` (0…1 of `duration`, the plan's). `contents`, when the track has content, is its content reference, for the app to resolve into the `content` sublayer's `contents` when there is one (the image in its own aspect), else the clip's (or the layer's). `spring` when the plan's curve is one. */
export type CoreAnimationExport = {
  duration: number;
  spring?: SpringForms;
  /** The Core Graphics type each key path's numbers make; a key path not named takes its value as it is. */
  valueTypes: {
    [key: string]: "CGPoint" | "CGSize" | "CGRect" | "CGColor";
  };
  layers: {
    id: string;
    role: string;
    /** The `id` of the earlier layer whose `clip` holds this one (a child track). */
    parent?: string;
    zPosition: number;
    contents?: ContentReference;
    set: CoreAnimationValues;
    animations: CoreAnimationKeyframes[];
    clip?: {
      set: CoreAnimationValues;
      animations: CoreAnimationKeyframes[];
    };
    /** When the track draws its content over a frame of its own (`contentFrame`), the sublayer to put the content's `contents` in, inside the `clip` (or the layer): `bounds` and `position` in the track layer's coordinates. */
    content?: {
      set: CoreAnimationValues;
      animations: CoreAnimationKeyframes[];
    };
    superlayer?: {
      set: CoreAnimationValues;
      animations: CoreAnimationKeyframes[];
    };
  }[];
};

/** `?format=boxes`: each track in window space, as design tools place nodes (by top-left, in points, without transforms), at each of the plan's keyframe times (the times at which any track has a keyframe; every track at all of them, a held one too: its parent may move it; one keyframe at time 0 when nothing moves). Per keyframe, `clip` is what the track shows: its mask (else its whole frame) through its transform about its centre and each parent's, the smallest axis-aligned rect holding it (plans are axis-aligned, so exact). It is not cut by the track's `region` nor by a parent's `clip`, which a renderer applies on top: a child shows only inside its parent's `clip`. `content`, for a track with content, is where the image is painted, through the same transforms: an aspect-filled image overflows `clip`, which shows part of it. `radius` is the clip's corner radius as seen: the mask's radius times the largest scale of the track's transform and each parent's (corners drawn as the track's `cornerCurve`). `opacity` is the track's own times each parent's. `color` is the track's own colour when it has one. Between two keyframes every number goes linearly (the plan's easing is in the keyframes). Numbers keep every digit, as the plan's. Reading the boxes back from the plan's tracks: `windowBoxes(plan)` in Clients/typescript, `Plan.windowBoxes(of:)` in Swift. */
export type WindowBoxesExport = {
  duration: number;
  stage: PlanRect;
  tracks: WindowBoxTrack[];
};

/** One track's window boxes. */
export type WindowBoxTrack = {
  id: string;
  role: string;
  /** Stacking order: 0 at the bottom. */
  z: number;
  /** The `id` of the track this one is drawn inside, whose clip cuts it. */
  parent?: string;
  region?: PlanRect;
  cornerCurve?: "circular" | "continuous";
  contents?: ContentReference;
  keyframes: WindowBox[];
};

/** A track at one instant in window points. */
export type WindowBox = {
  /** Seconds from the start of the plan. */
  time: number;
  clip: PlanRect;
  content?: PlanRect;
  radius: number;
  opacity: number;
  color?: Color;
};

/** Key path → the value to set before playing (a number, a struct's fields, a string or a boolean). */
export type CoreAnimationValues = {
  [key: string]: number | number[] | string | boolean;
};

/** One `CAKeyframeAnimation`. */
export type CoreAnimationKeyframes = {
  keyPath: string;
  values: (number | number[])[];
  keyTimes: number[];
  calculationMode: "linear";
  duration: number;
};

/** Values of a track's properties; what is absent is left as the renderer has it. */
export type TrackValues = {
  transform?: AffineTransform;
  maskFrame?: PlanRect;
  cornerRadius?: number;
  opacity?: number;
  color?: Color;
  shadow?: TrackShadow;
};

/** One layer of the transition. Create it at `frame`, stack it by `z`, set `base`, then play `keyframes` (linear between them) for the properties in `animates`. `transform` is about the layer's centre; `maskFrame`, `cornerRadius` and `shadow` are in the layer's own space. A track with round corners or a shadow is only ever scaled uniformly (`a = d`), so its visible corners are circular and its shadow is in points at every keyframe; a content mode that stretches (`scaleToFill`) is then shown covering its rect, cropped by the mask (with a warning for zoom, morph and sharedFrame). snapshot's container (`content`) has no transform at all: its mask carries its frame, as the seed animates `frame`. A track with a `parent` is drawn as a sublayer of that track's layer, above what the parent paints and inside its mask: its `frame` is in the parent's own space, and the parent's transform, mask, `clip` and opacity apply to it as to the parent's own content (sharedFrame's `destinationImage` rides the flying `destinationScreen` so, its own mask moving from the cell's crop of the image to the destination's frame). A parent comes before its children in `tracks`, and no track outside the parent sits between them in `z`. */
export type Track = {
  /** The role's name, `child:ID` (a child pair's destination snapshot), `outgoingChild:ID` (its source snapshot) or `auxiliary:ID`. */
  id: string;
  role: "sourceScreen" | "destinationScreen" | "content" | "incomingSnapshot" | "outgoingSnapshot" | "overlay" | "placeholder" | "child" | "outgoingChild" | "auxiliary";
  z: number;
  /** The `id` of the track whose layer this one is drawn inside; absent for a layer on the stage. */
  parent?: string;
  /** The layer's untransformed frame, in window space, or in the parent's own space when it has a `parent`. */
  frame: PlanRect;
  cornerCurve?: "circular" | "continuous";
  clip?: PlanRect;
  content?: ContentReference;
  /** Where `content` is drawn in the layer's own space when it is not the whole layer (morph's aspect-filled image overflowing its element, which the mask shows; a snapshot's, a child's or reveal's element whose content `size` has another aspect than its frame, laid out as its `contentMode` says: fitted inside, letterboxed, or covering it, cropped by the mask). */
  contentFrame?: PlanRect;
  base: TrackValues;
  animates: ("transform" | "maskFrame" | "cornerRadius" | "opacity" | "color" | "shadow")[];
  /** The track's keyframes, times strictly increasing from exactly 0 to exactly the plan's `duration` (empty when the track holds `base`). With `sampling.keyframes` or `fps` every moving track has the same times; with a `tolerance` each track has its own (read each track on its own times: there is no shared grid). */
  keyframes: {
    time: number;
    transform?: AffineTransform;
    maskFrame?: PlanRect;
    cornerRadius?: number;
    opacity?: number;
    color?: Color;
    shadow?: TrackShadow;
  }[];
};

/** A translation (points), a velocity (points per second), or a normalised velocity (per second). */
export type Vector = {
  x: number;
  y: number;
};

export type FingerVelocity = {
  x: number;
  y: number;
};

export type DismissRequest = {
  /** The geometry being dismissed: a PlanRequest with style `zoom`, `sharedFrame`, `morph` or `snapshot` (whose snapshots and children follow the container). Its direction is not used (a dismissal starts expanded); its timing is the completion's unless the options give one; its sampling and precision shape the completion plan; its auxiliary views (a tab bar) follow the background's level. Problems in it are reported as `plan.…`. */
  plan: PlanRequest & {
    style?: "sharedFrame" | "zoom" | "morph" | "snapshot";
  };
  /** The finger's translation since the drag began, points. */
  translation: {
    x: Coordinate;
    y: Coordinate;
  };
  /** The finger's velocity, points per second. Default 0. */
  velocity?: FingerVelocity;
  /** A pinch instead of a drag (iOS 18's zoom transition), `UIPinchGestureRecognizer`'s `scale` (1 at rest, 0.01…10) and `velocity` (scale per second, ±1000): the layer takes the scale (held at `minimumScale`; past 1 it follows, and a release there cancels back to 1) about the clip's centre, `translation` and `velocity` are the pinch centroid's, and the completion fraction max(0, (1 − scale) ÷ (1 − minimumScale)) stands for the drag distance in the fade, the progress and the release rule (`projected`: a pinch at 2 per second or faster decides by its direction; `direction`: growing back cancels, smaller than at rest finishes). */
  pinch?: {
    scale: number;
    velocity?: number;
  };
  /** As UIKit reports a pan: `began` and `changed` want the state only; `ended` wants the decision and the completion; `cancelled` (the system took the touch) wants the way back to rest. */
  phase?: "began" | "changed" | "ended" | "cancelled";
  /** `vertical`: dragging down dismisses; `horizontal`: dragging right dismisses. */
  axis?: "vertical" | "horizontal";
  options?: {
    /** Points of drag at which the scale reaches `minimumScale`; default half the destination bounds along the axis. */
    dismissDistance?: number;
    /** Points of drag at which the opacity reaches 0 (the seed's is a quarter of the view); default `dismissDistance`. */
    fadeDistance?: number;
    minimumScale?: number;
    /** How far along the axis the projected resting point must be to finish; default a quarter of `dismissDistance`. */
    finishDistance?: number;
    /** Points per second. */
    flingVelocity?: number;
    decelerationRate?: number;
    /** `projected`: a fling of at least `flingVelocity` decides by its direction, else the projected resting point against `finishDistance`. `direction` (the seed's rule): cancel when the finger moves back or the image's centre is behind its start, else finish. */
    policy?: "projected" | "direction";
    /** The completion's timing when the release finishes, as `plan.timing`; default `plan.timing`. A spring carries the drag's velocity in its own motion; any other curve `p` over the duration `T` moves each visible quantity as `start + (target − start)·p(t) + k·t·(1 − t/T)²`, `k` chosen so the initial rate is exactly the drag's (a Bézier that leaves straight up, x1 = 0 < |y1|, keeps its own infinite rate). Problems are named `options.finishTiming.…`. */
    finishTiming?: Timing;
    /** The completion's timing when the release cancels (the seed's: a 0.5 s spring with damping 0.9); default `plan.timing`. */
    cancelTiming?: Timing;
    /** Whether the completion leaves with the drag's velocity; false starts it at rest, as UIKit's own animations do (the seed's finish and cancel). */
    carryVelocity?: boolean;
  };
};

/** While dragging the answer has `layer`, `state` and `tracks`; on release also `decision`, `reason`, `plan` and `spring`. Those four are left out while dragging (not `null`, which a typed client generated by swift-openapi-generator cannot read for a `$ref`). */
export type Dismissal = {
  layer: AnimatedLayer;
  /** The layer under the finger; `progress` is the dismissal's completion `min(d / dismissDistance, 1)`, 0…1 (seed 001 reports `1 − scale`, which is `(1 − minimumScale) × progress`). */
  state: Keyframe;
  /** On release; left out while dragging. */
  decision?: "finish" | "cancel";
  /** Why the decision was taken; left out while dragging. */
  reason?: "flungForward" | "flungBack" | "projectedPastFinishDistance" | "projectedShortOfFinishDistance" | "movingBack" | "behindStart" | "forwardOfStart" | "touchCancelled";
  /** On release, the completion plan; left out while dragging. */
  plan?: PlanInFormat;
  /** Every track of the plan under the finger, as `base` values: the flying one as `state`, the rest at the background's level (the photo screen's alpha; a tab bar's `1 − alpha` in the seed). */
  tracks: Track[];
  /** On release, the completion's spring for a renderer that runs its own spring instead of playing the keyframes (`UISpringTimingParameters`, `UIView.animate(…usingSpringWithDamping:initialSpringVelocity:)`, `CASpringAnimation`); left out while dragging. Velocities are normalised as UIKit expects: the rate at release ÷ the distance still to go. */
  spring?: CompletionSpring;
};

export type CompletionSpring = {
  /** 1 is critically damped. */
  dampingRatio: number;
  /** The undamped period 2π/ω in seconds (stiffness (2π/response)² at mass 1, damping 4π·dampingRatio/response). */
  response: number;
  /** The layer's position velocity (its transform's translation `tx`, `ty`) ÷ the translation still to go, per axis; 0 on an axis with less than a millionth of a point to go. UIKit's `CGVector(dx: x, dy: y)`. */
  initialVelocity: Vector;
  /** The progress's rate ÷ the progress still to go (0 when less than a millionth remains); the scalar initial velocity (`initialSpringVelocity`, `CASpringAnimation.initialVelocity`). */
  progressVelocity: number;
};

/** A PlanRequest plus `frames`. Its `sampling` and `precision` are checked as `/v1/plans` checks them (an invalid one is a 422 naming it) but not used: the panels are evenly spaced in time. */
export type FilmstripRequest = {
  style?: "sharedFrame" | "zoom" | "reveal" | "morph" | "snapshot";
  /** `pop` plays the same geometry backwards. */
  direction?: "push" | "pop";
  /** The small, collapsed element (grid cell, button, list avatar). */
  source: {
    frame: Rect;
    cornerRadius?: OptionalRadius;
    contentMode?: ContentMode;
    /** The part of `frame` the user sees (a cell half under a bar); the flight and the placeholder start from it. Must overlap `frame`. */
    visibleFrame?: Rect;
    /** The content's background colour (reveal's button, morph's container); goes to `destination.color`. */
    color?: Color;
    shadow?: Shadow;
  };
  /** The screen the element opens into. */
  destination: {
    bounds: Rect;
    /** Where the destination shows the content; defaults to `bounds`. */
    frame?: Rect;
    contentMode?: ContentMode;
    cornerRadius?: OptionalRadius;
    screenCornerRadius?: OptionalRadius;
    /** The content's background colour at the destination (the source's when absent). */
    color?: Color;
    shadow?: Shadow;
  };
  /** The image's size: only its aspect matters (except for `center`, which draws it at this size in points). When left out, the painted image's own `size` gives it (`content.destination.element.size`, else `content.source.element.size`, as that track paints it; zoom, morph and sharedFrame), else `destination.frame`'s. When both are given their aspects must agree within 1 % (a 422 naming `imageSize` and the content's `size` otherwise), and the image is drawn in the content's aspect exactly, at `imageSize`'s area. */
  imageSize?: Size;
  /** The plan's duration and curve. */
  timing?: Timing;
  /** How keyframe times are chosen; default `{"tolerance": 0.5}`: a linear renderer stays within 0.5 pt of the exact motion. `keyframes` and `fps` give every moving track the same times; a `tolerance` gives each track the times its own motion needs (a track that moves less than another may have fewer keyframes, at other times), every track starting at 0 and ending at `duration`, and, without `precision`, rounds its numbers within 1/64 of the tolerance (see `precision`). */
  sampling?: Sampling;
  overlay?: {
    opacity?: number;
    /** sharedFrame's scrim colour (default black). */
    color?: Color;
  };
  placeholder?: {
    /** sharedFrame's cover over the source cell (default white). */
    color?: Color;
  };
  /** How every rounded mask's corners are drawn; carried on each masked track. */
  cornerCurve?: "circular" | "continuous";
  /** The flying content's centre path. `arc` is Material's arc (MaterialArcMotion): a quadratic Bézier whose control point has the start's x and the end's y when moving down, the end's x and the start's y when moving up; the ends are exact. */
  path?: "straight" | "arc";
  /** The caller's views that fade with the transition (a tab bar), with unique ids, each on its own track `auxiliary:ID`. */
  auxiliary?: {
    id: string;
    frame: Rect;
    /** Opacity where the push starts. */
    from: number;
    /** Opacity where the push ends. */
    to: number;
    /** How the view's content (`content.auxiliary.ID`) fills `frame` when the content gives its `size` (default aspectFill: covering the frame, cropped); without a size the content is drawn over the frame. */
    contentMode?: ContentMode;
  }[];
  /** What each side shows, for the exports to paint (without it they paint placeholders; with it they paint nothing the request does not give: a track without content or colour is transparent): per side (`source`, `destination`) the `element` (the image; snapshot's container snapshot), the `screen`, and each child by its pair's id. A track paints its side's reference: screens their `screen`, the flying image (zoom, morph, sharedFrame's `destinationImage`) the destination's `element` (else the source's), reveal's growing element the source's, snapshot's outgoing and incoming snapshots the source's and the destination's, a child pair's incoming snapshot its destination child and its outgoing one its source child (each else the other side's), an auxiliary view its `auxiliary` entry by the view's id (laid out as the view's `contentMode` says). A reveal whose element has a colour grows the colour and paints the source's `element` on its own sublayer (`contentImage`), which fades out over the first tenth of the growth (the seed strips its button to its solid background before it grows); without a colour the image itself grows. The geometry does not depend on it, but for the flying image's `size`, which gives the image's aspect (see `imageSize`); a child id or an auxiliary id that names nothing is a 422 naming `content.<side>.children.<id>` or `content.auxiliary.<id>`. */
  content?: {
    source?: ContentSide;
    destination?: ContentSide;
    /** By auxiliary view id (a tab bar's picture, faded on its own track as the view's `from` and `to` say). */
    auxiliary?: {
      [key: string]: ContentReference;
    };
  };
  /** A window-space rect that clips every flying track (the area between the bars). */
  contentRegion?: Rect;
  /** The colour of the stage behind every track (the window's background): the plan's lowest track, `backdrop` (role `overlay`), opaque over the bounds in this colour, which shows wherever the tracks leave the stage uncovered (a fade `through`'s middle, Material's container colour) instead of the page or view behind. */
  stageColor?: Color;
  /** Start where a running transition is instead of at the source (an interruption): `{"request": <the running plan's PlanRequest>, "time": seconds into it}` (its problems are named `from.request.…`; `time` within its duration; at most 8 nested), or `{"state", "velocity"}` in the flying content's visible terms (`clip`, `image`, `cornerRadius`, `opacity`; velocity fields per second, each within ±10 000 000). Every track the origin has starts from its state at its rate and ends exactly at this plan's end on this plan's curve `p` over its duration `T`: each visible quantity (image and clip edges, radius, opacity, colours, shadow) moves as `start + (end − start)·p(t) + k·t·(1 − t/T)²`, `k` chosen so the initial rate is the running one (a plan that has ended, `time` = its duration, is at rest: every rate 0). The opposite `direction` reverses; a moved destination retargets. */
  from?: RunningPlan | VisibleMotion;
  /** Plan the reduced-motion variant, as iOS and Material do - the screens cross-fade and nothing flies. */
  reducedMotion?: boolean;
  /** How the children fly. */
  snapshot?: {
    /** `container`: children's `from` is relative to `source.frame`'s origin, `to` to `destination.frame`'s. */
    childSpace?: "window" | "container";
    /** Whether each child is clipped to its own frame. */
    clipsChildren?: boolean;
    /** Seconds between one child's start and the next's (Hero's cascade); each child moves over the duration less stagger × (children − 1), which must stay positive. */
    stagger?: number;
  };
  /** Decimal places for points in the plan, for smaller payloads. Scale factors keep enough digits that no point of the layer moves by more than 0.001 pt; progress and opacity keep at least 4 decimals; times stay exact. When absent, a plan sampled to a `tolerance` (the default sampling) rounds each moving track's points and scale factors to the fewest places that keep every rendered coordinate within 1/64 of the tolerance (its keyframes are chosen within the rest, so the whole stays within the tolerance; times, opacities and colours stay exact); a plan sampled by `keyframes` or `fps` stays exact. */
  precision?: number;
  /** Child pairs with unique ids, each on its own track. */
  children?: ChildPair[];
  frames?: number;
};

/** Echoed when it is 1–128 visible ASCII characters; otherwise (longer, empty, spaces, non-ASCII) it is replaced by a new id, never refused. */
export type RequestIDParameter = string;

/** The plans' format (see POST /v1/plans). In a batch's results and a dismissal's `plan`, a JSON export is an object and `css` or `svg` a string. */
export type FormatParameter = "json" | "waapi" | "css" | "svg" | "lottie" | "core-animation" | "boxes";

/** The plan's format (see POST /v1/plans): the plan, or a JSON export. The CSS and SVG exports are POST /v1/plans/export.css and /v1/plans/export.svg. */
export type JSONFormatParameter = "json" | "waapi" | "lottie" | "core-animation" | "boxes";

/** The start of every class and id in the waapi, css and svg exports (`<prefix>-stage`, `<prefix>-<track>`, `<prefix>-<track>-mask`…), so that several exports can share a page. A bad or repeated one is a 400 naming it. */
export type IdPrefixParameter = string;

/** The query of POST /v1/plans. */
export type CreatePlanQuery = {
  /** The plan's format (see POST /v1/plans): the plan, or a JSON export. The CSS and SVG exports are POST /v1/plans/export.css and /v1/plans/export.svg. */
  format?: "json" | "waapi" | "lottie" | "core-animation" | "boxes";
  /** The start of every class and id in the waapi, css and svg exports (`<prefix>-stage`, `<prefix>-<track>`, `<prefix>-<track>-mask`…), so that several exports can share a page. A bad or repeated one is a 400 naming it. */
  idPrefix?: string;
};

/** The body of POST /v1/plans. */
export type CreatePlanRequest = PlanRequest;

/** The 200 answer of POST /v1/plans (application/json). */
export type CreatePlanAnswer = Plan | WebAnimationsExport | LottieExport | CoreAnimationExport | WindowBoxesExport;

/** The query of POST /v1/plans/export.css. */
export type CreatePlanCssQuery = {
  /** The start of every class and id in the waapi, css and svg exports (`<prefix>-stage`, `<prefix>-<track>`, `<prefix>-<track>-mask`…), so that several exports can share a page. A bad or repeated one is a 400 naming it. */
  idPrefix?: string;
};

/** The body of POST /v1/plans/export.css. */
export type CreatePlanCssRequest = PlanRequest;

/** The 200 answer of POST /v1/plans/export.css (text/css). */
export type CreatePlanCssAnswer = string;

/** The query of POST /v1/plans/export.svg. */
export type CreatePlanSvgQuery = {
  /** The start of every class and id in the waapi, css and svg exports (`<prefix>-stage`, `<prefix>-<track>`, `<prefix>-<track>-mask`…), so that several exports can share a page. A bad or repeated one is a 400 naming it. */
  idPrefix?: string;
};

/** The body of POST /v1/plans/export.svg. */
export type CreatePlanSvgRequest = PlanRequest;

/** The 200 answer of POST /v1/plans/export.svg (image/svg+xml). */
export type CreatePlanSvgAnswer = string;

/** The query of POST /v1/plans/batch. */
export type CreatePlansQuery = {
  /** The plans' format (see POST /v1/plans). In a batch's results and a dismissal's `plan`, a JSON export is an object and `css` or `svg` a string. */
  format?: "json" | "waapi" | "css" | "svg" | "lottie" | "core-animation" | "boxes";
  /** The start of every class and id in the waapi, css and svg exports (`<prefix>-stage`, `<prefix>-<track>`, `<prefix>-<track>-mask`…), so that several exports can share a page. A bad or repeated one is a 400 naming it. */
  idPrefix?: string;
};

/** The body of POST /v1/plans/batch. */
export type CreatePlansRequest = {
  /** Items are validated one by one: an item that is not a valid PlanRequest (whatever its JSON type) gets a problem in its result instead of failing the batch. */
  requests: PlanRequest[];
};

/** The 200 answer of POST /v1/plans/batch (application/json). */
export type CreatePlansAnswer = {
  results: ({
    plan: PlanInFormat;
  } | {
    problem: Problem;
  })[];
};

/** The query of POST /v1/plans/filmstrip.svg. */
export type CreateFilmstripQuery = Record<string, never>;

/** The body of POST /v1/plans/filmstrip.svg. */
export type CreateFilmstripRequest = FilmstripRequest;

/** The 200 answer of POST /v1/plans/filmstrip.svg (image/svg+xml). */
export type CreateFilmstripAnswer = string;

/** The query of GET /preview. */
export type GetPreviewQuery = Record<string, never>;

/** The 200 answer of GET /preview (text/html). */
export type GetPreviewAnswer = string;

/** The query of POST /v1/gestures/dismiss. */
export type DismissGestureQuery = {
  /** The plans' format (see POST /v1/plans). In a batch's results and a dismissal's `plan`, a JSON export is an object and `css` or `svg` a string. */
  format?: "json" | "waapi" | "css" | "svg" | "lottie" | "core-animation" | "boxes";
  /** The start of every class and id in the waapi, css and svg exports (`<prefix>-stage`, `<prefix>-<track>`, `<prefix>-<track>-mask`…), so that several exports can share a page. A bad or repeated one is a 400 naming it. */
  idPrefix?: string;
};

/** The body of POST /v1/gestures/dismiss. */
export type DismissGestureRequest = DismissRequest;

/** The 200 answer of POST /v1/gestures/dismiss (application/json). */
export type DismissGestureAnswer = Dismissal;

/** The query of GET /healthz. */
export type HealthQuery = Record<string, never>;

/** The 200 answer of GET /healthz (application/json). */
export type HealthAnswer = Status;

/** The query of GET /readyz. */
export type ReadinessQuery = Record<string, never>;

/** The 200 answer of GET /readyz (application/json). */
export type ReadinessAnswer = Status;

/** The query of GET /metrics. */
export type MetricsQuery = Record<string, never>;

/** The 200 answer of GET /metrics (text/plain). */
export type MetricsAnswer = string;

/** The query of GET /openapi.yaml. */
export type ContractQuery = Record<string, never>;

/** The 200 answer of GET /openapi.yaml (application/yaml). */
export type ContractAnswer = unknown;

/** Every operation: its method, path and the media type of its 200 answer. */
export const operations = {
  createPlan: { method: "POST", path: "/v1/plans", mediaType: "application/json" },
  createPlanCss: { method: "POST", path: "/v1/plans/export.css", mediaType: "text/css" },
  createPlanSvg: { method: "POST", path: "/v1/plans/export.svg", mediaType: "image/svg+xml" },
  createPlans: { method: "POST", path: "/v1/plans/batch", mediaType: "application/json" },
  createFilmstrip: { method: "POST", path: "/v1/plans/filmstrip.svg", mediaType: "image/svg+xml" },
  getPreview: { method: "GET", path: "/preview", mediaType: "text/html" },
  dismissGesture: { method: "POST", path: "/v1/gestures/dismiss", mediaType: "application/json" },
  health: { method: "GET", path: "/healthz", mediaType: "application/json" },
  readiness: { method: "GET", path: "/readyz", mediaType: "application/json" },
  metrics: { method: "GET", path: "/metrics", mediaType: "text/plain" },
  contract: { method: "GET", path: "/openapi.yaml", mediaType: "application/yaml" },
} as const;
