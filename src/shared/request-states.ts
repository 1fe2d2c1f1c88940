/** The kinds of visitor requests and the states staff move them through, with their Russian names. */
export const REQUEST_KINDS = ['support', 'printing', 'vacancy', 'course', 'course_search'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/**
 * `accepted` and `declined` are a course sign-up's: accepted, it holds its seats on the course (so does
 * `done` after it: the visitor came); declined, marked spam or moved back, it gives them back.
 */
export const REQUEST_STATUSES = ['new', 'in_progress', 'accepted', 'done', 'declined', 'spam'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  support: 'Вопрос в поддержку',
  printing: 'Заявка на 3D-печать',
  vacancy: 'Отклик на вакансию',
  course: 'Запись на курс',
  course_search: 'Запрос курса',
};

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'Новая',
  in_progress: 'В работе',
  accepted: 'Принята',
  done: 'Готово',
  declined: 'Отклонена',
  spam: 'Спам',
};

const COURSE_ONLY: readonly RequestStatus[] = ['accepted', 'declined'];

/** The states a kind of request moves through: only a course sign-up is accepted or declined. */
export function requestStatusesOf(kind: RequestKind): readonly RequestStatus[] {
  return kind === 'course' ? REQUEST_STATUSES : REQUEST_STATUSES.filter((status) => !COURSE_ONLY.includes(status));
}

/** Whether a request in this state holds seats on its course: an accepted sign-up, and a done one. */
export function holdsCourseSeats(kind: RequestKind, status: RequestStatus): boolean {
  return kind === 'course' && (status === 'accepted' || status === 'done');
}

/**
 * Each kind numbers its requests on its own (1, 2, 3...), read with the kind's letter before it:
 * «В-0003» is the third question to support. В вопрос, П печать, Р резюме (a vacancy application),
 * К курс, ПК подбор курса.
 */
export const REQUEST_NUMBER_PREFIXES: Record<RequestKind, string> = {
  support: 'В',
  printing: 'П',
  vacancy: 'Р',
  course: 'К',
  course_search: 'ПК',
};

/** «В-0003»: the kind's letter and the number, four digits at least. */
export function formatRequestNumber(kind: RequestKind, number: number): string {
  return `${REQUEST_NUMBER_PREFIXES[kind]}-${String(number).padStart(4, '0')}`;
}

/**
 * The kind and number a typed request number names («В-0003», «в-3», «В 3», «B-3» with a Latin letter),
 * or null when the text is no request number.
 */
export function parseRequestNumber(text: string): { kind: RequestKind; number: number } | null {
  const match = /^\s*([А-ЯЁA-Z]{1,2})\s*[-–—\s]?\s*(\d{1,9})\s*$/iu.exec(text);
  if (!match) return null;
  const letters = [...match[1]!.toUpperCase()].map((c) => LATIN_LOOKALIKES[c] ?? c).join('');
  const kind = REQUEST_KINDS.find((k) => REQUEST_NUMBER_PREFIXES[k] === letters);
  const number = Number(match[2]);
  return kind && number > 0 && number <= 2_147_483_647 ? { kind, number } : null;
}

/** Latin capitals typed for the Cyrillic letters they look like (B for В, P for Р, K for К). */
const LATIN_LOOKALIKES: Record<string, string> = { B: 'В', P: 'Р', K: 'К' };
