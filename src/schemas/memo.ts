/**
 * Wraps a schema factory so the struct is built on first use and reused after. Schemas are never built
 * at import time: an app pays only for the methods it calls, and bundlers can drop the rest.
 */
export function memo<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
