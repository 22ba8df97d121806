import { Fragment, type ReactNode } from 'react';

/**
 * A catalog text with its `{placeholders}` filled and its `backticked` parts (file names, variables, commands)
 * as code. A string value is data the upstream or configuration chose (a status, a serial, an enum value), so it
 * is code too; a number or an element is shown as it is.
 */
export function richText(text: string, values: Record<string, ReactNode> = {}): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/`([^`]+)`|\{(\w+)\}/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [whole, literal, name] = match;
    if (literal !== undefined) parts.push(<code key={parts.length}>{literal}</code>);
    else if (name !== undefined && name in values) {
      const value = values[name];
      parts.push(
        typeof value === 'string' ? (
          <code key={parts.length}>{value}</code>
        ) : (
          <Fragment key={parts.length}>{value}</Fragment>
        ),
      );
    } else parts.push(whole);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
