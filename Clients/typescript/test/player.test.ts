// The player's callback form over every committed example's plan: at each keyframe time each track's state is that
// keyframe's values (the base for the rest); halfway between two keyframes, the mean of both; held outside the ends.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { applyPlan, cssClipPath, FlightplanClient, CreatePlanRequest, Plan, rgba, Track, TrackState } from "../src/index.js";
import { examples, Server, startServer } from "./server.js";

let server: Server;
let client: FlightplanClient;
before(async () => {
  server = await startServer();
  client = new FlightplanClient(server.url);
});
after(() => { server.process.kill("SIGTERM"); });

const close = (given: number, expected: number, what: string) =>
  assert.ok(Math.abs(given - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${what}: ${given}, expected ${expected}`);

function states(plan: Plan, time: number): Map<string, [Track, TrackState]> {
  const found = new Map<string, [Track, TrackState]>();
  applyPlan(plan, time, (track, state) => found.set(track.id, [track, state]));
  return found;
}

test("applyPlan gives every track, in order, with its keyframes' values at their times and their means between", async () => {
  for (const [name, request] of examples("plans")) {
    const plan = (await client.createPlan(request as CreatePlanRequest)).value;
    const order: string[] = [];
    applyPlan(plan, 0, (track) => order.push(track.id));
    assert.deepEqual(order, plan.tracks.map((track) => track.id), `${name}: every track, bottom to top`);
    const moving = plan.tracks.find((track) => track.keyframes.length > 1);
    if (!moving) continue;
    // Each track at its own keyframes' times (a tolerance gives each track its own), the others held at their base.
    for (const track of plan.tracks) {
      const times = track.keyframes.length > 0 ? track.keyframes.map((keyframe) => keyframe.time) : [0, plan.duration / 2, plan.duration];
      for (let index = 0; index < times.length; index += 1) {
        const [, state] = states(plan, times[index]).get(track.id)!;
        const keyframe = track.keyframes[index] ?? {};
        const next = track.keyframes[index + 1];
        const what = `${name} ${track.id} at ${times[index]}`;
        const transform = keyframe.transform ?? track.base.transform ?? { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
        for (const key of ["a", "b", "c", "d", "tx", "ty"] as const) close(state.transform[key], transform[key], `${what} transform.${key}`);
        close(state.opacity, keyframe.opacity ?? track.base.opacity ?? 1, `${what} opacity`);
        close(state.cornerRadius, keyframe.cornerRadius ?? track.base.cornerRadius ?? 0, `${what} cornerRadius`);
        const color = keyframe.color ?? track.base.color;
        if (color) for (const key of ["r", "g", "b", "a"] as const) close(state.color![key], rgba(color)[key], `${what} color.${key}`);
        if (next && keyframe.transform && next.transform) {
          const [, mid] = states(plan, (times[index] + times[index + 1]) / 2).get(track.id)!;
          for (const key of ["a", "d", "tx", "ty"] as const) close(mid.transform[key], (keyframe.transform[key] + next.transform[key]) / 2, `${what}+½ transform.${key}`);
        }
      }
    }
    const [track, last] = states(plan, plan.duration + 10).get(moving.id)!;
    const end = moving.keyframes[moving.keyframes.length - 1];
    if (end.maskFrame) assert.equal(cssClipPath(last.maskFrame, last.cornerRadius, track.frame), cssClipPath(end.maskFrame, end.cornerRadius ?? last.cornerRadius, track.frame), `${name}: held at the end`);
  }
});

test("hex colours are read as components", () => {
  assert.deepEqual(rgba("#FF000080"), { r: 1, g: 0, b: 0, a: 128 / 255 });
  assert.deepEqual(rgba("#2F80ED"), { r: 0x2f / 255, g: 0x80 / 255, b: 0xed / 255, a: 1 });
});
