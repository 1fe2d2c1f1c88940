import { hash, verify } from '@node-rs/argon2';
import { ACCOUNT_MESSAGES } from './accounts.messages.ts';

export const MIN_PASSWORD_LENGTH = 8;
/** Argon2 hashes every byte it is given; a cap keeps a megabyte "password" from costing real CPU. */
export const MAX_PASSWORD_LENGTH = 128;
/** Like Django's UserAttributeSimilarityValidator: at or above this ratio a password is too close to the email. */
const MAX_SIMILARITY = 0.7;

/** An argon2id hash (the library's default algorithm, with OWASP's recommended 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash of a random password: checking against it costs the same time as a real account,
// so a login for an unknown email cannot be told apart by its timing.
let dummyHash: Promise<string> | undefined;

/** Whether `password` matches `passwordHash`; a missing hash (no such user, deleted account) is checked against a dummy and fails. */
export async function checkPassword(password: string, passwordHash: string | null | undefined): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash(crypto.randomUUID());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let common: Promise<Set<string>> | undefined;

// About 50,000 leaked passwords (zxcvbn-ts's list), loaded on the first check only.
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'] as string[]),
  );
  return common;
}

/**
 * Django's default password rules, with the email as the user attribute: each broken rule adds its
 * own Russian message. An empty list means the password is acceptable.
 */
export async function passwordProblems(password: string, email: string): Promise<string[]> {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(ACCOUNT_MESSAGES.passwordTooShort);
  if (/^\d+$/.test(password)) problems.push(ACCOUNT_MESSAGES.passwordNumeric);
  if ((await commonPasswords()).has(password.trim().toLowerCase())) problems.push(ACCOUNT_MESSAGES.passwordCommon);
  if (isTooSimilarToEmail(password, email)) problems.push(ACCOUNT_MESSAGES.passwordLikeEmail);
  return problems;
}

/** True when the password is close to the whole email, its local part or any word of it (`ivanov` in `a.ivanov@clinic.kg`). */
export function isTooSimilarToEmail(password: string, email: string): boolean {
  const value = password.toLowerCase();
  if (!email || !value) return false;
  const lower = email.toLowerCase();
  const local = lower.split('@')[0] ?? '';
  const parts = new Set([lower, local, ...lower.split(/\W+/)].filter((part) => part.length >= 3));
  for (const part of parts) {
    if (similarity(value, part) >= MAX_SIMILARITY) return true;
  }
  return false;
}

/** Ratcliff–Obershelp similarity (what Python's SequenceMatcher.ratio() computes), 0..1. */
export function similarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  return (2 * matchingCharacters(a, b)) / (a.length + b.length);
}

function matchingCharacters(a: string, b: string): number {
  if (!a.length || !b.length) return 0;
  let bestLength = 0;
  let bestA = 0;
  let bestB = 0;
  for (let i = 0; i < a.length; i += 1) {
    for (let j = 0; j < b.length; j += 1) {
      let k = 0;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k]) k += 1;
      if (k > bestLength) {
        bestLength = k;
        bestA = i;
        bestB = j;
      }
    }
  }
  if (bestLength === 0) return 0;
  return (
    bestLength +
    matchingCharacters(a.slice(0, bestA), b.slice(0, bestB)) +
    matchingCharacters(a.slice(bestA + bestLength), b.slice(bestB + bestLength))
  );
}
