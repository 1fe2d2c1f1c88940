import { compareProducts as compare } from '../../catalog/comparison.queries.ts';
import type { AppRouteHandler } from '../create-router.ts';
import type * as routes from './comparison.routes.ts';

export const compareProducts: AppRouteHandler<typeof routes.compareProducts> = async (c) =>
  c.json(await compare(c.req.valid('query').ids), 200);
