import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The API server of `npm run dev -w apps/server`; the dev server forwards API and dev-mailbox calls to it. */
const SERVER = "http://localhost:8080";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: SERVER, ws: true },
      "/dev/": { target: SERVER },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
