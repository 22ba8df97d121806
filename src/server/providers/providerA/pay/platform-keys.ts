import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import {
  isPublicKeyId,
  newestEffectiveCertificate,
  type PlatformCertificate,
} from '@/protocols/providerA/pay/platform-certificates';
import { AppError } from '@/server/errors';
import type { ProviderAPlatformKeys } from './types';

/**
 * The platform keys: lookup by `Wechatpay-Serial` for verification, and the one key (with its serial) that
 * encrypts sensitive fields (docs/upstream/providerA.md A.4). Asynchronous because downloaded certificates may
 * have to be read from their store or fetched first.
 */
export type PlatformKeyRing = {
  /** Serial or public-key id → public key. Certificate serials are matched case-insensitively. */
  find(serial: string): Promise<KeyObject | undefined>;
  encryption(): Promise<{ serial: string; key: KeyObject }>;
  /** Downloaded certificates only: fetch the list now, whatever is stored (the schedule, doctor). */
  refresh(): Promise<PlatformCertificate[]>;
};

/** A serial that one download did not bring is not downloaded for again within this time (a forged serial must not turn every answer into a download). */
const MISS_COOLDOWN_MS = 60_000;

type Indexed = { certificates: PlatformCertificate[]; keys: Map<string, KeyObject> };

const index = (certificates: PlatformCertificate[]): Indexed => ({
  certificates,
  keys: new Map(certificates.map((c) => [c.serialNo.toUpperCase(), new X509Certificate(c.pem).publicKey])),
});

function staticRing(find: (serial: string) => KeyObject | undefined, encryption: { serial: string; key: KeyObject }) {
  return {
    find: async (serial: string) => find(serial),
    encryption: async () => encryption,
    refresh: async () => {
      throw new AppError('invalid_request', 'providerA: platform certificates are not downloaded in this mode.');
    },
  };
}

/**
 * `download` fetches and checks `/v3/certificates` (the transport's job). For downloaded certificates, one
 * download runs at a time in this process (concurrent callers share it) and, through `store.lock`, across
 * instances; a caller that waited re-reads the store and downloads only when what it needs is still missing.
 */
export function createPlatformKeyRing(
  platform: ProviderAPlatformKeys,
  download: () => Promise<PlatformCertificate[]>,
  now: () => Date = () => new Date(),
): PlatformKeyRing {
  if (platform.mode === 'publicKey') {
    const key = createPublicKey(platform.publicKeyPem);
    return staticRing((serial) => (serial === platform.publicKeyId ? key : undefined), {
      serial: platform.publicKeyId,
      key,
    });
  }
  if (platform.mode === 'certificate') {
    if (platform.certificates.length === 0) throw new Error('providerA: at least one platform certificate is required');
    const entries = platform.certificates.map((c) => {
      const cert = new X509Certificate(c.pem);
      return { serial: c.serialNo.toUpperCase(), key: cert.publicKey, validFrom: Date.parse(cert.validFrom) };
    });
    // During rotation several certificates are valid; WeChat asks to encrypt with the newest one.
    const newest = entries.reduce((a, b) => (b.validFrom > a.validFrom ? b : a));
    return staticRing((serial) => entries.find((e) => e.serial === serial.toUpperCase())?.key, {
      serial: newest.serial,
      key: newest.key,
    });
  }

  const { store } = platform;
  const publicKey = platform.publicKey && {
    id: platform.publicKey.publicKeyId,
    key: createPublicKey(platform.publicKey.publicKeyPem),
  };
  let known: Indexed | undefined;
  let inFlight: Promise<Indexed> | undefined;
  const misses = new Map<string, number>();

  /**
   * `first`: nothing known yet, a list another instance stored meanwhile will do. `wanted`: an answer named this
   * serial, a stored list holding it will do. Neither: download whatever is stored (the schedule, doctor).
   */
  const fetchShared = (need: { first?: boolean; wanted?: string } = {}) =>
    (inFlight ??= store
      .lock(async () => {
        const stored = await store.get();
        if (stored && need.first) return index(stored.certificates);
        if (stored && need.wanted && stored.certificates.some((c) => c.serialNo.toUpperCase() === need.wanted))
          return index(stored.certificates); // another instance fetched it while this one waited
        const certificates = await download();
        await store.set(certificates);
        return index(certificates);
      })
      .finally(() => {
        inFlight = undefined;
      }));

  async function current(): Promise<Indexed> {
    if (known) return known;
    const stored = await store.get();
    known = stored ? index(stored.certificates) : await fetchShared({ first: true });
    return known;
  }

  async function find(serial: string): Promise<KeyObject | undefined> {
    if (isPublicKeyId(serial)) return publicKey && serial === publicKey.id ? publicKey.key : undefined;
    const wanted = serial.toUpperCase();
    const hit = (await current()).keys.get(wanted);
    if (hit) return hit;
    const missedAt = misses.get(wanted);
    if (missedAt !== undefined && now().getTime() - missedAt < MISS_COOLDOWN_MS) return undefined;
    known = await fetchShared({ wanted });
    const found = known.keys.get(wanted);
    if (!found) {
      if (misses.size > 100) misses.clear();
      misses.set(wanted, now().getTime());
    }
    return found;
  }

  async function encryption(): Promise<{ serial: string; key: KeyObject }> {
    // During a migration the public key is used: it never rotates, so a stored list can never be stale for it.
    if (publicKey) return { serial: publicKey.id, key: publicKey.key };
    let newest = newestEffectiveCertificate((await current()).certificates, now());
    if (!newest) {
      known = await fetchShared();
      newest = newestEffectiveCertificate(known.certificates, now());
    }
    if (!newest)
      throw new AppError('upstream_unavailable', 'providerA lists no platform certificate in effect to encrypt with.');
    return { serial: newest.serialNo, key: known!.keys.get(newest.serialNo.toUpperCase())! };
  }

  return {
    find,
    encryption,
    refresh: async () => (known = await fetchShared()).certificates,
  };
}
