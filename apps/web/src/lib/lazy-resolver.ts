/**
 * A react-hook-form resolver whose schema loads on demand. The sign-in page uses it so that the
 * validation library (about 24 KB gzip) is not part of the first page load: it starts loading when
 * the user first focuses the form and is certainly there when they submit.
 */
import type { FieldValues, Resolver } from "react-hook-form";

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver = (async (values, context, options) =>
    (await get())(values, context, options)) as LazyResolver<Input, Output>;
  resolver.preload = () => {
    get().catch(() => {
      // Retried on submit.
    });
  };
  return resolver;
}
