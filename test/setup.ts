import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Each test file gets its own data directory (generated secrets live there) and its own log file, which the
// personal-data suite reads back in full.
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-test-'));
process.env.LOG_FILE = path.join(process.env.DATA_DIR, 'test.log');
process.env.LOG_LEVEL ??= 'debug';
process.env.UPSTREAM_TIMEOUT_MS ??= '1500';
delete process.env.DATABASE_URL;
// Suites that fire hundreds of calls with one key or session test their routes, not the limiter; the rate-limit
// suites set their own small limits.
process.env.API_RATE_LIMIT_PER_SECOND ??= '100000';
process.env.API_RATE_LIMIT_BURST ??= '100000';
process.env.CONSOLE_RATE_LIMIT_PER_SECOND ??= '100000';
process.env.CONSOLE_RATE_LIMIT_BURST ??= '100000';
// The suites deliver webhooks to receivers on 127.0.0.1, which the service refuses by default (SSRF). The suite
// that proves the refusal removes it (test/integration/webhook-private-urls.test.ts).
process.env.ALLOW_PRIVATE_WEBHOOK_URLS ??= '1';
