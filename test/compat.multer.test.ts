import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import multer from 'multer';
import { compat, type Framework } from './helpers/compat';

type UploadRequest = IncomingMessage & { file?: Express.Multer.File; files?: unknown; body?: unknown };

function describeFile(file: Express.Multer.File | undefined): unknown {
	if (!file) return null;
	const { fieldname, originalname, encoding, mimetype, size, buffer } = file;
	return { fieldname, originalname, encoding, mimetype, size, content: buffer.toString('utf8') };
}

/** Echoes what multer put on the request. */
function echoUpload(req: IncomingMessage, res: ServerResponse): void {
	const upload = req as UploadRequest;
	const files = upload.files as Record<string, Express.Multer.File[]> | Express.Multer.File[] | undefined;
	const described = Array.isArray(files)
		? files.map(describeFile)
		: files
			? Object.fromEntries(Object.entries(files).map(([name, list]) => [name, list.map(describeFile)]))
			: null;
	res.setHeader('Content-Type', 'application/json');
	res.end(JSON.stringify({ file: describeFile(upload.file), files: described, body: upload.body ?? null }));
}

function uploadApp(framework: Framework) {
	const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 1024 } });
	const app = framework();
	app.post('/avatar', upload.single('avatar'), echoUpload);
	app.post('/gallery', upload.array('photos', 2), echoUpload);
	app.post('/profile', upload.fields([{ name: 'avatar', maxCount: 1 }, { name: 'cv' }]), echoUpload);
	app.post('/text-only', upload.none(), echoUpload);
	app.use((err: { code?: string; field?: string }, _req: IncomingMessage, res: ServerResponse, _next: (err?: unknown) => void) => {
		res.statusCode = 400;
		res.end('upload error ' + err.code + ' on ' + err.field);
	});
	return app;
}

describe('multer on Velox, compared with express@4', () => {
	test('a single file and text fields: req.file and req.body (memory storage)', async () => {
		const { velox } = await compat(uploadApp, async (agent) => [
			await agent
				.post('/avatar')
				.field('name', 'tobi')
				.field('tags[]', 'a')
				.attach('avatar', Buffer.from('fake png bytes'), { filename: 'me.png', contentType: 'image/png' }),
		]);
		assert.deepEqual(JSON.parse(velox[0].body), {
			file: { fieldname: 'avatar', originalname: 'me.png', encoding: '7bit', mimetype: 'image/png', size: 14, content: 'fake png bytes' },
			files: null,
			body: { name: 'tobi', tags: ['a'] },
		});
	});

	test('arrays and field maps of files', async () => {
		const { velox } = await compat(uploadApp, async (agent) => [
			await agent
				.post('/gallery')
				.attach('photos', Buffer.from('one'), { filename: '1.txt', contentType: 'text/plain' })
				.attach('photos', Buffer.from('two'), { filename: '2.txt', contentType: 'text/plain' }),
			await agent
				.post('/profile')
				.field('bio', 'ferret')
				.attach('avatar', Buffer.from('img'), { filename: 'a.jpg', contentType: 'image/jpeg' })
				.attach('cv', Buffer.from('%PDF'), { filename: 'cv.pdf', contentType: 'application/pdf' }),
		]);
		assert.deepEqual(
			JSON.parse(velox[0].body).files.map((file: { content: string }) => file.content),
			['one', 'two'],
		);
		assert.deepEqual(Object.keys(JSON.parse(velox[1].body).files), ['avatar', 'cv']);
		assert.deepEqual(JSON.parse(velox[1].body).body, { bio: 'ferret' });
	});

	test('limits and unexpected fields reach the error handler; non-multipart requests pass through', async () => {
		const { velox } = await compat(uploadApp, async (agent) => [
			await agent.post('/avatar').attach('avatar', Buffer.alloc(2048, 120), { filename: 'big.bin', contentType: 'application/octet-stream' }),
			await agent.post('/avatar').attach('other', Buffer.from('x'), { filename: 'x.txt', contentType: 'text/plain' }),
			await agent.post('/text-only').attach('avatar', Buffer.from('x'), { filename: 'x.txt', contentType: 'text/plain' }),
			await agent.post('/avatar').type('form').send({ name: 'plain' }),
		]);
		assert.equal(velox[0].body, 'upload error LIMIT_FILE_SIZE on avatar');
		assert.equal(velox[1].body, 'upload error LIMIT_UNEXPECTED_FILE on other');
		assert.equal(velox[2].body, 'upload error LIMIT_UNEXPECTED_FILE on avatar');
		assert.deepEqual(JSON.parse(velox[3].body), { file: null, files: null, body: null });
	});

	test('an upload handler answering with res.json and res.status', async () => {
		const build = (framework: Framework) => {
			const app = framework();
			app.post('/upload', multer().single('doc'), (req, res) => {
				const file = (req as UploadRequest).file;
				if (!file) return res.status(422).json({ error: 'no file' });
				res.status(201).json({ name: file.originalname, size: file.size, title: (req.body as { title?: string }).title });
			});
			return app;
		};
		const { velox } = await compat(build, async (agent) => [
			await agent.post('/upload').field('title', 'Report').attach('doc', Buffer.from('hello'), 'report.txt'),
			await agent.post('/upload').field('title', 'Nothing'),
		]);
		assert.equal(velox[0].status, 201);
		assert.equal(velox[0].body, '{"name":"report.txt","size":5,"title":"Report"}');
		assert.equal(velox[1].status, 422);
	});
});
