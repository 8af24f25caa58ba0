/**
 * A NUL (U+0000), or a UTF-16 surrogate that is not half of a pair (JSON's `"\ud800"` escape
 * makes one): neither is a character any field accepts, and neither survives storage the same
 * on both engines — PostgreSQL text refuses NUL, and stores an unpaired surrogate as U+FFFD, so
 * a value would come back different from what was written. (With the `u` flag a paired
 * surrogate is one code point and does not match.)
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
export const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** Whether `text` has no character that storage would refuse or change (see UNSTORABLE). */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);
