import { createPublicKey, X509Certificate } from 'node:crypto';
import { ProtocolFormatError } from '@/protocols/protocol-error';
import {
  CERTIFICATES_PATH,
  decryptCertificatesResponse,
  isPublicKeyId,
  type PlatformCertificate,
} from '@/protocols/providerA/pay/platform-certificates';
import { AppError } from '@/server/errors';
import type { UpstreamRequest, UpstreamResult } from './types';
import { mapUpstreamError } from './map-upstream-error';
import { ResponseVerificationError, verifyResponseSignature } from './verify-response';

/**
 * `GET /v3/certificates?algorithm_type=RSA` (docs/upstream/providerA.md A.4): decrypts every certificate with
 * the APIv3 key and checks it, then verifies the answer's own signature with the certificate it names (the
 * bootstrap WeChat prescribes: the answer is signed by one of the certificates inside it), or with the public
 * key during a migration. What it returns is trusted: the APIv3 key (known only to the merchant and WeChat)
 * authenticated each certificate, and the answer verified under one of them.
 */
export async function downloadPlatformCertificates(input: {
  send: (request: UpstreamRequest) => Promise<UpstreamResult>;
  apiV3Key: string;
  publicKey?: { publicKeyId: string; publicKeyPem: string };
  now: () => Date;
}): Promise<PlatformCertificate[]> {
  let certificates: PlatformCertificate[] = [];
  const result = await input.send({
    method: 'GET',
    path: `${CERTIFICATES_PATH}?algorithm_type=RSA`,
    signBody: '',
    verify: async (headers, body) => {
      try {
        certificates = decryptCertificatesResponse(Buffer.from(body).toString('utf8'), input.apiV3Key, input.now());
      } catch (error) {
        if (error instanceof ProtocolFormatError)
          throw new ResponseVerificationError(`platform certificates: ${error.message}`);
        throw error;
      }
      await verifyResponseSignature({
        headers,
        body,
        now: input.now(),
        keys: {
          find: async (serial) => {
            if (isPublicKeyId(serial))
              return input.publicKey?.publicKeyId === serial
                ? createPublicKey(input.publicKey.publicKeyPem)
                : undefined;
            const named = certificates.find((c) => c.serialNo === serial.toUpperCase());
            return named && new X509Certificate(named.pem).publicKey;
          },
        },
      });
    },
  });
  if (!result.ok) throw mapUpstreamError(result.status, result.error);
  if (certificates.length === 0)
    throw new AppError('upstream_unavailable', 'providerA listed no platform certificates.');
  return certificates;
}
