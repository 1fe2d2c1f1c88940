/**
 * The largest id a table's `serial` / `integer` key can hold (2³¹ − 1): a larger number names no row,
 * and PostgreSQL refuses to compare it with an integer column, so inputs are capped here first.
 */
export const MAX_ID = 2_147_483_647;

/** Whether a string of digits is a number some row could have as its id. */
export const isIdText = (text: string): boolean => /^\d{1,10}$/.test(text) && Number(text) <= MAX_ID;
