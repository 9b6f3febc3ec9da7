/**
 * Worker threads must start from TypeScript sources (vitest here, tsx for the CLI): the worker is
 * a .ts module loaded with `--import tsx`. These tests make the worker do all the parsing, so a
 * worker that fails to boot cannot hide behind this thread's share of the work.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanPage } from '../../src/links/extract.ts';
import { listSiteFiles } from '../../src/links/site-files.ts';
import { scanPages } from '../../src/links/workers.ts';
import { readFileSync } from 'node:fs';

const root = join(import.meta.dirname, '..', '..');
const site = join(root, 'test', 'fixtures', 'links-site');

describe('scanPages', () => {
  it('parses every page on a worker started from .ts sources', async () => {
    const pages = listSiteFiles(site).filter((f) => f.endsWith('.html'));
    // Repeat the list so there are several chunks to hand out.
    const files = Array.from({ length: 10 }, () => pages).flat();
    const result = await scanPages(site, files, 2, { mainThreadScans: false });
    expect(result.byWorkers).toBe(files.length);
    expect(result.scans).toEqual(files.map((f) => scanPage(readFileSync(join(site, f), 'utf8'))));
  });

  it('runs under plain `tsx` too (how the CLI runs), with the worker doing the parsing', () => {
    const script = `
      import { scanPages } from './src/links/workers.ts';
      const files = Array.from({ length: 100 }, () => 'index.html');
      const r = await scanPages(${JSON.stringify(site)}, files, 2, { mainThreadScans: false });
      console.log(JSON.stringify({ byWorkers: r.byWorkers, refs: r.scans[99].refs.length }));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ byWorkers: 100, refs: scanPage(readFileSync(join(site, 'index.html'), 'utf8')).refs.length });
  });
});
