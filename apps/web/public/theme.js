// Sets the light or dark theme before the first paint, so a dark-theme user never sees a white
// flash. An external file because the Content-Security-Policy allows no inline scripts. It reads
// the same setting as src/lib/theme.ts (localStorage "portico.theme": "system" | "light" | "dark").
(() => {
  try {
    const stored = JSON.parse(localStorage.getItem("portico.theme") || '"system"');
    const dark =
      stored === "dark" || (stored !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch {
    // No storage or no matchMedia: the light theme, until the app starts.
  }
})();
