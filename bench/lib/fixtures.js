// Files the static scenario serves, generated on each run (bench/fixtures/ is gitignored).

const fs = require('node:fs');
const path = require('node:path');

const DIR = path.join(__dirname, '..', 'fixtures');

/** Writes bench/fixtures/file-10k.txt (10,240 bytes of text) unless it is already there; returns the directory. */
function prepareFixtures() {
	fs.mkdirSync(DIR, { recursive: true });
	const file = path.join(DIR, 'file-10k.txt');
	const line = 'Velox benchmark static fixture: 10 KB of plain text served by each static middleware.\n';
	let text = '';
	while (text.length < 10240) text += line;
	text = text.slice(0, 10239) + '\n';
	if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
	return DIR;
}

/**
 * Writes the web app's assets for bench/coldstart.js under bench/fixtures/coldstart/ (a stylesheet
 * and a script, as a page links them) unless they are already there; returns that directory.
 */
function prepareColdstartFixtures() {
	const root = path.join(DIR, 'coldstart');
	const files = {
		'css/site.css': 'body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 48rem; }\n'.repeat(40),
		'js/app.js': 'document.querySelectorAll("form").forEach((form) => form.addEventListener("submit", () => {}));\n'.repeat(60),
	};
	for (const [name, text] of Object.entries(files)) {
		const file = path.join(root, name);
		fs.mkdirSync(path.dirname(file), { recursive: true });
		if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
	}
	return root;
}

module.exports = { prepareFixtures, prepareColdstartFixtures };
