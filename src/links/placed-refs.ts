/**
 * A scan's shared parts hold their references as scanned on their own (line 1 being the part's
 * first line): these place one in the page, and give a scan with every reference in it.
 */
import type { LinkScan, PlacedRefs, RawRef } from "./types.ts";

/** `ref` of a shared part at its line and column in the page; a page's own `ref` (no part) as it is. */
export function placeRef(ref: RawRef, at: PlacedRefs | undefined): RawRef {
  if (!at) return ref;
  return {
    ...ref,
    line: ref.line + at.line - 1,
    col: ref.line === 1 ? ref.col + at.col - 1 : ref.col,
  };
}

/** The scan with its shared parts' references placed among its own, in the page's order: as scanPage gives it. */
export function flatScan(scan: LinkScan): LinkScan {
  const { shared, ...own } = scan;
  if (!shared?.length) return own;
  const refs = [...own.refs];
  for (const part of shared) for (const ref of part.refs) refs.push(placeRef(ref, part));
  refs.sort((a, b) => a.line - b.line || a.col - b.col);
  return { ...own, refs };
}
