import type { Vacancy } from '../vacancies/vacancies.queries.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A vacancy's text as one HTML description (JobPosting's `description`): lead, then the three lists. */
export function vacancyDescriptionHtml(vacancy: Vacancy): string {
  const list = (title: string, items: string[]) =>
    items.length
      ? `<p><strong>${title}</strong></p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
      : '';
  return [
    `<p>${escapeHtml(vacancy.lead)}</p>`,
    list('Обязанности', vacancy.duties),
    list('Требования', vacancy.requirements),
    list('Условия', vacancy.conditions),
  ].join('');
}
