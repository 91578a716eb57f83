export * from "./accounts";
export * from "./auth";
export * from "./conversations";
export * from "./files";
export * from "./platform";
export * from "./users";
