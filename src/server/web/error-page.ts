/**
 * The pages' answer to an error: 503 when the database cannot be reached (with `Retry-After`), else
 * 500, never the 404 page. The page is static HTML that needs no database, no layout data and no
 * script, is never cached (`no-store`), and every error is logged through the JSON logger. It shows the
 * request's id, which is in every log line of the request, so what a customer reads out is found.
 */
import { asUnavailable } from '../errors.ts';
import { logger } from '../logger.ts';
import { requestId } from '../request-scope.ts';
import { escapeMarkup } from '../../shared/escape.ts';
import { SHOP_NAME } from '../../shared/site.ts';

const log = logger.child({ module: 'pages' });

/** Its own policy: inline styles, nothing that runs. */
const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TEXTS = {
  500: {
    title: 'Что-то пошло не так',
    lead: 'На нашей стороне произошла ошибка, и страница не открылась. Мы уже знаем о ней.',
  },
  503: {
    title: 'Магазин ненадолго недоступен',
    lead: 'Мы восстанавливаем работу. Обновите страницу через несколько секунд.',
  },
} as const;

/** The static error page's HTML for `status`, with the id of the request that failed when there is one. */
export function errorPageHtml(status: 500 | 503, id = requestId()): string {
  const text = TEXTS[status];
  const reference = id
    ? `<p class="ref">Если будете писать в поддержку, укажите код запроса: <code>${escapeMarkup(id)}</code></p>\n`
    : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${text.title} — ${SHOP_NAME}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f7f9fb}
main{max-width:32rem;margin:15vh auto;padding:0 1.5rem;text-align:center}
.code{font-size:4rem;font-weight:700;color:#0b6e99;margin:0}
h1{font-size:1.5rem}
p{line-height:1.5;color:#52606d}
.ref{font-size:.875rem}
code{font-size:.875rem;color:#1f2933;word-break:break-all}
a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#0b6e99;color:#fff;text-decoration:none}
</style>
</head>
<body>
<main>
<p class="code">${status}</p>
<h1>${text.title}</h1>
<p>${text.lead}</p>
${reference}<a href="/">На главную</a>
</main>
</body>
</html>
`;
}

/** Logs `error` (a page at `url` failed) and answers the static error page. */
export function errorPageResponse(error: unknown, request: Request): Response {
  const unavailable = asUnavailable(error);
  const status = unavailable ? 503 : 500;
  const path = new URL(request.url).pathname.slice(0, 300);
  if (unavailable) log.warn({ err: error, path, method: request.method }, 'A page could not reach the database');
  else log.error({ err: error, path, method: request.method }, 'A page failed to render');
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': ERROR_PAGE_CSP,
  });
  if (unavailable) headers.set('Retry-After', String(unavailable.retryAfterSeconds));
  return new Response(request.method === 'HEAD' ? null : errorPageHtml(status), { status, headers });
}
