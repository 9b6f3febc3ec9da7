/** Hex digest over the state of ppguide's code in `packageDir`; `extra` (strings or bytes) joins it. */
export declare function sourceFingerprint(packageDir: string, ...extra: (string | Uint8Array)[]): string;
