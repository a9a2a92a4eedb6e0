// The client against the real server: every committed example request in every format, through the typed methods,
// equal to what the server answers a plain fetch (as JSON, or as exact text for CSS and SVG); problems; request ids.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { FlightplanClient, FlightplanProblem, PlanFormats, CreatePlanRequest, DismissRequest } from "../src/index.js";
import { examples, Server, startServer } from "./server.js";

const FORMATS: (keyof PlanFormats)[] = ["json", "waapi", "css", "svg", "lottie", "core-animation", "boxes"];
const plans = examples("plans");
const dismissals = examples("gestures");
let server: Server;
let client: FlightplanClient;

before(async () => {
  server = await startServer();
  client = new FlightplanClient(server.url);
});
after(() => { server.process.kill("SIGTERM"); });

/** The server's own answer to a plain POST, as text. */
async function plain(path: string, body: unknown): Promise<string> {
  const response = await fetch(server.url + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  assert.equal(response.status, 200, `${path}: ${response.status}`);
  return response.text();
}

/** A value the client gave back equals the server's answer: as JSON, or as exact text. */
function same(given: unknown, sent: string, format: string, name: string) {
  if (format === "css" || format === "svg") assert.equal(given, sent, `${name} as ${format}`);
  else assert.deepEqual(given, JSON.parse(sent), `${name} as ${format}`);
}

test("every committed example request, in every format, gives back the server's answer", async () => {
  assert.ok(plans.size >= 13, `${plans.size} example requests`);
  for (const [name, request] of plans) {
    for (const format of FORMATS) {
      const answer = await client.exportPlan(request as CreatePlanRequest, format);
      same(answer.value, await plain(`/v1/plans?format=${format}`, request), format, name);
      if (format === "json") assert.ok((answer.value as PlanFormats["json"]).tracks.length > 0, `${name}: a plan with tracks`);
      if (format === "css") assert.match(answer.headers.get("Content-Type") ?? "", /^text\/css/);
      if (format === "svg") assert.equal(answer.headers.get("Content-Type"), "image/svg+xml");
    }
  }
});

test("the CSS and SVG operations take idPrefix, as ?format= does on the plan's path", async () => {
  const request = plans.get("sharedFrame.json") as CreatePlanRequest;
  const css = await client.createPlanCss(request, { idPrefix: "tool" });
  assert.match(css.value, /\.tool-stage/);
  assert.equal(css.value, await plain("/v1/plans?format=css&idPrefix=tool", request));
  const svg = await client.createPlanSvg(request, { idPrefix: "tool" });
  assert.equal(svg.value, await plain("/v1/plans?format=svg&idPrefix=tool", request));
});

test("a batch of every example, in every format, gives back the server's answer", async () => {
  const requests = [...plans.values()] as CreatePlanRequest[];
  for (const format of FORMATS) {
    const batch = await client.createPlans(requests, { format });
    assert.equal(batch.value.results.length, requests.length);
    assert.deepEqual(batch.value, JSON.parse(await plain(`/v1/plans/batch?format=${format}`, { requests })), `batch as ${format}`);
  }
});

test("every committed dismissal, in every format, gives back the server's answer", async () => {
  assert.ok(dismissals.size >= 4);
  for (const [name, request] of dismissals) {
    for (const format of FORMATS) {
      const dismissal = await client.dismissGesture(request as DismissRequest, { format });
      assert.deepEqual(dismissal.value, JSON.parse(await plain(`/v1/gestures/dismiss?format=${format}`, request)), `${name} as ${format}`);
    }
  }
});

test("the filmstrip and the operational routes answer as typed", async () => {
  const request = { ...(plans.get("zoom.json") as object), frames: 3 } as CreatePlanRequest & { frames: number };
  const strip = await client.createFilmstrip(request);
  assert.equal(strip.value, await plain("/v1/plans/filmstrip.svg", request));
  assert.equal((await client.health()).value.status, "ok");
  assert.equal((await client.readiness()).value.status, "ready");
  assert.match((await client.contract()).value, /^openapi: 3\.1/);
  assert.match((await client.metrics()).value, /flightplan_/);
  assert.match((await client.getPreview()).value, /<html/i);
});

/** The problem a call throws (failing the test when it succeeds or throws anything else). */
async function problem(call: Promise<unknown>): Promise<FlightplanProblem> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof FlightplanProblem, `a FlightplanProblem, not ${error}`);
    return error;
  }
  assert.fail("the call succeeded");
}

test("a 422 is a typed problem naming its field, with the request id", async () => {
  const request = structuredClone(plans.get("zoom.json")) as { source: { frame: { width: number } } };
  request.source.frame.width = 0;
  const calls = [() => client.createPlan(request as CreatePlanRequest, { requestId: "tool-422" }),
    () => client.createPlanCss(request as CreatePlanRequest, { requestId: "tool-422" })];
  for (const call of calls) {
    const refusal = await problem(call());
    assert.equal(refusal.status, 422);
    assert.equal(refusal.title, "Invalid plan request");
    assert.equal(refusal.field, "source.frame.width");
    assert.deepEqual(refusal.errors, [{ field: "source.frame.width", detail: refusal.detail }]);
    assert.match(refusal.detail, /source\.frame\.width/);
    assert.equal(refusal.requestId, "tool-422");
    assert.equal(refusal.problem.requestId, "tool-422");
  }
});

test("a 415 (a body that is not JSON) and a 404 are typed problems", async () => {
  const unsupported = await problem(client.request("POST", "/v1/plans", "style=zoom", { contentType: "text/plain" }));
  assert.equal(unsupported.status, 415);
  assert.equal(unsupported.headers.get("Accept-Post"), "application/json");
  assert.ok(unsupported.requestId.length > 0);
  const missing = await problem(client.request("GET", "/v1/nowhere"));
  assert.equal(missing.status, 404);
  assert.equal(missing.title, "Not Found");
  assert.equal(missing.problem.requestId, missing.requestId);
  const unknownFormat = await problem(client.request("POST", "/v1/plans/export.svg?format=css", plans.get("zoom.json")));
  assert.equal(unknownFormat.status, 400);
  assert.equal(unknownFormat.field, "format");
});

test("every answer carries the request id: the caller's, or the server's own, different per request", async () => {
  const request = plans.get("zoom.json") as CreatePlanRequest;
  assert.equal((await client.createPlan(request, { requestId: "tool-7" })).requestId, "tool-7");
  assert.equal((await client.createPlanSvg(request, { requestId: "tool-8" })).requestId, "tool-8");
  const first = await client.createPlan(request), second = await client.createPlan(request);
  assert.ok(first.requestId.length > 0 && first.requestId !== second.requestId, `${first.requestId} ${second.requestId}`);
});
