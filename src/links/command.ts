/**
 * `ppguide check-links [DIR]`: runs the checker and prints the report. Returns the exit code
 * instead of exiting, so the CLI owns the one process exit and tests call this directly.
 */
import { checkLinks } from './check.ts';
import { describe, isPpgError } from '../core/errors.ts';
import { linkCheckErrors } from './errors.ts';
import { formatJson, formatText } from './report.ts';

export const EXIT_CLEAN = 0;
export const EXIT_BROKEN = 1;
export const EXIT_USAGE = 2;

export async function runCheckLinksCommand(
  dir: string,
  opts: { external?: boolean; format?: 'text' | 'json' } = {},
): Promise<number> {
  const format = opts.format ?? 'text';
  try {
    const report = await checkLinks({ dir, external: opts.external });
    if (report.pages === 0) throw linkCheckErrors.noPages(dir);
    process.stdout.write(format === 'json' ? formatJson(report) : formatText(report));
    return report.problems.length > 0 ? EXIT_BROKEN : EXIT_CLEAN;
  } catch (err) {
    if (isPpgError(err)) {
      process.stderr.write(`${describe(err)}\n`);
      return EXIT_USAGE;
    }
    throw err;
  }
}
