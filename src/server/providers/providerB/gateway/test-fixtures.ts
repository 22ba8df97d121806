import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Published test keys and certificates (src/sandbox/fixtures/providerB/README.md), for the vector tests. */
export const fixture = (name: string) => readFileSync(path.join(process.cwd(), 'src/sandbox/fixtures/providerB', name), 'utf8');
