import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** The API server of `npm run dev -w apps/server`; the dev server forwards API and dev-mailbox calls to it. */
const SERVER = "http://localhost:8080";

/**
 * sonner injects its stylesheet as an inline <style> element when it loads; the server's
 * Content-Security-Policy (no 'unsafe-inline' styles) blocks that. index.css imports the same
 * file (sonner/dist/styles.css) as part of the bundled stylesheet, so the injection is removed
 * here. Fails the build if a sonner upgrade changes the injector, so this is never silently lost.
 */
function sonnerWithoutInlineStyle(): Plugin {
  const marker = "function __insertCSS(code) {";
  return {
    name: "portico:sonner-without-inline-style",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!code.includes(marker)) {
        this.error("sonner no longer defines __insertCSS: check how it injects its styles");
      }
      return { code: code.replace(marker, `${marker} return;`), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), sonnerWithoutInlineStyle()],
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
