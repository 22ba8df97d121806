import { expect } from '@playwright/test';
import sharp from 'sharp';
import { createOnboardingClient, uploadMedia, type OnboardingClient } from '../../clients/typescript/index';
import type { Provider } from '../../src/domain/providers';
import { provision } from './provision';

/**
 * The e2e tests call /v1 the way an integrator does: through the client generated from the OpenAPI document
 * (clients/typescript). The compiler checks each call against the document and the run checks the document
 * against the service, so the two cannot drift apart unnoticed.
 */

/** The server Playwright started for this run (playwright.config.ts serves the build on E2E_PORT). */
export const e2eBaseUrl = () => `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** A typed client for a platform's API key (the provisioned platform's by default) on a server. */
export const apiClient = (apiKey: string = provision().apiKey, baseUrl: string = e2eBaseUrl()): OnboardingClient =>
  createOnboardingClient({ baseUrl, apiKey });

/** A small real JPEG uploaded through POST /v1/payments/media; distinct colours give distinct media ids. */
export async function uploadJpeg(api: OnboardingClient, colour: string, provider?: Provider): Promise<string> {
  const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const { data, error, response } = await uploadMedia(api, {
    file: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    filename: 'photo.jpg',
    ...(provider ? { provider } : {}),
  });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.mediaId;
}
