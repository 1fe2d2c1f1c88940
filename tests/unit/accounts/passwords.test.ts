import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  hashPassword,
  isTooSimilarToEmail,
  passwordProblems,
  similarity,
} from '../../../src/server/accounts/passwords.ts';

describe('similarity', () => {
  it('matches what Python’s SequenceMatcher.ratio() answers', () => {
    expect(similarity('abcd', 'bcde')).toBe(0.75);
    expect(similarity('ivanov', 'ivanov')).toBe(1);
    expect(similarity('', '')).toBe(1);
    expect(similarity('abc', '')).toBe(0);
    expect(similarity('qwerty', 'asdfgh')).toBe(0);
  });
});

describe('isTooSimilarToEmail', () => {
  it('flags the local part, a word of the email, and small variations of them', () => {
    expect(isTooSimilarToEmail('a.ivanova', 'a.ivanova@clinic.kg')).toBe(true);
    expect(isTooSimilarToEmail('ivanova1', 'a.ivanova@clinic.kg')).toBe(true);
    expect(isTooSimilarToEmail('Ivanova2024', 'a.ivanova@clinic.kg')).toBe(true);
    expect(isTooSimilarToEmail('clinic.kg', 'a.ivanova@clinic.kg')).toBe(true);
  });

  it('lets a password through that merely shares a few letters with the email', () => {
    expect(isTooSimilarToEmail('Composite-Filling-42', 'a.ivanova@clinic.kg')).toBe(false);
    expect(isTooSimilarToEmail('anything', '')).toBe(false);
  });
});

describe('passwordProblems', () => {
  it('accepts a long, uncommon password', async () => {
    expect(await passwordProblems('Composite-Filling-42', 'doctor@clinic.kg')).toEqual([]);
  });

  it('names each broken rule in Russian', async () => {
    expect(await passwordProblems('qwerty', 'doctor@clinic.kg')).toEqual([
      'Пароль слишком короткий: нужно не меньше 8 символов.',
      'Этот пароль слишком распространён: его легко подобрать.',
    ]);
    expect(await passwordProblems('20242025', 'doctor@clinic.kg')).toContain(
      'Пароль не может состоять только из цифр.',
    );
    expect(await passwordProblems('PASSWORD123', 'doctor@clinic.kg')).toEqual([
      'Этот пароль слишком распространён: его легко подобрать.',
    ]);
  });
});

describe('hashPassword and checkPassword', () => {
  it('hashes with argon2id and checks the password against the hash', async () => {
    const hash = await hashPassword('Composite-Filling-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await checkPassword('Composite-Filling-42', hash)).toBe(true);
    expect(await checkPassword('composite-filling-42', hash)).toBe(false);
  });

  it('fails for a missing or malformed hash without throwing', async () => {
    expect(await checkPassword('anything', null)).toBe(false);
    expect(await checkPassword('anything', 'not-a-hash')).toBe(false);
  });
});
