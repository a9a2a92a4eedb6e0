// The real binary on a free port, as scripts/integration_test.py starts it: `serve --port 0`, the port read from its
// first line. The binary is $FLIGHTPLAN_BINARY, else the debug build at the repository's top.
import { spawn, ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The repository's top: this file runs from Clients/typescript/dist/test. */
export const root = new URL("../../../../", import.meta.url).pathname;

/** A running server and its base URL. */
export interface Server {
  url: string;
  process: ChildProcess;
}

/** Starts the binary and resolves once it listens. */
export function startServer(): Promise<Server> {
  const binary = process.env.FLIGHTPLAN_BINARY ?? `${root}.build/debug/flightplan`;
  const child = spawn(binary, ["serve", "--port", "0", "--log-level", "warning"], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[^ ]+:(\d+)/.exec(output);
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, process: child });
    });
    child.stderr.on("data", (chunk) => { output += chunk.toString(); });
    child.on("exit", () => reject(new Error(`the server exited: ${output}`)));
  });
}

/** The committed example requests under examples/ (`*.json`, `seeds/`, `content/`; `gestures/` when `folder` says so), by their path there. */
export function examples(folder: "plans" | "gestures"): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const folders = folder === "plans" ? ["", "seeds/", "content/"] : ["gestures/"];
  for (const sub of folders) {
    for (const name of readdirSync(`${root}examples/${sub}`).filter((file) => file.endsWith(".json")).sort()) {
      found.set(sub + name, JSON.parse(readFileSync(`${root}examples/${sub}${name}`, "utf8")));
    }
  }
  return found;
}
