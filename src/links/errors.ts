/** Usage errors of the link checker, with permanent codes and a hint that says what to do. */

export type LinkCheckErrorCode = 'LinksDirNotFound' | 'LinksDirNotADirectory' | 'LinksNoPages' | 'LinksBadFormat';

export class LinkCheckError extends Error {
  constructor(
    readonly code: LinkCheckErrorCode,
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'LinkCheckError';
  }
}

export const linkCheckErrors = {
  dirNotFound: (dir: string) =>
    new LinkCheckError(
      'LinksDirNotFound',
      `The folder to check, ${dir}, does not exist.`,
      'Build the site first (ppguide build), or pass the folder that holds the HTML: ppguide check-links path/to/site',
    ),
  notADirectory: (dir: string) =>
    new LinkCheckError(
      'LinksDirNotADirectory',
      `${dir} is a file, not a folder.`,
      'Pass the folder that holds the site, not one page: ppguide check-links path/to/site',
    ),
  noPages: (dir: string) =>
    new LinkCheckError(
      'LinksNoPages',
      `No HTML pages (*.html, *.htm) were found in ${dir}.`,
      'Check that this is the output folder of the build (by default dist/).',
    ),
  badFormat: (format: string) =>
    new LinkCheckError('LinksBadFormat', `Unknown output format "${format}".`, 'Use --format text (default) or --format json.'),
};
