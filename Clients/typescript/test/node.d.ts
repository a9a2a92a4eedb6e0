// The few Node built-ins the tests use, declared here because the npm registry (and with it @types/node) is not
// reachable where this client is built: only what the tests call, as Node 20 documents it.
declare module "node:test" {
  type Body = () => void | Promise<void>;
  export function test(name: string, body: Body): Promise<void>;
  export function before(body: Body): void;
  export function after(body: Body): void;
}
declare module "node:assert/strict" {
  const assert: {
    (value: unknown, message?: string): asserts value;
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    ok(value: unknown, message?: string): asserts value;
    match(value: string, pattern: RegExp, message?: string): void;
    fail(message?: string): never;
  };
  export default assert;
}
declare module "node:child_process" {
  interface Readable { on(event: "data", listener: (chunk: { toString(): string }) => void): void }
  export interface ChildProcess { stdout: Readable; stderr: Readable; kill(signal?: string): boolean; on(event: "exit", listener: () => void): void }
  export function spawn(command: string, args: string[], options?: { stdio?: string[] }): ChildProcess;
}
declare module "node:fs" {
  export function readFileSync(path: string, encoding: "utf8"): string;
  export function readdirSync(path: string): string[];
}
declare const process: { env: Record<string, string | undefined>; cwd(): string };
