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

module.exports = { prepareFixtures };
