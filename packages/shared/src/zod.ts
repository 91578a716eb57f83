/**
 * The one zod every shared schema is built with, configured before the first schema exists.
 * `jitless`: zod would otherwise compile object parsers with `new Function` and, to find out
 * whether it may, try one; under the web app's CSP (no 'unsafe-eval') that try is reported as a
 * violation even though zod catches it. Shared modules import `z` from here, never from "zod"
 * (biome.json enforces it), so the setting is in force whatever order modules load in.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
