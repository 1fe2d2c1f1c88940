import { z } from '@hono/zod-openapi';
import type { ErrorTree } from '../errors.ts';

/**
 * Maps zod issues to DRF field errors: `{field: [messages]}`, nested as DRF nests them (an object's
 * fields under its name, a list's items as a list with `{}` for the items without errors, so
 * `items.1.quantity` becomes `{items: [{}, {quantity: [...]}]}`); issues without a path go to
 * `non_field_errors`.
 */
export function zodIssuesToFields(issues: readonly z.core.$ZodIssue[]): ErrorTree {
  const fields: ErrorTree = {};
  for (const issue of issues) {
    const path = issue.path.length ? issue.path : ['non_field_errors'];
    let node: ErrorTree | ErrorTree[] = fields;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && typeof path[i + 1] === 'number';
      if (Array.isArray(node)) {
        const index = Number(key);
        while (node.length <= index) node.push({});
        if (last) break; // A message for a list item itself has nowhere to go in DRF's shape but the item.
        node = node[index]!;
        continue;
      }
      const name = String(key);
      // Own keys only: a field named `constructor` must not find Object's.
      const own = (tree: ErrorTree) => (Object.hasOwn(tree, name) ? tree[name] : undefined);
      if (last) {
        const existing = own(node);
        if (Array.isArray(existing) && (existing.length === 0 || typeof existing[0] === 'string'))
          (existing as string[]).push(issue.message);
        else if (existing === undefined) node[name] = [issue.message];
        break;
      }
      const existing = own(node);
      if (existing === undefined || (Array.isArray(existing) && typeof existing[0] === 'string')) {
        if (existing !== undefined) break; // The field already has its own messages; keep those.
        node[name] = nextIsIndex ? [] : {};
      }
      node = node[name] as ErrorTree | ErrorTree[];
    }
  }
  return fields;
}
