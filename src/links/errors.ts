/** Usage errors of the link checker: entries of the one catalogue (core/errors-data.ts). */
import { PpgError } from '../core/errors.ts';

export const linkCheckErrors = {
  dirNotFound: (dir: string) => new PpgError('LinksDirNotFound', `the folder to check, ${dir}, does not exist`),
  notADirectory: (dir: string) => new PpgError('LinksDirNotADirectory', `${dir} is a file, not a folder`),
  noPages: (dir: string) => new PpgError('LinksNoPages', `no HTML pages (*.html, *.htm) were found in ${dir}`),
};
