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

	async add({ title, body, author }) {
		const note = { id: this.nextId++, title, body, author, createdAt: new Date().toISOString() };
		this.notes.push(note);
		return note;
	}
}

/**
 * Checks a submitted note (from the form or the JSON API). Returns `{ value, errors }`: `errors`
 * maps a field name to its message and is empty when the note is valid.
 */
function validateNote(input) {
	const source = input && typeof input === 'object' ? input : {};
	const text = (name) => (typeof source[name] === 'string' ? source[name].trim() : '');
	const value = { title: text('title'), body: text('body'), author: text('author') };
	const errors = {};
	if (value.title === '') errors.title = 'A title is required.';
	else if (value.title.length > 80) errors.title = 'The title is at most 80 characters.';
	if (value.body.length > 500) errors.body = 'The text is at most 500 characters.';
	if (value.author.length > 40) errors.author = 'The name is at most 40 characters.';
	return { value, errors };
}

module.exports = { NoteStore, validateNote };
