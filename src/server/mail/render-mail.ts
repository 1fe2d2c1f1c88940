import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { escapeMarkup } from '../../shared/escape.ts';
import { telegramLink, telegramUsername, whatsappLink } from '../../shared/office-links.ts';
import { paths } from '../../shared/paths.ts';
import { formatPhone, readablePhone } from '../../shared/phone.ts';
import { normalizePhone } from '../../shared/phone-input.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import { memoCache } from '../cache/memo.ts';
import { listCountryContacts, type Contact } from '../company/contacts.queries.ts';
import { logger } from '../logger.ts';
import { absoluteUrl } from '../site-url.ts';

export interface MailContent {
  /** The line mail clients show after the subject in the inbox list; not part of the text version. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Why the person got the mail («Вы получили это письмо, потому что ...»). */
  footnote?: string;
}

const BRAND = SHOP_NAME;

const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
const COLOR = {
  page: '#f5f7f9',
  card: '#ffffff',
  border: '#dde4ea',
  text: '#16232f',
  muted: '#566575',
  primary: '#0a6e8a',
  header: '#0c2d3e',
  onHeader: '#ffffff',
};

// Escaping keeps a URL inside its attribute but not a `javascript:` link working; mails only ever link to the shop.
function checkedUrl(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new Error(`A mail link must be an absolute http(s) URL, got "${url}"`);
  return url;
}

const paragraphHtml = (text: string, style: string) =>
  `<p style="${style}">${escapeMarkup(text).replace(/\r?\n/g, '<br>')}</p>`;

/**
 * How to reach the shop in the country a mail is about, under every mail: the first office's phone,
 * its WhatsApp and Telegram when it has them, its address, and the country's storefront.
 */
export interface MailContacts {
  /** «ДенталМаркет, Кыргызстан». */
  title: string;
  /** Formatted for reading, with the number `tel:` dials. */
  phone?: { text: string; dial: string };
  whatsapp?: { text: string; url: string };
  telegram?: { text: string; url: string };
  /** «Бишкек, ул. Токтогула, 125/1». */
  address?: string;
  site: { text: string; url: string };
}

