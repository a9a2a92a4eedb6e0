// The Flightplan TypeScript client: the contract's types, a fetch client, a player and window boxes.
export * from "./openapi.js";
export * from "./client.js";
export * from "./player.js";
export * from "./boxes.js";
