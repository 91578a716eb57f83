/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External https address `/subscribe` sends the browser to (default https://www.example.com/subscribe). */
  readonly VITE_SUBSCRIBE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
