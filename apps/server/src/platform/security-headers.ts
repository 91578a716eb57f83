/**
 * Browser security headers on every answer (HTML, JSON, errors, static assets, files), set with
 * helmet in the first `onRequest` hook, before anything can fail. The Content-Security-Policy is
 * built by the pure functions below: one policy for the web app and the API, one of its own for the
 * Swagger UI under /api/docs only, and a closed one for user-supplied files (user-files.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

export type CspDirective =
  | "default-src"
  | "base-uri"
  | "object-src"
  | "script-src"
  | "script-src-attr"
  | "style-src"
  | "img-src"
  | "font-src"
  | "connect-src"
  | "frame-src"
  | "worker-src"
  | "form-action"
  | "frame-ancestors"
  | "upgrade-insecure-requests";

export type CspDirectives = Partial<Record<CspDirective, string[]>>;

export interface CspOptions {
  /** PUBLIC_URL: gives the same-origin WebSocket origin, and https turns on upgrade-insecure-requests. */
  publicUrl: string;
  /** SENTRY_DSN: when set, its ingest origin may receive the web app's error reports. */
  sentryDsn?: string;
  /** Stripe keys are configured (config.billing.stripe): the upgrade flow takes cards with Stripe Elements. */
  stripe?: boolean;
  /**
   * More sources per directive, added to the defaults: the extension point for third parties
   * that are on only when configured (a payment provider's script, frame and API hosts, say).
   */
  extra?: CspDirectives;
}

/** The origin error reports go to: `https://key@o1.ingest.sentry.io/2` → `https://o1.ingest.sentry.io`. */
export function sentryOrigin(dsn: string | undefined): string | undefined {
  if (!dsn) return undefined;
  try {
    const url = new URL(dsn);
    return url.protocol === "https:" || url.protocol === "http:" ? `${url.protocol}//${url.host}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What Stripe.js and Elements need, per Stripe's CSP guide (docs.stripe.com/security/guide): the
 * script from js.stripe.com (and its subdomains, which newer Stripe.js versions load from), its
 * card fields and 3-D Secure challenge as frames from there and hooks.stripe.com, and its calls to
 * api.stripe.com. Images are drawn inside Stripe's own frames, so img-src needs nothing. Chargebee
 * needs nothing here: its hosted checkout is a page the browser is sent to, not embedded.
 */
export const STRIPE_SOURCES: CspDirectives = {
  "script-src": ["https://js.stripe.com", "https://*.js.stripe.com"],
  "frame-src": ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  "connect-src": ["https://api.stripe.com"],
};

/** ws:// or wss:// on the public host: the realtime channel (/api/chat/ws). */
function websocketOrigin(publicUrl: string): string | undefined {
  try {
    const url = new URL(publicUrl);
    return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  } catch {
    return undefined;
  }
}

const isHttps = (publicUrl: string) => publicUrl.startsWith("https://");

/** Adds sources to directives; a directive that was `'none'` takes the new sources instead. */
export function withSources(base: CspDirectives, extra: CspDirectives | undefined): CspDirectives {
  const merged: CspDirectives = { ...base };
  for (const [name, sources] of Object.entries(extra ?? {}) as [CspDirective, string[]][]) {
    if (sources.length === 0) continue;
    const current = (merged[name] ?? []).filter((s) => s !== "'none'");
    merged[name] = [...new Set([...current, ...sources])];
  }
  return merged;
}

/**
 * The policy of the built web app and every API answer. Scripts only from our own origin (the
 * Vite build has no inline script); styles also inline, because Radix and sonner set style
 * attributes and inject <style>; images also data: (the favicon, inline SVG) and blob: (a picture
 * previewed before upload); fonts from our origin (@fontsource files) and data:; connections to
 * our origin, its WebSocket, and Sentry's ingest host only when a DSN is configured; Stripe's
 * hosts only when Stripe keys are. Nobody may frame the app, nothing is embedded with <object>,
 * forms post only to us.
 */
export function appCsp(options: CspOptions): CspDirectives {
  const connect = ["'self'", websocketOrigin(options.publicUrl), sentryOrigin(options.sentryDsn)];
  const directives: CspDirectives = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": connect.filter((s): s is string => s !== undefined),
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  if (isHttps(options.publicUrl)) directives["upgrade-insecure-requests"] = [];
  return withSources(withSources(directives, options.stripe ? STRIPE_SOURCES : undefined), options.extra);
}

/**
 * The Swagger UI at /api/docs. As @fastify/swagger-ui 6 ships it (Swagger UI 5) it loads only its
 * own files: external scripts, inline styles, data: images, and calls to our own API ("Try it
 * out"), so it needs nothing the app's policy does not allow (the e2e CSP check runs it). It gets
 * its own policy anyway, without the app's third-party hosts, Sentry or WebSocket, as the one
 * place to widen if a Swagger UI option ever needs more (an inline script's hash, say).
 */
export function docsCsp(options: CspOptions): CspDirectives {
  return { ...appCsp({ publicUrl: options.publicUrl }), "connect-src": ["'self'"] };
}

/** For files and pictures users uploaded: render nothing active, load nothing, never framed. */
export const USER_FILE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** The header text of a policy, as a browser reads it. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(" ")}` : name))
    .join("; ");
}

const isDocsRoute = (url: string | undefined) =>
  url !== undefined && (url === "/api/docs" || url.startsWith("/api/docs/"));

/** Sets the headers on a raw response. */
export type ApplyHeaders = (req: IncomingMessage, res: ServerResponse) => void;

export interface SecurityHeaders {
  /** Every answer but the docs'. */
  app: ApplyHeaders;
  /** Answers of the Swagger UI routes under /api/docs. */
  docs: ApplyHeaders;
  /** Configuration the policy had to leave out, for the log. */
  warnings: string[];
}

/**
 * The header sets, built once (helmet would rebuild its middleware per request if called per
 * request): the CSP above, X-Frame-Options DENY, nosniff, no Referer, Strict-Transport-Security
 * only when PUBLIC_URL is https, and helmet's other defaults (COOP, CORP same-origin, ...).
 */
export function createSecurityHeaders(options: CspOptions): SecurityHeaders {
  const build = (directives: CspDirectives): ApplyHeaders => {
    const middleware = helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "no-referrer" },
      hsts: isHttps(options.publicUrl) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    return (req, res) => middleware(req, res, () => undefined);
  };
  const warnings =
    options.sentryDsn && !sentryOrigin(options.sentryDsn)
      ? ["SENTRY_DSN is not an http(s) URL: the CSP lets no error report out"]
      : [];
  return { app: build(appCsp(options)), docs: build(docsCsp(options)), warnings };
}

/**
 * Sets the headers in the first `onRequest` hook, before anything can fail: call it before
 * authentication and the maintenance gate add theirs, so that their 401 and 503 carry them too.
 * Answers Fastify makes before routing (a malformed URL) get them from `answerFrameworkError`.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders) {
  for (const warning of headers.warnings) app.log.warn(warning);
  app.addHook("onRequest", (request, reply, done) => {
    const apply = isDocsRoute(request.routeOptions.url) ? headers.docs : headers.app;
    apply(request.raw, reply.raw);
    done();
  });
}
