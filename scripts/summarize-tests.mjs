// Prints one closing line over both runners: "tests: N passed, N failed", preceded by the ten slowest tests and
// test files of each runner, so the run's time budget (docs/benchmarks.md, "CI run") can be kept where it goes.
// Usage: node scripts/summarize-tests.mjs vitest.json playwright.json [more Playwright runs' json …]
import fs from 'node:fs';

const [vitestFile, ...playwrightFiles] = process.argv.slice(2);
const vitest = JSON.parse(fs.readFileSync(vitestFile, 'utf8'));
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
// scripts/test.sh runs the Playwright projects as two runs side by side: their reports add up.
const playwright = playwrightFiles.map(readJson).reduce((all, run) => ({
  suites: [...(all.suites ?? []), ...(run.suites ?? [])],
  stats: Object.fromEntries(
    ['expected', 'unexpected', 'flaky', 'skipped'].map((k) => [k, (all.stats?.[k] ?? 0) + (run.stats?.[k] ?? 0)]),
  ),
}));

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
function printSlowest(title, rows) {
  console.log(`\n${title}`);
  for (const [name, ms] of rows.sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`  ${seconds(ms).padStart(8)}  ${name}`);
  }
}

const vitestFiles = vitest.testResults.map((file) => [
  file.name.replace(`${process.cwd()}/`, ''),
  (file.endTime ?? 0) - (file.startTime ?? 0),
]);
const vitestTests = vitest.testResults.flatMap((file) =>
  file.assertionResults.map((t) => [`${file.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}`, t.duration ?? 0]),
);

// Playwright nests suites (file → describe → …); a spec's time is the sum of its tests' attempts.
const playwrightTests = [];
function walk(suite, file) {
  for (const spec of suite.specs ?? []) {
    const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + (r.duration ?? 0), 0);
    playwrightTests.push([`${file} › ${spec.title}`, ms]);
  }
  for (const child of suite.suites ?? []) walk(child, file);
}
for (const suite of playwright.suites ?? []) walk(suite, suite.file ?? suite.title);
const playwrightFileTimes = [
  ...playwrightTests
    .reduce((byFile, [name, ms]) => {
      const file = name.split(' › ')[0];
      return byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }, new Map())
    .entries(),
];

printSlowest('Slowest unit + integration files', vitestFiles);
printSlowest('Slowest unit + integration tests', vitestTests);
printSlowest('Slowest e2e files', playwrightFileTimes);
printSlowest('Slowest e2e tests', playwrightTests);
console.log('');

const passed = vitest.numPassedTests + (playwright.stats.expected ?? 0);
const failed = vitest.numFailedTests + (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
const skipped = vitest.numPendingTests + vitest.numTodoTests + (playwright.stats.skipped ?? 0);
console.log(`unit+integration: ${vitest.numPassedTests} passed; e2e: ${playwright.stats.expected ?? 0} passed`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