/** The contacts of a mail about `country`, from its first office (none yet: the storefront's link alone). */
export function mailContactsOf(country: CountryCode, office: Contact | undefined): MailContacts {
  const url = absoluteUrl(paths.home(country));
  const contacts: MailContacts = {
    title: `${SHOP_NAME}, ${COUNTRIES[country].name}`,
    site: { text: url.replace(/^https?:\/\//, '').replace(/\/$/, ''), url },
  };
  if (!office) return contacts;
  const phone = office.phones.map(readablePhone).find((p) => p.text);
  if (phone) contacts.phone = phone;
  const whatsapp = normalizePhone(office.whatsapp);
  if (whatsapp) contacts.whatsapp = { text: formatPhone(whatsapp), url: whatsappLink(whatsapp) };
  const telegram = telegramUsername(office.telegram);
  if (telegram) contacts.telegram = { text: `@${telegram}`, url: telegramLink(telegram) };
  const address = [office.city, office.address].filter(Boolean).join(', ');
  if (address) contacts.address = address;
  return contacts;
}

const contactsCache = memoCache<MailContacts>({ scopes: ['content'], max: 4 });
const log = logger.child({ module: 'mail' });

/** The contacts every mail about `country` ends with; the storefront's link alone when the offices cannot be read. */
export function mailContacts(country: CountryCode): Promise<MailContacts> {
  return contactsCache
    .get(country, async () => mailContactsOf(country, (await listCountryContacts(country))[0]))
    .catch((error: unknown) => {
      log.warn({ err: error, country }, 'Could not read the offices for a mail footer');
      return mailContactsOf(country, undefined);
    });
}

/**
 * A Russian mail in the shop's layout, about `country` (whose office's contacts it ends with): the
 * HTML version (tables and inline styles, which Gmail, Outlook and Mail.ru all render) and the
 * plain-text version, with every value escaped. Every mail the shop sends is rendered here.
 * @throws Error when `action.url` is not an absolute http(s) URL.
 */
export async function renderMail(country: CountryCode, content: MailContent): Promise<{ text: string; html: string }> {
  return layoutMail(content, await mailContacts(country));
}

/** `renderMail` with the contacts given: pure. */
export function layoutMail(content: MailContent, contacts: MailContacts): { text: string; html: string } {
  const url = content.action ? checkedUrl(content.action.url) : undefined;
  return { text: renderText(content, url, contacts), html: renderHtml(content, url, contacts) };
}

function contactsText(contacts: MailContacts): string {
  const chats = [
    contacts.whatsapp && `WhatsApp: ${contacts.whatsapp.url}`,
    contacts.telegram && `Telegram: ${contacts.telegram.url}`,
  ].filter(Boolean);
  return [
    contacts.title,
    contacts.phone && `Телефон: ${contacts.phone.text}`,
    ...chats,
    contacts.address && `Адрес: ${contacts.address}`,
    `Сайт: ${contacts.site.url}`,
  ]
    .filter(Boolean)
    .join('\n');
}

function renderText(content: MailContent, url: string | undefined, contacts: MailContacts): string {
  const blocks = [BRAND, content.heading, ...content.paragraphs];
  if (content.action && url) blocks.push(`${content.action.label}:\n${url}`);
  blocks.push(`—\n${contactsText(contacts)}`);
  if (content.footnote) blocks.push(content.footnote);
  return `${blocks.map((block) => block.trim()).join('\n\n')}\n`;
}

const link = (href: string, text: string) =>
  `<a href="${escapeMarkup(href)}" target="_blank" rel="noopener" style="color:${COLOR.primary};text-decoration:underline;">${escapeMarkup(text)}</a>`;

function contactsHtml(contacts: MailContacts, style: string): string {
  const lines = [
    `<strong style="color:${COLOR.text};">${escapeMarkup(contacts.title)}</strong>`,
    contacts.phone &&
      `Телефон: ${contacts.phone.dial ? link(`tel:${contacts.phone.dial}`, contacts.phone.text) : escapeMarkup(contacts.phone.text)}`,
    [
      contacts.whatsapp && `WhatsApp: ${link(contacts.whatsapp.url, contacts.whatsapp.text)}`,
      contacts.telegram && `Telegram: ${link(contacts.telegram.url, contacts.telegram.text)}`,
    ]
      .filter(Boolean)
      .join(' · '),
    contacts.address && escapeMarkup(contacts.address),
    link(contacts.site.url, contacts.site.text),
  ].filter(Boolean);
  return `<p style="${style}">${lines.join('<br>')}</p>`;
}

function renderHtml(content: MailContent, url: string | undefined, contacts: MailContacts): string {
  const body = `margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:24px;color:${COLOR.text};`;
  const small = `margin:0 0 8px;font-family:${FONT};font-size:13px;line-height:20px;color:${COLOR.muted};`;
  const paragraphs = content.paragraphs.map((p) => paragraphHtml(p, body)).join('\n');
  const action = content.action && url ? actionHtml(content.action.label, url, small) : '';
  const footnote = content.footnote ? paragraphHtml(content.footnote, small) : '';
  // Invisible filler after the preheader keeps clients from pulling body text into the inbox preview.
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;max-width:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${COLOR.page};opacity:0;">${escapeMarkup(content.preheader)}${'&#8199;&#847;'.repeat(40)}</div>`
    : '';
  const heading = escapeMarkup(content.heading);
  return `<!DOCTYPE html>
<html lang="ru" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${heading}</title>
</head>
<body style="margin:0;padding:0;width:100%;background-color:${COLOR.page};">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOR.page}" style="background-color:${COLOR.page};">
<tr><td align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="560" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;border-collapse:separate;">
<tr><td bgcolor="${COLOR.header}" style="background-color:${COLOR.header};padding:16px 28px;border-radius:8px 8px 0 0;font-family:${FONT};font-size:20px;line-height:28px;font-weight:bold;color:${COLOR.onHeader};">${BRAND}</td></tr>
<tr><td bgcolor="${COLOR.card}" style="background-color:${COLOR.card};padding:28px;border:1px solid ${COLOR.border};border-top:0;border-radius:0 0 8px 8px;">
<h1 style="margin:0 0 20px;font-family:${FONT};font-size:22px;line-height:30px;font-weight:bold;color:${COLOR.text};">${heading}</h1>
${paragraphs}
${action}
</td></tr>
<tr><td style="padding:16px 28px 0;">
${contactsHtml(contacts, small)}
${footnote}
<p style="${small}">© ${BRAND}</p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}

// Outlook ignores padding on links, so the colour sits on the cell and the whole cell is the button.
function actionHtml(label: string, url: string, small: string): string {
  const href = escapeMarkup(url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" bgcolor="${COLOR.primary}" style="background-color:${COLOR.primary};border-radius:6px;">
<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 28px;font-family:${FONT};font-size:16px;line-height:24px;font-weight:bold;color:${COLOR.onHeader};text-decoration:none;border-radius:6px;">${escapeMarkup(label)}</a>
</td></tr>
</table>
<p style="${small}">Если кнопка не открывается, скопируйте ссылку в адресную строку браузера:</p>
<p style="${small}word-break:break-all;"><a href="${href}" target="_blank" rel="noopener" style="color:${COLOR.primary};text-decoration:underline;">${href}</a></p>`;
}
