/**
 * Long work in slices: a loop over a big file (an upload stored or read, rows parsed) lets the event loop
 * answer other requests between its slices, instead of holding every one of them until it ends.
 */

/** Resolves after the event loop has run what waits (I/O, timers): the pause between two slices of work. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A counter that takes a turn of the event loop every `every` steps: `await slice.step()` in a loop
 * costs nothing on the other steps.
 */
export function slices(every: number): { step(): Promise<void> | undefined } {
  let count = 0;
  return {
    step() {
      count += 1;
      return count % every === 0 ? nextTurn() : undefined;
    },
  };
}
