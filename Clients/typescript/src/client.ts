// A small fetch client of the Flightplan API: one method per operation, typed by src/openapi.ts (generated from
// openapi.yaml), every answer with the request id the server gave it, every refusal a FlightplanProblem.
import {
  CoreAnimationExport, CreateFilmstripRequest, CreatePlanRequest, CreatePlansAnswer, Dismissal, DismissRequest,
  FormatParameter, LottieExport, Plan, Problem, Status, WebAnimationsExport, WindowBoxesExport, operations,
} from "./openapi.js";

/** What each `?format=` answers a plan as: JSON forms as their types, the CSS and SVG exports as text. */
export interface PlanFormats {
  json: Plan;
  waapi: WebAnimationsExport;
  lottie: LottieExport;
  "core-animation": CoreAnimationExport;
  boxes: WindowBoxesExport;
  css: string;
  svg: string;
}

/** A successful answer: its body as its type, the request id (`X-Request-Id`) and the HTTP answer itself. */
export interface Answer<Value> {
  /** The body: parsed JSON, or the text of a text answer (CSS, SVG, YAML, HTML). */
  value: Value;
  /** The request's id as the server answered it in `X-Request-Id`: the one the call gave, or the server's own. */
  requestId: string;
  /** The HTTP status (200). */
  status: number;
  /** The answer's headers. */
  headers: Headers;
}

/** One field-level error of a problem: the field's path (`source.frame.width`) and what is wrong with it. */
export interface FieldError {
  field: string;
  detail: string;
}

/**
 * A refusal as RFC 9457 problem details (`application/problem+json`): `status`, `title`, `detail`, the offending
 * `field` when there is one, and the request id. An answer that is not problem+json (a proxy's error page) becomes
 * one too, with the status's reason as its title and the body's start as its detail.
 */
export class FlightplanProblem extends Error {
  /** The problem as the server sent it (the contract's `Problem`). */
  readonly problem: Problem;
  /** The request id from the answer's `X-Request-Id` (or the problem's `requestId`). */
  readonly requestId: string;
  /** The answer's headers (`Retry-After` on a 503, `Accept-Post` on a 415, `Allow` on a 405). */
  readonly headers: Headers;

  constructor(problem: Problem, requestId: string, headers: Headers) {
    super(`${problem.status} ${problem.title}: ${problem.detail}`);
    this.name = "FlightplanProblem";
    this.problem = problem;
    this.requestId = requestId;
    this.headers = headers;
  }

  /** The HTTP status. */
  get status(): number { return this.problem.status; }
  /** The status's reason phrase (`Unprocessable Content`). */
  get title(): string { return this.problem.title; }
  /** What went wrong and how to fix it. */
  get detail(): string { return this.problem.detail; }
  /** The field the problem names (`source.frame.width`), when it names one. */
  get field(): string | undefined { return this.problem.field; }
  /** The problem's field-level errors: Flightplan names at most one field per problem, so none or one. */
  get errors(): FieldError[] { return this.problem.field === undefined ? [] : [{ field: this.problem.field, detail: this.problem.detail }]; }
}

/** Options of every call. */
export interface CallOptions {
  /** Sent as `X-Request-Id` (the server answers with it and logs it); the server makes one when left out. */
  requestId?: string;
  /** Aborts the call. */
  signal?: AbortSignal;
}

/** Options of a call that exports: the start of every class and id of the waapi, css and svg exports. */
export interface ExportOptions extends CallOptions {
  idPrefix?: string;
}

/** How a client reaches its server. */
export interface ClientOptions {
  /** The fetch to use (the global one by default): a plugin sandbox's, or a test's. */
  fetch?: typeof fetch;
  /** Headers sent with every call (`Authorization` in front of a gateway). */
  headers?: Record<string, string>;
}

type JSONFormat = "json" | "waapi" | "lottie" | "core-animation" | "boxes";

