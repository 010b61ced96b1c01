import { vi } from 'vitest';

type TypedArrayName = 'Uint8Array' | 'Int32Array' | 'Float64Array';

/**
 * Replaces the global typed array constructors `names` (until `vi.unstubAllGlobals()`) with ones
 * that report the length of each array made with new memory (not a view of a buffer) to `seen`.
 */
export function spyOnTypedArrays(
  names: readonly TypedArrayName[],
  seen: (length: number) => void,
): void {
  for (const name of names) {
    vi.stubGlobal(
      name,
      new Proxy(globalThis[name], {
        construct: (target, args: [number]) => {
          if (typeof args[0] === 'number') seen(args[0]);
          return new target(...args);
        },
      }),
    );
  }
}
