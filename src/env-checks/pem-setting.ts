/**
 * A key or certificate setting holds either the PEM text itself or the path of the file Alipay's console handed
 * out (`appCertPublicKey_<appid>.crt` …). Text is recognised by its armour, or as the bare Base64 keys Alipay's
 * key tool prints (far longer than a path, Base64 characters only); `\n` written literally (one-line environment
 * files) becomes a line break.
 */
import { readFileSync } from 'node:fs';

export class PemSettingError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'PemSettingError';
  }
}

export function readPemSetting(variable: string, value: string): string {
  const isText = value.includes('-----BEGIN') || (value.length >= 200 && /^[A-Za-z0-9+/=\s]+$/.test(value));
  const text = isText ? value : readPemFile(variable, value);
  return text.replaceAll('\\n', '\n');
}

function readPemFile(variable: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PemSettingError(
      variable,
      code === 'ENOENT'
        ? `no file at ${path} (give the PEM text or the path of the file)`
        : `cannot read ${path} (${code ?? 'unknown error'})`,
    );
  }
}
