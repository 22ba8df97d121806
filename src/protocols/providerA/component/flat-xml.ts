/**
 * A deliberately small XML reader/writer for WeChat's push documents: `<xml>` with child elements holding
 * CDATA or text, nested at most a few levels. No attributes, no DTDs, no entity definitions, no processing
 * instructions beyond a leading XML declaration — anything else is refused, so there is nothing to expand
 * (no XXE, no entity bombs) and no external parser to trust.
 */
export type XmlValue = string | XmlRecord;
export type XmlRecord = { [name: string]: XmlValue };

export class XmlFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlFormatError';
  }
}

const MAX_BYTES = 256 * 1024;
const MAX_DEPTH = 4;
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    const known = Object.hasOwn(ENTITIES, entity) ? ENTITIES[entity] : undefined;
    if (known === undefined) throw new XmlFormatError(`Unknown entity ${whole}.`);
    return known;
  });
}

/** Parses the children of one element starting at `pos`; returns the record and the position of `</`. */
function parseChildren(xml: string, start: number, depth: number): { value: XmlValue; end: number } {
  if (depth > MAX_DEPTH) throw new XmlFormatError('The document is nested too deeply.');
  const record: XmlRecord = {};
  let text = '';
  let sawElement = false;
  let pos = start;
  while (pos < xml.length) {
    if (xml.startsWith('<![CDATA[', pos)) {
      const close = xml.indexOf(']]>', pos + 9);
      if (close === -1) throw new XmlFormatError('Unterminated CDATA section.');
      text += xml.slice(pos + 9, close);
      pos = close + 3;
    } else if (xml.startsWith('</', pos)) {
      break;
    } else if (xml.startsWith('<!--', pos)) {
      const close = xml.indexOf('-->', pos + 4);
      if (close === -1) throw new XmlFormatError('Unterminated comment.');
      pos = close + 3;
    } else if (xml[pos] === '<') {
      const tagEnd = xml.indexOf('>', pos);
      if (tagEnd === -1) throw new XmlFormatError('Unterminated tag.');
      const tag = xml.slice(pos + 1, tagEnd);
      const selfClosing = tag.endsWith('/');
      const name = selfClosing ? tag.slice(0, -1).trim() : tag;
      if (!NAME.test(name)) throw new XmlFormatError('Unsupported markup (attributes, declarations or invalid names).');
      sawElement = true;
      let value: XmlValue = '';
      let next = tagEnd + 1;
      if (!selfClosing) {
        const inner = parseChildren(xml, next, depth + 1);
        const closing = `</${name}>`;
        if (!xml.startsWith(closing, inner.end)) throw new XmlFormatError(`Element <${name}> is not closed.`);
        value = inner.value;
        next = inner.end + closing.length;
      }
      // The first occurrence wins; repeated elements do not occur in the documents we read.
      // Own properties only: an element named __proto__ must not become the record's prototype.
      if (!Object.hasOwn(record, name))
        Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
      pos = next;
    } else {
      const nextTag = xml.indexOf('<', pos);
      const end = nextTag === -1 ? xml.length : nextTag;
      text += decodeText(xml.slice(pos, end));
      pos = end;
    }
  }
  if (sawElement) {
    if (text.trim() !== '') throw new XmlFormatError('Mixed text and elements are not supported.');
    return { value: record, end: pos };
  }
  return { value: text, end: pos };
}

/** Parses `<xml>…</xml>` into a record of its children. */
export function parseFlatXml(input: string): XmlRecord {
  if (input.length > MAX_BYTES) throw new XmlFormatError('The document is too large.');
  let xml = input.replace(/^\uFEFF/, '').trim();
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end === -1) throw new XmlFormatError('Unterminated XML declaration.');
    xml = xml.slice(end + 2).trim();
  }
  if (!xml.startsWith('<xml>') || !xml.endsWith('</xml>')) throw new XmlFormatError('The document root must be <xml>.');
  const { value, end } = parseChildren(xml, 5, 1);
  if (end !== xml.length - 6) throw new XmlFormatError('Unexpected content after the root element.');
  return typeof value === 'string' ? {} : value;
}

/** A child's text, or undefined when absent or not a text element. */
export function xmlText(record: XmlRecord, name: string): string | undefined {
  const value = record[name];
  return typeof value === 'string' ? value : undefined;
}

function cdata(value: string): string {
  // A literal "]]>" cannot live inside one CDATA section: split it across two.
  return `<![CDATA[${value.split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

/** Builds `<xml>` with strings as CDATA and numbers as plain text, in the given key order. */
export function buildFlatXml(fields: Record<string, string | number>): string {
  const children = Object.entries(fields).map(([name, value]) => {
    if (!NAME.test(name)) throw new XmlFormatError(`Invalid element name ${name}.`);
    return `<${name}>${typeof value === 'number' ? String(value) : cdata(value)}</${name}>`;
  });
  return `<xml>${children.join('')}</xml>`;
}
