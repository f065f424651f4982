/**
 * The real-time members beyond Express 4 as a user's compiler sees them: `app.ws()` and
 * `router.ws()` with params from the path, options, ordinary handlers before the socket's;
 * `res.sse()` and its stream; `req.lastEventId`.
 */
import velox = require('velox');
import { type Equal, expectType } from './helpers';

const app = velox();
const router = velox.Router();

app.ws('/rooms/:room', (ws, req, next) => {
	ws; // $ExpectType WebSocket
	next; // $ExpectType NextFunction
	expectType<Equal<typeof req.params, { room: string }>>(true);
	// @ts-expect-error: not a parameter of this path
	req.params.nope;
	ws.on('message', (data, isBinary) => ws.send(data as Buffer, { binary: isBinary }));
	ws.on('close', (code, reason) => {
		expectType<Equal<typeof code, number>>(true);
		expectType<Equal<typeof reason, Buffer>>(true);
	});
	ws.close(1000);
});
// Ordinary handlers before the socket's (they may refuse the handshake); options first.
const requireUser: velox.RequestHandler = (req, res, next) => (req.headers.cookie ? next() : res.sendStatus(401));
app.ws('/chat', { maxPayload: 64 * 1024, origins: ['https://app.example'], heartbeat: 10_000 }, requireUser, (ws) => ws.send('hi'));
app.ws(
	'/teams/:team',
	(req, _res, next) => {
		expectType<Equal<typeof req.params, { team: string }>>(true);
		next();
	},
	(ws) => ws.terminate(),
);
// @ts-expect-error: an option of the wrong type
app.ws('/bad', { maxPayload: '1mb' }, (ws) => ws.close());
const chained: velox.ListedRouter = router.ws('/feed', (ws) => ws.send('f')); // chains: returns the router
export { chained };
// A socket type of one's own (e.g. `import('ws').WebSocket` with @types/ws installed).
interface MySocket {
	send(data: string): void;
}
app.ws<'/typed', MySocket>('/typed', (ws) => ws.send('typed'));
const options: velox.WebSocketOptions = { highWaterMark: 1024, maxBufferedAmount: 4096, perMessageDeflate: false };
app.set('ws options', options);

app.get('/events', (req, res) => {
	req.lastEventId; // $ExpectType string | undefined
	const stream = res.sse!({ retry: 3000, heartbeat: 15_000 });
	stream; // $ExpectType EventStream
	const more: boolean = stream.send({ n: 1 }, { event: 'count', id: 1 });
	stream.comment('keep-alive');
	stream.on('close', () => undefined);
	expectType<Equal<typeof stream.lastEventId, string | undefined>>(true);
	expectType<Equal<typeof stream.closed, boolean>>(true);
	// @ts-expect-error: an event name is a string
	stream.send('x', { event: 1 });
	if (!more) stream.close();
});
const eventOptions: velox.EventOptions = { id: 'a', retry: 0 };
const streamOptions: velox.EventStreamOptions = { heartbeat: false };
export { eventOptions, streamOptions };
