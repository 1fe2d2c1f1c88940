import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const hooks = path.resolve(import.meta.dirname, '../../../scripts/module-format-hooks.ts');
const root = mkdtempSync(path.join(os.tmpdir(), 'module-hooks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

// Packages of every kind the hooks meet: ES modules by "type", CommonJS by "type", a package without
// "type" (Node reads each file to tell), a nested package.json that changes the type, .mjs and .cjs,
// and two versions of one package, one nested under another package.
write('node_modules/esm/package.json', JSON.stringify({ name: 'esm', type: 'module', exports: { '.': './index.js' } }));
write(
  'node_modules/esm/index.js',
  "export { a } from './lib/a.js';\nexport { b } from './lib/b.mjs';\nexport { c } from './cjs/c.js';",
);
write('node_modules/esm/lib/a.js', "import { version } from 'dep';\nexport const a = `esm a, dep ${version}`;");
write('node_modules/esm/lib/b.mjs', "export const b = 'esm b';");
write('node_modules/esm/cjs/package.json', JSON.stringify({ type: 'commonjs' }));
write('node_modules/esm/cjs/c.js', "exports.c = typeof require === 'function' ? 'cjs c' : 'not cjs';");
write('node_modules/cjs/package.json', JSON.stringify({ name: 'cjs', type: 'commonjs', main: 'index.js' }));
write(
  'node_modules/cjs/index.js',
  "const { x } = require('./x.js');\nconst { y } = require('./y.cjs');\nmodule.exports = { cjs: x + y };",
);
write('node_modules/cjs/x.js', "exports.x = 'cjs x ';");
write('node_modules/cjs/y.cjs', "exports.y = 'cjs y';");
write('node_modules/plain/package.json', JSON.stringify({ name: 'plain', main: 'index.js' }));
write('node_modules/plain/index.js', "import { p } from './p.js';\nexport const plain = p;");
write('node_modules/plain/p.js', "export const p = 'plain, told by its syntax';");
write('node_modules/dep/package.json', JSON.stringify({ name: 'dep', type: 'module', exports: './index.js' }));
write('node_modules/dep/index.js', "export const version = '1';");
write('node_modules/other/package.json', JSON.stringify({ name: 'other', type: 'module', exports: './index.js' }));
write('node_modules/other/index.js', "export { version } from 'dep';");
write(
  'node_modules/other/node_modules/dep/package.json',
  JSON.stringify({ name: 'dep', type: 'module', exports: './index.js' }),
);
write('node_modules/other/node_modules/dep/index.js', "export const version = '2';");
write('node_modules/broken/package.json', JSON.stringify({ name: 'broken', type: 'module', exports: './index.js' }));
write('node_modules/broken/index.js', "export { gone } from './gone.js';");
write('src/a/one.js', "export { version } from 'dep';");
write('src/b/two.js', "export { version } from 'dep';");
write(
  'main.mjs',
  `import { a, b, c } from 'esm';
import cjs from 'cjs';
import { plain } from 'plain';
import { version as otherDep } from 'other';
import { version as one } from './src/a/one.js';
import { version as two } from './src/b/two.js';
let broken;
try { await import('broken'); } catch (error) { broken = error.code; }
console.log(JSON.stringify({ a, b, c, cjs: cjs.cjs, plain, otherDep, one, two, broken }));`,
);

const run = (args: string[]) => execFileSync(process.execPath, [...args, 'main.mjs'], { cwd: root, encoding: 'utf8' });

describe('the start script’s module hooks', () => {
  it('load every kind of package as Node does without them', () => {
    const plain = run([]);
    expect(JSON.parse(plain)).toEqual({
      a: 'esm a, dep 1',
      b: 'esm b',
      c: 'cjs c',
      cjs: 'cjs x cjs y',
      plain: 'plain, told by its syntax',
      otherDep: '2',
      one: '1',
      two: '1',
      broken: 'ERR_MODULE_NOT_FOUND',
    });
    expect(run(['--import', hooks])).toBe(plain);
  });
});
