/** Usage errors of the link checker: entries of the one catalogue (core/errors-data.ts). */
import { PpgError } from "../core/errors.ts";

export const linkCheckErrors = {
  dirNotFound: (dir: string) => new PpgError("LinksDirNotFound", { dir }),
  notADirectory: (dir: string) => new PpgError("LinksDirNotADirectory", { dir }),
  noPages: (dir: string) => new PpgError("LinksNoPages", { dir }),
};
