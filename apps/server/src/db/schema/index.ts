export * from "./accounts";
export * from "./auth";
export * from "./categories";
export * from "./conversations";
export * from "./files";
export * from "./issue-work";
export * from "./platform";
export * from "./users";
