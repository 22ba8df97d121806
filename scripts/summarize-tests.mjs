// Prints one closing line over both runners: "tests: N passed, N failed".
import fs from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = JSON.parse(fs.readFileSync(vitestFile, 'utf8'));
const playwright = JSON.parse(fs.readFileSync(playwrightFile, 'utf8'));
const passed = vitest.numPassedTests + (playwright.stats.expected ?? 0);
const failed = vitest.numFailedTests + (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
const skipped = vitest.numPendingTests + vitest.numTodoTests + (playwright.stats.skipped ?? 0);
console.log(`unit+integration: ${vitest.numPassedTests} passed; e2e: ${playwright.stats.expected ?? 0} passed`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
