import { escapeMarkup } from '../../shared/escape.ts';
import type { Vacancy } from '../vacancies/vacancies.queries.ts';

/** A vacancy's text as one HTML description (JobPosting's `description`): lead, then the three lists. */
export function vacancyDescriptionHtml(vacancy: Vacancy): string {
  const list = (title: string, items: string[]) =>
    items.length
      ? `<p><strong>${title}</strong></p><ul>${items.map((i) => `<li>${escapeMarkup(i)}</li>`).join('')}</ul>`
      : '';
  return [
    `<p>${escapeMarkup(vacancy.lead)}</p>`,
    list('Обязанности', vacancy.duties),
    list('Требования', vacancy.requirements),
    list('Условия', vacancy.conditions),
  ].join('');
}
