// Plays a plan's tracks: sampled at any instant for any node tree (a design tool's canvas) through a callback, or
// on DOM elements with the Web Animations API.
import { AffineTransform, Color, Plan, PlanRect, Track, TrackShadow } from "./openapi.js";

/** A colour with components in 0…1 (straight alpha). */
export interface RGBA {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** A track's values at one instant, each as the plan has it (base, then the keyframes interpolated). */
export interface TrackState {
  /** About the layer's centre (CSS `transform-origin: 50% 50%`); identity when the track has none. */
  transform: AffineTransform;
  /** The visible region in the layer's own space (origin at its top-left, before the transform); the whole layer when the track has none. */
  maskFrame: PlanRect;
  /** The mask's corner radius, in the layer's own space; 0 when the track has none. */
  cornerRadius: number;
  /** 1 when the track has none. */
  opacity: number;
  /** The layer's colour, when the track has one. */
  color?: RGBA;
  /** The layer's shadow (in its own space), when the track has one. */
  shadow?: TrackShadow & { color: RGBA };
}

const IDENTITY: AffineTransform = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };

/** `color` as components: the object form as it is, `#RRGGBB` and `#RRGGBBAA` read. */
export function rgba(color: Color): RGBA {
  if (typeof color !== "string") return { r: color.r, g: color.g, b: color.b, a: color.a ?? 1 };
  const hex = color.replace("#", "");
  const channel = (index: number) => parseInt(hex.slice(index * 2, index * 2 + 2), 16) / 255;
  return { r: channel(0), g: channel(1), b: channel(2), a: hex.length === 8 ? channel(3) : 1 };
}

const mix = (p: number, q: number, f: number) => p + (q - p) * f;

/** Two colours mixed as CSS transitions mix them, in premultiplied sRGB. */
function mixColor(p: RGBA, q: RGBA, f: number): RGBA {
  const a = mix(p.a, q.a, f);
  const channel = (name: "r" | "g" | "b") => (a === 0 ? 0 : mix(p[name] * p.a, q[name] * q.a, f) / a);
  return { r: channel("r"), g: channel("g"), b: channel("b"), a };
}

function mixRecord<T extends object>(p: T, q: T, f: number): T {
  const mixed: Record<string, number> = {};
  for (const name of Object.keys(p)) mixed[name] = mix((p as Record<string, number>)[name], (q as Record<string, number>)[name], f);
  return mixed as T;
}

/** The track's values at `time` seconds: its base, then its keyframes linearly interpolated (held before the first and after the last). */
export function trackState(track: Track, time: number): TrackState {
  const values = { ...track.base };
  const frames = track.keyframes;
  if (frames.length > 0) {
    let index = 0;
    while (index < frames.length - 1 && frames[index + 1].time <= time) index += 1;
    const from = frames[index], to = frames[Math.min(index + 1, frames.length - 1)];
    const f = to.time > from.time ? Math.min(1, Math.max(0, (time - from.time) / (to.time - from.time))) : 0;
    for (const name of track.animates) {
      if (name === "transform") values.transform = mixRecord(from.transform!, to.transform!, f);
      else if (name === "maskFrame") values.maskFrame = mixRecord(from.maskFrame!, to.maskFrame!, f);
      else if (name === "cornerRadius") values.cornerRadius = mix(from.cornerRadius!, to.cornerRadius!, f);
      else if (name === "opacity") values.opacity = mix(from.opacity!, to.opacity!, f);
      else if (name === "color") values.color = mixColor(rgba(from.color!), rgba(to.color!), f);
      else if (name === "shadow") {
        const p = from.shadow!, q = to.shadow!;
        values.shadow = { color: mixColor(rgba(p.color), rgba(q.color), f), radius: mix(p.radius, q.radius, f), offset: mixRecord(p.offset, q.offset, f) };
      }
    }
  }
  return {
    transform: values.transform ?? IDENTITY,
    maskFrame: values.maskFrame ?? { x: 0, y: 0, width: track.frame.width, height: track.frame.height },
    cornerRadius: values.cornerRadius ?? 0,
    opacity: values.opacity ?? 1,
    color: values.color === undefined ? undefined : rgba(values.color),
    shadow: values.shadow === undefined ? undefined : { ...values.shadow, color: rgba(values.shadow.color) },
  };
}

/**
 * Applies the plan at `time` seconds to any node tree: `apply` is called once per track, bottom to top (a parent
 * before its children), with the track (its `frame`, `parent`, `z`, `content`…) and its values then.
 */
export function applyPlan(plan: Plan, time: number, apply: (track: Track, state: TrackState) => void): void {
  for (const track of plan.tracks) apply(track, trackState(track, time));
}

