import { z } from 'zod';
import type { CountryCode } from '../../shared/countries.ts';
import { RateLimitError } from '../errors.ts';
import { subscribeToNewsletter } from '../requests/newsletter.service.ts';

export type NewsletterOutcome = { ok: true; email: string } | { ok: false; message: string; email: string };

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/**
 * The footer's subscribe form, posted without JavaScript: the same rules and the same answer as the
 * API's `POST /services/newsletter_subscriptions/` (a filled hidden field is answered as accepted).
 */
export async function subscribeFromForm(
  form: FormData,
  country: CountryCode,
  clientIp: string,
): Promise<NewsletterOutcome> {
  const raw = String(form.get('email') ?? '');
  const email = emailSchema.safeParse(raw);
  if (!email.success || raw.includes('\0'))
    return {
      ok: false,
      email: raw.slice(0, 254),
      message: 'Введите правильный адрес электронной почты, например doctor@clinic.kg.',
    };
  try {
    await subscribeToNewsletter(email.data, country, clientIp, { trapped: String(form.get('website') ?? '') !== '' });
    return { ok: true, email: email.data };
  } catch (error) {
    if (error instanceof RateLimitError) return { ok: false, email: email.data, message: error.message };
    throw error;
  }
}
