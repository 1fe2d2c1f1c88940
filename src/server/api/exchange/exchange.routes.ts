import { createRoute, z } from '@hono/zod-openapi';

const tags = ['Exchange'];

export const exchangeQuery = z.object({
  type: z.string().max(32).optional().openapi({ description: '`catalog` or `sale`' }),
  mode: z
    .string()
    .max(32)
    .optional()
    .openapi({ description: '`checkauth`, `init`, `file`, `import`, `query`, `success`, `complete`' }),
  filename: z.string().max(300).optional().openapi({ description: 'The file sent (`file`) or to import (`import`)' }),
  sessid: z.string().max(128).optional().openapi({ description: 'The session, for a 1C that sends it in the query' }),
});

const plainText = {
  200: {
    description:
      'Plain text, lines separated by `\\n`: `success` (checkauth: then the cookie name and value), `progress`, ' +
      '`zip=yes` and `file_limit=` (init), or `failure` and the reason',
    content: {
      'text/plain': { schema: z.string() },
      'application/xml': {
        schema: z.string().openapi({ description: 'type=sale&mode=query: the orders (CommerceML)' }),
      },
    },
  },
};

const description =
  "1C:Enterprise's «Обмен с сайтом» (CommerceML 2). `checkauth` takes HTTP Basic as a staff account with the " +
  'exchange permission; every later request carries the session cookie it answered.';

export const exchangeGet = createRoute({
  method: 'get',
  path: '/exchange/1c/',
  operationId: 'exchange_1c_retrieve',
  tags,
  summary: 'The exchange with 1C: checkauth, init, import, query',
  description,
  security: [{ basicAuth: [] }],
  request: { query: exchangeQuery },
  responses: plainText,
});

export const exchangePost = createRoute({
  method: 'post',
  path: '/exchange/1c/',
  operationId: 'exchange_1c_create',
  tags,
  summary: "The exchange with 1C: a file's part (mode=file), or any mode 1C posts",
  description,
  security: [{ basicAuth: [] }],
  request: {
    query: exchangeQuery,
    body: {
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      required: false,
    },
  },
  responses: plainText,
});