/** A transform as CSS writes it (`matrix(a, b, c, d, tx, ty)`). */
export function cssTransform(t: AffineTransform): string {
  return `matrix(${t.a}, ${t.b}, ${t.c}, ${t.d}, ${t.tx}, ${t.ty})`;
}

/** A mask in a layer of `size` as a CSS `clip-path` (`inset(top right bottom left round radius)`, every length in px). */
export function cssClipPath(mask: PlanRect, cornerRadius: number, size: { width: number; height: number }): string {
  const right = size.width - mask.x - mask.width, bottom = size.height - mask.y - mask.height;
  return `inset(${mask.y}px ${right}px ${bottom}px ${mask.x}px round ${cornerRadius}px)`;
}

/** A colour as CSS writes it. */
export function cssColor(color: RGBA): string {
  const byte = (value: number) => Math.round(value * 255);
  return `rgba(${byte(color.r)}, ${byte(color.g)}, ${byte(color.b)}, ${color.a})`;
}

/** The CSS properties of a track's state: transform, clip-path, opacity, and background-color when it has a colour. */
export function cssProperties(track: Track, state: TrackState): Record<string, string> {
  const properties: Record<string, string> = {
    transform: cssTransform(state.transform),
    clipPath: cssClipPath(state.maskFrame, state.cornerRadius, track.frame),
    opacity: String(state.opacity),
  };
  if (state.color) properties.backgroundColor = cssColor(state.color);
  return properties;
}

/** A plan's Web Animations on DOM elements, played together. */
export interface PlanAnimation {
  /** One animation per track that moves. */
  animations: Animation[];
  /** Shows the plan at `time` seconds and holds it there (paused). */
  seek(time: number): void;
  play(): void;
  pause(): void;
  /** Settles when every animation has finished. */
  finished: Promise<void>;
}

/** Options of ``animatePlan``. */
export interface AnimateOptions {
  /**
   * Also lays the elements out: each absolutely positioned at its track's `frame` (a child inside its parent's
   * element, which must contain it) and stacked by `z`. Leave it false when the app has placed them.
   */
  layout?: boolean;
}

/**
 * Plays the plan on DOM elements with the Web Animations API: `element` gives each track's element (or none, to
 * skip the track). Each gets `transform-origin: 50% 50%` and the track's base values, and a track that moves one
 * animation of its keyframes (linear between them, offsets `time ÷ duration`) over `transform`, `clip-path` (the
 * mask and its radius), `opacity` and `background-color`. The element's content is the app's own; the player draws
 * neither shadows nor `continuous` corners (applyPlan gives both).
 */
export function animatePlan(plan: Plan, element: (track: Track) => HTMLElement | null | undefined, options: AnimateOptions = {}): PlanAnimation {
  const animations: Animation[] = [];
  const duration = plan.duration * 1000;
  for (const track of plan.tracks) {
    const node = element(track);
    if (!node) continue;
    if (options.layout) {
      Object.assign(node.style, {
        position: "absolute", left: `${track.frame.x}px`, top: `${track.frame.y}px`, width: `${track.frame.width}px`,
        height: `${track.frame.height}px`, zIndex: String(track.z), margin: "0", boxSizing: "border-box",
      });
    }
    node.style.transformOrigin = "50% 50%";
    Object.assign(node.style, cssProperties(track, trackState(track, 0)));
    if (track.keyframes.length === 0) continue;
    const keyframes = track.keyframes.map((keyframe) => ({
      offset: plan.duration > 0 ? keyframe.time / plan.duration : 0,
      easing: "linear",
      ...cssProperties(track, trackState(track, keyframe.time)),
    }));
    animations.push(node.animate(keyframes, { duration, fill: "both", easing: "linear" }));
  }
  return {
    animations,
    seek(time: number) {
      for (const animation of animations) { animation.pause(); animation.currentTime = time * 1000; }
    },
    play() { for (const animation of animations) animation.play(); },
    pause() { for (const animation of animations) animation.pause(); },
    finished: Promise.all(animations.map((animation) => animation.finished)).then(() => undefined),
  };
}

/**
 * A stage for a plan: a `div` the size of the plan's stage with one absolutely placed `div` per track (a child's
 * inside its parent's), each with `data-track` set to the track's id, laid out for ``animatePlan``.
 */
export function buildStage(plan: Plan, document: Document): { stage: HTMLElement; elements: Map<string, HTMLElement> } {
  const stage = document.createElement("div");
  Object.assign(stage.style, { position: "relative", overflow: "hidden", width: `${plan.stage.width}px`, height: `${plan.stage.height}px` });
  const elements = new Map<string, HTMLElement>();
  for (const track of plan.tracks) {
    const node = document.createElement("div");
    node.dataset.track = track.id;
    (track.parent ? elements.get(track.parent)! : stage).appendChild(node);
    elements.set(track.id, node);
  }
  return { stage, elements };
}
