/**
 * A promise with its resolve at hand, for a test that holds a step until it lets it go (what
 * Promise.withResolvers gives from Node 22; the API runs on Node 20).
 */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
