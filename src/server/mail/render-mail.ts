import { escapeMarkup } from '../../shared/escape.ts';
import { SHOP_NAME } from '../../shared/site.ts';

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
 * A Russian mail in the shop's layout: the HTML version (tables and inline styles, which Gmail,
 * Outlook and Mail.ru all render) and the plain-text version, with every value escaped.
 * @throws Error when `action.url` is not an absolute http(s) URL.
 */
export function renderMail(content: MailContent): { text: string; html: string } {
  const url = content.action ? checkedUrl(content.action.url) : undefined;
  return { text: renderText(content, url), html: renderHtml(content, url) };
}

function renderText(content: MailContent, url: string | undefined): string {
  const blocks = [BRAND, content.heading, ...content.paragraphs];
  if (content.action && url) blocks.push(`${content.action.label}:\n${url}`);
  if (content.footnote) blocks.push(`—\n${content.footnote}`);
  return `${blocks.map((block) => block.trim()).join('\n\n')}\n`;
}

function renderHtml(content: MailContent, url: string | undefined): string {
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
