/** The two djoser reset flows a mailed link serves: a forgotten password, and a new login email. */
export const RESET_KINDS = ['password', 'email'] as const;

export type ResetKind = (typeof RESET_KINDS)[number];

export function isResetKind(value: string | undefined): value is ResetKind {
  return RESET_KINDS.some((kind) => kind === value);
}
