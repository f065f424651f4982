// The demo's data: notes kept in memory. The methods are async, as a database client's would be,
// so the routes show async handlers whose rejections reach the error handler.

class NoteStore {
	constructor() {
		this.notes = [];
		this.nextId = 1;
	}

	async list() {
		return this.notes.slice().reverse();
	}

	async get(id) {
		return this.notes.find((note) => note.id === id) || null;
	}

	async add({ title, text, author }) {
		const note = { id: this.nextId++, title, text, author, createdAt: new Date().toISOString() };
		this.notes.push(note);
		return note;
	}
}

/** The fields of a note, named as the form shows them: Title, Text, Your name (`author`). */
const FIELDS = ['title', 'text', 'author'];

/**
 * Checks a submitted note (from the form or the JSON API). Returns `{ value, errors, unknown }`:
 * `errors` maps a field name to its message and is empty when the note is valid; `unknown` lists
 * the fields sent that a note does not have (e.g. `body` for its text), each also an error, so
 * that nothing sent is dropped without a word.
 */
function validateNote(input) {
	const source = input && typeof input === 'object' ? input : {};
	const text = (name) => (typeof source[name] === 'string' ? source[name].trim() : '');
	const value = { title: text('title'), text: text('text'), author: text('author') };
	const errors = {};
	if (value.title === '') errors.title = 'A title is required.';
	else if (value.title.length > 80) errors.title = 'The title is at most 80 characters.';
	if (value.text.length > 500) errors.text = 'The text is at most 500 characters.';
	if (value.author.length > 40) errors.author = 'The name is at most 40 characters.';
	const unknown = Object.keys(source).filter((name) => !FIELDS.includes(name));
	for (const name of unknown) errors[name] = `A note has no field ${JSON.stringify(name)}: its fields are ${FIELDS.join(', ')}.`;
	return { value, errors, unknown };
}

module.exports = { NoteStore, validateNote };
