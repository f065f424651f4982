/**
 * The demo app in a real browser: headless Chromium (Debian's package, /usr/bin/chromium, or
 * CHROMIUM_PATH) driven by playwright-core. Loads the home page, submits the form, follows the
 * redirect, sees the flash message and the new note, and saves a screenshot in the test's temp dir.
 * Skipped with a message when Chromium is not installed (`apt-get install chromium`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { type BrowserContext, chromium } from 'playwright-core';
import { createDemoApp } from './demo.helpers';
import { listenApp, type Running } from './helpers/server';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SKIP = fs.existsSync(CHROMIUM) ? false : `Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH): browser test skipped`;

const FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

let tmp = '';
let context: BrowserContext | undefined;
let server: Running | undefined;
let base = '';

before(async () => {
	if (SKIP) return;
	tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-demo-browser-'));
	server = await listenApp(createDemoApp());
	base = `http://127.0.0.1:${server.port}`;
	// A persistent context on a fresh directory is how playwright takes --user-data-dir.
	context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
		executablePath: CHROMIUM,
		headless: true,
		args: FLAGS,
		timeout: 60_000,
	});
});

after(async () => {
	await context?.close();
	if (server) {
		await server.close();
	}
	if (tmp) console.log(`# screenshots kept in ${tmp}`);
});

test('a browser loads the demo, submits the form, follows the redirect and sees the flash and the note', { skip: SKIP }, async () => {
	const page = await context!.newPage();
	const home = await page.goto(base + '/');
	assert.equal(home?.status(), 200);
	assert.equal(await page.title(), 'Notes · Velox demo');
	assert.equal(await page.locator('.empty').textContent(), 'No notes yet: write the first one.');
	// The static script ran: the counter under the textarea is filled in.
	assert.equal(await page.locator('#text-count').textContent(), '500 characters left');
	// The stylesheet loaded and applied.
	assert.equal(
		await page
			.locator('header .brand')
			.evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { fontWeight: string } }).getComputedStyle(el).fontWeight),
		'700',
	);

	// An empty title: the form comes back with the message and the other values kept.
	await page.fill('input[name=author]', 'Dana');
	await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
	assert.equal(await page.locator('#title-error').textContent(), 'A title is required.');
	assert.equal(await page.inputValue('input[name=author]'), 'Dana');

	await page.fill('input[name=title]', 'Written in Chromium');
	await page.fill('textarea[name=text]', 'Posted through a real form.');
	const [response] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
	// The 303 was followed: the browser ends on the home page, loaded with GET.
	assert.equal(new URL(page.url()).pathname, '/');
	assert.equal(response?.request().method(), 'GET');
	assert.equal(response?.request().redirectedFrom()?.method(), 'POST');
	assert.equal(await page.locator('.flash').textContent(), 'Note “Written in Chromium” added.');
	assert.equal(await page.locator('.notes .note a').first().textContent(), 'Written in Chromium');
	assert.equal(await page.inputValue('input[name=author]'), 'Dana', 'the signed cookie remembers the name');
	await page.screenshot({ path: path.join(tmp, 'after-submit.png'), fullPage: true });
	assert.ok(fs.statSync(path.join(tmp, 'after-submit.png')).size > 1000);

	// The flash is shown once; the note stays.
	await page.reload();
	assert.equal(await page.locator('.flash').count(), 0);
	await page.click('.notes .note a');
	assert.equal(await page.locator('h1').textContent(), 'Written in Chromium');

	const missing = await page.goto(base + '/no/such/page');
	assert.equal(missing?.status(), 404);
	assert.equal(await page.locator('h1').textContent(), 'Not found');
});
