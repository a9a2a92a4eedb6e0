// The Flightplan TypeScript client: the contract's types, a fetch client and a player.
export * from "./openapi.js";
export * from "./client.js";
export * from "./player.js";
