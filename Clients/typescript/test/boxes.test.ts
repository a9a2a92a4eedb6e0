// windowBoxes(plan), computed in the client from a plan's tracks, against the server's own `?format=boxes` answer to
// the same request: every committed example request, and every dismissal's completion plan.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { CreatePlanRequest, DismissRequest, FlightplanClient, Plan, windowBoxes, WindowBoxesExport } from "../src/index.js";
import { examples, Server, startServer } from "./server.js";

let server: Server;
let client: FlightplanClient;
before(async () => {
  server = await startServer();
  client = new FlightplanClient(server.url);
});
after(() => { server.process.kill("SIGTERM"); });

/** `given` is `expected` member for member, numbers within 1e-9 of their size (colours mixed in another order). */
function same(given: unknown, expected: unknown, path: string): void {
  if (typeof expected === "number") {
    assert.equal(typeof given, "number", path);
    assert.ok(Math.abs((given as number) - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${path}: ${given}, expected ${expected}`);
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(given) && given.length === expected.length, `${path}: ${JSON.stringify(given)?.slice(0, 200)}`);
    expected.forEach((item, index) => same((given as unknown[])[index], item, `${path}[${index}]`));
  } else if (expected !== null && typeof expected === "object") {
    assert.ok(given !== null && typeof given === "object", path);
    assert.deepEqual(Object.keys(given as object).sort(), Object.keys(expected).sort(), `${path}: members`);
    for (const [key, value] of Object.entries(expected)) same((given as Record<string, unknown>)[key], value, `${path}.${key}`);
  } else {
    assert.equal(given, expected, path);
  }
}

test("windowBoxes(plan) gives what ?format=boxes answers, for every committed example request", async () => {
  let boxes = 0, children = 0, contents = 0;
  for (const [name, request] of examples("plans")) {
    const plan = (await client.createPlan(request as CreatePlanRequest)).value;
    const exported = (await client.createPlan(request as CreatePlanRequest, { format: "boxes" })).value;
    const computed = windowBoxes(plan);
    same(computed, exported, name);
    for (const track of exported.tracks) {
      boxes += track.keyframes.length;
      if (track.parent !== undefined) children += track.keyframes.length;
      contents += track.keyframes.filter((box) => box.content !== undefined).length;
    }
  }
  assert.ok(boxes > 1000 && children > 0 && contents > 0, `${boxes} boxes, ${children} of children, ${contents} with content`);
});

test("windowBoxes(plan) gives what ?format=boxes answers for every dismissal's completion plan", async () => {
  for (const [name, request] of examples("gestures")) {
    const plan = (await client.dismissGesture(request as DismissRequest)).value.plan as Plan | undefined;
    const exported = (await client.dismissGesture(request as DismissRequest, { format: "boxes" })).value.plan as WindowBoxesExport | undefined;
    assert.equal(plan === undefined, exported === undefined, name);
    if (plan && exported) same(windowBoxes(plan), exported, name);
  }
});

test("a box's clip starts where the flight starts: the first content box of zoom is its source element's visible frame", async () => {
  const request = examples("plans").get("zoom.json") as CreatePlanRequest & { source: { frame: { x: number; y: number; width: number; height: number } } };
  const plan = (await client.createPlan(request)).value;
  const flying = windowBoxes(plan).tracks.find((track) => track.role === "content")!;
  same(flying.keyframes[0].clip, request.source.frame, "zoom's first clip");
});
