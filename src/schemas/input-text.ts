/** What every text a client sends must be before any schema or query sees it (body, query, tRPC input, cursor). */

// C0 controls other than tab, line feed and carriage return, and DEL: no field takes them, and PostgreSQL
// cannot store NUL in text at all (it would fail the query with a 500).
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// A surrogate without its partner (JSON's "\ud800"): no UTF-8 encodes it, so PostgreSQL refuses the jsonb or text
// it sits in. The same test as String.prototype.isWellFormed, which the ES2023 lib this project targets lacks.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);
export const isWellFormedText = (text: string) => !LONE_SURROGATE.test(text);

export type TextFault = 'control_character' | 'ill_formed_unicode';

export const textFault = (text: string): TextFault | undefined =>
  hasControlCharacters(text) ? 'control_character' : isWellFormedText(text) ? undefined : 'ill_formed_unicode';