/** The Flightplan API at `baseUrl` (`http://localhost:8080`). */
export class FlightplanClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly headers: Record<string, string>;

  constructor(baseUrl: string, options: ClientOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.headers = options.headers ?? {};
  }

  /** POST /v1/plans: the plan, or (with `format`) one of its JSON exports. */
  createPlan<F extends JSONFormat = "json">(request: CreatePlanRequest, options: ExportOptions & { format?: F } = {}): Promise<Answer<PlanFormats[F]>> {
    return this.call(operations.createPlan, request, options, { format: options.format, idPrefix: options.idPrefix });
  }

  /** POST /v1/plans/export.css: the plan's CSS export (`@keyframes` and one class per box). */
  createPlanCss(request: CreatePlanRequest, options: ExportOptions = {}): Promise<Answer<string>> {
    return this.call(operations.createPlanCss, request, options, { idPrefix: options.idPrefix });
  }

  /** POST /v1/plans/export.svg: the plan's animated SVG export (SMIL). */
  createPlanSvg(request: CreatePlanRequest, options: ExportOptions = {}): Promise<Answer<string>> {
    return this.call(operations.createPlanSvg, request, options, { idPrefix: options.idPrefix });
  }

  /** The plan in any format: the JSON forms through createPlan, CSS and SVG through their own operations. */
  exportPlan<F extends keyof PlanFormats>(request: CreatePlanRequest, format: F, options: ExportOptions = {}): Promise<Answer<PlanFormats[F]>> {
    if (format === "css") return this.createPlanCss(request, options) as Promise<Answer<PlanFormats[F]>>;
    if (format === "svg") return this.createPlanSvg(request, options) as Promise<Answer<PlanFormats[F]>>;
    return this.createPlan(request, { ...options, format: format as JSONFormat }) as Promise<Answer<PlanFormats[F]>>;
  }

  /** POST /v1/plans/batch: up to 256 requests, each answered by its plan in `format` (CSS and SVG as strings) or its problem. */
  createPlans(requests: CreatePlanRequest[], options: ExportOptions & { format?: FormatParameter } = {}): Promise<Answer<CreatePlansAnswer>> {
    return this.call(operations.createPlans, { requests }, options, { format: options.format, idPrefix: options.idPrefix });
  }

  /** POST /v1/plans/filmstrip.svg: the plan drawn as an SVG strip of `frames` panels. */
  createFilmstrip(request: CreateFilmstripRequest, options: CallOptions = {}): Promise<Answer<string>> {
    return this.call(operations.createFilmstrip, request, options, {});
  }

  /** POST /v1/gestures/dismiss: one drag sample's state (and on release the completion, its plan in `format`). */
  dismissGesture(request: DismissRequest, options: ExportOptions & { format?: FormatParameter } = {}): Promise<Answer<Dismissal>> {
    return this.call(operations.dismissGesture, request, options, { format: options.format, idPrefix: options.idPrefix });
  }

  /** GET /healthz. */
  health(options: CallOptions = {}): Promise<Answer<Status>> { return this.call(operations.health, undefined, options, {}); }
  /** GET /readyz (a 503 problem while the server drains). */
  readiness(options: CallOptions = {}): Promise<Answer<Status>> { return this.call(operations.readiness, undefined, options, {}); }
  /** GET /metrics, Prometheus text. */
  metrics(options: CallOptions = {}): Promise<Answer<string>> { return this.call(operations.metrics, undefined, options, {}); }
  /** GET /openapi.yaml, the contract's text. */
  contract(options: CallOptions = {}): Promise<Answer<string>> { return this.call(operations.contract, undefined, options, {}); }
  /** GET /preview, the preview page's HTML. */
  getPreview(options: CallOptions = {}): Promise<Answer<string>> { return this.call(operations.getPreview, undefined, options, {}); }

  /**
   * Any request (the typed methods go through it): `body` sent as given when it is a string, else as JSON, with
   * `contentType` (`application/json` by default). A JSON answer is parsed, any other read as text; a status other
   * than 2xx throws a FlightplanProblem.
   */
  async request<Value>(method: string, path: string, body?: unknown, options: CallOptions & { contentType?: string } = {}): Promise<Answer<Value>> {
    const headers: Record<string, string> = { ...this.headers };
    if (options.requestId !== undefined) headers["X-Request-Id"] = options.requestId;
    if (body !== undefined) headers["Content-Type"] = options.contentType ?? "application/json";
    const response = await this.fetch(this.baseUrl + path, {
      method, headers, signal: options.signal,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const requestId = response.headers.get("X-Request-Id") ?? "";
    const mediaType = (response.headers.get("Content-Type") ?? "").split(";")[0].trim();
    const text = await response.text();
    if (!response.ok) throw new FlightplanProblem(problemOf(response, mediaType, text, requestId), requestId, response.headers);
    const value = (mediaType === "application/json" ? JSON.parse(text) : text) as Value;
    return { value, requestId, status: response.status, headers: response.headers };
  }

  private call<Value>(
    operation: { method: string; path: string }, body: unknown, options: CallOptions, query: Record<string, string | undefined>,
  ): Promise<Answer<Value>> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
    const path = operation.path + (search.toString() ? `?${search}` : "");
    return this.request<Value>(operation.method, path, body, options);
  }
}

/** The problem a failed answer carries, or one made from its status when it carries none. */
function problemOf(response: Response, mediaType: string, text: string, requestId: string): Problem {
  if (mediaType === "application/problem+json") {
    try { return JSON.parse(text) as Problem; } catch { /* an unreadable problem is described below */ }
  }
  return { type: "about:blank", title: response.statusText || `HTTP ${response.status}`, status: response.status, detail: text.slice(0, 500), requestId };
}
