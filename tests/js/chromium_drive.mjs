// Drives Debian's chromium, headless, through puppeteer-core (no browser of its own) to
// tests/js/chromium/page/page.html, waits for the page's window.libhyphResult, takes a
// screenshot of the page's sheet, and prints the result as JSON, for chromium_test.py. Run
// from the folder where tests/js/chromium/ is installed:
//   node chromium_drive.mjs CHROMIUM PAGE_URL SCREENSHOT.png PROFILE_DIR
import puppeteer from 'puppeteer-core';

const [executablePath, url, screenshot, userDataDir] = process.argv.slice(2);

const browser = await puppeteer.launch({
  executablePath,
  userDataDir,
  headless: true,
  // As root (CI, a fresh root) chromium runs only without its sandbox; a chroot's /dev/shm
  // may be small, and there is no GPU.
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--hide-scrollbars'],
});
const messages = [];
try {
  const page = await browser.newPage();
  page.on('console', (message) => messages.push(`console.${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
  page.on('response', (response) => { if (response.status() >= 400) messages.push(`HTTP ${response.status()}: ${response.url()}`); });
  page.on('requestfailed', (request) => messages.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
  await page.setViewport({ width: 900, height: 900, deviceScaleFactor: 1 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => window.libhyphResult !== undefined, { timeout: 120000 });
  const result = await page.evaluate(() => window.libhyphResult);
  const sheet = await page.$('#sheet');
  await sheet.screenshot({ path: screenshot });
  result.browserVersion = await browser.version();
  result.messages = messages;
  console.log(JSON.stringify(result));
} catch (error) {
  console.error(`${error.stack}\n${messages.join('\n')}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
