interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: { type?: string; enum?: string[]; default?: unknown };
}
interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}
interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const escape = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A self-contained HTML reference of the OpenAPI document: no scripts, no third-party assets. */
export function renderDocsPage(document: unknown): string {
  const doc = document as OpenApiDocument;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code>${p.required ? ' <b>*</b>' : ''}</td><td>${escape(p.in)}</td><td>${escape(
              p.schema?.enum ? p.schema.enum.join(' | ') : p.schema?.type,
            )}${p.schema?.default !== undefined ? ` (default ${escape(p.schema.default)})` : ''}</td><td>${escape(p.description)}</td></tr>`,
        )
        .join('');
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<li><code>${escape(code)}</code> ${escape(r.description)}</li>`)
        .join('');
      const html = `<section><h3><span class="m m-${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary)}</p>${params ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>${params}</tbody></table>` : ''}
<ul class="r">${responses}</ul></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const body = [...byTag].map(([tag, ops]) => `<h2>${escape(tag)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(doc.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1c2733}h1{margin-top:0}section{border:1px solid #dfe6ec;border-radius:8px;padding:12px 16px;margin:12px 0}h3{margin:0;font-size:16px}table{border-collapse:collapse;width:100%;font-size:14px}td,th{border-top:1px solid #eef2f5;padding:4px 8px;text-align:left;vertical-align:top}.m{display:inline-block;min-width:56px;border-radius:4px;padding:0 6px;color:#fff;background:#0b7a75;font-size:13px;text-align:center}.m-post{background:#2457a6}.m-delete{background:#b3261e}.m-patch,.m-put{background:#8a5a00}.r{margin:8px 0 0;padding-left:18px;font-size:14px}</style></head>
<body><h1>${escape(doc.info.title)}</h1><p>${escape(doc.info.description)}</p><p>Machine-readable: <a href="/api/v1/schema/">/api/v1/schema/</a></p>${body}</body></html>`;
}
