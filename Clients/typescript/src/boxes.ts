// Window boxes: each track as a design tool places a node (top-left rects in window points, no transforms), read
// from a plan's tracks exactly as the server's `?format=boxes` writes them (see WindowBoxesExport in openapi.yaml).
import { AffineTransform, Plan, PlanRect, Track, WindowBox, WindowBoxesExport, WindowBoxTrack } from "./openapi.js";
import { trackState, TrackState } from "./player.js";

/** The times every track gets a box at: the plan's keyframe times (any moving track's, ascending), else 0 alone. */
export function windowBoxTimes(plan: Plan): number[] {
  const times = [...new Set(plan.tracks.flatMap((track) => track.keyframes.map((keyframe) => keyframe.time)))].sort((a, b) => a - b);
  return times.length > 0 ? times : [0];
}

/** `track` and the tracks it is drawn inside, innermost first (at most as many as the plan holds). */
function layers(plan: Plan, track: Track): Track[] {
  const found = [track];
  for (let parent = track.parent; parent !== undefined && found.length <= plan.tracks.length; ) {
    const next = plan.tracks.find((candidate) => candidate.id === parent);
    if (!next) break;
    found.push(next);
    parent = next.parent;
  }
  return found;
}

/** A point of a layer's own space (origin at its top-left) where `transform`, about the centre of `frame`, draws it in the space `frame` is in. */
function mapped(point: { x: number; y: number }, transform: AffineTransform, frame: PlanRect): { x: number; y: number } {
  const x = point.x - frame.width / 2, y = point.y - frame.height / 2;
  return {
    x: frame.x + frame.width / 2 + (transform.a * x + transform.c * y + transform.tx),
    y: frame.y + frame.height / 2 + (transform.b * x + transform.d * y + transform.ty),
  };
}

/** A rect of the innermost layer's own space on the stage: its corners through each layer, the smallest rect holding them. */
function onStage(rect: PlanRect, chain: Track[], states: TrackState[]): PlanRect {
  const corners = [
    { x: rect.x, y: rect.y }, { x: rect.x + rect.width, y: rect.y + rect.height },
    { x: rect.x + rect.width, y: rect.y }, { x: rect.x, y: rect.y + rect.height },
  ].map((corner) => chain.reduce((point, layer, index) => mapped(point, states[index].transform, layer.frame), corner));
  const xs = corners.map((corner) => corner.x), ys = corners.map((corner) => corner.y);
  const left = Math.min(...xs), top = Math.min(...ys);
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/** `track` in window space at `time` seconds: its visible clip and content's drawn rect through its transform and each parent's, the radius as seen, the opacity with its parents'. */
export function windowBox(plan: Plan, track: Track, time: number): WindowBox {
  const chain = layers(plan, track), states = chain.map((layer) => trackState(layer, time)), own = states[0];
  const scale = states.reduce((product, state) => product * Math.max(Math.abs(state.transform.a), Math.abs(state.transform.d)), 1);
  const box: WindowBox = {
    time,
    clip: onStage(own.maskFrame, chain, states),
    radius: Math.max(0, own.cornerRadius) * scale,
    opacity: states.reduce((product, state) => product * state.opacity, 1),
  };
  if (track.content !== undefined) {
    box.content = onStage(track.contentFrame ?? { x: 0, y: 0, width: track.frame.width, height: track.frame.height }, chain, states);
  }
  if (own.color) box.color = own.color;
  return box;
}

/** The plan as `?format=boxes` answers it: every track with its box at each of ``windowBoxTimes``. */
export function windowBoxes(plan: Plan): WindowBoxesExport {
  const times = windowBoxTimes(plan);
  return {
    duration: plan.duration,
    stage: plan.stage,
    tracks: plan.tracks.map((track) => {
      const boxes: WindowBoxTrack = { id: track.id, role: track.role, z: track.z, keyframes: [] };
      if (track.parent !== undefined) boxes.parent = track.parent;
      if (track.clip !== undefined) boxes.region = track.clip;
      if (track.cornerCurve !== undefined) boxes.cornerCurve = track.cornerCurve;
      if (track.content !== undefined) boxes.contents = track.content;
      boxes.keyframes = times.map((time) => windowBox(plan, track, time));
      return boxes;
    }),
  };
}
