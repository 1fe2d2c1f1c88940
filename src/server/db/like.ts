/** `%`, `_` and `\` of typed text match themselves in a LIKE pattern. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` anywhere (searches of the back office). */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
