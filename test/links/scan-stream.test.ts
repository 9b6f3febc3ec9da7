/**
 * A build hands each page to ScanStream as it renders it, and checkLinks then uses those scans
 * instead of reading and parsing the pages again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLinks, ScanStream } from '../../src/links/index.ts';

const site = join(import.meta.dirname, '..', 'fixtures', 'links-broken');

describe('ScanStream', () => {
  it('scans pages on a worker and gives checkLinks the same findings as reading the files', async () => {
    const stream = new ScanStream();
    const pages = readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    for (const page of pages) stream.add(page, readFileSync(join(site, page), 'utf8'));
    const scans = await stream.finish();
    expect([...scans.keys()].sort()).toEqual([...pages].sort());
    const fromStream = await checkLinks({ dir: site, scans, threads: 1 });
    const fromFiles = await checkLinks({ dir: site, threads: 1 });
    expect(fromStream).toEqual(fromFiles);
    expect(fromStream.problems.length).toBeGreaterThan(10);
  });

  it('uses the scans it is given rather than the files', async () => {
    const stream = new ScanStream();
    // A page whose scan says it links nowhere: the problems on the real file must disappear.
    stream.add('index.html', '<!doctype html><title>x</title>');
    const scans = await stream.finish();
    expect((await checkLinks({ dir: site, threads: 1 })).problems.filter((p) => p.file === 'index.html')).toHaveLength(23);
    const report = await checkLinks({ dir: site, scans, threads: 1 });
    expect(report.problems.filter((p) => p.file === 'index.html')).toEqual([]);
  });
});
