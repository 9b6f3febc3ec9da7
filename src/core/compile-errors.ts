import { join, relative } from "node:path";
import type { BuildFailure, Message } from "esbuild";
import { PpgError, PpgErrorList, type ErrorCode } from "./errors.ts";
import { PACKAGE_DIR } from "./package-dir.ts";

/** What esbuild compiles for a site: the templates, the stylesheet, the browser scripts. */
export type CompileCode = Extract<ErrorCode, "TemplateFailed" | "StyleFailed" | "ScriptFailed">;

/**
 * esbuild's messages as PpgErrors: `templates/pages/Article.tsx:12:7  Expected ">" but found "/"`.
 * `locate` moves a location esbuild gives in its input (stdin) to the file it came from.
 */
export function compileErrors(
  err: unknown,
  code: CompileCode,
  locate?: (line: number) => { file: string; line: number },
): PpgError | PpgErrorList {
  const messages = (err as Partial<BuildFailure>).errors;
  if (!Array.isArray(messages) || messages.length === 0) return new PpgError(code, { reason: (err as Error).message });
  return new PpgErrorList(
    messages.map((m: Message) => {
      const at = m.location && (locate ? locate(m.location.line) : { file: m.location.file, line: m.location.line });
      return new PpgError(
        code,
        { reason: m.text },
        {
          location:
            at && m.location ? { file: displayPath(at.file), line: at.line, column: m.location.column + 1 } : undefined,
        },
      );
    }),
  );
}

/** esbuild reports paths relative to the working directory; show them from the package root. */
function displayPath(file: string): string {
  const abs = file.startsWith("/") ? file : join(process.cwd(), file);
  return relative(PACKAGE_DIR, abs).split("\\").join("/");
}
