import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js";

/**
 * Phone numbers as data, read by libphonenumber-js (Google's libphonenumber metadata) rather than
 * a pattern: a number written without a country code is read as Dominican (area codes 809, 829
 * and 849 of the North American plan), and one of another country must start with its + code.
 */
export const HOME_COUNTRY = "DO";

export interface PhoneLink {
  /** RFC 3966, E.164 with an extension if any: `tel:+18095711507`. */
  href: string;
  /** What the card shows: national format for a Dominican number, `(809) 571-1507`; international for others. */
  text: string;
  /** For structured data and comparisons: `+1 809 571 1507`. */
  international: string;
  /** E.164 (`+18095711507`): two listings with the same one share a phone. */
  e164: string;
}

export function parsePhone(text: string): PhoneNumber | undefined {
  const phone = parsePhoneNumberFromString(text, HOME_COUNTRY);
  if (!phone?.isValid()) return undefined;
  // The North American plan would read '212 736 5000' as New York's: written without a + code,
  // a number on a Dominican listing must be Dominican.
  if (!text.trim().startsWith("+") && phone.country !== HOME_COUNTRY) return undefined;
  return phone;
}

/**
 * The link and text of a valid number; undefined for an empty or invalid one (an invalid one fails the build first).
 */
export function phoneLink(text: string | undefined): PhoneLink | undefined {
  const phone = text ? parsePhone(text) : undefined;
  if (!phone) return undefined;
  return {
    href: phone.getURI(),
    text: phone.country === HOME_COUNTRY ? phone.formatNational() : phone.formatInternational(),
    international: phone.formatInternational(),
    e164: phone.number,
  };
}
