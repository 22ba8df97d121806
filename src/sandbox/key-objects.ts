import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

// Parsing a PEM costs about a millisecond; the sandbox's keys never change, so each is parsed once.
const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();

export function privateKeyObject(pem: string): KeyObject {
  let key = privateKeys.get(pem);
  if (!key) privateKeys.set(pem, (key = createPrivateKey(pem)));
  return key;
}

export function publicKeyObject(pem: string): KeyObject {
  let key = publicKeys.get(pem);
  if (!key) publicKeys.set(pem, (key = createPublicKey(pem)));
  return key;
}
