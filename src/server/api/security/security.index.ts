import { bodyLimit } from 'hono/body-limit';
import { createRouter } from '../create-router.ts';
import * as handlers from './security.handlers.ts';
import * as routes from './security.routes.ts';

// A browser's report is a few hundred bytes; a batch of them a few kilobytes.
const MAX_BODY_BYTES = 16 * 1024;

const router = createRouter();
router.use(
  '/security/*',
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ detail: 'Request body is too large.' }, 413) }),
);

export const securityRouter = router.openapi(routes.cspReport, handlers.cspReport);
