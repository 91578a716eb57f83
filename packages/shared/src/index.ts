export * from "./errors";
export * from "./rules";
export * from "./schemas/accounts";
export * from "./schemas/auth";
export * from "./schemas/files";
export * from "./schemas/operations";
export * from "./schemas/profile";
export * from "./validation";
