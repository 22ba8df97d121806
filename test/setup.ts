import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Each test worker gets its own data directory (generated secrets live there) and quiet logs.
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-test-'));
process.env.LOG_LEVEL ??= 'silent';
delete process.env.DATABASE_URL;
