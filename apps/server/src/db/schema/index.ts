export * from "./accounts";
export * from "./auth";
export * from "./platform";
export * from "./users";
